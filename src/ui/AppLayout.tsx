/**
 * The /app layout (SPEC.md §2.3). For now a header with the logo, the current workspace, the
 * signed-in user and a sign-out link; the collapsible sidebar, workspace switcher,
 * notifications and credits arrive with the shell. Paths of §2.3's bare list render in a
 * bare full-height container instead.
 */
import type { ReactNode } from 'react'
import { Link as AriaLink } from 'react-aria-components'
import { selectCurrentOrg, selectUser } from '../../machines/auth/auth.selectors.ts'
import { usesBareLayout } from '../navigation/paths.ts'
import { useAuth } from '../system/react.tsx'
import * as css from './AppLayout.css.ts'
import { Logo } from './Logo.tsx'
import * as page from './Page.css.ts'

export function AppLayout({ pathname, children }: { pathname: string; children: ReactNode }) {
  const user = useAuth(selectUser)
  const org = useAuth(selectCurrentOrg)
  if (usesBareLayout(pathname)) return <div className={css.bare}>{children}</div>
  return (
    <div className={css.shell}>
      <header className={css.header}>
        <div className={css.headerGroup}>
          <AriaLink href="/app/dashboard" aria-label="Engage home" className={page.link}>
            <Logo size={28} />
          </AriaLink>
          {org && <span className={css.org}>{org.org_name}</span>}
        </div>
        <div className={css.headerGroup}>
          {user && <span className={css.user}>{user.fullName}</span>}
          <AriaLink href="/app/signout" className={page.link}>
            Sign out
          </AriaLink>
        </div>
      </header>
      <main className={css.content}>{children}</main>
    </div>
  )
}
