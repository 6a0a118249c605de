/** What the inboxSelection machine's states and events mean (machines/machine-docs.ts). */
import type { MachineDocs } from '../machine-docs.ts'

export const inboxSelectionDocs: MachineDocs = {
  states: {
    settle: 'A passing step after the rows or a tick changed: it goes on at once to none or some, so nothing is drawn here.',
    none: "No row of the notifications page is ticked: j and k move the keyboard cursor, and e, u and # act on the cursor's row.",
    some: "Some rows are ticked: the 'Selected notifications' bar shows '{count} selected' with 'Mark read', 'Archive', 'Delete' and 'Clear selection'.",
  },
  events: {
    'selection.all': "A person pressed 'Select all {total}' in the selection bar: every row shown is ticked.",
    'selection.clear': "A person pressed 'Clear selection' or Escape, or a bulk action ran: no row is ticked any more.",
    'selection.focus':
      'Focus entered a row of the notifications page (a click, Tab): the keyboard cursor moves to that row, so j, k, x, e and u go on from it.',
    'selection.next': 'A person pressed j on the notifications page: the keyboard cursor moves to the next row.',
    'selection.previous': 'A person pressed k on the notifications page: the keyboard cursor moves to the row before.',
    'selection.rows': 'The rows shown on the notifications page changed: ticks of rows gone are dropped and the cursor moves on to the next row still shown.',
    'selection.toggle': "A person clicked a row's 'Select' checkbox, or pressed x on the cursor's row: that row is ticked or unticked.",
  },
}
