/** The toast region's own words (SPEC §3 Toast); each toast's text comes from what raised it. */
import { defineMessages } from '../i18n/messages.ts'

export const toastMessages = defineMessages('toast', {
  region: 'Notifications from Engage',
  dismiss: 'Dismiss',
  undo: 'Undo',
})
