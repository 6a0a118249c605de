/**
 * The command palette's place in the signed-in shell, mounted by the header exactly while a shell
 * is on screen. It tells the system so before the shell's first paint (layout effects: a passive
 * effect may run after a key press), and draws the palette and the keyboard shortcuts help from
 * their first opening on.
 *
 * - Before the palette's actor has started (it starts with the deferred actors, just after that
 *   first paint): `shell.shown` to the early listener (src/system/commandPalette-keys.ts), which
 *   keeps Ctrl/Cmd+K, '?' and what is typed after them.
 * - Once it has: `palette.mounted` to the palette, whose own listener takes over from the early
 *   one in the same commit, so no key press is lost in between.
 *
 * The two dialogs (react-aria's Modal, the list, the item builder) are a chunk of their own,
 * loaded once the page is up and the browser idle, so the first Ctrl/Cmd+K finds them there and
 * the shell's first load does not carry them; the palette keeps what is typed before they are up.
 * A failed download is tried again, not thrown.
 */
import { useSelector } from '@xstate/react'
import { Suspense, useEffect, useLayoutEffect, useState } from 'react'
import { selectIsPaletteOpen, selectIsShortcutsOpen } from '../../../machines/commandPalette/commandPalette.selectors.ts'
import { whenIdle } from '../../navigation/idle.ts'
import { lazyOnDemand } from '../../platform/lazy-on-demand.ts'
import { loadUntilLoaded } from '../../platform/load-until-loaded.ts'
import type { EarlyPaletteKeysActor } from '../../system/commandPalette-keys.ts'
import type { CommandPaletteActor } from '../../system/commandPalette-react.tsx'

const dialogs = lazyOnDemand(
  () => loadUntilLoaded(() => import('./PaletteDialogs.tsx')),
  (m) => m.PaletteDialogs,
)

/** Preloads the dialogs' chunk (the 'Search' button calls it on hover and focus too). */
export const preloadPalette = (): void => void dialogs.preload()

export interface PaletteHostProps {
  /** The palette's actor, null until it has started (or outside the app). */
  readonly actor: CommandPaletteActor | null
  /** The system's early listener (null outside the app: stories hand a started palette, or none). */
  readonly early: Pick<EarlyPaletteKeysActor, 'send'> | null
}

export function PaletteHost({ actor, early }: PaletteHostProps) {
  useLayoutEffect(() => {
    if (!early) return
    early.send({ type: 'shell.shown' })
    return () => early.send({ type: 'shell.hidden' })
  }, [early])
  useLayoutEffect(() => {
    if (!actor) return
    actor.send({ type: 'palette.mounted' })
    return () => actor.send({ type: 'palette.unmounted' })
  }, [actor])
  useEffect(() => whenIdle(preloadPalette), [])
  return actor ? <PaletteDialogsOnceOpened actor={actor} /> : null
}

/** The dialogs, mounted from the first opening on so their closing animations play every time. */
function PaletteDialogsOnceOpened({ actor }: { actor: CommandPaletteActor }) {
  const open = useSelector(actor, (s) => selectIsPaletteOpen(s) || selectIsShortcutsOpen(s))
  const [opened, setOpened] = useState(open)
  if (open && !opened) setOpened(true)
  if (!opened) return null
  return (
    <Suspense fallback={null}>
      <dialogs.Component actor={actor} />
    </Suspense>
  )
}
