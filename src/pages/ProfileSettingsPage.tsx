/**
 * /app/setting/profile-settings (SPEC §2.4 Account & Billing): tabs 'Profile', 'Notifications'
 * and, ours, 'Security' (`?tab=security`). `?tab=notification-settings` opens the notifications tab (SPEC §2.6: the
 * panel's 'View all notifications' link). The same tabs, open to everyone, are /app/account
 * (src/pages/AccountPage.tsx); both are src/pages/AccountTabs.tsx.
 *
 * The route's loader reads the profile (`GET /users/me`); when that fails the route shows the
 * error fallback and 'Try Again' loads it again (src/routes/tree.tsx). Without loader data (stories)
 * the signed-in user from the auth actor stands in.
 */
import { useSearch } from '@tanstack/react-router'
import { useTranslator } from '../i18n/react.tsx'
import { navMessages } from '../navigation/nav.messages.ts'
import { PageHeader } from '../ui/primitives/PageHeader/PageHeader.tsx'
import { accountMessages as m } from './account.messages.ts'
import { AccountTabs, type AccountTabSpec } from './AccountTabs.tsx'

export const PROFILE_TABS = { profile: 'profile', notifications: 'notification-settings', security: 'security' } as const
const TAB_IDS: ReadonlyArray<unknown> = Object.values(PROFILE_TABS)

const TABS: ReadonlyArray<AccountTabSpec> = [
  { id: PROFILE_TABS.profile, title: m.tabProfile, panel: 'profile' },
  { id: PROFILE_TABS.notifications, title: m.tabNotifications, panel: 'notifications' },
  { id: PROFILE_TABS.security, title: m.tabSecurity, panel: 'security' },
]

export function ProfileSettingsPage() {
  const search = useSearch({ strict: false }) as { tab?: unknown }
  const selected = TAB_IDS.includes(search.tab) ? (search.tab as string) : PROFILE_TABS.profile
  const { t } = useTranslator()
  return (
    <section>
      <PageHeader title={t(navMessages.profileSettings)} crumbs={[{ label: t(navMessages.accountBilling) }]} />
      <AccountTabs path="/app/setting/profile-settings" label={t(m.profileSettingsLabel)} tabs={TABS} selected={selected} />
    </section>
  )
}
