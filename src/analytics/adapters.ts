/**
 * The adapters of the analytics port (SPEC.md §7, the third-party services by kind) and the
 * configuration that picks them (`analyticsFromEnv`). Every service is off unless configured:
 * with no configuration nothing is loaded and nothing is sent (docs/decisions.md).
 *
 * | adapter            | enabled by                                   | loads / sends                                  |
 * |--------------------|----------------------------------------------|------------------------------------------------|
 * | console            | VITE_ANALYTICS_CONSOLE=true (development)    | console.info only                              |
 * | tag manager (GTM)  | VITE_GTM_ID                                  | gtm.js; `page_view` pushed to `dataLayer`      |
 * | product analytics  | VITE_ANALYTICS_HOST and VITE_ANALYTICS_KEY   | POST {host}/capture/ (page view, identify, exception) |
 * | Meta pixel         | VITE_META_PIXEL_ID                           | fbevents.js; `PageView`                        |
 * | LinkedIn Insight   | VITE_LINKEDIN_PARTNER_ID                     | insight.min.js; a page view per route          |
 */
import { type AnalyticsEnv, type AnalyticsIdentity, type AnalyticsPort, combine, describeError } from './port.ts'

/** The document pieces adapters use to load a script. */
export type ScriptHost = Pick<Document, 'createElement' | 'head'>

/** Appends `<script async src>` to the head; loaded scripts run with the page's origin rules (CSP). */
export function loadScript(doc: ScriptHost, src: string): HTMLScriptElement {
  const script = doc.createElement('script')
  script.async = true
  script.src = src
  doc.head.appendChild(script)
  return script
}

/** Development: every call written to the console; nothing leaves the browser. */
export function consoleAnalytics(out: Pick<Console, 'info'> = console): AnalyticsPort {
  return {
    pageView: (path) => out.info('[analytics] page view', path),
    identify: (identity) => out.info('[analytics] identify', identity),
    captureException: (error, context) => out.info('[analytics] exception', describeError(error).message, context),
  }
}

type DataLayerWindow = { dataLayer?: unknown[] }

/**
 * Google Tag Manager: loads gtm.js for `containerId` when created and pushes a `page_view`
 * (`page_path`) on each route change (SPEC §7 "a tag manager (page-view events on route
 * change)"). Identity and exceptions are not given to the tag manager: they go to the
 * product-analytics service, which the spec names for them.
 */
export function tagManagerAnalytics(containerId: string, win: DataLayerWindow, doc: ScriptHost): AnalyticsPort {
  const dataLayer = (win.dataLayer ??= [])
  dataLayer.push({ 'gtm.start': Date.now(), event: 'gtm.js' })
  loadScript(doc, `https://www.googletagmanager.com/gtm.js?id=${encodeURIComponent(containerId)}`)
  return {
    pageView: (path) => void dataLayer.push({ event: 'page_view', page_path: path }),
    identify: () => {},
    captureException: () => {},
  }
}

export interface ProductAnalyticsOptions {
  /** The service's origin, an http(s) URL (`https://eu.example-analytics.com`). */
  readonly host: string
  /** The project's public ingest key. */
  readonly apiKey: string
  readonly fetch: typeof fetch
  readonly now?: () => number
  /** An id for events before identify (random per page load, never stored). */
  readonly anonymousId?: string
}

/**
 * The product-analytics service over HTTP. SPEC §7 does not show its endpoint or payload, so we
 * send the common capture format (docs/decisions.md): `POST {host}/capture/` with
 * `{ api_key, event, distinct_id, properties, timestamp }`, events `$pageview`, `$identify`
 * (`$set`: name, email, signup_completed) and `$exception` (message, type, stack, component
 * stack, `boundary: true`). Sent with `keepalive`; a failed send is a console warning, never an
 * error in the app.
 * @throws Error when `host` is not an http(s) URL.
 */
export function productAnalytics(options: ProductAnalyticsOptions): AnalyticsPort {
  const host = URL.canParse(options.host) ? new URL(options.host) : null
  if (host === null || (host.protocol !== 'https:' && host.protocol !== 'http:')) throw new Error(`VITE_ANALYTICS_HOST must be an http(s) URL, got ${options.host}`)
  const url = new URL('/capture/', host)
  const now = options.now ?? Date.now
  let distinctId = options.anonymousId ?? globalThis.crypto?.randomUUID?.() ?? `anon-${now()}`
  const send = (event: string, properties: Record<string, unknown>) => {
    const body = JSON.stringify({ api_key: options.apiKey, event, distinct_id: distinctId, properties, timestamp: new Date(now()).toISOString() })
    const post = options.fetch // called unbound: window.fetch refuses another `this`
    void post(url.href, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body, keepalive: true, credentials: 'omit' })
      .then((response) => {
        if (!response.ok) console.warn(`Analytics ${event} answered ${response.status}`)
      })
      .catch((error: unknown) => console.warn(`Analytics ${event} could not be sent:`, error))
  }
  return {
    pageView: (path) => send('$pageview', { $pathname: path }),
    identify: (identity: AnalyticsIdentity) => {
      distinctId = identity.id
      send('$identify', { $set: { name: identity.name, email: identity.email, signup_completed: identity.signup_completed } })
    },
    captureException: (error, context) => {
      const { name, message, stack } = describeError(error)
      send('$exception', { $exception_type: name, $exception_message: message, $exception_stack_trace_raw: stack, componentStack: context.componentStack, boundary: context.boundary })
    },
  }
}

type FbqWindow = { fbq?: ((...args: unknown[]) => void) & { queue?: unknown[][] }; _fbq?: unknown }

/** The Meta (Facebook) pixel: loads fbevents.js for `pixelId` and tracks `PageView` per route change. */
export function metaPixel(pixelId: string, win: FbqWindow, doc: ScriptHost): AnalyticsPort {
  if (!win.fbq) {
    // The pixel's documented queueing stub: calls made before the script loads are replayed by it.
    const queue: unknown[][] = []
    const fbq = Object.assign((...args: unknown[]) => void queue.push(args), { queue, loaded: true, version: '2.0' })
    win.fbq = fbq
    win._fbq = fbq
    loadScript(doc, 'https://connect.facebook.net/en_US/fbevents.js')
  }
  win.fbq('init', pixelId)
  return {
    pageView: () => win.fbq?.('track', 'PageView'),
    identify: () => {},
    captureException: () => {},
  }
}

type LinkedInWindow = { _linkedin_partner_id?: string; _linkedin_data_partner_ids?: string[]; lintrk?: ((...args: unknown[]) => void) & { q?: unknown[][] } }

/** The LinkedIn Insight tag: loads insight.min.js for `partnerId`; it counts a page view per route change. */
export function linkedInInsight(partnerId: string, win: LinkedInWindow, doc: ScriptHost): AnalyticsPort {
  win._linkedin_partner_id = partnerId
  ;(win._linkedin_data_partner_ids ??= []).push(partnerId)
  if (!win.lintrk) {
    const q: unknown[][] = []
    win.lintrk = Object.assign((...args: unknown[]) => void q.push(args), { q })
    loadScript(doc, 'https://snap.licdn.com/li.lms-analytics/insight.min.js')
  }
  let first = true
  return {
    // The script counts the page it loads on; later route changes are tracked explicitly.
    pageView: () => {
      if (first) first = false
      else win.lintrk?.('track')
    },
    identify: () => {},
    captureException: () => {},
  }
}

/**
 * Builds the port from configuration: one adapter per configured service, none by default
 * (SPEC §7: nothing leaves the browser unless configured). A misconfigured service is skipped
 * with a console warning.
 */
export function analyticsFromEnv(env: AnalyticsEnv, browser: { window: DataLayerWindow & FbqWindow & LinkedInWindow; document: ScriptHost; fetch: typeof fetch }): AnalyticsPort {
  const set = (v: string | undefined) => (v !== undefined && v.trim() !== '' ? v.trim() : undefined)
  const adapters: AnalyticsPort[] = []
  if (set(env.VITE_ANALYTICS_CONSOLE) === 'true') adapters.push(consoleAnalytics())
  const gtm = set(env.VITE_GTM_ID)
  if (gtm) adapters.push(tagManagerAnalytics(gtm, browser.window, browser.document))
  const host = set(env.VITE_ANALYTICS_HOST)
  const key = set(env.VITE_ANALYTICS_KEY)
  if (host && key) {
    try {
      adapters.push(productAnalytics({ host, apiKey: key, fetch: browser.fetch }))
    } catch (error) {
      console.warn('Product analytics is off:', error)
    }
  }
  const meta = set(env.VITE_META_PIXEL_ID)
  if (meta) adapters.push(metaPixel(meta, browser.window, browser.document))
  const linkedIn = set(env.VITE_LINKEDIN_PARTNER_ID)
  if (linkedIn) adapters.push(linkedInInsight(linkedIn, browser.window, browser.document))
  return combine(adapters)
}
