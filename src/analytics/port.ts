/**
 * The analytics port (SPEC.md §7, the paragraph after the table): the app's only way to tell a
 * third-party service anything. Page views on route change (the tag manager), identify with id,
 * name, email and signup_completed (the product-analytics service), and caught rendering errors
 * with their component stack and a boundary flag (SPEC §8).
 *
 * Adapters (src/analytics/adapters.ts) implement it; which ones run is configuration
 * (`analyticsFromEnv`). By default none does: nothing leaves the browser, and the adapters' code
 * is not even loaded (`analyticsConfigured`; when configured they load once the page
 * is idle, `deferredAnalytics`).
 * Adapters never throw into the app: a failing adapter is logged and skipped (`combine`).
 */

/** The signed-in person as SPEC §7 identifies them. */
export interface AnalyticsIdentity {
  readonly id: string
  readonly name: string
  readonly email: string
  readonly signup_completed: boolean
}

/** Where a captured exception came from: a React error boundary (SPEC §7 "a boundary flag"). */
export interface ExceptionContext {
  readonly componentStack: string | null
  readonly boundary: true
}

export interface AnalyticsPort {
  /** A page view of a same-origin path (`/app/dashboard`), on every route change. */
  pageView(path: string): void
  /** The signed-in person, when auth becomes authenticated. */
  identify(identity: AnalyticsIdentity): void
  /** A rendering error a boundary caught. */
  captureException(error: unknown, context: ExceptionContext): void
}

/** The default: does nothing, sends nothing. */
export const noAnalytics: AnalyticsPort = {
  pageView: () => {},
  identify: () => {},
  captureException: () => {},
}

/**
 * One port over several adapters, in order. An adapter that throws is logged (console.warn) and
 * the others still run: analytics never breaks the app.
 */
export function combine(adapters: ReadonlyArray<AnalyticsPort>): AnalyticsPort {
  if (adapters.length === 0) return noAnalytics
  const each = (name: string, call: (a: AnalyticsPort) => void) => {
    for (const adapter of adapters) {
      try {
        call(adapter)
      } catch (error) {
        console.warn(`Analytics ${name} failed:`, error)
      }
    }
  }
  return {
    pageView: (path) => each('pageView', (a) => a.pageView(path)),
    identify: (identity) => each('identify', (a) => a.identify(identity)),
    captureException: (error, context) => each('captureException', (a) => a.captureException(error, context)),
  }
}

/** The build-time variables (VITE_) that name an analytics service (src/analytics/adapters.ts). */
export const ANALYTICS_ENV_KEYS = [
  'VITE_ANALYTICS_CONSOLE',
  'VITE_GTM_ID',
  'VITE_ANALYTICS_HOST',
  'VITE_ANALYTICS_KEY',
  'VITE_META_PIXEL_ID',
  'VITE_LINKEDIN_PARTNER_ID',
] as const

/** The analytics configuration: `import.meta.env` in the app. */
export type AnalyticsEnv = { readonly [K in (typeof ANALYTICS_ENV_KEYS)[number]]?: string }

/** True when `env` names any analytics service, i.e. when the adapters are worth loading. */
export function analyticsConfigured(env: AnalyticsEnv): boolean {
  return ANALYTICS_ENV_KEYS.some((key) => (env[key]?.trim() ?? '') !== '')
}

/** Calls a deferred port keeps while its adapters load; older ones are dropped beyond it. */
export const DEFERRED_CALLS_KEPT = 100

/**
 * A port whose adapters arrive later (their code stays out of the first load). Calls
 * made before `adapters` resolves are kept (the last {@link DEFERRED_CALLS_KEPT}) and replayed in
 * order when it does; later calls go straight through. If `adapters` rejects, the kept calls are
 * dropped with a console warning and the port does nothing from then on.
 */
export function deferredAnalytics(adapters: Promise<AnalyticsPort>): AnalyticsPort {
  let port: AnalyticsPort | null = null
  let pending: Array<(port: AnalyticsPort) => void> | null = []
  const call = (run: (port: AnalyticsPort) => void) => {
    if (port !== null) run(port)
    else if (pending !== null) {
      pending.push(run)
      if (pending.length > DEFERRED_CALLS_KEPT) pending.shift()
    }
  }
  adapters.then(
    (loaded) => {
      port = combine([loaded])
      for (const run of pending ?? []) run(port)
      pending = null
    },
    (error: unknown) => {
      console.warn('Analytics could not load:', error)
      pending = null
    },
  )
  return {
    pageView: (path) => call((p) => p.pageView(path)),
    identify: (identity) => call((p) => p.identify(identity)),
    captureException: (error, context) => call((p) => p.captureException(error, context)),
  }
}

/** The message and name of anything thrown, for adapters that send text. */
export function describeError(error: unknown): { name: string; message: string; stack: string | null } {
  if (error instanceof Error) return { name: error.name, message: error.message, stack: error.stack ?? null }
  return { name: 'Error', message: typeof error === 'string' ? error : JSON.stringify(error) ?? String(error), stack: null }
}
