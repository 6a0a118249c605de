/** The Language field's words (/app/account › Profile and Profile Settings). */
import { defineMessages } from '../i18n/messages.ts'

export const languageMessages = defineMessages('language', {
  label: 'Language',
  description: 'The language Engage speaks to you, on every device you sign in on.',
  saving: 'Saving…',
  loadFailed: 'That language could not be loaded. Check your connection and try again.',
  saveFailed: 'Saved on this device only: your account could not be updated.',
  retry: 'Try again',
  theme: 'Theme',
  themeLight: 'Light',
  themeDark: 'Dark',
  themeSystem: 'System',
})
