/** What the toasts machine's states and events mean (machines/machine-docs.ts). */
import type { MachineDocs } from '../machine-docs.ts'

export const toastsDocs: MachineDocs = {
  states: {
    active: 'Always on: the toasts asked for are stacked at the bottom of the screen, oldest first, each leaving after 5 s or when dismissed.',
  },
  events: {
    'toast.act': "A person pressed a toast's action button (such as 'Undo'): the action runs and the toast leaves.",
    'toast.dismiss': "A person pressed a toast's 'Dismiss' button, or its lifetime ended: that toast leaves.",
    'toast.show': 'Any part of the app asks to show a message: a success, an error or an information toast joins the stack.',
  },
}
