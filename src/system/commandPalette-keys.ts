/**
 * Every key the command palette listens to (machines/commandPalette/commandPalette.shortcuts.ts
 * rules), in two phases with one hand-over between them:
 *
 * - Before the palette's actor has started (it starts with the deferred actors, just after the
 *   signed-in shell's first paint): `earlyPaletteKeys`, a callback actor the app system starts
 *   with the page (src/system/app-system.ts). While the shell says it is on screen (`shell.shown`,
 *   sent before its first paint) it takes Ctrl/Cmd+K and '?' from the browser and keeps the latest
 *   request, with what is typed after Ctrl/Cmd+K; the header's 'Search' button pressed early is
 *   kept the same way (`palette.open`).
 * - Once the palette's actor is on screen: its own `keyboardShortcuts` and `typing` actors
 *   (`paletteShortcutsListener`, `paletteTypingListener` in ./commandPalette.ts, loaded with it). Starting, `keyboardShortcuts` first
 *   sends `palette.handOver`: the early actor stops listening and hands over what it kept, in the
 *   same task, so no key press falls between the two.
 */
import { type ActorRefFrom, fromCallback } from 'xstate'
import type { CommandPaletteEvent } from '../../machines/commandPalette/commandPalette.machine.ts'
import { isTypedKey, shortcutEvent, typedQuery } from '../../machines/commandPalette/commandPalette.shortcuts.ts'
import { toKeyPress } from '../platform/typing.ts'
import { type EventTargetLike, listen } from '../platform/window-events.ts'

/** What the early listener is told: by the shell's view, and by the palette's actor when it takes over. */
export type EarlyPaletteKeysEvent =
  /** A signed-in shell is on screen (sent before its first paint) / gone. */
  | { type: 'shell.shown' }
  | { type: 'shell.hidden' }
  /** The header's 'Search' button, pressed before the palette's actor started. */
  | { type: 'palette.open' }
  /** The palette's own listener is starting: stop, and send what was asked to `deliver`. */
  | { type: 'palette.handOver'; deliver: (event: CommandPaletteEvent) => void }

/** A request made of the palette before its actor started, and the query typed after it. */
interface Queued {
  readonly type: 'palette.open' | 'shortcuts.open'
  readonly query: string
}

/** The queue after a request: the latest wins, and Ctrl/Cmd+K twice cancels (as it closes an open palette). */
function queued(previous: Queued | null, type: 'palette.open' | 'palette.toggle' | 'shortcuts.open'): Queued | null {
  if (type === 'palette.toggle' && previous?.type === 'palette.open') return null
  return { type: type === 'shortcuts.open' ? type : 'palette.open', query: '' }
}

/**
 * The early listener's logic, on `win` (none: it keeps only what the 'Search' button asks). Listens
 * while a shell is shown and the palette's actor has not taken over; a shell gone drops what was
 * kept. After the hand-over it does nothing more: the palette's actor listens for every later shell.
 */
export function earlyPaletteKeys(win?: EventTargetLike) {
  return fromCallback<EarlyPaletteKeysEvent>(({ receive }) => {
    let request: Queued | null = null
    let handedOver = false
    let stop: (() => void) | null = null
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented) return
      const press = toKeyPress(event)
      const type = shortcutEvent(press)
      if (type !== null) request = queued(request, type)
      else if (request?.type === 'palette.open' && !press.inTextField && isTypedKey(press)) request = { ...request, query: typedQuery(request.query, press.key) }
      else return
      event.preventDefault()
    }
    const stopListening = () => {
      stop?.()
      stop = null
    }
    receive((event) => {
      if (handedOver) return
      switch (event.type) {
        case 'shell.shown':
          if (win && stop === null) stop = listen<KeyboardEvent>(win, ['keydown'], onKeyDown)
          return
        case 'shell.hidden':
          stopListening()
          request = null
          return
        case 'palette.open':
          request = queued(request, 'palette.open')
          return
        case 'palette.handOver': {
          stopListening()
          handedOver = true
          const taken = request
          request = null
          if (taken === null) return
          event.deliver({ type: taken.type })
          if (taken.query !== '') event.deliver({ type: 'palette.query', query: taken.query })
          return
        }
      }
    })
    return stopListening
  })
}

export type EarlyPaletteKeysActor = ActorRefFrom<ReturnType<typeof earlyPaletteKeys>>

/** The address query that opens the command palette on arrival (the installed app's shortcut: `/app/dashboard?palette`). */
export const PALETTE_PARAM = 'palette'

/**
 * Opens the command palette for an address that asks for it (`?palette`): the request is kept by
 * `paletteKeys` until the palette's actor takes over (or dropped if no shell shows, e.g. signed
 * out), and the parameter leaves the address at once so a reload or a shared link does not reopen it.
 * @returns whether the address asked.
 */
export function openPaletteFromAddress(win: Pick<Window, 'location' | 'history'>, paletteKeys: Pick<EarlyPaletteKeysActor, 'send'>): boolean {
  const url = new URL(win.location.href)
  if (!url.searchParams.has(PALETTE_PARAM)) return false
  url.searchParams.delete(PALETTE_PARAM)
  win.history.replaceState(win.history.state, '', `${url.pathname}${url.search}${url.hash}`)
  paletteKeys.send({ type: 'palette.open' })
  return true
}
