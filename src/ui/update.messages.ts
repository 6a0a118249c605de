/** The update prompt's words (SPEC §2.3 wording for the offer), loaded with the prompt. */
import { defineMessages } from '../i18n/messages.ts'

export const updateMessages = defineMessages('update', {
  available: 'A new app version is available.',
  updating: 'Updating to the new version…',
  region: 'App update',
  later: 'Later',
  update: 'Update',
})
