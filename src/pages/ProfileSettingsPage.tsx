/**
 * /app/setting/profile-settings (SPEC §2.4 Account & Billing): tabs 'Profile' and
 * 'Notifications'. `?tab=notification-settings` opens the notifications tab (SPEC §2.6: the
 * panel's 'View all notifications' link).
 */
import { useNavigate, useSearch } from '@tanstack/react-router'
import { Tab, TabList, TabPanel, Tabs } from 'react-aria-components'
import { selectUser } from '../../machines/auth/auth.selectors.ts'
import { useAuth } from '../system/react.tsx'
import * as page from '../ui/Page.css.ts'
import { EmptyState, PageHeader } from '../ui/PageHeader.tsx'
import { NotificationSettingsPage } from './NotificationSettingsPage.tsx'
import * as css from './ProfileSettingsPage.css.ts'

export const PROFILE_TABS = { profile: 'profile', notifications: 'notification-settings' } as const

export function ProfileSettingsPage() {
  const search = useSearch({ strict: false }) as { tab?: unknown }
  const navigate = useNavigate()
  const user = useAuth(selectUser)
  const selected = search.tab === PROFILE_TABS.notifications ? PROFILE_TABS.notifications : PROFILE_TABS.profile
  return (
    <section>
      <PageHeader title="Profile Settings" crumbs={[{ label: 'Account & Billing' }]} />
      <Tabs selectedKey={selected} onSelectionChange={(key) => void navigate({ to: '/app/setting/profile-settings', search: { tab: String(key) } as never, replace: true })}>
        <TabList aria-label="Profile settings" className={css.tabList}>
          <Tab id={PROFILE_TABS.profile} className={css.tab}>
            Profile
          </Tab>
          <Tab id={PROFILE_TABS.notifications} className={css.tab}>
            Notifications
          </Tab>
        </TabList>
        <TabPanel id={PROFILE_TABS.profile} className={css.panel}>
          <EmptyState title={user?.fullName ?? 'Your profile'}>
            <p className={page.text}>{user?.email}</p>
            <p className={page.text}>Editing your name, photo and password is coming in a later release.</p>
          </EmptyState>
        </TabPanel>
        <TabPanel id={PROFILE_TABS.notifications} className={css.panel}>
          <NotificationSettingsPage embedded />
        </TabPanel>
      </Tabs>
    </section>
  )
}
