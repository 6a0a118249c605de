/**
 * Builds the root actor system of the browser app (CONVENTIONS: one root actor system):
 * the app machine with its token and auth actors, their HTTP actors on the API client, and
 * their storage/navigation actions on the browser, and the sidebar with its window listeners
 * and cookie. Views and the router only read snapshots and send events.
 */
import { type ActorRefFrom, type Actor, createActor, fromCallback, fromPromise } from 'xstate'
import { appMachine, SystemId } from '../../machines/app/app.machine.ts'
import { authMachine, type AuthMachine } from '../../machines/auth/auth.machine.ts'
import { safeLocalPath } from '../../machines/auth/redirect.ts'
import { type CreditsEvent, creditsMachine, type CreditsMachine } from '../../machines/credits/credits.machine.ts'
import { type NotificationsMachine, notificationsMachine } from '../../machines/notifications/notifications.machine.ts'
import { permissionsMachine, type PermissionsMachine } from '../../machines/permissions/permissions.machine.ts'
import { type SidebarInput, type SidebarMachine, sidebarMachine } from '../../machines/sidebar/sidebar.machine.ts'
import type { ToastsMachine } from '../../machines/toasts/toasts.machine.ts'
import { WORKSPACE_CREATED_MESSAGE, type WorkspacesMachine, workspacesMachine } from '../../machines/workspaces/workspaces.machine.ts'
import { tokenMachine, type TokenMachine } from '../../machines/token/token.machine.ts'
import type { PushPermissionMachine } from '../../machines/pushPermission/pushPermission.machine.ts'
import { type VersionCheckMachine, versionCheckMachine } from '../../machines/versionCheck/versionCheck.machine.ts'
import { isRefreshDue, toStoredTokens } from '../../machines/token/token.policy.ts'
import type { AppVersion } from '../../contract/api.ts'
import type { SignUpRequest } from '../../contract/workspaces.ts'
import { createApiClient } from '../api/client.ts'
import { createEndpoints, type Endpoints } from '../api/endpoints.ts'
import type { CookieJar } from '../platform/cookies.ts'
import { withRefreshLock } from '../platform/refresh-lock.ts'
import { hasStoredSession, type SessionStore } from '../platform/session-storage.ts'
import { keyboardShortcutListener, viewportListener } from '../ui/shell/listeners.ts'
import { writeSidebarExpanded } from '../ui/shell/sidebar-cookie.ts'
import {
  browserSystemNotifications,
  loadNotificationsPage,
  notificationsCacheReader,
  notificationsStream,
  notificationsWindowListener,
  persistNotificationsCache,
  sendNotificationChange,
  showUrgentAsSystemNotifications,
  syncNotificationsAcrossTabs,
} from './notifications.ts'
import { createSessionPort } from './session-port.ts'
import { bridgeServiceWorkerMessages, browserPushPermission, readPushInput, registerServiceWorker } from './push.ts'
import { browserVersionCheck, versionCheckInput } from './version.ts'

export interface AppSystemOptions {
  readonly store: SessionStore
  /** Absolute API base URL, e.g. `${location.origin}/api`. */
  readonly apiBaseUrl: string
  /** Same-origin client-side navigation (the router's). */
  readonly navigate: (to: string) => void
  readonly now?: () => number
  /** Web Locks for cross-tab refresh coordination; defaults to `navigator.locks`. */
  readonly locks?: LockManager
  /**
   * The sidebar's start (SPEC §2.6): the saved state from the cookie and the viewport width,
   * read before the first render. Defaults to expanded at 1280 px.
   */
  readonly sidebar?: SidebarInput
  /** The browser window whose resizes and Ctrl/Cmd+B the sidebar follows; without one (tests), nothing is listened to. */
  readonly window?: Window
  /** Where the sidebar state cookie is written (SPEC §2.6); without one it is not saved. */
  readonly cookies?: CookieJar
  /** The running build's version (`import.meta.env.VITE_APP_VERSION`), for the version check; null when unknown. */
  readonly buildVersion?: string | null
}

export interface AppSystem {
  readonly root: Actor<typeof appMachine>
  readonly auth: ActorRefFrom<AuthMachine>
  readonly token: ActorRefFrom<TokenMachine>
  readonly permissions: ActorRefFrom<PermissionsMachine>
  /** The current org's credits summary (SPEC §3, §7). */
  readonly credits: ActorRefFrom<CreditsMachine>
  readonly toasts: ActorRefFrom<ToastsMachine>
  readonly sidebar: ActorRefFrom<SidebarMachine>
  /** The signed-in user's workspace list and the switcher (SPEC §2.6, §4). */
  readonly workspaces: ActorRefFrom<WorkspacesMachine>
  /** The current org's in-app notifications (SPEC §2.6, §4 Notifications, Polling). */
  readonly notifications: ActorRefFrom<NotificationsMachine>
  /** The version check and its update prompt (SPEC §4 Version check). */
  readonly versionCheck: ActorRefFrom<VersionCheckMachine>
  /** Browser push permission and this device's subscription (SPEC §3, §4 Push permission). */
  readonly push: ActorRefFrom<PushPermissionMachine>
  readonly api: Endpoints
  stop(): void
}

/** Creates and starts the system. The first verification (SPEC §4) starts immediately. */
export function createAppSystem(options: AppSystemOptions): AppSystem {
  const now = options.now ?? Date.now
  const { store } = options
  let root: Actor<typeof appMachine> | undefined
  const token = () => root!.system.get(SystemId.token) as ActorRefFrom<TokenMachine>
  // x-org-id comes from this tab's auth actor, not from storage: another tab switching org
  // rewrites the stored id, and this tab must keep its own tenant until it reloads (SPEC §4).
  const port = createSessionPort(
    token,
    () => (root?.system.get(SystemId.auth) as ActorRefFrom<AuthMachine> | undefined)?.getSnapshot().context.orgId ?? null,
    now,
  )
  const api = createEndpoints(createApiClient({ baseUrl: options.apiBaseUrl, session: port }))

  const machine = appMachine.provide({
    actors: {
      token: tokenMachine.provide({
        actors: {
          refreshTokens: fromPromise(({ input }: { input: { refreshToken: string } }) =>
            withRefreshLock(async () => {
              // Another tab may have rotated the refresh token: the cookies then hold the newest
              // pair. Adopt it while fresh, else refresh with it — never with the spent one.
              const stored = store.readTokens()
              const newer = stored && stored.refreshToken !== input.refreshToken ? stored : null
              if (newer && !isRefreshDue(newer, now())) return newer
              const rotated = toStoredTokens(await api.refreshToken(newer?.refreshToken ?? input.refreshToken), now())
              // Stored before the lock is released: the token machine persists them too, but only
              // after this promise settles, and by then a waiting tab would already have read the
              // spent pair and presented it (reuse: the server revokes the family). Found by the
              // two-tab end-to-end test.
              store.writeTokens(rotated)
              return rotated
            }, options.locks),
          ),
        },
        actions: {
          persistTokens: (_, params) => store.writeTokens(params.tokens),
          eraseTokens: () => store.clearTokens(),
        },
      }),
      auth: authMachine.provide({
        actors: {
          signIn: fromPromise(async ({ input }: { input: { email: string; password: string } }) => {
            const response = await api.signIn(input)
            return { tokens: toStoredTokens(response, now()), orgId: response.org_id }
          }),
          signUp: fromPromise(async ({ input }: { input: SignUpRequest }) => {
            const response = await api.signUp(input)
            return { tokens: toStoredTokens(response, now()), orgId: response.org_id }
          }),
          verifyToken: fromPromise(() => api.verifyToken()),
          logout: fromPromise(async () => {
            const tokens = token().getSnapshot().context.tokens
            if (!tokens) return { url: '/signin' }
            return api.logout({ refresh_token: tokens.refreshToken, token: tokens.accessToken })
          }),
        },
        actions: {
          storeOrgId: (_, params) => store.writeOrgId(params.orgId),
          storePayload: (_, params) => store.writePayload(params),
          clearStoredSession: () => store.clearAll(),
          navigate: (_, params) => {
            if (params.to !== null) options.navigate(safeLocalPath(params.to, '/app'))
          },
        },
      }),
      workspaces: workspacesMachine.provide({
        actors: {
          loadWorkspaces: fromPromise(async () => (await api.myWorkspaces()).workspaces),
          createWorkspace: fromPromise(({ input }) => api.createWorkspace(input)),
        },
      }),
      permissions: permissionsMachine.provide({
        actors: { loadPermissionSets: fromPromise(() => api.permissionSets()) },
      }),
      credits: creditsMachine.provide({
        actors: {
          // SPEC §7: the client reads `data.summary`; x-org-id is the auth actor's org, the one the machine follows.
          loadCredits: fromPromise(async () => (await api.monthlyCreditsUsage()).data.summary),
          ...(options.window ? { focusListener: windowFocusListener(options.window) } : {}),
        },
      }),
      notifications: notificationsMachine.provide({
        actors: {
          loadPage: loadNotificationsPage(api),
          sendChange: sendNotificationChange(api),
          ...(options.window
            ? {
                windowListener: notificationsWindowListener(options.window),
                // Live pushes (docs/api.md stream); the token actor holds the current access token.
                pushListener: notificationsStream({ apiBaseUrl: options.apiBaseUrl, accessToken: () => token().getSnapshot().context.tokens?.accessToken ?? null }),
                cacheReader: notificationsCacheReader(options.window.localStorage, now),
              }
            : {}),
        },
      }),
      // Without a window (tests) the check never answers: no prompt, no warning.
      versionCheck: options.window
        ? browserVersionCheck(options.window, now)
        : versionCheckMachine.provide({ actors: { fetchVersion: fromPromise<AppVersion>(() => new Promise(() => {})) } }),
      // Without a window the machine's input says there is no browser: push stays inactive.
      ...(options.window ? { pushPermission: browserPushPermission({ api, window: options.window, navigate: options.navigate }) } : {}),
      sidebar: sidebarMachine.provide({
        actors: options.window ? { viewportListener: viewportListener(options.window), keyboardShortcut: keyboardShortcutListener(options.window) } : {},
        actions: {
          storeSidebarState: (_, params) => {
            if (options.cookies) writeSidebarExpanded(options.cookies, params.expanded)
          },
        },
      }),
    },
  })

  root = createActor(machine, {
    input: {
      tokens: store.readTokens(),
      auth: { hasStoredSession: hasStoredSession(store), payload: store.readPayload(), orgId: store.readOrgId() },
      ...(options.sidebar ? { sidebar: options.sidebar } : {}),
      ...(options.window ? { version: versionCheckInput(options.window, options.buildVersion ?? null) } : {}),
      ...(options.window ? { push: readPushInput(options.window) } : {}),
    },
  })
  root.start()
  const workspaces = root.system.get(SystemId.workspaces) as ActorRefFrom<WorkspacesMachine>
  const toasts = root.system.get(SystemId.toasts) as ActorRefFrom<ToastsMachine>
  // SPEC §8: the outcomes of creating a workspace become toasts, whatever view is on screen.
  workspaces.on('workspaces.created', () => toasts.send({ type: 'toast.show', toastType: 'success', message: WORKSPACE_CREATED_MESSAGE }))
  workspaces.on('workspaces.createFailed', (e) => toasts.send({ type: 'toast.show', toastType: 'error', message: e.message }))
  const notifications = root.system.get(SystemId.notifications) as ActorRefFrom<NotificationsMachine>
  if (options.window) {
    // SPEC §9 cache and §4 system notifications for urgent ones while the tab is hidden.
    persistNotificationsCache(notifications, options.window.localStorage, now)
    // Other tabs of the same org mirror this tab's changes (BroadcastChannel where the browser has it).
    if (typeof BroadcastChannel !== 'undefined') syncNotificationsAcrossTabs(notifications, new BroadcastChannel('engage-notifications'))
    const systemNotifications = browserSystemNotifications(options.window)
    const win = options.window
    if (systemNotifications) {
      // Same-origin paths go through the router; absolute http(s) URLs open in a new tab.
      showUrgentAsSystemNotifications(notifications, systemNotifications, (to) => (to.startsWith('/') ? options.navigate(to) : void win.open(to, '_blank', 'noopener')))
    }
    // SPEC §7: the service worker at /sw.js, scope / (failures logged only); its pushes, clicks and subscription changes reach the app.
    void registerServiceWorker(win.navigator)
    const push = root.system.get(SystemId.push) as ActorRefFrom<PushPermissionMachine>
    bridgeServiceWorkerMessages(win.navigator, { notifications, push, navigate: options.navigate, now })
  }
  return {
    root,
    auth: root.system.get(SystemId.auth) as ActorRefFrom<AuthMachine>,
    token: token(),
    permissions: root.system.get(SystemId.permissions) as ActorRefFrom<PermissionsMachine>,
    credits: root.system.get(SystemId.credits) as ActorRefFrom<CreditsMachine>,
    toasts: root.system.get(SystemId.toasts) as ActorRefFrom<ToastsMachine>,
    sidebar: root.system.get(SystemId.sidebar) as ActorRefFrom<SidebarMachine>,
    workspaces,
    notifications,
    versionCheck: root.system.get(SystemId.versionCheck) as ActorRefFrom<VersionCheckMachine>,
    push: root.system.get(SystemId.push) as ActorRefFrom<PushPermissionMachine>,
    api,
    stop: () => root?.stop(),
  }
}

/** The credits machine's focus listener: `credits.focused` on every window `focus` (the machine throttles). */
function windowFocusListener(win: Pick<Window, 'addEventListener' | 'removeEventListener'>) {
  return fromCallback(({ sendBack }) => {
    const onFocus = () => sendBack({ type: 'credits.focused' } satisfies CreditsEvent)
    win.addEventListener('focus', onFocus)
    return () => win.removeEventListener('focus', onFocus)
  })
}
