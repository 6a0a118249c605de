/** The words every Engage email shares (server/mail/templates/layout.tsx). */
import { defineMessages } from '../../contract/messages.ts'

export const emailMessages = defineMessages('email', {
  pasteAddress: 'Or paste this address into your browser: {link}',
})
