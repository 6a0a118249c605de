/**
 * SPEC.md §2.2 access gate, inside the /app layout: `/app` alone is always allowed; any other
 * path must match a route the member's permission sets allow (src/navigation/routes.ts), else
 * the Unauthorized page shows. The splash shows while the permissions load; pages that need only
 * a session (sign-out, waitlist...) never wait for them.
 *
 * While the workspace requires two-factor authentication and the person has not set
 * it up, the route guard sends every page but the session-only ones to /app/account › Security
 * (`appRedirectFor`, `twoFactorGateFor`); should another page be on screen before the guard runs
 * again, the two-factor notice shows in its place. /app/account, like every session-only page,
 * never waits for the permissions, which the server refuses until then.
 */
import { type ReactNode, Suspense } from 'react'
import { Heading } from 'react-aria-components'
import { Button } from '../ui/primitives/Button/Button.tsx'
import { canAccessPath, routeFor } from '../navigation/routes.ts'
import { lazyOnDemand } from '../platform/lazy-on-demand.ts'
import { useAuth, usePermissionStatus, usePermissions, usePermissionsActor } from '../system/react.tsx'
import * as page from '../ui/Page.css.ts'
import { Splash } from '../ui/Splash.tsx'
import { twoFactorGateFor } from './guards.ts'
import { useTranslator } from '../i18n/react.tsx'
import { accessMessages as m } from './access.messages.ts'

// What a refused page shows instead: rare, so each loads when first shown (the splash meanwhile).
const { Component: TwoFactorRequiredPage } = lazyOnDemand(() => import('../pages/TwoFactorRequiredPage.tsx'), (m) => m.TwoFactorRequiredPage)
const { Component: UnauthorizedPage } = lazyOnDemand(() => import('../pages/UnauthorizedPage.tsx'), (m) => m.UnauthorizedPage)

/** Shows `children` when the member may open `pathname`, else what refuses it (see the module comment). */
export function AccessGate({ pathname, children }: { pathname: string; children: ReactNode }) {
  const status = usePermissionStatus()
  const permissions = usePermissions()
  const actor = usePermissionsActor()
  const route = routeFor(pathname)
  const twoFactor = useAuth((s) => twoFactorGateFor(s, pathname))
  const { t } = useTranslator()
  if (twoFactor === 'blocked') return <Refused page={<TwoFactorRequiredPage />} />
  if (pathname === '/app' || route?.requires === 'signedIn') return <>{children}</>
  if (status === 'loading' || status === 'signedOut') return <Splash />
  if (status === 'failed') {
    return (
      <section className={page.card} style={{ margin: '48px auto' }} role="alert">
        <Heading level={1} className={page.heading}>
          {t(m.failedHeading)}
        </Heading>
        <p className={page.text}>{t(m.failedText)}</p>
        <Button onPress={() => actor.send({ type: 'permissions.retry' })}>{t(m.retry)}</Button>
      </section>
    )
  }
  return canAccessPath(pathname, permissions) ? <>{children}</> : <Refused page={<UnauthorizedPage />} />
}

function Refused({ page }: { page: ReactNode }) {
  return <Suspense fallback={<Splash />}>{page}</Suspense>
}
