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
  useSearch,
} from '@tanstack/react-router'
import { lazy } from 'react'
import { Schema } from 'effect'
import { RouterProvider as AriaRouterProvider } from 'react-aria-components'
import { validate } from '../contract/validate.ts'
import { safeAppPath } from '../machines/auth/redirect.ts'
import { selectAuthStatus } from '../machines/auth/auth.selectors.ts'
import { DashboardPage } from './pages/DashboardPage.tsx'
import { NotFoundPage } from './pages/NotFoundPage.tsx'
import { RoutePage } from './pages/RoutePage.tsx'
import { SetPasswordPage } from './pages/SetPasswordPage.tsx'
import { UnauthorizedPage } from './pages/UnauthorizedPage.tsx'
import { AccessGate } from './routes/AccessGate.tsx'
import { routeFor } from './navigation/routes.ts'
import { PUBLIC_PAGES, PublicPage, type PublicPageKey } from './pages/PublicPage.tsx'
import { SignOutPage } from './pages/SignOutPage.tsx'
import { SignUpInfoPage } from './pages/SignUpInfoPage.tsx'
import { WaitlistPage } from './pages/WaitlistPage.tsx'
import { WorkspaceSelectionPage } from './pages/WorkspaceSelectionPage.tsx'
import { guardApp, guardSignIn } from './routes/guards.ts'
import type { AppSystem } from './system/app-system.ts'
import { ApiProvider } from './system/api.tsx'
import { ToastsActorProvider } from './system/toasts.tsx'
import { ToastRegion } from './ui/ToastRegion.tsx'
import { CreditsActorProvider, NotificationsActorProvider, PermissionsActorProvider, WorkspacesActorProvider } from './system/react.tsx'
import { AppLayout } from './ui/AppLayout.tsx'
import { SignInPage } from './ui/SignInPage.tsx'
import { Splash } from './ui/Splash.tsx'

export interface RouterContext {
  readonly system: AppSystem
}

function Root() {
  const router = useRouter()
  const { system } = router.options.context as RouterContext
  // react-aria links and buttons navigate through the router (no full page loads).
  return (
    <AriaRouterProvider navigate={(href) => router.navigate({ href })} useHref={(href) => router.buildLocation({ to: href as '/' }).href}>
      <ApiProvider api={system.api}>
        <PermissionsActorProvider actor={system.permissions}>
          <CreditsActorProvider actor={system.credits}>
            <WorkspacesActorProvider actor={system.workspaces}>
              <ToastsActorProvider actor={system.toasts}>
                <NotificationsActorProvider actor={system.notifications}>
                  <Outlet />
                  <ToastRegion />
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
function publicRoute(path: string, key: PublicPageKey): AnyRoute {
  return createRoute({ getParentRoute: () => rootRoute, path, component: () => <PublicPage pageKey={key} /> }) as unknown as AnyRoute
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
  // SPEC §2.1: only /app/integrations/<something> is public; /app/integrations itself is an app page.
  if (key === '/app/integrations') return [publicRoute('/app/integrations/$', key)]
  return EXACT_ONLY.includes(key) ? [publicRoute(key, key)] : [publicRoute(key, key), publicRoute(`${key}/$`, key)]
})

/**
 * /signin search params, validated with effect Schema. The router parses `main_app=true` as a
 * boolean; a malformed value is dropped (the page still works) rather than failing the route.
 */
const SignInSearch = Schema.Struct({
  main_app: Schema.optional(Schema.Union([Schema.Boolean, Schema.String])),
  app_path: Schema.optional(Schema.String),
})
type SignInSearch = typeof SignInSearch.Type

function validateSignInSearch(raw: Record<string, unknown>): SignInSearch {
  const result = validate(SignInSearch, raw)
  if (result.ok) return { main_app: result.value.main_app, app_path: result.value.app_path }
  return { main_app: validate(SignInSearch, { main_app: raw.main_app }).ok ? (raw.main_app as SignInSearch['main_app']) : undefined }
}

const signInRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/signin',
  validateSearch: validateSignInSearch,
  beforeLoad: ({ context, search }) => guardSignIn(context.system.auth, search.app_path),
  component: function SignInRoute() {
    const search = useSearch({ strict: false }) as SignInSearch
    return <SignInPage redirect={safeAppPath(search.app_path)} fromApp={search.main_app === true || search.main_app === 'true'} />
  },
})

const setPasswordRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/set-password',
  component: function SetPasswordRoute() {
    const search = useSearch({ strict: false }) as { token?: unknown }
    return <SetPasswordPage token={typeof search.token === 'string' || typeof search.token === 'number' ? String(search.token) : ''} />
  },
})

const appRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/app',
  beforeLoad: ({ context, location }) => guardApp(context.system.auth, location),
  pendingComponent: Splash,
  pendingMs: 0,
  component: function AppRoute() {
    const { pathname } = useLocation()
    return (
      <AppLayout pathname={pathname}>
        <AccessGate pathname={pathname}>
          <Outlet />
        </AccessGate>
      </AppLayout>
    )
  },
  notFoundComponent: NotFoundPage,
})

const LazyRoleEditor = lazy(() => import('./pages/settings/RoleEditorPage.tsx').then((m) => ({ default: m.RoleEditorPage })))

const appIndexRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/',
  beforeLoad: () => {
    throw redirect({ href: '/app/dashboard', replace: true })
  },
})

const appChildren = [
  appIndexRoute,
  createRoute({ getParentRoute: () => appRoute, path: '/dashboard', component: DashboardPage }),
  createRoute({ getParentRoute: () => appRoute, path: '/waitlist', component: WaitlistPage }),
  createRoute({ getParentRoute: () => appRoute, path: '/sign-up-info', component: SignUpInfoPage }),
  createRoute({ getParentRoute: () => appRoute, path: '/signout', component: SignOutPage }),
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
  createRoute({ getParentRoute: () => appRoute, path: '/workspace-selection', component: WorkspaceSelectionPage }),
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
  createRoute({
    getParentRoute: () => appRoute,
    path: '/$',
    component: function AppRoutePage() {
      const { pathname } = useLocation()
      const route = routeFor(pathname)
      return route ? <RoutePage route={route} /> : <UnauthorizedPage />
    },
  }),
]

const routeTree = rootRoute.addChildren([
  ...publicRoutes,
  signInRoute,
  setPasswordRoute,
  appRoute.addChildren(appChildren),
])

/** Creates the router over the actor system. */
export function createAppRouter(system: AppSystem) {
  return createRouter({
    routeTree,
    context: { system },
    defaultPreload: 'intent',
    defaultPendingComponent: Splash,
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
