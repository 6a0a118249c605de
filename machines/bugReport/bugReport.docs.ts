/** What the bug report machine's states and events mean (machines/machine-docs.ts). */
import type { MachineDocs } from '../machine-docs.ts'

export const bugReportDocs: MachineDocs = {
  states: {
    starting: "For an instant at page load the stored 'Hide Forever' choice is read; nothing shows yet.",
    visible: "The 'Report a bug' button is on the page (floating in the corner, docked at the end on phones), with its modal closed or open.",
    'visible.closed': "Only the round 'Report a bug' button shows; pressing it, or the command palette's 'Report a bug', opens the modal.",
    'visible.open':
      "The 'Report a bug' modal is open with Title, Description, Steps to reproduce and Screenshot URL, and 'Hide Forever', 'Cancel' and 'Submit'.",
    'visible.open.idle': 'The form waits for typing; field errors, an upload error or a refused submission show where they belong.',
    'visible.open.uploading': "A chosen or pasted image is uploading: 'Uploading {name}…' shows under the screenshot field, and typing goes on.",
    'visible.open.submitting':
      "The report is being sent: the fields and buttons are disabled and Submit reads 'Submitting…'; the modal closes with a toast on success.",
    hidden: "After 'Hide Forever' the button is gone for good on this browser, and no report can be opened.",
  },
  events: {
    'bugReport.attach': "A person chooses an image with 'Choose image' or pastes one into the modal: it uploads and its link fills the Screenshot URL.",
    'bugReport.change': 'A person types in a field of the modal: the value changes and its error goes.',
    'bugReport.close': "A person presses 'Cancel', Escape or outside the modal: it closes (an upload under way stops).",
    'bugReport.hideForever': "A person presses 'Hide Forever' in the modal: the button disappears and the choice is stored in this browser.",
    'bugReport.open': "A person presses the floating 'Report a bug' button or the palette's 'Report a bug': the modal opens.",
    'bugReport.submit': "A person presses 'Submit' while online: a valid report is sent, otherwise the missing or wrong fields are marked.",
  },
}
