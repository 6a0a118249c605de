/**
 * The settings sections' titles as the command palette shows them (src/ui/shell/CommandPalette.tsx):
 * src/navigation/settings-sections.ts keeps the English titles, which the palette's search matches,
 * and views show `settingsSectionTitle(translator, title)`.
 */
import { defineMessages, type MessageDescriptor } from '../i18n/messages.ts'

export const settingsSectionsMessages = defineMessages('settingsSections', {
  profile: 'Profile',
  language: 'Language',
  theme: 'Theme',
  security: 'Security',
  password: 'Password',
  twoFactor: 'Two-factor authentication',
  passkeys: 'Passkeys',
  sessions: 'Sessions',
  requireTwoFactor: 'Require two-factor authentication',
  singleSignOn: 'Single sign-on',
  apiKeys: 'API keys',
  webhooks: 'Webhooks',
  apiReference: 'API reference',
})

const m = settingsSectionsMessages

/** Each section's message by its English title (settings-sections.ts `SETTINGS_SECTIONS`). */
const BY_TITLE: Readonly<Record<string, MessageDescriptor>> = {
  Profile: m.profile,
  Language: m.language,
  Theme: m.theme,
  Security: m.security,
  Password: m.password,
  'Two-factor authentication': m.twoFactor,
  Passkeys: m.passkeys,
  Sessions: m.sessions,
  'Require two-factor authentication': m.requireTwoFactor,
  'Single sign-on': m.singleSignOn,
  'API keys': m.apiKeys,
  Webhooks: m.webhooks,
  'API reference': m.apiReference,
}

/** The message of a settings section's English title, if it has one (every section does: settings-sections.test.ts). */
export function settingsSectionMessage(title: string): MessageDescriptor | undefined {
  return Object.hasOwn(BY_TITLE, title) ? BY_TITLE[title] : undefined
}

/** A settings section's title in the translator's language (English when it has no message). */
export function settingsSectionTitle(translator: { t(message: MessageDescriptor): string }, title: string): string {
  const message = settingsSectionMessage(title)
  return message ? translator.t(message) : title
}
