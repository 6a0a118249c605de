/**
 * The browser side of the sidebar machine's listeners (machines/sidebar): thin adapters from
 * DOM events to machine events. The rules (debounce, breakpoints, which key presses count)
 * live in the machine; these only translate.
 */
import { fromCallback } from 'xstate'
import { type KeyPress, type SidebarEvent, isToggleShortcut } from '../../../machines/sidebar/sidebar.machine.ts'

/** The part of `window` the listeners use (a test can pass a fake). */
export type ListenerWindow = Pick<Window, 'addEventListener' | 'removeEventListener' | 'innerWidth'>

/**
 * `viewportListener`: sends `viewport.changed` with `innerWidth` (CSS px) on every `resize`.
 * Not debounced here: the machine debounces (200 ms, SPEC §9) on its own clock.
 */
export function viewportListener(win: ListenerWindow) {
  return fromCallback(({ sendBack }) => {
    const send: (event: SidebarEvent) => void = sendBack
    const onResize = () => send({ type: 'viewport.changed', width: win.innerWidth })
    win.addEventListener('resize', onResize, { passive: true })
    return () => win.removeEventListener('resize', onResize)
  })
}

/**
 * `keyboardShortcut`: on a keydown that `isToggleShortcut` accepts (Ctrl/Cmd+B outside text
 * fields, SPEC §2.6), prevents the browser's own Ctrl/Cmd+B (bookmarks) and sends `sidebar.toggle`.
 */
export function keyboardShortcutListener(win: Pick<Window, 'addEventListener' | 'removeEventListener'>) {
  return fromCallback(({ sendBack }) => {
    const send: (event: SidebarEvent) => void = sendBack
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || !isToggleShortcut(toKeyPress(event))) return
      event.preventDefault()
      send({ type: 'sidebar.toggle' })
    }
    win.addEventListener('keydown', onKeyDown)
    return () => win.removeEventListener('keydown', onKeyDown)
  })
}

/** A DOM key event as the machine's shortcut rule reads it. */
export function toKeyPress(event: KeyboardEvent): KeyPress {
  return {
    key: event.key,
    ctrlKey: event.ctrlKey,
    metaKey: event.metaKey,
    shiftKey: event.shiftKey,
    altKey: event.altKey,
    repeat: event.repeat,
    inTextField: isTextField(event.composedPath?.()[0] ?? event.target),
  }
}

/** True for an input, textarea, select or contenteditable element (where Ctrl/Cmd+B may mean bold). */
export function isTextField(target: EventTarget | null | undefined): boolean {
  if (!target || typeof (target as Element).closest !== 'function') return false
  const element = target as HTMLElement
  if (element.isContentEditable) return true
  // jsdom has no isContentEditable; the attribute check covers it and nested editors alike.
  return element.closest('input, textarea, select, [contenteditable]:not([contenteditable="false"])') !== null
}
