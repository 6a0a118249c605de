/**
 * Builds the root actor system of the browser app (CONVENTIONS: one root actor system): the app
 * machine with every root actor provided by its home in src/system (`token.ts`, `auth.ts`,
 * `sidebar.ts`, `language.ts`). Views and the router only read snapshots and send events.
 *
 * `permissions`, `credits` and `workspaces` join the same system from their own chunk
 * (`signed-in-actors.ts`) as soon as a session exists or is being checked (`signedIn.load()`), so
 * the sign-in page never carries them; the /app route waits for them (src/routes/tree.tsx).
 * `notifications`, `push` and the command palette (`commandPalette.ts`) join
 * the same system later, from their own chunk (`deferred-actors.ts`), when the signed-in shell
 * asks (`deferred.load()`), and the version check (`versionCheck.ts`) once the first page is up
 * (`versionCheck.load()`), so no page's first load carries them. Until the palette has started,
 * `paletteKeys` (`commandPalette-keys.ts`) keeps what the signed-in shell asks of it.
 * 'Confirm it's you' (`reverification.ts`) joins it the first time a call answers 403
 * `reverification_required` (`reverification-host.ts`).
 */
import { type ActorRefFrom, type Actor, type StateValueFrom, createActor } from 'xstate'
import { appMachine } from '../../machines/app/app.machine.ts'
import { findSystemActor, getSystemActor } from '../../machines/app/app.system.ts'
import type { AuthMachine } from '../../machines/auth/auth.machine.ts'
import { SystemId } from '../../machines/shared/system-ids.ts'
import type { SidebarInput, SidebarMachine } from '../../machines/sidebar/sidebar.machine.ts'
import type { ToastsMachine } from '../../machines/toasts/toasts.machine.ts'
import type { TokenMachine } from '../../machines/token/token.machine.ts'
import type { VersionCheckMachine } from '../../machines/versionCheck/versionCheck.machine.ts'
import { createApiClient } from '../api/client.ts'
import { withReverification } from '../api/reverification.ts'
import type { ReverificationMachine } from '../../machines/reverification/reverification.machine.ts'
import { createEndpoints, type Endpoints } from '../api/endpoints.ts'
import type { CookieJar } from '../platform/cookies.ts'
import { handToServiceWorker } from '../platform/outliving.ts'
import { hasStoredSession, type SessionStore } from '../platform/session-storage.ts'
import { browserAuth } from './auth.ts'
import type { CommandTargets } from './commandPalette.ts'
import { type EarlyPaletteKeysActor, earlyPaletteKeys } from './commandPalette-keys.ts'
import { pageConnectivity, refreshWhenBackOnline } from './connectivity.ts'
import { primeWhenFirstControlled } from './serviceWorker.ts'
import type { DeferredActors } from './deferred-actors.ts'
import { browserHasPasskeys, lateReverification } from './reverification-host.ts'
import { loadOnce } from '../platform/load-once.ts'
import { createSessionPort } from './session-port.ts'
import { browserSidebar } from './sidebar.ts'
import { adoptSavedLanguage, browserLanguage, followOtherTabs } from './language.ts'
import type { LanguageMachine } from '../../machines/language/language.machine.ts'
import { ENGLISH, type LoadedLanguage, type LanguageLoader } from '../i18n/catalogue.ts'
import { localizeApiError } from '../i18n/api-errors.ts'
import { createTranslator } from '../i18n/translator.ts'
import { browserToken } from './token.ts'
import type { SignedInActors } from './signed-in-actors.ts'

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
  /**
   * The theme the command palette's 'Toggle theme' changes (src/platform/theme.ts controller);
   * without one it goes through the window's storage (`windowTheme`), which the controller follows.
   */
  readonly theme?: Pick<CommandTargets['theme'], 'preference' | 'setPreference'>
  /**
   * The language the first render speaks (loaded before it, src/main.tsx) and how others load;
   * default English, with nothing else to load (tests).
   */
  readonly language?: { readonly initial: LoadedLanguage; readonly load: LanguageLoader }
}

/** Actors of the root system that start after the first load, for views to wait on and the app to start. */
export interface LateActors<T> {
  /** The actors once started, else null. */
  current(): T | null
  /** Called when they start (the root's snapshot changes); returns the unsubscribe. */
  subscribe(listener: () => void): () => void
  /** Downloads their chunk and starts them, once (later calls join the first); resolves with them. */
  load(): Promise<T>
}

/** The deferred actors of the signed-in shell (notifications, push, the command palette). */
export type DeferredSystem = LateActors<DeferredActors>

export interface AppSystem {
  readonly root: Actor<typeof appMachine>
  readonly auth: ActorRefFrom<AuthMachine>
  readonly token: ActorRefFrom<TokenMachine>
  /**
   * The permissions (SPEC §6), the current org's credits summary (SPEC §3, §7) and the signed-in
   * user's workspace list and switcher (SPEC §2.6, §4): loaded and started once a session exists
   * or is being checked; the /app route's `beforeLoad` waits for `load()`, so /app views always have them.
   */
  readonly signedIn: LateActors<SignedInActors>
  readonly toasts: ActorRefFrom<ToastsMachine>
  readonly sidebar: ActorRefFrom<SidebarMachine>
  /** The language the app speaks, and switching it (src/system/language.ts). */
  readonly language: ActorRefFrom<LanguageMachine>
  /**
   * 'Confirm it's you': the dialog any call answered 403 `reverification_required` asks for
   * (src/api/reverification.ts). Closed (`idle`) until the first such call starts the real actor
   * from its chunk (src/system/reverification-host.ts); from then on, that actor.
   */
  readonly reverification: ActorRefFrom<ReverificationMachine>
  /**
   * The version check and its update prompt (SPEC §4 Version check), started once the first page
   * is up (src/routes/providers.tsx asks) from the chunk of src/system/versionCheck.ts.
   */
  readonly versionCheck: LateActors<ActorRefFrom<VersionCheckMachine>>
  /**
   * The current org's in-app notifications (SPEC §2.6, §4 Notifications, Polling),
   * browser push (SPEC §3, §4 Push permission) and the command palette with the keyboard shortcuts
   * help, started from their own chunk on `load()`.
   */
  readonly deferred: DeferredSystem
  /**
   * Keeps Ctrl/Cmd+K, '?' and the 'Search' button pressed in the signed-in shell before the
   * palette's actor (one of `deferred`) has started, and hands them to it when it does.
   */
  readonly paletteKeys: EarlyPaletteKeysActor
  readonly api: Endpoints
  stop(): void
}

/** Creates and starts the system. The first verification (SPEC §4) starts immediately. */
export function createAppSystem(options: AppSystemOptions): AppSystem {
  const now = options.now ?? Date.now
  const { store } = options
  let root: Actor<typeof appMachine> | undefined
  const token = () => getSystemActor(root!.system, SystemId.token)
  // x-org-id comes from this tab's auth actor, not from storage: another tab switching org
  // rewrites the stored id, and this tab must keep its own tenant until it reloads (SPEC §4).
  const port = createSessionPort(
    token,
    () => (root ? findSystemActor(root.system, SystemId.auth) : undefined)?.getSnapshot().context.orgId ?? null,
    now,
  )
  // A call answered 403 reverification_required asks the reverification actor (started then, from
  // its own chunk), then is repeated once.
  const reverification = lateReverification(
    () => root!,
    async () => (await import('./reverification.ts')).browserReverification(api, client),
  )
  // API errors read in the language the page speaks (kept current below, once the language actor runs).
  let spoken = options.language?.initial ?? ENGLISH
  let errorTranslator = createTranslator(spoken)
  const localizeError = (code: string, message: string) => localizeApiError(errorTranslator, code, message)
  const handOver = handToServiceWorker(options.window?.navigator.serviceWorker)
  const client = withReverification(createApiClient({ baseUrl: options.apiBaseUrl, session: port, localizeError, handOver }), reverification.prompt)
  const api = createEndpoints(client)

  const win = options.window
  /** The session was verified from storage while offline: back online it is verified again. */
  let verifiedOffline = false
  /** The signed-in user's id, or null (read when a person's own stored choice is needed). */
  const signedInPerson = () => (root ? findSystemActor(root.system, SystemId.auth) : undefined)?.getSnapshot().context.user?._id ?? null
  // Each machine's browser side lives in its own file (src/system/<machine>.ts).
  const machine = appMachine.provide({
    actors: {
      token: browserToken({ api, store, now, locks: options.locks }),
      auth: browserAuth({
        api,
        store,
        now,
        navigate: options.navigate,
        tokens: () => token().getSnapshot().context.tokens,
        language: () => spoken.locale,
        ...(win ? { offline: () => !win.navigator.onLine, onOfflineSession: () => void (verifiedOffline = true) } : {}),
      }),
      sidebar: browserSidebar(win, options.cookies),
      language: browserLanguage({
        load: options.language?.load ?? (async (locale) => (locale === 'en' ? { locale, catalogue: {} } : Promise.reject(new Error(`${locale} is not loaded here`)))),
        api,
        person: signedInPerson,
        ...(win ? { window: win } : {}),
      }),
    },
  })

  root = createActor(machine, {
    input: {
      tokens: store.readTokens(),
      auth: { hasStoredSession: hasStoredSession(store), payload: store.readPayload(), orgId: store.readOrgId() },
      ...(options.sidebar ? { sidebar: options.sidebar } : {}),
      reverification: { passkeySupported: browserHasPasskeys(win) },
      ...(options.language ? { language: { language: options.language.initial } } : {}),
    },
  })
  root.start()
  const toasts = getSystemActor(root.system, SystemId.toasts)
  const started = root
  // The signed-in actors are the root's `signedIn.running` state (machines/app/app.machine.ts).
  const currentSignedIn = onceStarted(started, { signedIn: 'running' }, (system) => ({
    permissions: getSystemActor(system, SystemId.permissions),
    credits: getSystemActor(system, SystemId.credits),
    workspaces: getSystemActor(system, SystemId.workspaces),
  }))
  const loadSignedIn = loadOnce(async () => {
    const { startSignedInActors } = await import('./signed-in-actors.ts')
    startSignedInActors(started, api, win)
    const actors = currentSignedIn()
    if (actors === null) throw new Error('The app system stopped before the signed-in session started')
    return actors
  })
  // Loaded as soon as a session exists or is being checked (at boot with a stored one, in
  // parallel with its check; else on sign-in), never for a signed-out visit. Auth is followed only
  // until they run; a failed download is tried again on the next change, and by the /app route,
  // which waits for it.
  const auth = getSystemActor(root.system, SystemId.auth)
  let asked: Promise<SignedInActors> | undefined
  const loadWhenSignedIn = () => {
    if (auth.getSnapshot().matches('unauthenticated')) return
    const load = loadSignedIn()
    if (load === asked) return
    asked = load
    load.then(
      () => signedInLoads.unsubscribe(),
      (error: unknown) => {
        if (started.getSnapshot().status === 'active') console.warn('The signed-in session could not be loaded:', error)
      },
    )
  }
  const signedInLoads = auth.subscribe(loadWhenSignedIn)
  loadWhenSignedIn()
  const paletteKeys = createActor(earlyPaletteKeys(win)).start()
  // The deferred actors are the root's `complete` state (machines/app/app.machine.ts);
  // views follow the root's snapshot, which changes only when they start.
  const current = onceStarted(started, { shell: 'complete' }, (system) => ({
    notifications: getSystemActor(system, SystemId.notifications),
    push: getSystemActor(system, SystemId.push),
    commandPalette: getSystemActor(system, SystemId.commandPalette),
  }))
  let stopDeferred = () => {}
  const load = loadOnce(async () => {
    // The palette reaches the workspaces and permissions: they start first.
    const [{ startDeferredActors }] = await Promise.all([import('./deferred-actors.ts'), loadSignedIn()])
    stopDeferred = startDeferredActors(started, {
      api,
      apiBaseUrl: options.apiBaseUrl,
      accessToken: () => token().getSnapshot().context.tokens?.accessToken ?? null,
      now,
      person: signedInPerson,
      currentOrgId: () => store.readOrgId(),
      window: win,
      navigate: options.navigate,
      paletteKeys,
      ...(options.theme ? { theme: options.theme } : {}),
    })
    return current() as DeferredActors
  })
  const currentVersionCheck = () =>
    started.getSnapshot().matches({ versionCheck: 'running' }) ? getSystemActor(started.system, SystemId.versionCheck) : null
  const loadVersionCheck = loadOnce(async () => {
    const { startVersionCheck } = await import('./versionCheck.ts')
    startVersionCheck(started, win, options.buildVersion ?? null, now)
    return currentVersionCheck() as ActorRefFrom<VersionCheckMachine>
  })
  const onRootChange = (listener: () => void) => {
    const sub = started.subscribe(() => listener())
    return () => sub.unsubscribe()
  }
  const sidebar = getSystemActor(root.system, SystemId.sidebar)
  const language = getSystemActor(root.system, SystemId.language)
  const stopAdopting = adoptSavedLanguage(getSystemActor(root.system, SystemId.auth), language, win)
  const stopFollowingTabs = win ? followOtherTabs(win, language, Boolean(import.meta.env?.DEV)) : () => {}
  // Back online, what the shell showed from the offline cache is asked again.
  const stopRefreshing = win
    ? refreshWhenBackOnline(pageConnectivity(), () => {
        const reverify = verifiedOffline
        verifiedOffline = false
        return { auth: reverify ? auth : null, ...(currentSignedIn() ?? {}) }
      })
    : () => {}
  // The first worker's takeover: the kept reads (src/sw/offline.ts) asked again through it.
  const stopPriming = primeWhenFirstControlled(win?.navigator.serviceWorker, () => {
    const actors = currentSignedIn()
    actors?.workspaces.send({ type: 'workspaces.invalidate' })
    actors?.permissions.send({ type: 'permissions.refetch' })
    actors?.credits.send({ type: 'credits.refetch' })
  })
  const languageChanges = language.subscribe(({ context }) => {
    if (context.language === spoken) return
    spoken = context.language
    errorTranslator = createTranslator(spoken)
  })
  return {
    root,
    auth,
    token: token(),
    signedIn: { current: currentSignedIn, subscribe: onRootChange, load: loadSignedIn },
    toasts,
    sidebar,
    language,
    reverification: reverification.actor,
    versionCheck: { current: currentVersionCheck, subscribe: onRootChange, load: loadVersionCheck },
    deferred: { current, subscribe: onRootChange, load },
    paletteKeys,
    api,
    stop: () => {
      stopDeferred()
      signedInLoads.unsubscribe()
      stopAdopting()
      stopFollowingTabs()
      stopRefreshing()
      stopPriming()
      languageChanges.unsubscribe()
      paletteKeys.stop()
      root?.stop()
    },
  }
}

/**
 * A getter for late actors of the root: null until the root is in `state`, then what `pick` reads
 * from its system, the same object on every later call (views compare it by identity).
 */
function onceStarted<T>(
  root: Actor<typeof appMachine>,
  state: StateValueFrom<typeof appMachine>,
  pick: (system: Actor<typeof appMachine>['system']) => T,
): () => T | null {
  let actors: T | null = null
  return () => {
    if (actors === null && root.getSnapshot().matches(state)) actors = pick(root.system)
    return actors
  }
}
