/**
 * The sidebar machine's browser side (machines/sidebar; SPEC §2.6): its window listeners (thin
 * adapters from DOM events to machine events) and the cookie that keeps its state. The rules
 * (debounce, breakpoints, which key presses count) live in the machine; these only translate.
 */
import { type SidebarEvent, isToggleShortcut, sidebarMachine } from '../../machines/sidebar/sidebar.machine.ts'
import type { CookieJar } from '../platform/cookies.ts'
import { writeSidebarExpanded } from '../platform/sidebar-cookie.ts'
import { toKeyPress } from '../platform/typing.ts'
import { domEventsActor } from './listeners.ts'

/** The part of `window` the listeners use (a test can pass a fake). */
export type ListenerWindow = Pick<Window, 'addEventListener' | 'removeEventListener' | 'innerWidth'>

/**
 * `viewportListener`: sends `viewport.changed` with `innerWidth` (CSS px) on every `resize`.
 * Not debounced here: the machine debounces (200 ms, SPEC §9) on its own clock.
 */
export function viewportListener(win: ListenerWindow) {
  return domEventsActor<SidebarEvent>(win, ['resize'], () => ({ type: 'viewport.changed', width: win.innerWidth }), { passive: true })
}

/**
 * `keyboardShortcut`: on a keydown that `isToggleShortcut` accepts (Ctrl/Cmd+B outside text
 * fields, SPEC §2.6), prevents the browser's own Ctrl/Cmd+B (bookmarks) and sends `sidebar.toggle`.
 */
export function keyboardShortcutListener(win: Pick<Window, 'addEventListener' | 'removeEventListener'>) {
  return domEventsActor<SidebarEvent, KeyboardEvent>(win, ['keydown'], (event) => {
    if (event.defaultPrevented || !isToggleShortcut(toKeyPress(event))) return null
    event.preventDefault()
    return { type: 'sidebar.toggle' }
  })
}

/**
 * The sidebar machine with its browser side: resize and Ctrl/Cmd+B listeners on `win` and the
 * state cookie in `cookies`. Without a window (tests) nothing is listened to; without cookies the
 * state is not saved.
 */
export function browserSidebar(win: ListenerWindow | undefined, cookies: CookieJar | undefined) {
  return sidebarMachine.provide({
    actors: win ? { viewportListener: viewportListener(win), keyboardShortcut: keyboardShortcutListener(win) } : {},
    actions: {
      storeSidebarState: (_, params) => {
        if (cookies) writeSidebarExpanded(cookies, params.expanded)
      },
    },
  })
}
