/**
 * Whether a key press happens while the person is typing (shortcuts never fire while
 * typing in a field, as Ctrl/Cmd+B already did). Shared by every global keyboard listener:
 * the sidebar's Ctrl/Cmd+B (src/system/sidebar.ts) and the command palette's Ctrl/Cmd+K and '?'
 * (src/system/commandPalette.ts).
 */
import type { KeyPress } from '../../machines/shared/key-press.ts'

/** Input types that take no text: a key press on them is no typing (a checkbox's letters are the page's). */
const NON_TEXT_INPUTS: ReadonlySet<string> = new Set(['checkbox', 'radio', 'button', 'submit', 'reset', 'range', 'color', 'file', 'image'])

/**
 * True for a text input, textarea, select or contenteditable element (where a key press is text,
 * or Ctrl/Cmd+B means bold). A checkbox, radio, button-like or range input is not one.
 */
export function isTextField(target: EventTarget | null | undefined): boolean {
  if (!target || typeof (target as Element).closest !== 'function') return false
  const element = target as HTMLElement
  if (element.isContentEditable) return true
  // jsdom has no isContentEditable; the attribute check covers it and nested editors alike.
  const field = element.closest('input, textarea, select, [contenteditable]:not([contenteditable="false"])')
  if (field === null) return false
  return field.tagName !== 'INPUT' || !NON_TEXT_INPUTS.has((field as HTMLInputElement).type)
}

/**
 * True when `event` was typed into a text field: its innermost target (through shadow roots,
 * `composedPath()[0]`) or, without a path, its target is one; or the focused element is one.
 * The focused element matters for fields with a list under virtual focus (react-aria's
 * Autocomplete, e.g. the workspace switcher's search): they re-dispatch each key press on the
 * list or its active option, so the event's target is no field while the person types in one.
 */
export function isTypingIn(event: Pick<Event, 'target'> & { composedPath?: () => EventTarget[] }): boolean {
  return isTextField(event.composedPath?.()[0] ?? event.target) || isTextField(focusedElement(event.target))
}

/** The focused element of the target's document, through open shadow roots; null without a document. */
function focusedElement(target: EventTarget | null): Element | null {
  const doc = (target as Node | null)?.ownerDocument ?? ((target as Window | null)?.document ?? null)
  let active = doc?.activeElement ?? null
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement
  return active
}

/** A DOM key event as the machine's shortcut rule reads it (typing in a field: `isTypingIn`). */
export function toKeyPress(event: KeyboardEvent): KeyPress {
  return {
    key: event.key,
    ctrlKey: event.ctrlKey,
    metaKey: event.metaKey,
    shiftKey: event.shiftKey,
    altKey: event.altKey,
    repeat: event.repeat,
    inTextField: isTypingIn(event),
  }
}
