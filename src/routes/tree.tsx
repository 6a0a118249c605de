/**
 * The route tree (code-based; see docs/decisions.md) and the router over the actor system. The
 * root context carries the system; guards (src/routes/guards.ts) read its snapshots and throw
 * redirects. The root layout and its providers are src/routes/providers.tsx; the router's
 * bindings to the system (auth changes, route changes, chunk preload) are src/routes/bindings.ts.
 */
import { createRootRouteWithContext, createRoute, createRouter, lazyRouteComponent, redirect, type AnyRoute } from '@tanstack/react-router'
import { PUBLIC_PAGE_KEYS, type PublicPageKey, SITE_PAGES, isSitePage } from '../pages/public-pages.ts'
import { lazyOnDemand } from '../platform/lazy-on-demand.ts'
import { SIGNED_IN_LANDING } from '../navigation/paths.ts'
import type { AppSystem } from '../system/app-system.ts'
import { loadSiteCatalogue } from '../i18n/site-catalogue.ts'
import { readVerified } from '../platform/verified-session.ts'
import { browserSessionStorage } from '../platform/stored.ts'
import { RouteErrorFallback, rememberComponentStack } from '../ui/ErrorFallback.tsx'
import { Splash } from '../ui/Splash.tsx'
import { guardApp, guardSignIn } from './guards.ts'
import type { ComponentType } from 'react'
import type { AppPageName } from './app-pages.ts'
import { RootLayout } from './providers.tsx'
import { validateSignInSearch } from './search.ts'

// Route-level code splitting: every page below loads with its route (lazyRouteComponent),
// so the entry chunk holds the actor system, the router and what every page shows (toasts, the
// update prompt, the error fallback). /signin never loads the shell; /app/* never loads the sign-in
// form or the human-verification gate. `preloadRouteChunks` starts the current page's chunks at
// boot, in parallel with the session check, instead of after the route guards.
const SignInRoute = lazyRouteComponent(() => import('./SignInRoute.tsx'), 'SignInRoute')
const SignUpRoute = lazyRouteComponent(() => import('./SignInRoute.tsx'), 'SignUpRoute')
const ShareRoute = lazyRouteComponent(() => import('./ShareRoute.tsx'), 'ShareRoute')
const SetPasswordRoute = lazyRouteComponent(() => import('./SetPasswordRoute.tsx'), 'SetPasswordRoute')
const SsoStartRoute = lazyRouteComponent(() => import('./SsoRoutes.tsx'), 'SsoStartRoute')
const SsoCallbackRoute = lazyRouteComponent(() => import('./SsoRoutes.tsx'), 'SsoCallbackRoute')
const ForgotPasswordRoute = lazyRouteComponent(() => import('../pages/account/AccountRoutes.tsx'), 'ForgotPasswordRoute')
const ResetPasswordRoute = lazyRouteComponent(() => import('../pages/account/AccountRoutes.tsx'), 'ResetPasswordRoute')
const ConfirmEmailRoute = lazyRouteComponent(() => import('../pages/account/AccountRoutes.tsx'), 'ConfirmEmailRoute')
const UnsubscribeRoute = lazyRouteComponent(() => import('../pages/mail/UnsubscribeRoute.tsx'), 'UnsubscribeRoute')
const AppRoute = lazyRouteComponent(() => import('./AppRoute.tsx'), 'AppRoute')

/**
 * The module of `name`, one of the app's other pages, through their manifest (src/routes/app-pages.ts,
 * loaded on demand). Each such module exports its page's component under the page's name.
 */
const loadAppPage = <K extends AppPageName>(name: K) =>
  import('./app-pages.ts').then(({ appPages }) => appPages[name]() as unknown as Promise<Record<K, ComponentType>>)
/** The route component of `name`, one of the app's other pages. */
const appPage = <K extends AppPageName>(name: K) => lazyRouteComponent(() => loadAppPage(name), name)
const AppRoutePage = appPage('AppRoutePage')
// The message cards of the public addresses and the 404 page: neither the sign-in page nor the
// app's first load draws them, so they load with the first page that does.
const PublicPage = lazyRouteComponent(() => import('../pages/PublicPage.tsx'), 'PublicPage')
const NotFoundPage = lazyRouteComponent(() => import('../pages/NotFoundPage.tsx'), 'NotFoundPage')
/** What every route's `beforeLoad` and loader receive: the root actor system. */
export interface RouterContext {
  readonly system: AppSystem
}

/**
 * The loader of a page behind the verification gate: unless this tab already passed the check (the
 * gate then asks nothing), the gate's question to the server (which bot check runs) leaves as the
 * router starts the route, beside the page's chunk, instead of once the page has drawn. Nothing
 * waits for it here: the gate shows the splash until it is answered.
 */
const askBotCheckConfig = ({ context }: { context: RouterContext }) => {
  if (!readVerified(browserSessionStorage())) context.system.api.botCheckConfig().catch(() => undefined)
}

const rootRoute = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
  notFoundComponent: NotFoundPage,
})

// SPEC §2.1 public pages: each prefix page and everything under it.
// SPEC §2.6/§4: the /share/* pages stand behind the human-verification gate.
// The public site's full pages (landing, pricing, legal...) are one chunk of their own,
// so neither /signin nor /app loads them; their messages are too, loaded beside it.
function publicRoute(path: string, key: Exclude<PublicPageKey, '/sso/callback'>): AnyRoute {
  if (isSitePage(key))
    return createRoute({
      getParentRoute: () => rootRoute,
      path,
      component: lazyRouteComponent(() => import('../pages/public/PublicSite.tsx'), SITE_PAGES[key]),
      // The site's catalogue in the language spoken, fetched with the chunk (and with its prefetch).
      loader: ({ context }) => loadSiteCatalogue(context.system.language.getSnapshot().context.language.locale),
    })
  // SPEC §2.5: each /share/ page (src/navigation/share.ts) shows its own title.
  if (key === '/share') return createRoute({ getParentRoute: () => rootRoute, path, loader: askBotCheckConfig, component: ShareRoute })
  // SPEC §2.5: /enable-bug-report turns 'Hide Forever' back off before its page, and the button's actor after it, start.
  if (key === '/enable-bug-report')
    return createRoute({
      getParentRoute: () => rootRoute,
      path,
      loader: async () => (await import('../platform/report-environment.ts')).forgetHiddenForever(window.localStorage),
      component: () => <PublicPage pageKey={key} />,
    })
  return createRoute({ getParentRoute: () => rootRoute, path, component: () => <PublicPage pageKey={key} /> })
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
const publicRoutes: AnyRoute[] = PUBLIC_PAGE_KEYS.flatMap((key) => {
  // Single sign-on's return has a page of its own (ssoCallbackRoute below).
  if (key === '/sso/callback') return []
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
  loader: askBotCheckConfig,
  component: SignInRoute,
})

// Sign-up has its own address, behind the same gate, with the same redirect of a
// signed-in visitor as /signin (ours: SPEC §2.1 names /signin only; see docs/decisions.md).
const signUpRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/signup',
  validateSearch: validateSignInSearch,
  beforeLoad: ({ context, search }) => guardSignIn(context.system.auth, search.app_path),
  loader: askBotCheckConfig,
  component: SignUpRoute,
})

const setPasswordRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/set-password',
  component: SetPasswordRoute,
})

// Single sign-on (src/routes/SsoRoutes.tsx): the email step, behind /signin's guard, and the
// identity provider's return (SPEC §2.5 /sso/callback).
const ssoStartRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/signin/sso',
  validateSearch: validateSignInSearch,
  beforeLoad: ({ context, search }) => guardSignIn(context.system.auth, search.app_path),
  component: SsoStartRoute,
})
const ssoCallbackRoute = createRoute({ getParentRoute: () => rootRoute, path: '/sso/callback', component: SsoCallbackRoute })

// Account recovery and address confirmation: public like /set-password (a reset link
// works signed in or out; a confirmation link opened while signed in leads on to /app).
const forgotPasswordRoute = createRoute({ getParentRoute: () => rootRoute, path: '/forgot-password', component: ForgotPasswordRoute })
const resetPasswordRoute = createRoute({ getParentRoute: () => rootRoute, path: '/reset-password', component: ResetPasswordRoute })
const confirmEmailRoute = createRoute({ getParentRoute: () => rootRoute, path: '/confirm-email', component: ConfirmEmailRoute })
// One-click unsubscribe: the footer link of notification emails; public (the link's token is the authority).
const unsubscribeRoute = createRoute({ getParentRoute: () => rootRoute, path: '/unsubscribe', component: UnsubscribeRoute })

const appRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/app',
  // The session first, then the signed-in actors it needs (loaded since the session check began).
  beforeLoad: async ({ context, location }) => {
    await guardApp(context.system.auth, location)
    return { signedIn: await context.system.signedIn.load() }
  },
  pendingComponent: Splash,
  pendingMs: 0,
  // The shell replaces the splash as soon as it is ready. The router's default keeps a
  // pending component at least 500 ms once shown, which held the splash about half a second after
  // every sign-in and after a fast session check.
  pendingMinMs: 0,
  component: AppRoute,
  notFoundComponent: NotFoundPage,
})

const { Component: LazyRoleEditor } = lazyOnDemand(
  () => loadAppPage('RoleEditorPage') as Promise<typeof import('../pages/settings/RoleEditorPage.tsx')>,
  (m) => m.RoleEditorPage,
)

const editRoleRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/setting/roles/$roleId',
  component: function EditRoleRoute() {
    const { roleId } = editRoleRoute.useParams()
    return <LazyRoleEditor roleId={roleId} />
  },
})

const appIndexRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/',
  beforeLoad: () => {
    throw redirect({ href: SIGNED_IN_LANDING, replace: true })
  },
})

const appChildren = [
  appIndexRoute,
  createRoute({
    getParentRoute: () => appRoute,
    path: '/dashboard',
    component: lazyRouteComponent(() => import('../pages/DashboardPage.tsx'), 'DashboardPage'),
  }),
  createRoute({ getParentRoute: () => appRoute, path: '/waitlist', component: appPage('WaitlistPage') }),
  createRoute({
    getParentRoute: () => appRoute,
    path: '/sign-up-info',
    component: appPage('SignUpInfoPage'),
  }),
  createRoute({ getParentRoute: () => appRoute, path: '/signout', component: appPage('SignOutPage') }),
  // Settings pages load with the page (route-level code splitting).
  createRoute({
    getParentRoute: () => appRoute,
    path: '/setting/roles',
    component: appPage('RolesPage'),
  }),
  createRoute({
    getParentRoute: () => appRoute,
    path: '/setting/roles/create-role',
    component: appPage('RoleEditorPage'),
  }),
  editRoleRoute,
  createRoute({
    getParentRoute: () => appRoute,
    path: '/setting/team',
    component: appPage('TeamPage'),
  }),
  createRoute({
    getParentRoute: () => appRoute,
    path: '/setting/team/invite',
    component: appPage('InviteMemberPage'),
  }),
  // Audit log: its filters are the address's search params, which its page checks (src/routes/audit-log-search.ts).
  createRoute({
    getParentRoute: () => appRoute,
    path: '/setting/audit-log',
    component: appPage('AuditLogRoute'),
  }),
  // Developers (API keys, webhooks, API reference): the selected tab is the address's `tab`, which its page checks.
  createRoute({
    getParentRoute: () => appRoute,
    path: '/developers',
    component: appPage('DevelopersPage'),
  }),
  // SPEC §2.4/§2.5: profile settings (with the notifications tab) and the two preference routes.
  createRoute({
    getParentRoute: () => appRoute,
    path: '/setting/profile-settings',
    // The profile as the server has it (GET /users/me). A failed or undecodable answer is a route
    // error: the error fallback shows, and 'Try Again' runs this loader again (SPEC §4 Error fallback).
    loader: ({ context }) => context.system.api.profile(),
    component: appPage('ProfileSettingsPage'),
  }),
  // Ours: everyone's own account (src/navigation/account.ts), open to every signed-in person; the
  // same profile loader as Profile Settings, whose tabs it shares.
  createRoute({
    getParentRoute: () => appRoute,
    path: '/account',
    loader: ({ context }) => context.system.api.profile(),
    component: appPage('AccountPage'),
  }),
  ...['/notification-settings', '/notifications/settings'].map((path) =>
    createRoute({
      getParentRoute: () => appRoute,
      path,
      component: appPage('NotificationSettingsPage'),
    }),
  ),
  // Lazy like the settings pages: its chart library stays out of the initial bundle.
  createRoute({
    getParentRoute: () => appRoute,
    path: '/billing',
    component: appPage('BillingPage'),
  }),
  // SPEC §2.3/§2.5: pick a workspace (bare layout).
  createRoute({
    getParentRoute: () => appRoute,
    path: '/workspace-selection',
    component: appPage('WorkspaceSelectionPage'),
  }),
  createRoute({
    getParentRoute: () => appRoute,
    path: '/setting/workspace-settings',
    component: appPage('WorkspaceSettingsPage'),
  }),
  // SPEC §2.5: the full list of notifications (lazy: only its page needs it).
  createRoute({
    getParentRoute: () => appRoute,
    path: '/notifications',
    component: appPage('NotificationsPage'),
  }),
  // SPEC §2.5: a channel sign-in (LinkedIn, Messenger, ...) completes here, signed in: the same
  // message as the public /auth-callback, not a 'Coming soon' section.
  createRoute({
    getParentRoute: () => appRoute,
    path: '/auth-callback/$',
    component: () => <PublicPage pageKey="/auth-callback" />,
  }),
  // Every other route of SPEC §2.4/§2.5 (the gate has already checked it exists and is allowed).
  createRoute({ getParentRoute: () => appRoute, path: '/$', component: AppRoutePage }),
]

const routeTree = rootRoute.addChildren([...publicRoutes, signInRoute, signUpRoute, setPasswordRoute, ssoStartRoute, ssoCallbackRoute, forgotPasswordRoute, resetPasswordRoute, confirmEmailRoute, unsubscribeRoute, appRoute.addChildren(appChildren)])

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

