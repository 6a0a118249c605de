/**
 * The command palette's keyboard shortcuts, apart from the machine: the shell listens
 * for them before the palette's actor has started (it starts with the deferred actors),
 * so the first Ctrl/Cmd+K after the first paint is not lost.
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
