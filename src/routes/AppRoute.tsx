/**
 * /app (SPEC.md §2.2, §2.6): the signed-in shell around the access gate. Started loading at boot
 * for /app paths (`preloadRouteChunks` in src/routes/bindings.ts), in parallel with the session
 * check. A route of the table without a page of its own shows src/pages/RoutePage.tsx.
 *
 * Loaded with its page (route-level code splitting): src/routes/tree.tsx names it through
 * `lazyRouteComponent`, so this module and what only it needs are a chunk of their own.
 */
import { Outlet, useLocation, useMatches, useRouteContext } from '@tanstack/react-router'
import { useDeferredValue } from 'react'
import { AppLayout } from '../ui/AppLayout.tsx'
import { Splash } from '../ui/Splash.tsx'
import { AccessGate } from './AccessGate.tsx'
import { CreditsActorProvider, PermissionsActorProvider, WorkspacesActorProvider } from '../system/react.tsx'

/**
 * /app: the signed-in shell (SPEC §2.6) around the access gate (SPEC §2.2) and the page, with the
 * signed-in actors (permissions, credits, workspaces) its `beforeLoad` waited for.
 */
export function AppRoute() {
  const { signedIn } = useRouteContext({ from: '/app' })
  const { pathname } = useLocation()
  // The gate decides for the page on screen: the presented leaf match, which the Outlet renders.
  // The location moves first: during a workspace switch it is `/app` (always allowed) while the
  // previous page still shows, which then fetched with the new workspace (a 403 on the audit log).
  const shown = useMatches({ select: (matches) => matches.at(-1)?.pathname })
  const gated = (shown ?? pathname).replace(/(.)\/$/, '$1')
  // The shell mounts when the session is known, in the same synchronous render as the
  // router's update (a store update), one long task. Its first render keeps the splash that was
  // already on screen and the shell follows in a transition, which React renders in slices.
  const mounted = useDeferredValue(true, false)
  if (!mounted) return <Splash />
  return (
    <PermissionsActorProvider actor={signedIn.permissions}>
      <CreditsActorProvider actor={signedIn.credits}>
        <WorkspacesActorProvider actor={signedIn.workspaces}>
          <AppLayout pathname={pathname}>
            <AccessGate pathname={gated}>
              <Outlet />
            </AccessGate>
          </AppLayout>
        </WorkspacesActorProvider>
      </CreditsActorProvider>
    </PermissionsActorProvider>
  )
}
