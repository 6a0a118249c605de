/**
 * One reload for a chunk lost to a deploy (SPEC.md §4 Version check): the guard the entry installs
 * at boot (src/main.tsx) and the error fallback asks (src/system/errorBoundary.tsx), and what both
 * it and the version check ask the server: the build it serves (`GET /version.json`). Apart from
 * the version check's machine (src/system/versionCheck.ts), which starts once the first page is up
 *; this guard must be there from the first import.
 */
import { AppVersion } from '../../contract/api.ts'
import { validate } from '../../contract/validate.ts'
import type { WorkerContainer } from './worker-updates.ts'

/**
 * `GET /version.json?t=<ms>` with no-cache headers (SPEC §7); resolves with the decoded file.
 * @throws Error on a network failure, a non-2xx status, or a body that is not an AppVersion.
 */
export async function fetchServedVersion(fetchFn: typeof fetch, origin: string, now: () => number = Date.now): Promise<AppVersion> {
  const url = new URL('/version.json', origin)
  url.searchParams.set('t', String(now()))
  const response = await fetchFn(url.href, { cache: 'no-store', headers: { 'Cache-Control': 'no-cache', Pragma: 'no-cache' } })
  if (!response.ok) throw new Error(`GET /version.json answered ${response.status}`)
  const result = validate(AppVersion, await response.json())
  if (!result.ok) throw new Error(`GET /version.json is not an app version file: ${result.issues.map((i) => i.message).join('; ')}`)
  return result.value
}

/** The browser's pieces the version check uses; a window in the app, fakes in tests. */
export interface VersionBrowser {
  readonly fetch: typeof fetch
  readonly location: Pick<Location, 'origin' | 'reload'>
  readonly localStorage: Storage
  readonly sessionStorage: Storage
  readonly navigator: Pick<Navigator, 'onLine'> & { readonly serviceWorker?: WorkerContainer }
  /** Cache Storage; absent on insecure origins and in old browsers. */
  readonly caches?: Pick<CacheStorage, 'keys' | 'delete'>
  addEventListener(type: string, listener: (event: Event) => void): void
  removeEventListener(type: string, listener: (event: Event) => void): void
}

/** sessionStorage key of the chunk-reload marker: `{ at: ms, build: string | null }`. */
export const CHUNK_RELOAD_KEY = 'engage_chunk_reload'
/** Within this long (ms) after a chunk reload of the same build, another failure is not reloaded. */
export const CHUNK_RELOAD_WINDOW_MS = 60_000

/** Whether `error` is a lazily loaded chunk that could not be fetched (Vite, Chromium, Firefox, Safari wordings). */
export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error)
  return /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS|ChunkLoadError|Loading chunk [\w-]+ failed/i.test(
    message,
  )
}

/**
 * Decides whether a failed chunk load may reload the page, and if so records the reload in
 * sessionStorage first. A reload is allowed when no reload was made in this tab, when the last one
 * was made by another build (a second deploy), or when it is older than `CHUNK_RELOAD_WINDOW_MS`.
 * Otherwise the reload already happened and did not help: reloading again would loop, so the
 * caller shows the error instead. Returns true when the caller should reload now.
 */
export function claimChunkReload(storage: Pick<Storage, 'getItem' | 'setItem'>, build: string | null, now: number): boolean {
  let previous: { at?: unknown; build?: unknown } | null = null
  try {
    const raw = storage.getItem(CHUNK_RELOAD_KEY)
    previous = raw === null ? null : (JSON.parse(raw) as { at?: unknown; build?: unknown })
  } catch {
    previous = null
  }
  const recent = previous !== null && typeof previous.at === 'number' && now - previous.at < CHUNK_RELOAD_WINDOW_MS && now >= previous.at
  if (recent && (previous!.build ?? null) === build) return false
  try {
    storage.setItem(CHUNK_RELOAD_KEY, JSON.stringify({ at: now, build }))
  } catch {
    // Without a place to write the marker we cannot promise a single reload: do not reload.
    return false
  }
  return true
}

/**
 * Reloads once for a chunk lost to a deploy: on Vite's `vite:preloadError` and for errors the error
 * fallback hands over (`reloadForChunkError`). A failed chunk is a lost one only when the server
 * now serves another build: `/version.json` is asked first (no-store), and the page reloads only
 * when it answers with a version other than this tab's `build`. With the server down or the
 * browser offline it cannot answer, and nothing reloads: a reload would then fail and lose what the
 * person typed; the import's rejection reaches its caller instead (a route's error fallback with
 * 'Try Again', a lazy part that retries). Found by the server-restart fault test once more of the
 * app loaded lazily. Without a known build (the dev server) it never reloads.
 *
 * Returns `{ reloadForChunkError, stop }`; `reloadForChunkError(error)` resolves true when it
 * reloaded the page.
 */
export function installChunkReloadGuard(
  browser: Pick<VersionBrowser, 'sessionStorage' | 'location' | 'addEventListener' | 'removeEventListener' | 'fetch'>,
  build: string | null,
  now: () => number = Date.now,
) {
  let asking: Promise<boolean> | null = null
  const reloadForChunkError = (error: unknown): Promise<boolean> => {
    if (!isChunkLoadError(error) || build === null) return Promise.resolve(false)
    // Several chunks failing at once ask once.
    asking ??= fetchServedVersion(browser.fetch.bind(globalThis), browser.location.origin, now)
      .then((served) => served.version !== build && claimChunkReload(browser.sessionStorage, build, now()))
      .catch(() => false)
      .then((reload) => {
        asking = null
        if (reload) browser.location.reload()
        return reload
      })
    return asking
  }
  // Not prevented: the import rejects, its caller handles it, and the reload (if any) follows.
  const onPreloadError = (event: Event) => void reloadForChunkError((event as Event & { payload?: unknown }).payload ?? new Error('Unable to preload CSS'))
  browser.addEventListener('vite:preloadError', onPreloadError)
  return { reloadForChunkError, stop: () => browser.removeEventListener('vite:preloadError', onPreloadError) }
}
