/** A permission-gated button's denial (SPEC §5), e.g. "You need the Create permission on Contacts (basic) to do this." */
import { defineMessages } from '../i18n/messages.ts'

export const gatedMessages = defineMessages('gated', {
  denial: 'You need the {action} permission on {resource} to do this.',
})
