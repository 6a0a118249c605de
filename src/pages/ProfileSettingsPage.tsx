/**
 * /app/setting/profile-settings (SPEC §2.4 Account & Billing): tabs 'Profile', 'Notifications'
 * and, ours, 'Security' (`?tab=security`). `?tab=notification-settings` opens the notifications tab (SPEC §2.6: the
 * panel's 'View all notifications' link).
 *
 * The route's loader reads the profile (`GET /users/me`); when that fails the route shows the
 * error fallback and 'Try Again' loads it again (src/routes/tree.tsx). Without loader data (stories)
 * the signed-in user from the auth actor stands in.
 */
import { useLoaderData, useNavigate, useSearch } from '@tanstack/react-router'
import type { ProfileResponse } from '../../contract/profile.ts'
import { Tab, TabList, TabPanel, Tabs } from 'react-aria-components'
import { selectUser } from '../../machines/auth/auth.selectors.ts'
import { useAuth } from '../system/react.tsx'
import * as page from '../ui/Page.css.ts'
import { PageHeader } from '../ui/primitives/PageHeader/PageHeader.tsx'
import { NotificationSettingsPage } from './NotificationSettingsPage.tsx'
import { ProfileTab } from './ProfileTab.tsx'
import { SecurityTab } from './security/SecurityTab.tsx'
import * as css from './ProfileSettingsPage.css.ts'

export const PROFILE_TABS = { profile: 'profile', notifications: 'notification-settings', security: 'security' } as const
const TAB_IDS: ReadonlyArray<unknown> = Object.values(PROFILE_TABS)

export function ProfileSettingsPage() {
  const search = useSearch({ strict: false }) as { tab?: unknown }
  const navigate = useNavigate()
  const loaded = useLoaderData({ strict: false }) as ProfileResponse | undefined
  const signedIn = useAuth(selectUser)
  const user = loaded?.user ?? signedIn
  const selected = TAB_IDS.includes(search.tab) ? (search.tab as string) : PROFILE_TABS.profile
  return (
    <section>
      <PageHeader title="Profile Settings" crumbs={[{ label: 'Account & Billing' }]} />
      <Tabs
        selectedKey={selected}
        onSelectionChange={(key) => void navigate({ to: '/app/setting/profile-settings', search: { tab: String(key) } as never, replace: true })}
      >
        <TabList aria-label="Profile settings" className={css.tabList}>
          <Tab id={PROFILE_TABS.profile} className={css.tab}>
            Profile
          </Tab>
          <Tab id={PROFILE_TABS.notifications} className={css.tab}>
            Notifications
          </Tab>
          <Tab id={PROFILE_TABS.security} className={css.tab}>
            Security
          </Tab>
        </TabList>
        <TabPanel id={PROFILE_TABS.profile} className={css.panel}>
          {/* A new answer from the server (after Try Again) starts the form over. */}
          {user ? (
            <ProfileTab key={`${user._id}:${user.fullName}:${user.image ?? ''}`} user={user} />
          ) : (
            <p className={page.text}>Sign in to edit your profile.</p>
          )}
        </TabPanel>
        <TabPanel id={PROFILE_TABS.notifications} className={css.panel}>
          <NotificationSettingsPage embedded />
        </TabPanel>
        <TabPanel id={PROFILE_TABS.security} className={css.panel}>
          <SecurityTab />
        </TabPanel>
      </Tabs>
    </section>
  )
}
