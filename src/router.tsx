/**
 * The route tree (code-based; see docs/decisions.md). The root context carries the actor
 * system; guards read its snapshots and throw redirects. Auth changes call
 * `router.invalidate()` (see `bindRouterToAuth`).
 */
import {
  Outlet,
  createRootRouteWithContext,
  createRoute,
  createRouter,
  lazyRouteComponent,
  redirect,
  type AnyRoute,
  useLocation,
  useParams,
  useRouter,
} from '@tanstack/react-router'
import { Suspense } from 'react'
import { lazyOnDemand } from './platform/lazy-on-demand.ts'
import { RouterProvider as AriaRouterProvider } from 'react-aria-components'
import { selectAuthStatus } from '../machines/auth/auth.selectors.ts'
import { NotFoundPage } from './pages/NotFoundPage.tsx'
import { PUBLIC_PAGES, PublicPage, type PublicPageKey } from './pages/PublicPage.tsx'
import { guardApp, guardSignIn } from './routes/guards.ts'
import { validateSignInSearch } from './routes/search.ts'
import type { AppSystem } from './system/app-system.ts'
import { ApiProvider } from './system/api.tsx'
import { ToastsActorProvider } from './system/toasts.tsx'
import { PushActorProvider } from './system/push-react.tsx'
import { ToastRegion } from './ui/ToastRegion.tsx'
import { UpdatePrompt } from './ui/UpdatePrompt.tsx'
import { ErrorBoundary, RouteErrorFallback, rememberComponentStack } from './ui/ErrorFallback.tsx'
import { CreditsActorProvider, NotificationsActorProvider, PermissionsActorProvider, WorkspacesActorProvider } from './system/react.tsx'
import { Splash } from './ui/Splash.tsx'
import { LinkPrefetch } from './navigation/LinkPrefetch.tsx'
import { useAfterFirstPage } from './navigation/idle.ts'
import { loadUntilLoaded } from './platform/load-until-loaded.ts'

// Issue #8 route-level code splitting: every page below loads with its route (lazyRouteComponent),
// so the entry chunk holds the actor system, the router and what every page shows (toasts, the
// update prompt, the error fallback). /signin never loads the shell; /app/* never loads the sign-in
// form or the human-verification gate. `preloadRouteChunks` starts the current page's chunks at
// boot, in parallel with the session check, instead of after the route guards.
const SignInRoute = lazyRouteComponent(() => import('./routes/SignInRoute.tsx'), 'SignInRoute')
const ShareRoute = lazyRouteComponent(() => import('./routes/ShareRoute.tsx'), 'ShareRoute')
const SetPasswordRoute = lazyRouteComponent(() => import('./routes/SetPasswordRoute.tsx'), 'SetPasswordRoute')
const AppRoute = lazyRouteComponent(() => import('./routes/AppRoute.tsx'), 'AppRoute')
const AppRoutePage = lazyRouteComponent(() => import('./routes/AppRoute.tsx'), 'AppRoutePage')
// The floating bug-report button and its form: on every page (SPEC §2.3), but never needed for a
// page's first interaction, so it loads once the first page is up and the browser is idle, and a
// failed load (the server restarting) is retried rather than thrown.
const { Component: BugReport } = lazyOnDemand(
  () => loadUntilLoaded(() => import('./ui/bugReport/BugReport.tsx')),
  (m) => m.BugReport,
)

export interface RouterContext {
  readonly system: AppSystem
}

function Root() {
  const router = useRouter()
  const { system } = router.options.context as RouterContext
  const { pathname } = useLocation()
  const afterFirstPage = useAfterFirstPage()
  // react-aria links and buttons navigate through the router (no full page loads).
  return (
    <AriaRouterProvider navigate={(href) => router.navigate({ href })} useHref={(href) => router.buildLocation({ to: href as '/' }).href}>
      <ApiProvider api={system.api}>
        <PermissionsActorProvider actor={system.permissions}>
          <CreditsActorProvider actor={system.credits}>
            <WorkspacesActorProvider actor={system.workspaces}>
              <ToastsActorProvider actor={system.toasts}>
                <NotificationsActorProvider actor={system.notifications}>
                  <PushActorProvider actor={system.push}>
                    {/* SPEC §4 Error fallback: routes catch their own errors (defaultErrorComponent); this catches the rest. */}
                    <ErrorBoundary resetKey={pathname}>
                      <Outlet />
                    </ErrorBoundary>
                    <ToastRegion />
                    {/* SPEC §2.3/§2.6: the floating bug-report button, on public and app pages alike. */}
                    {afterFirstPage && (
                      <Suspense fallback={null}>
                        <BugReport />
                      </Suspense>
                    )}
                    <UpdatePrompt actor={system.versionCheck} />
                    {/* SPEC §9: a link's page is preloaded once the link is within 200 px of the viewport. */}
                    <LinkPrefetch />
                  </PushActorProvider>
                </NotificationsActorProvider>
              </ToastsActorProvider>
            </WorkspacesActorProvider>
          </CreditsActorProvider>
        </PermissionsActorProvider>
      </ApiProvider>
    </AriaRouterProvider>
  )
}

const rootRoute = createRootRouteWithContext<RouterContext>()({
  component: Root,
  notFoundComponent: NotFoundPage,
})

// SPEC §2.1 public pages: each prefix page and everything under it.
// SPEC §2.6/§4: the /share/* pages stand behind the human-verification gate.
function publicRoute(path: string, key: PublicPageKey): AnyRoute {
  const page = () => <PublicPage pageKey={key} />
  // SPEC §2.5: each /share/ page (src/navigation/share.ts) shows its own title.
  return createRoute({ getParentRoute: () => rootRoute, path, component: key === '/share' ? ShareRoute : page }) as unknown as AnyRoute
}
const EXACT_ONLY: ReadonlyArray<PublicPageKey> = [
  '/',
  '/terms-of-service',
  '/privacy-policy',
  '/refund-policy',
  '/signin-error',
  '/link-expired',
  '/404',
  '/sso/callback',
  '/enable-bug-report',
]
const publicRoutes: AnyRoute[] = (Object.keys(PUBLIC_PAGES) as PublicPageKey[]).flatMap((key) => {
  // SPEC §2.1: only /app/integrations/<something> is public; /app/integrations itself is an app page
  // (Connected Apps, SPEC §2.4). A bare splat would also match the empty remainder and win over the
  // app's routes, so the first segment is a required parameter.
  if (key === '/app/integrations') return [publicRoute('/app/integrations/$provider', key), publicRoute('/app/integrations/$provider/$', key)]
  return EXACT_ONLY.includes(key) ? [publicRoute(key, key)] : [publicRoute(key, key), publicRoute(`${key}/$`, key)]
})

const signInRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/signin',
  validateSearch: validateSignInSearch,
  beforeLoad: ({ context, search }) => guardSignIn(context.system.auth, search.app_path),
  component: SignInRoute,
})

const setPasswordRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/set-password',
  component: SetPasswordRoute,
})

const appRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/app',
  beforeLoad: ({ context, location }) => guardApp(context.system.auth, location),
  pendingComponent: Splash,
  pendingMs: 0,
  component: AppRoute,
  notFoundComponent: NotFoundPage,
})

const { Component: LazyRoleEditor } = lazyOnDemand(() => import('./pages/settings/RoleEditorPage.tsx'), (m) => m.RoleEditorPage)

const appIndexRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/',
  beforeLoad: () => {
    throw redirect({ href: '/app/dashboard', replace: true })
  },
})

const appChildren = [
  appIndexRoute,
  createRoute({
    getParentRoute: () => appRoute,
    path: '/dashboard',
    component: lazyRouteComponent(() => import('./pages/DashboardPage.tsx'), 'DashboardPage'),
  }),
  createRoute({ getParentRoute: () => appRoute, path: '/waitlist', component: lazyRouteComponent(() => import('./pages/WaitlistPage.tsx'), 'WaitlistPage') }),
  createRoute({
    getParentRoute: () => appRoute,
    path: '/sign-up-info',
    component: lazyRouteComponent(() => import('./pages/SignUpInfoPage.tsx'), 'SignUpInfoPage'),
  }),
  createRoute({ getParentRoute: () => appRoute, path: '/signout', component: lazyRouteComponent(() => import('./pages/SignOutPage.tsx'), 'SignOutPage') }),
  // Settings pages load with the page (route-level code splitting).
  createRoute({
    getParentRoute: () => appRoute,
    path: '/setting/roles',
    component: lazyRouteComponent(() => import('./pages/settings/RolesPage.tsx'), 'RolesPage'),
  }),
  createRoute({
    getParentRoute: () => appRoute,
    path: '/setting/roles/create-role',
    component: lazyRouteComponent(() => import('./pages/settings/RoleEditorPage.tsx'), 'RoleEditorPage'),
  }),
  createRoute({
    getParentRoute: () => appRoute,
    path: '/setting/roles/$roleId',
    component: function EditRoleRoute() {
      const { roleId } = useParams({ strict: false }) as { roleId?: string }
      return <LazyRoleEditor roleId={roleId ?? ''} />
    },
  }),
  createRoute({
    getParentRoute: () => appRoute,
    path: '/setting/team',
    component: lazyRouteComponent(() => import('./pages/settings/TeamPage.tsx'), 'TeamPage'),
  }),
  createRoute({
    getParentRoute: () => appRoute,
    path: '/setting/team/invite',
    component: lazyRouteComponent(() => import('./pages/settings/InviteMemberPage.tsx'), 'InviteMemberPage'),
  }),
  // SPEC §2.4/§2.5: profile settings (with the notifications tab) and the two preference routes.
  createRoute({
    getParentRoute: () => appRoute,
    path: '/setting/profile-settings',
    // The profile as the server has it (GET /users/me). A failed or undecodable answer is a route
    // error: the error fallback shows, and 'Try Again' runs this loader again (SPEC §4 Error fallback).
    loader: ({ context }) => context.system.api.profile(),
    component: lazyRouteComponent(() => import('./pages/ProfileSettingsPage.tsx'), 'ProfileSettingsPage'),
  }),
  ...['/notification-settings', '/notifications/settings'].map((path) =>
    createRoute({
      getParentRoute: () => appRoute,
      path,
      component: lazyRouteComponent(() => import('./pages/NotificationSettingsPage.tsx'), 'NotificationSettingsPage'),
    }),
  ),
  // Lazy like the settings pages: its chart library stays out of the initial bundle.
  createRoute({
    getParentRoute: () => appRoute,
    path: '/billing',
    component: lazyRouteComponent(() => import('./pages/BillingPage.tsx'), 'BillingPage'),
  }),
  // SPEC §2.3/§2.5: pick a workspace (bare layout).
  createRoute({
    getParentRoute: () => appRoute,
    path: '/workspace-selection',
    component: lazyRouteComponent(() => import('./pages/WorkspaceSelectionPage.tsx'), 'WorkspaceSelectionPage'),
  }),
  createRoute({
    getParentRoute: () => appRoute,
    path: '/setting/workspace-settings',
    component: lazyRouteComponent(() => import('./pages/WorkspaceSettingsPage.tsx'), 'WorkspaceSettingsPage'),
  }),
  // SPEC §2.5: the full list of notifications (lazy: only its page needs it).
  createRoute({
    getParentRoute: () => appRoute,
    path: '/notifications',
    component: lazyRouteComponent(() => import('./pages/NotificationsPage.tsx'), 'NotificationsPage'),
  }),
  // Every other route of SPEC §2.4/§2.5 (the gate has already checked it exists and is allowed).
  createRoute({ getParentRoute: () => appRoute, path: '/$', component: AppRoutePage }),
]

const routeTree = rootRoute.addChildren([...publicRoutes, signInRoute, setPasswordRoute, appRoute.addChildren(appChildren)])

/** Creates the router over the actor system. */
export function createAppRouter(system: AppSystem) {
  return createRouter({
    routeTree,
    context: { system },
    // TanStack <Link>s also preload on hover/focus; every link's viewport prefetch (200 px) is LinkPrefetch's.
    defaultPreload: 'intent',
    defaultPendingComponent: Splash,
    // SPEC §2.6/§8: every route's errors (render, loader, lost chunk) show the same fallback.
    defaultErrorComponent: RouteErrorFallback,
    defaultOnCatch: rememberComponentStack,
    scrollRestoration: true,
  })
}

export type AppRouter = ReturnType<typeof createAppRouter>

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter
  }
}

/**
 * Re-runs route guards whenever the auth status changes (sign-in, sign-out, expiry), so a
 * page never stays visible to a session that no longer allows it. Returns the unsubscribe.
 */
export function bindRouterToAuth(router: AppRouter, system: AppSystem): () => void {
  let last = selectAuthStatus(system.auth.getSnapshot())
  const sub = system.auth.subscribe((s) => {
    const status = selectAuthStatus(s)
    if (status !== last) {
      last = status
      void router.invalidate()
    }
  })
  return () => sub.unsubscribe()
}

/** A resolved navigation: the new path, and whether it is the first one of the page. */
export interface RouteChange {
  readonly pathname: string
  readonly initial: boolean
}

/**
 * Calls `onChange` after every resolved navigation that changed the path (and once for the first
 * page), for the version check (SPEC §4: a check 1 s after a route change) and analytics page
 * views (SPEC §7). Search-only changes (a tab, a filter) are not route changes. Returns the
 * unsubscribe.
 */
export function bindRouteChanges(router: AppRouter, onChange: (change: RouteChange) => void): () => void {
  return router.subscribe('onResolved', (event) => {
    const initial = event.fromLocation === undefined
    if (!initial && !event.pathChanged) return
    onChange({ pathname: event.toLocation.pathname, initial })
  })
}

/**
 * Starts loading the route chunks of `pathname`'s matches (the page's and its layout's) now, at boot,
 * instead of when the router reaches them: the router loads a match's component only after its
 * `beforeLoad` guard, and `guardApp` waits for the session check (POST verify-token). Loading both
 * at once takes one round trip off the first page of a signed-in person (issue #8). A failed
 * load is left to the router, which retries it and shows the route's error fallback.
 */
export function preloadRouteChunks(router: AppRouter, pathname: string): void {
  const [routes] = router.getMatchedRoutes(pathname)
  for (const route of routes) void router.loadRouteChunk(route)?.catch(() => undefined)
}
