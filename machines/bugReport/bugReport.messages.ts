/**
 * The bug report's words: the floating button and its modal (src/ui/bugReport), and the machine's
 * own messages (the upload failure, the failed submission above the form) and the SPEC §8 toasts
 * (src/system/bugReport.ts), whose English is contract/bugReports.ts's.
 */
import { defineMessages } from '../../contract/messages.ts'

export const bugReportMessages = defineMessages('bugReport', {
  reportBug: 'Report a bug',
  hideForever: 'Hide Forever',
  cancel: 'Cancel',
  submitting: 'Submitting…',
  submit: 'Submit',
  title: 'Title',
  description: 'Description',
  steps: 'Steps to reproduce (optional)',
  screenshotUrl: 'Screenshot URL',
  screenshotHelp: 'Choose an image, paste one from the clipboard, or enter a link to one.',
  chooseImage: 'Choose image',
  uploadingFile: 'Uploading {name}…',
  uploadingImage: 'Uploading image…',
  uploaded: 'Uploaded {name}',
  reporterEmail: 'Reporter email',
  anonymous: 'You are not signed in: the report is sent without your email.',
  sentWith: 'Your device, browser and this page’s address are sent with the report.',
  uploadFailed: 'The image could not be uploaded. Please try again.',
  submitted: 'Bug report submitted successfully',
  failed: 'Failed to submit bug report',
})
