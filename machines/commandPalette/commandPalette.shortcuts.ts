/**
 * The command palette's keyboard rules, apart from the machine and the DOM: which key presses open
 * the palette or the help, and how a key typed while the palette is on its way (before its field
 * has focus) edits the query. The browser side applies them both before the palette's actor has
 * started (src/system/commandPalette-keys.ts) and after, so the two phases agree.
 */
import type { KeyPress } from '../shared/key-press.ts'

/** A key press that opens (or closes) the palette: Ctrl/Cmd+K, not auto-repeated, not while typing in a field. */
export function isPaletteShortcut(press: KeyPress): boolean {
  return press.key.toLowerCase() === 'k' && (press.ctrlKey || press.metaKey) && !press.shiftKey && !press.altKey && !press.repeat && !press.inTextField
}

/** A key press that opens the shortcuts help: '?' (Shift+/ on most layouts) alone, not while typing in a field. */
export function isHelpShortcut(press: KeyPress): boolean {
  return press.key === '?' && !press.ctrlKey && !press.metaKey && !press.altKey && !press.repeat && !press.inTextField
}

/** The palette event a shortcut asks for, or null for any other key press. */
export function shortcutEvent(press: KeyPress): 'palette.toggle' | 'shortcuts.open' | null {
  return isPaletteShortcut(press) ? 'palette.toggle' : isHelpShortcut(press) ? 'shortcuts.open' : null
}

/**
 * A key press typed as text while the palette is opening, before its field has focus: one
 * character or Backspace, without Ctrl, Cmd or Alt (those are shortcuts, not text).
 */
export function isTypedKey(press: Pick<KeyPress, 'key' | 'ctrlKey' | 'metaKey' | 'altKey'>): boolean {
  if (press.ctrlKey || press.metaKey || press.altKey) return false
  return press.key.length === 1 || press.key === 'Backspace'
}

/** The query after a typed key (see {@link isTypedKey}): a character is added, Backspace takes the last one off. */
export function typedQuery(query: string, key: string): string {
  if (key === 'Backspace') return query.slice(0, -1)
  return key.length === 1 ? query + key : query
}
