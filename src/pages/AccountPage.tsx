/**
 * /app/account (ours; src/navigation/account.ts): everyone's own account, open to every signed-in
 * person whatever their permission sets, with the tabs Profile, Security and Notifications
 * (`?tab=security`, `?tab=notifications`). The panels are Profile Settings' own
 * (src/pages/AccountTabs.tsx), with the password form moved to Security (password, two-factor,
 * passkeys, sessions); Profile Settings keeps its place and its USERS read gate (SPEC §2.4).
 *
 * A member of a workspace that requires two-factor authentication who has not turned it on is
 * sent here (src/routes/guards.ts): the Security tab says why above the sections that set it up.
 */
import { useSearch } from '@tanstack/react-router'
import { useTranslator } from '../i18n/react.tsx'
import { ACCOUNT_PATH, accountTabOf } from '../navigation/account.ts'
import { navMessages } from '../navigation/nav.messages.ts'
import { PageHeader } from '../ui/primitives/PageHeader/PageHeader.tsx'
import { accountMessages as m } from './account.messages.ts'
import { AccountTabs, type AccountTabSpec } from './AccountTabs.tsx'
import { TwoFactorRequiredNotice } from './TwoFactorRequiredPage.tsx'

const TABS: ReadonlyArray<AccountTabSpec> = [
  { id: 'profile', title: m.tabProfile, panel: 'profile' },
  { id: 'security', title: m.tabSecurity, panel: 'security' },
  { id: 'notifications', title: m.tabNotifications, panel: 'notifications' },
]

export function AccountPage() {
  const search = useSearch({ strict: false }) as { tab?: unknown }
  const { t } = useTranslator()
  return (
    <section>
      <PageHeader title={t(navMessages.account)} description={t(m.description)} />
      <AccountTabs path={ACCOUNT_PATH} label={t(m.tabsLabel)} tabs={TABS} selected={accountTabOf(search.tab)} securityNotice={<TwoFactorRequiredNotice />} passwordOnSecurity />
    </section>
  )
}
