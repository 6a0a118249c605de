/** The words of the person's own settings pages (/app/account and Profile Settings): their tabs and what frames them. */
import { defineMessages } from '../i18n/messages.ts'

export const accountMessages = defineMessages('account', {
  description: 'Your profile, how you sign in, and your notifications.',
  tabsLabel: 'Account',
  profileSettingsLabel: 'Profile settings',
  tabProfile: 'Profile',
  tabSecurity: 'Security',
  tabNotifications: 'Notifications',
  signInToEdit: 'Sign in to edit your profile.',
})
