/** What the commandPalette machine's states and events mean (machines/machine-docs.ts). */
import type { MachineDocs } from '../machine-docs.ts'

export const commandPaletteDocs: MachineDocs = {
  states: {
    offscreen: "No signed-in shell is on screen: Ctrl/Cmd+K and '?' are left to the browser and the page.",
    onscreen: "The signed-in shell is on screen: Ctrl/Cmd+K opens the command palette and '?' the keyboard shortcuts help.",
    'onscreen.closed': "Neither dialog is open; the header shows its 'Search' button.",
    'onscreen.palette':
      "The 'Command palette' dialog is open: a field ('Pages, workspaces, actions…') over the matching items, with Recent first and one item highlighted.",
    'onscreen.shortcuts': "The 'Keyboard shortcuts' help is open, listing the app's shortcuts.",
  },
  events: {
    'palette.close': 'A person pressed Escape or outside the palette: it closes and nothing runs.',
    'palette.highlight': 'The pointer moved over an item in the palette: that item is highlighted, ready for Enter.',
    'palette.itemsChanged': "What the person may use changed (permissions, workspaces, notifications): the palette's items follow at once.",
    'palette.labelsChanged': "The palette shows items in the reader's language: typing matches those names too, not only the English ones.",
    'palette.mounted': 'The signed-in shell appeared on screen: the palette shortcuts start listening.',
    'palette.move': 'A person pressed an arrow key, Home or End in the palette: the highlight moves, arrows wrapping around the ends.',
    'palette.open': "A person pressed the header's 'Search' button: the palette opens with an empty field.",
    'palette.personChanged': "Another person signed in (or everyone signed out): the palette shows that person's recent choices.",
    'palette.query': "A person typed in the palette's field: the items are filtered and ranked, or it reads 'No results for “…”'.",
    'palette.run':
      'A person pressed Enter or clicked an item: it runs (open a page, switch workspace, toggle the sidebar…), becomes a recent choice, and the palette closes.',
    'palette.toggle': 'A person pressed Ctrl/Cmd+K: the palette opens, or closes if it is already open.',
    'palette.typed': "A person typed before the palette's field had focus: the keys still reach the field.",
    'palette.unmounted': 'The signed-in shell left the screen: the palette closes and its shortcuts stop listening.',
    'shortcuts.close': 'A person closed the keyboard shortcuts help (its close button or Escape).',
    'shortcuts.open': "A person pressed '?' outside a text field: the keyboard shortcuts help opens.",
  },
}
