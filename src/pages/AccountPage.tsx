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
import { ACCOUNT_PATH, accountTabOf } from '../navigation/account.ts'
import { PageHeader } from '../ui/primitives/PageHeader/PageHeader.tsx'
import { AccountTabs, type AccountTabSpec } from './AccountTabs.tsx'
import { TwoFactorRequiredNotice } from './TwoFactorRequiredPage.tsx'

const TABS: ReadonlyArray<AccountTabSpec> = [
  { id: 'profile', title: 'Profile', panel: 'profile' },
  { id: 'security', title: 'Security', panel: 'security' },
  { id: 'notifications', title: 'Notifications', panel: 'notifications' },
]

export function AccountPage() {
  const search = useSearch({ strict: false }) as { tab?: unknown }
  return (
    <section>
      <PageHeader title="Account" description="Your profile, how you sign in, and your notifications." />
      <AccountTabs path={ACCOUNT_PATH} label="Account" tabs={TABS} selected={accountTabOf(search.tab)} securityNotice={<TwoFactorRequiredNotice />} passwordOnSecurity />
    </section>
  )
}
