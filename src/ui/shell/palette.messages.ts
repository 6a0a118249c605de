/**
 * The command palette (src/ui/shell/CommandPalette.tsx) and the keyboard shortcuts help
 * (ShortcutsHelp.tsx). The palette's sections and actions are keyed by the palette machine's ids
 * (machines/commandPalette keeps the English); the shortcuts by their English text (shortcuts.ts).
 */
import { defineMessages } from '../../i18n/messages.ts'

export const paletteMessages = defineMessages('palette', {
  commandPalette: 'Command palette',
  search: 'Search',
  placeholder: 'Pages, workspaces, actions…',
  results: 'Results',
  nothingYet: 'Nothing to show yet.',
  noResults: 'No results for “{query}”',
  hintMove: '↑↓ to move',
  hintRun: 'Enter to run',
  hintClose: 'Esc to close',
  soon: 'Soon',
  withSoon: ' · Soon',
  kindPage: 'Page',
  kindSetting: 'Setting',
  kindWorkspace: 'Workspace',
  kindAction: 'Action',
  sectionRecent: 'Recent',
  sectionPages: 'Pages',
  sectionSettings: 'Settings',
  sectionWorkspaces: 'Workspaces',
  sectionActions: 'Actions',
  sectionSoon: 'Coming soon',
  createWorkspace: 'Create workspace',
  inviteMember: 'Invite member',
  reportBug: 'Report a bug',
  markAllRead: 'Mark all notifications as read',
  toggleTheme: 'Toggle theme',
  toggleSidebar: 'Toggle sidebar',
  showShortcuts: 'Keyboard shortcuts',
  signOut: 'Sign out',
})

export const shortcutsMessages = defineMessages('shortcuts', {
  title: 'Keyboard shortcuts',
  or: 'or',
  note: 'Shortcuts do nothing while you type in a field.',
  everywhere: 'Everywhere',
  openPalette: 'Open the command palette',
  toggleSidebar: 'Expand or collapse the sidebar',
  showShortcuts: 'Show keyboard shortcuts',
  closeOverlay: 'Close a dialog, menu, panel or the sidebar drawer',
  inPalette: 'In the command palette',
  moveItem: 'Move to the next or previous item',
  moveEdge: 'Move to the first or last item',
  runItem: 'Open the page or run the action',
  onNotifications: 'On the notifications page',
  moveNotification: 'Move to the next or previous notification',
  selectNotification: 'Select or unselect the notification',
  archive: 'Archive the selected notifications (or the current one)',
  markRead: 'Mark read, or unread when all are read',
  delete: 'Delete the selected notifications (or the current one)',
  clearSelection: 'Clear the selection',
})
