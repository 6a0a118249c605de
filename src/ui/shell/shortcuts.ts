/**
 * Every keyboard shortcut of the product (the '?' help lists them all), as data for
 * the help dialog (ShortcutsHelp.tsx) and the palette's hints. Keys are written in
 * `aria-keyshortcuts` form ('Control+K'); `keyLabels` turns them into what this platform's
 * keyboard shows (⌘ on Apple devices). The header's own needs (`isApplePlatform`,
 * `ariaKeyShortcuts`) are src/ui/shell/keys.ts: this list loads with the help and the palette.
 */

export { ariaKeyShortcuts, isApplePlatform } from './keys.ts'

export interface ShortcutEntry {
  /** `aria-keyshortcuts` form; a Control shortcut works with Meta (⌘) too. */
  readonly keys: ReadonlyArray<string>
  readonly does: string
}

export interface ShortcutGroup {
  readonly label: string
  readonly entries: ReadonlyArray<ShortcutEntry>
}

/** The product's shortcuts; none fires while typing in a field (src/platform/typing.ts), Escape excepted. */
export const SHORTCUTS: ReadonlyArray<ShortcutGroup> = [
  {
    label: 'Everywhere',
    entries: [
      { keys: ['Control+K'], does: 'Open the command palette' },
      { keys: ['Control+B'], does: 'Expand or collapse the sidebar' },
      { keys: ['Shift+?'], does: 'Show keyboard shortcuts' },
      { keys: ['Escape'], does: 'Close a dialog, menu, panel or the sidebar drawer' },
    ],
  },
  {
    label: 'In the command palette',
    entries: [
      { keys: ['ArrowDown', 'ArrowUp'], does: 'Move to the next or previous item' },
      { keys: ['Home', 'End'], does: 'Move to the first or last item' },
      { keys: ['Enter'], does: 'Open the page or run the action' },
    ],
  },
  {
    // The mail-client keys of /app/notifications (src/system/inboxSelection.tsx).
    label: 'On the notifications page',
    entries: [
      { keys: ['j', 'k'], does: 'Move to the next or previous notification' },
      { keys: ['x'], does: 'Select or unselect the notification' },
      { keys: ['e'], does: 'Archive the selected notifications (or the current one)' },
      { keys: ['u'], does: 'Mark read, or unread when all are read' },
      { keys: ['#'], does: 'Delete the selected notifications (or the current one)' },
      { keys: ['Escape'], does: 'Clear the selection' },
    ],
  },
]

const NAMES: Readonly<Record<string, string>> = { ArrowDown: '↓', ArrowUp: '↑', Escape: 'Esc', Shift: 'Shift' }

/**
 * The key caps of one shortcut as shown: 'Control+K' is ['Ctrl', 'K'] or ['⌘', 'K'] on Apple
 * platforms; 'Shift+?' is ['?'] (the Shift is part of typing '?').
 */
export function keyLabels(keys: string, apple: boolean): string[] {
  if (keys === 'Shift+?') return ['?']
  return keys.split('+').map((k) => (k === 'Control' ? (apple ? '⌘' : 'Ctrl') : (NAMES[k] ?? k)))
}
