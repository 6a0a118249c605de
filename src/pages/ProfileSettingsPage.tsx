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
import { PageHeader } from '../ui/primitives/PageHeader/PageHeader.tsx'
import { AccountTabs, type AccountTabSpec } from './AccountTabs.tsx'

export const PROFILE_TABS = { profile: 'profile', notifications: 'notification-settings', security: 'security' } as const
const TAB_IDS: ReadonlyArray<unknown> = Object.values(PROFILE_TABS)

const TABS: ReadonlyArray<AccountTabSpec> = [
  { id: PROFILE_TABS.profile, title: 'Profile', panel: 'profile' },
  { id: PROFILE_TABS.notifications, title: 'Notifications', panel: 'notifications' },
  { id: PROFILE_TABS.security, title: 'Security', panel: 'security' },
]

export function ProfileSettingsPage() {
  const search = useSearch({ strict: false }) as { tab?: unknown }
  const selected = TAB_IDS.includes(search.tab) ? (search.tab as string) : PROFILE_TABS.profile
  return (
    <section>
      <PageHeader title="Profile Settings" crumbs={[{ label: 'Account & Billing' }]} />
      <AccountTabs path="/app/setting/profile-settings" label="Profile settings" tabs={TABS} selected={selected} />
    </section>
  )
}
