/**
 * The root route's layout (split of the router): the providers that hand the root
 * actor system to views, and what every page shows around its outlet (toasts, the floating
 * bug-report button, the update prompt, the error fallback, link prefetch). The route tree is
 * src/routes/tree.tsx; the router's bindings to the system are src/routes/bindings.ts.
 */
import { Outlet, useLocation, useRouteContext, useRouter } from '@tanstack/react-router'
import { useSelector } from '@xstate/react'
import { type ReactNode, Suspense, useEffect, useMemo, useSyncExternalStore } from 'react'
import { RouterProvider as AriaRouterProvider } from 'react-aria-components'
import { useAfterFirstPage } from '../navigation/idle.ts'
import { isExternalHref } from '../navigation/paths.ts'
import { lazyOnDemand } from '../platform/lazy-on-demand.ts'
import { loadUntilLoaded } from '../platform/load-until-loaded.ts'
import { ApiProvider } from '../system/api.tsx'
import type { AppSystem } from '../system/app-system.ts'
import type { VersionCheckActor } from '../ui/UpdatePrompt.tsx'
import { PushActorProvider } from '../system/pushPermission-react.tsx'
import { DeferredStateProvider, NotificationsActorProvider } from '../system/react.tsx'
import { ToastsActorProvider } from '../system/toasts.tsx'
import { ErrorBoundary } from '../ui/ErrorFallback.tsx'
import { ToastRegion } from '../ui/ToastRegion.tsx'
import { selectIsOpen as selectReverificationOpen } from '../../machines/reverification/reverification.selectors.ts'
import type { ReverificationActor } from '../system/reverification.ts'

// The floating bug-report button and its form: on every page (SPEC §2.3), but never needed for a
// page's first interaction, so it loads once the first page is up and the browser is idle, and a
// failed load (the server restarting) is retried rather than thrown.
const { Component: BugReport } = lazyOnDemand(
  () => loadUntilLoaded(() => import('../ui/bugReport/BugReport.tsx')),
  (m) => m.BugReport,
)

// SPEC §4 Version check: the check and its prompt start once the first page is up, on
// every page; the prompt's view loads with them, retried like the bug report's.
const { Component: UpdatePrompt } = lazyOnDemand(
  () => loadUntilLoaded(() => import('../ui/UpdatePrompt.tsx')),
  (m) => m.UpdatePrompt,
)

// SPEC §9 link prefetch: it preloads only while the browser is idle, so its observer loads once the
// first page is up, beside the bug report.
const { Component: LinkPrefetch } = lazyOnDemand(
  () => loadUntilLoaded(() => import('../navigation/LinkPrefetch.tsx')),
  (m) => m.LinkPrefetch,
)

// 'Confirm it's you': asked only by a sensitive change, so its dialog loads the first time one asks.
const { Component: ReverificationDialog } = lazyOnDemand(
  () => loadUntilLoaded(() => import('../ui/ReverificationDialog.tsx')),
  (m) => m.ReverificationDialog,
)

/** The 'Confirm it's you' dialog while the reverification actor asks (src/api/reverification.ts). */
function ReverificationHost({ actor }: { actor: ReverificationActor }) {
  const open = useSelector(actor, selectReverificationOpen)
  return open ? (
    <Suspense fallback={null}>
      <ReverificationDialog actor={actor} />
    </Suspense>
  ) : null
}

/**
 * Every actor of the root system that views read, each through its own context (src/system/react.tsx),
 * so a story can hand a view one standalone actor. Auth and the sidebar are provided above the
 * router (src/main.tsx): the router's own error fallback needs them. The deferred actors
 * (notifications, push) are provided once started, and marked pending until then. The signed-in
 * actors (permissions, credits, workspaces) are provided by the /app route (src/routes/AppRoute.tsx),
 * which waits for them.
 */
export function SystemProviders({ system, children }: { system: AppSystem; children: ReactNode }) {
  const deferred = useSyncExternalStore(system.deferred.subscribe, system.deferred.current)
  const pending = deferred === null
  // A failed download is logged; the next view that asks tries again.
  const deferredState = useMemo(
    () => ({ pending, start: () => void system.deferred.load().catch((error: unknown) => console.warn('The notifications could not be loaded:', error)) }),
    [pending, system],
  )
  return (
    <ApiProvider api={system.api}>
      <ToastsActorProvider actor={system.toasts}>
        <DeferredStateProvider value={deferredState}>
          {/* The same tree before and after they start (null until then), so nothing below remounts. */}
          <NotificationsActorProvider actor={deferred?.notifications ?? null}>
            <PushActorProvider actor={deferred?.push ?? null}>{children}</PushActorProvider>
          </NotificationsActorProvider>
        </DeferredStateProvider>
      </ToastsActorProvider>
    </ApiProvider>
  )
}

/** The root route's component: the providers, the page, and what every page shows around it. */
export function RootLayout() {
  const router = useRouter()
  const { system } = useRouteContext({ from: '__root__' })
  const { pathname } = useLocation()
  const afterFirstPage = useAfterFirstPage()
  const versionCheck: VersionCheckActor | null = useSyncExternalStore(system.versionCheck.subscribe, system.versionCheck.current)
  useEffect(() => {
    if (afterFirstPage) system.versionCheck.load().catch((error: unknown) => console.warn('The version check could not be loaded:', error))
  }, [afterFirstPage, system])
  // react-aria links and buttons navigate through the router (no full page loads). react-aria
  // hands over a plain string; the router resolves it like any href, except an external one
  // (the user menu's Documentation), which keeps its own address and is the browser's to open.
  return (
    <AriaRouterProvider
      navigate={(href) => router.navigate({ href })}
      useHref={(href) => (isExternalHref(href) ? href : router.buildLocation({ to: href as '/' }).href)}
    >
      <SystemProviders system={system}>
        {/* SPEC §4 Error fallback: routes catch their own errors (defaultErrorComponent); this catches the rest. */}
        <ErrorBoundary resetKey={pathname}>
          <Outlet />
        </ErrorBoundary>
        <ToastRegion />
        <ReverificationHost actor={system.reverification} />
        {/* SPEC §2.3/§2.6: the floating bug-report button, on public and app pages alike; SPEC §9: a
            link's page is preloaded once the link is within 200 px of the viewport. */}
        {afterFirstPage && (
          <>
            <Suspense fallback={null}>
              <BugReport />
            </Suspense>
            <Suspense fallback={null}>
              <LinkPrefetch />
            </Suspense>
          </>
        )}
        {versionCheck && (
          <Suspense fallback={null}>
            <UpdatePrompt actor={versionCheck} />
          </Suspense>
        )}
      </SystemProviders>
    </AriaRouterProvider>
  )
}
