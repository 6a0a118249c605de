/**
 * The tabs of the person's own settings, one component for both pages that show them: Profile
 * Settings (/app/setting/profile-settings, SPEC §2.4, behind USERS read) and everyone's Account
 * (/app/account, src/navigation/account.ts). Each page names its tabs' `tab` search values and
 * order; the panels are the same components (the Profile form, the Security sections, the
 * notification preferences). The selected tab is the address's `tab` search param; choosing
 * another replaces it.
 *
 * The profile comes from the route's loader (`GET /users/me`); without loader data (stories) the
 * signed-in user from the auth actor stands in.
 */
import { useLoaderData, useNavigate } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { Tab, TabList, TabPanel, Tabs } from 'react-aria-components'
import type { ProfileResponse } from '../../contract/profile.ts'
import { selectUser } from '../../machines/auth/auth.selectors.ts'
import { useTranslator } from '../i18n/react.tsx'
import type { MessageDescriptor } from '../i18n/messages.ts'
import { useAuth } from '../system/react.tsx'
import * as page from '../ui/Page.css.ts'
import { NotificationSettingsPage } from './NotificationSettingsPage.tsx'
import { PasswordPanel, ProfileTab } from './ProfileTab.tsx'
import { accountMessages as m } from './account.messages.ts'
import { SecurityTab } from './security/SecurityTab.tsx'
import * as css from './ProfileSettingsPage.css.ts'

/** What a tab shows. */
export type AccountPanel = 'profile' | 'security' | 'notifications'

/** One tab: its `tab` search value, its label (translated where it is shown) and its panel. */
export interface AccountTabSpec {
  readonly id: string
  readonly title: MessageDescriptor
  readonly panel: AccountPanel
}

export interface AccountTabsProps {
  /** The page's path: choosing a tab navigates here with `?tab=<id>`. */
  readonly path: string
  /** The tab list's accessible name (translated). */
  readonly label: string
  readonly tabs: ReadonlyArray<AccountTabSpec>
  /** The selected tab's id (the page has already checked it is one of `tabs`). */
  readonly selected: string
  /** Shown above the Security tab's sections (the workspace's two-factor requirement). */
  readonly securityNotice?: ReactNode
  /** The password form on the Security tab, first, rather than on the Profile tab (/app/account). */
  readonly passwordOnSecurity?: boolean
}

export function AccountTabs({ path, label, tabs, selected, securityNotice, passwordOnSecurity = false }: AccountTabsProps) {
  const navigate = useNavigate()
  const loaded = useLoaderData({ strict: false }) as ProfileResponse | undefined
  const signedIn = useAuth(selectUser)
  const user = loaded?.user ?? signedIn
  const { t } = useTranslator()
  const panels: Record<AccountPanel, ReactNode> = {
    // A new answer from the server (after Try Again) starts the form over.
    profile: user ? (
      <ProfileTab key={`${user._id}:${user.fullName}:${user.image ?? ''}`} user={user} withPassword={!passwordOnSecurity} />
    ) : (
      <p className={page.text}>{t(m.signInToEdit)}</p>
    ),
    notifications: <NotificationSettingsPage embedded />,
    security: (
      <>
        {securityNotice}
        {passwordOnSecurity && user ? (
          <div className={css.sections}>
            <PasswordPanel user={user} />
            <SecurityTab />
          </div>
        ) : (
          <SecurityTab />
        )}
      </>
    ),
  }
  return (
    <Tabs selectedKey={selected} onSelectionChange={(key) => void navigate({ to: path, search: { tab: String(key) } as never, replace: true })}>
      <TabList aria-label={label} className={css.tabList}>
        {tabs.map((tab) => (
          <Tab key={tab.id} id={tab.id} className={css.tab}>
            {t(tab.title)}
          </Tab>
        ))}
      </TabList>
      {tabs.map((tab) => (
        <TabPanel key={tab.id} id={tab.id} className={css.panel}>
          {panels[tab.panel]}
        </TabPanel>
      ))}
    </Tabs>
  )
}
