/**
 * The command palette's place in the shell, always mounted while a shell is: it tells
 * the palette machine the shell is on screen (`palette.mounted`, so Ctrl/Cmd+K and '?' are
 * listened to), and draws the palette and the keyboard shortcuts help from their first opening on.
 *
 * The two dialogs (react-aria's Modal, the list, the item builder) are a chunk of their
 * own, loaded once the page is up and the browser idle, so the first Ctrl/Cmd+K finds them there
 * and the shell's first load does not carry them; what is typed before they are up is kept. A
 * failed download is tried again, not thrown.
 *
 * The palette's actor starts with the deferred actors, just after the shell's first
 * paint. Until then `PaletteShortcutsUntilStarted` listens for Ctrl/Cmd+K and '?' (and the header's
 * 'Search' button queues its press): the last such request, and what is typed after Ctrl/Cmd+K,
 * are kept and handed to the palette when `PaletteHost` mounts, so no early press is lost.
 */
import { useSelector } from '@xstate/react'
import { Suspense, useEffect, useState } from 'react'
import { selectIsPaletteOpen, selectIsShortcutsOpen } from '../../../machines/commandPalette/commandPalette.selectors.ts'
import { shortcutEvent } from '../../../machines/commandPalette/commandPalette.shortcuts.ts'
import { whenIdle } from '../../navigation/idle.ts'
import { lazyOnDemand } from '../../platform/lazy-on-demand.ts'
import { loadUntilLoaded } from '../../platform/load-until-loaded.ts'
import type { CommandPaletteActor } from '../../system/commandPalette-react.tsx'
import { toKeyPress } from '../../platform/typing.ts'

const dialogs = lazyOnDemand(
  () => loadUntilLoaded(() => import('./PaletteDialogs.tsx')),
  (m) => m.PaletteDialogs,
)

/** Preloads the dialogs' chunk (the 'Search' button calls it on hover and focus too). */
export const preloadPalette = (): void => void dialogs.preload()

/**
 * The palette's query after `event`, for keys typed while the palette is on its way (before its
 * field has focus): a character is added, Backspace takes the last one off; null for any other key
 * and for shortcuts with a modifier.
 */
function editedQuery(query: string, event: KeyboardEvent): string | null {
  if (event.ctrlKey || event.metaKey || event.altKey) return null
  if (event.key.length === 1) return query + event.key
  return event.key === 'Backspace' ? query.slice(0, -1) : null
}

/** A request made of the palette before its actor started, and the query typed after it. */
type Queued = { readonly type: 'palette.open' | 'shortcuts.open'; readonly query: string }
let queued: Queued | null = null

/**
 * Keeps a request for the palette made before its actor started (the latest wins; Ctrl/Cmd+K
 * twice cancels, as it closes an open palette).
 */
export function queuePaletteRequest(type: 'palette.open' | 'palette.toggle' | 'shortcuts.open'): void {
  queued = type === 'palette.toggle' && queued?.type === 'palette.open' ? null : { type: type === 'shortcuts.open' ? type : 'palette.open', query: '' }
}

/** Takes (and clears) what was queued before the actor started. */
export function takeQueuedPaletteRequest(): Queued | null {
  const taken = queued
  queued = null
  return taken
}

/**
 * Until the palette's actor has started: Ctrl/Cmd+K and '?' are taken from the browser and queued,
 * and what is typed after Ctrl/Cmd+K (characters, Backspace) is kept for the query.
 */
export function PaletteShortcutsUntilStarted() {
  useEffect(() => {
    const listen = (event: KeyboardEvent) => {
      if (event.defaultPrevented) return
      const press = toKeyPress(event)
      const type = shortcutEvent(press)
      const query = type === null && queued?.type === 'palette.open' && !press.inTextField ? editedQuery(queued.query, event) : null
      if (type !== null) queuePaletteRequest(type)
      else if (query !== null && queued !== null) queued = { ...queued, query }
      else return
      event.preventDefault()
    }
    window.addEventListener('keydown', listen)
    return () => window.removeEventListener('keydown', listen)
  }, [])
  return null
}

export function PaletteHost({ actor }: { actor: CommandPaletteActor }) {
  useEffect(() => {
    actor.send({ type: 'palette.mounted' })
    const early = takeQueuedPaletteRequest()
    if (early) {
      actor.send({ type: early.type })
      if (early.query !== '') actor.send({ type: 'palette.query', query: early.query })
    }
    return () => actor.send({ type: 'palette.unmounted' })
  }, [actor])
  useEffect(() => whenIdle(preloadPalette), [])
  const paletteOpen = useSelector(actor, selectIsPaletteOpen)
  const open = useSelector(actor, (s) => selectIsPaletteOpen(s) || selectIsShortcutsOpen(s))
  // Keys typed after Ctrl/Cmd+K before the palette's field has focus (the first time, its code may
  // still be on its way) go into the query instead of being lost.
  useEffect(() => {
    if (!paletteOpen) return
    const keep = (event: KeyboardEvent) => {
      if (document.activeElement?.closest('[role="dialog"]')) return
      const query = editedQuery(actor.getSnapshot().context.query, event)
      if (query === null) return
      actor.send({ type: 'palette.query', query })
      event.preventDefault()
    }
    window.addEventListener('keydown', keep, true)
    return () => window.removeEventListener('keydown', keep, true)
  }, [actor, paletteOpen])
  // Mounted from the first opening on, so the dialogs' closing animations play every time.
  const [opened, setOpened] = useState(open)
  if (open && !opened) setOpened(true)
  if (!opened) return null
  return (
    <Suspense fallback={null}>
      <dialogs.Component actor={actor} />
    </Suspense>
  )
}
