/** The human-verification gate's words (SPEC.md §2.6: the title verbatim in English). */
import { defineMessages } from '../../i18n/messages.ts'

export const verificationMessages = defineMessages('verification', {
  title: "Verify You're Human",
  preparing: 'Preparing the check',
})
