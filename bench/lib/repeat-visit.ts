/**
 * What the page-load section's repeat visit (bench/browser.ts) needs besides a page load:
 *
 * - {@link buildAppWithServiceWorker}: the app's production build WITH its service worker (sw.js
 *   and the precache manifest), once per run, into a temp outDir: `vite build --outDir` with
 *   ENGAGE_APP_BUILD=1, without which vite.config.ts keeps the worker's plugins to the build into
 *   dist. Same sources and config as {@link buildApp}, so the same chunks plus sw.js.
 * - {@link waitForPrecache}: in a page of the first visit, waits until the worker is activated and
 *   controls the page, and reads how many entries the `workbox-precache` cache holds.
 * - {@link recordResponses}: counts a page's responses by where they came from.
 */
import { execFile } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { promisify } from 'node:util'
import type { CDPSession, Page, Response } from 'playwright-core'
import { type Build, ROOT, tempDir } from './app.ts'

const run = promisify(execFile)

export interface ServiceWorkerBuild extends Build {
  /** Entries of the precache manifest written into sw.js (index.html, chunks, stylesheets, icons). */
  readonly precacheEntries: number
}

/** Entries of the precache manifest injected into a built sw.js (a JSON array of `{"revision","url"}`). */
export function precacheEntriesOf(swFile: string): number {
  return (readFileSync(swFile, 'utf8').match(/"url":"/g) ?? []).length
}

let build: Promise<ServiceWorkerBuild> | undefined
/**
 * The production build with the service worker, made once per bench run. BENCH_BUILD_DIR (see
 * {@link buildApp}) is reused when it holds a sw.js.
 * @throws Error when the build fails or writes no sw.js.
 */
export function buildAppWithServiceWorker(): Promise<ServiceWorkerBuild> {
  build ??= (async () => {
    const reuse = process.env.BENCH_BUILD_DIR?.trim()
    if (reuse && existsSync(path.join(reuse, 'sw.js'))) {
      const outDir = path.resolve(reuse)
      return { outDir, buildMs: 0, precacheEntries: precacheEntriesOf(path.join(outDir, 'sw.js')) }
    }
    const outDir = path.join(tempDir('build-sw'), 'dist')
    const started = performance.now()
    await run(process.execPath, [path.join(ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'error'], {
      cwd: ROOT,
      env: { ...process.env, ENGAGE_APP_BUILD: '1' },
      maxBuffer: 64 * 1024 * 1024,
    })
    if (!existsSync(path.join(outDir, 'sw.js'))) throw new Error(`the build in ${outDir} has no sw.js: the service worker plugins were left out`)
    return { outDir, buildMs: Math.round(performance.now() - started), precacheEntries: precacheEntriesOf(path.join(outDir, 'sw.js')) }
  })()
  return build
}

/**
 * The in-page wait of {@link waitForPrecache}, `(expected, timeoutMs) => Promise<{ state, controlled,
 * entries }>`, as text: a compiled function would carry tsx's helpers, which the page lacks.
 */
const PRECACHE_WAIT_SCRIPT = `async (expected, timeout) => {
  const deadline = performance.now() + timeout;
  for (;;) {
    const registration = await navigator.serviceWorker.getRegistration('/');
    let entries = 0;
    for (const name of (await caches.keys()).filter((n) => n.startsWith('workbox-precache'))) entries += (await (await caches.open(name)).keys()).length;
    const now = { state: registration?.active?.state ?? 'none', controlled: navigator.serviceWorker.controller !== null, entries };
    if ((now.state === 'activated' && now.controlled && now.entries >= expected) || performance.now() > deadline) return now;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}`

export interface PrecacheState {
  /** The registration's active worker's state ('activated' once the wait succeeded). */
  readonly state: string
  /** Whether the worker controls the page. */
  readonly controlled: boolean
  /** Requests held by the `workbox-precache*` caches. */
  readonly entries: number
  /** From the call until all of the above held, ms (the first visit's tail, not measured as a load). */
  readonly waitedMs: number
}

/**
 * Waits in `page` until the service worker is activated (Workbox fills the precache at install,
 * so activated means filled), controls the page (it claims its clients at activation) and the
 * `workbox-precache` cache holds `expectedEntries` requests. Polls every 100 ms.
 * @throws Error with what was reached when that does not hold within `timeoutMs`.
 */
export async function waitForPrecache(page: Page, expectedEntries: number, timeoutMs = 90_000): Promise<PrecacheState> {
  const started = performance.now()
  const state = (await page.evaluate(`(${PRECACHE_WAIT_SCRIPT})(${expectedEntries}, ${timeoutMs})`)) as Omit<PrecacheState, 'waitedMs'>
  if (state.state !== 'activated' || !state.controlled || state.entries < expectedEntries)
    throw new Error(
      `the service worker did not precache the shell within ${timeoutMs} ms: worker ${state.state}, ${state.controlled ? '' : 'not '}controlling the page, ${state.entries} of ${expectedEntries} entries cached`,
    )
  return { ...state, waitedMs: Math.round(performance.now() - started) }
}

/** A page's responses by origin (see {@link recordResponses}). */
export interface ResponseCounts {
  readonly total: number
  /** `response.fromServiceWorker()`: the worker answered (from its caches or by its own fetch). */
  readonly fromServiceWorker: number
  /** Of those, by Chromium's `serviceWorkerResponseSource` ('cache-storage': the precache; 'network': the worker's fetch). */
  readonly serviceWorkerSources: Readonly<Record<string, number>>
  /** Not through the worker: the HTTP cache (memory or disk) or the network. */
  readonly fromHttpCache: number
  readonly fromNetwork: number
}

/**
 * Starts counting `page`'s responses: Playwright's `response.fromServiceWorker()` for each, and
 * from the DevTools protocol's `Network.responseReceived` on `cdp` (a session of the same page)
 * where the worker's answer came from and whether the others came from the HTTP cache. Call the
 * returned function to stop and read the counts.
 */
export async function recordResponses(page: Page, cdp: CDPSession): Promise<() => ResponseCounts> {
  // Per URL (the shell's files are each requested once; an API path asked twice keeps its last answer's origin).
  const sources = new Map<string, string>()
  const fromCache = new Set<string>()
  const servedFromCache = new Set<string>()
  const onServedFromCache = (event: { requestId: string }) => servedFromCache.add(event.requestId)
  const onResponseReceived = (event: { requestId: string; response: { url: string; fromServiceWorker?: boolean; serviceWorkerResponseSource?: string; fromDiskCache?: boolean } }) => {
    const r = event.response
    if (r.fromServiceWorker) sources.set(r.url, r.serviceWorkerResponseSource ?? 'unknown')
    else if (r.fromDiskCache || servedFromCache.has(event.requestId)) fromCache.add(r.url)
  }
  cdp.on('Network.requestServedFromCache', onServedFromCache)
  cdp.on('Network.responseReceived', onResponseReceived)
  await cdp.send('Network.enable')
  const responses: Response[] = []
  const onResponse = (response: Response) => responses.push(response)
  page.on('response', onResponse)
  return () => {
    page.off('response', onResponse)
    cdp.off('Network.requestServedFromCache', onServedFromCache)
    cdp.off('Network.responseReceived', onResponseReceived)
    const serviceWorkerSources: Record<string, number> = {}
    let fromServiceWorker = 0
    let fromHttpCache = 0
    for (const response of responses) {
      if (response.fromServiceWorker()) {
        fromServiceWorker++
        const source = sources.get(response.url()) ?? 'unknown'
        serviceWorkerSources[source] = (serviceWorkerSources[source] ?? 0) + 1
      } else if (fromCache.has(response.url())) fromHttpCache++
    }
    return { total: responses.length, fromServiceWorker, serviceWorkerSources, fromHttpCache, fromNetwork: responses.length - fromServiceWorker - fromHttpCache }
  }
}
