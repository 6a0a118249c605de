// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest'
import { analyticsFromEnv, consoleAnalytics, linkedInInsight, metaPixel, productAnalytics, tagManagerAnalytics } from './adapters.ts'
import { type AnalyticsPort, DEFERRED_CALLS_KEPT, analyticsConfigured, combine, deferredAnalytics, noAnalytics } from './port.ts'

afterEach(() => {
  document.head.innerHTML = ''
  vi.restoreAllMocks()
})

const scripts = () => Array.from(document.head.querySelectorAll('script')).map((s) => s.src)
const ada = { id: 'u-1', name: 'Ada Lovelace', email: 'ada@acme.test', signup_completed: true }

function exercise(port: AnalyticsPort) {
  port.pageView('/app/dashboard')
  port.identify(ada)
  port.captureException(new Error('boom'), { componentStack: '\n    at Page', boundary: true })
}

describe('analytics by default', () => {
  it('loads no script, calls no network and writes nothing to the window when nothing is configured', () => {
    const win: Record<string, unknown> = {}
    const fetchFn = vi.fn()
    const port = analyticsFromEnv({}, { window: win, document, fetch: fetchFn })
    expect(port).toBe(noAnalytics)
    exercise(port)
    expect(scripts()).toEqual([])
    expect(fetchFn).not.toHaveBeenCalled()
    expect(win).toEqual({})
  })

  it('is not configured (the adapters are not even loaded) unless a variable is set to something', () => {
    expect(analyticsConfigured({})).toBe(false)
    expect(analyticsConfigured({ VITE_GTM_ID: ' ', VITE_META_PIXEL_ID: '' })).toBe(false)
    expect(analyticsConfigured({ VITE_LINKEDIN_PARTNER_ID: '42' })).toBe(true)
    expect(analyticsConfigured({ VITE_ANALYTICS_HOST: 'https://a.example' })).toBe(true)
  })

  it('blank values count as not configured; product analytics needs both host and key', () => {
    const fetchFn = vi.fn()
    const port = analyticsFromEnv({ VITE_GTM_ID: ' ', VITE_ANALYTICS_HOST: 'https://a.example' }, { window: {}, document, fetch: fetchFn })
    exercise(port)
    expect(scripts()).toEqual([])
    expect(fetchFn).not.toHaveBeenCalled()
  })
})

describe('adapters', () => {
  it('console: writes each call to the console only', () => {
    const info = vi.fn()
    exercise(consoleAnalytics({ info }))
    expect(info.mock.calls.map((c) => c[0])).toEqual(['[analytics] page view', '[analytics] identify', '[analytics] exception'])
  })

  it('tag manager: loads gtm.js for the container and pushes page views to dataLayer, nothing else', () => {
    const win: { dataLayer?: unknown[] } = {}
    const port = tagManagerAnalytics('GTM-AB12', win, document)
    expect(scripts()).toEqual(['https://www.googletagmanager.com/gtm.js?id=GTM-AB12'])
    exercise(port)
    expect(win.dataLayer).toEqual([expect.objectContaining({ event: 'gtm.js' }), { event: 'page_view', page_path: '/app/dashboard' }])
  })

  it('product analytics: posts page views, identify and exceptions (with the boundary flag) to {host}/capture/', async () => {
    const fetchFn = vi.fn(async () => new Response(null, { status: 200 }))
    const port = productAnalytics({ host: 'https://eu.analytics.example', apiKey: 'phc_key', fetch: fetchFn as unknown as typeof fetch, now: () => 0, anonymousId: 'anon-1' })
    exercise(port)
    const bodies = fetchFn.mock.calls.map((c) => {
      const [url, init] = c as unknown as [string, RequestInit]
      expect(url).toBe('https://eu.analytics.example/capture/')
      expect(init).toMatchObject({ method: 'POST', keepalive: true, credentials: 'omit' })
      return JSON.parse(init.body as string)
    })
    expect(bodies[0]).toMatchObject({ api_key: 'phc_key', event: '$pageview', distinct_id: 'anon-1', properties: { $pathname: '/app/dashboard' } })
    expect(bodies[1]).toMatchObject({ event: '$identify', distinct_id: 'u-1', properties: { $set: { name: 'Ada Lovelace', email: 'ada@acme.test', signup_completed: true } } })
    expect(bodies[2]).toMatchObject({ event: '$exception', distinct_id: 'u-1', properties: { $exception_message: 'boom', componentStack: '\n    at Page', boundary: true } })
  })

  it('product analytics: refuses a non-http(s) host; a failed send is a warning, never an error', async () => {
    expect(() => productAnalytics({ host: 'javascript:alert(1)', apiKey: 'k', fetch: vi.fn() })).toThrow(/http\(s\)/)
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const port = productAnalytics({ host: 'https://a.example', apiKey: 'k', fetch: (async () => Promise.reject(new TypeError('offline'))) as unknown as typeof fetch })
    expect(() => port.pageView('/app')).not.toThrow()
    await new Promise((r) => setTimeout(r, 0))
    expect(warn).toHaveBeenCalled()
  })

  it('ad pixels: load their script only when created with an id, and count page views', () => {
    const win: Record<string, unknown> & { fbq?: { queue?: unknown[][] }; lintrk?: { q?: unknown[][] } } = {}
    const meta = metaPixel('123', win as never, document)
    const linkedIn = linkedInInsight('456', win as never, document)
    expect(scripts()).toEqual(['https://connect.facebook.net/en_US/fbevents.js', 'https://snap.licdn.com/li.lms-analytics/insight.min.js'])
    meta.pageView('/app')
    linkedIn.pageView('/app')
    linkedIn.pageView('/app/contacts')
    expect(win.fbq?.queue).toEqual([['init', '123'], ['track', 'PageView']])
    // The Insight script counts the page it loads on; later routes are tracked explicitly.
    expect(win.lintrk?.q).toEqual([['track']])
  })

  it('configuration turns on exactly the configured services', () => {
    const win: Record<string, unknown> = {}
    analyticsFromEnv({ VITE_GTM_ID: 'GTM-1', VITE_META_PIXEL_ID: '9' }, { window: win, document, fetch: vi.fn() })
    expect(scripts()).toEqual(['https://www.googletagmanager.com/gtm.js?id=GTM-1', 'https://connect.facebook.net/en_US/fbevents.js'])
  })
})

describe('combine', () => {
  it('calls every adapter; one that throws is logged and does not stop the others or the app', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const seen: string[] = []
    const broken: AnalyticsPort = { pageView: () => { throw new Error('blocked') }, identify: () => {}, captureException: () => {} }
    const ok: AnalyticsPort = { pageView: (p) => void seen.push(p), identify: () => {}, captureException: () => {} }
    expect(() => combine([broken, ok]).pageView('/app')).not.toThrow()
    expect(seen).toEqual(['/app'])
    expect(warn).toHaveBeenCalledTimes(1)
  })
})

describe('deferredAnalytics', () => {
  const recorder = () => {
    const calls: string[] = []
    const port: AnalyticsPort = {
      pageView: (path) => void calls.push(`view ${path}`),
      identify: (identity) => void calls.push(`identify ${identity.id}`),
      captureException: (error) => void calls.push(`exception ${(error as Error).message}`),
    }
    return { calls, port }
  }

  it('replays what happened before the adapters loaded, in order, then passes calls straight through', async () => {
    const { calls, port } = recorder()
    let arrive: (port: AnalyticsPort) => void = () => {}
    const deferred = deferredAnalytics(new Promise((resolve) => (arrive = resolve)))
    exercise(deferred)
    expect(calls).toEqual([])
    arrive(port)
    await Promise.resolve()
    await Promise.resolve()
    expect(calls).toEqual(['view /app/dashboard', 'identify u-1', 'exception boom'])
    deferred.pageView('/app/billing')
    expect(calls.at(-1)).toBe('view /app/billing')
  })

  it(`keeps the last ${DEFERRED_CALLS_KEPT} calls while loading`, async () => {
    const { calls, port } = recorder()
    let arrive: (port: AnalyticsPort) => void = () => {}
    const deferred = deferredAnalytics(new Promise((resolve) => (arrive = resolve)))
    for (let i = 0; i < DEFERRED_CALLS_KEPT + 5; i++) deferred.pageView(`/p${i}`)
    arrive(port)
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(calls).toHaveLength(DEFERRED_CALLS_KEPT)
    expect(calls[0]).toBe('view /p5')
  })

  it('warns once and stays silent when the adapters cannot load', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const deferred = deferredAnalytics(Promise.reject(new Error('chunk lost')))
    exercise(deferred)
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(() => exercise(deferred)).not.toThrow()
    expect(warn).toHaveBeenCalledTimes(1)
  })
})
