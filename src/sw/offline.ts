/**
 * What the service worker keeps for offline use besides the precached shell (SPEC.md §2 shell,
 * §4 Notifications; the offline app shell beside them), read by the worker (src/sw/sw.ts); the
 * page clears the cache at sign-out (src/system/serviceWorker.ts).
 *
 * Only a few GET reads the shell needs to draw something useful offline are kept, each per
 * workspace and person: the workspace list, the permission sets, this month's credits, the notifications'
 * first page and counts.
 * Nothing else of the API is ever cached, and nothing that is not a GET.
 *
 * And what the worker checks of a request a closing page hands it to send (`outlivingRequestOf`).
 */

export { OFFLINE_API_CACHE, OUTLIVING_PROBE_MESSAGE, OUTLIVING_REQUEST_MESSAGE, PRECACHE_CACHE_PREFIX, SKIP_WAITING_MESSAGE } from '../platform/service-worker-caches.ts'

/** How long a navigation waits for the network before the precached shell answers, seconds. */
export const NAVIGATION_NETWORK_TIMEOUT_S = 3

/** Paths under /api whose GET answers are kept: any query. */
const KEPT_PATHS: ReadonlyArray<string> = [
  '/api/users/my-workspaces',
  '/api/permissions/permission-sets',
  '/api/org-billing/monthly-credits-usage',
  '/api/common-services/notifications/counts',
]
/** The notifications list: kept for its first page only (no cursor, page 1 or absent). */
const NOTIFICATIONS_LIST = '/api/common-services/notifications'

/**
 * Whether a request is one of the kept API reads: same origin as `origin`, GET, one of the paths
 * above; the notifications list only for its first page.
 */
export function isKeptApiRead(method: string, url: URL, origin: string): boolean {
  if (method !== 'GET' || url.origin !== origin) return false
  if (KEPT_PATHS.includes(url.pathname)) return true
  if (url.pathname !== NOTIFICATIONS_LIST) return false
  const page = url.searchParams.get('page')
  return !url.searchParams.has('cursor') && (page === null || page === '1')
}

/**
 * The person a kept read is for: the `sub` (user id) of the request's bearer access token (a JWT),
 * read without verifying it (the server verifies; this only keeps one person's answers apart from
 * another's on a shared browser). Null without a readable token.
 */
export function personOfAuthorization(authorization: string | null): string | null {
  const payload = authorization === null ? undefined : /^Bearer [\w-]+\.([\w-]+)\.[\w-]+$/.exec(authorization)?.[1]
  if (payload === undefined) return null
  try {
    const claims: unknown = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/')))
    const sub = typeof claims === 'object' && claims !== null ? (claims as { sub?: unknown }).sub : undefined
    return typeof sub === 'string' && sub !== '' ? sub : null
  } catch {
    return null
  }
}

/**
 * The cache key of a kept read: the URL with the workspace (`x-org-id`) and the person (the access
 * token's `sub`) added, so one workspace's or one person's answers never stand in for another's
 * (two people of one workspace on a shared browser, the first one's session ended without a sign-out).
 * Parts that are absent are left out.
 */
export function keptReadCacheKey(url: string, orgId: string | null, person: string | null = null): string {
  const key = new URL(url)
  if (orgId !== null && orgId !== '') key.searchParams.set('__workspace', orgId)
  if (person !== null && person !== '') key.searchParams.set('__person', person)
  return key.href
}

/** Whether a navigation to `path` is the app's (answered by the precached shell when offline). */
export function isAppNavigation(path: string): boolean {
  return path === '/app' || path.startsWith('/app/') || path === '/signin' || path.startsWith('/signin/')
}

/** The most a request handed over by a closing page may carry: fetch `keepalive`'s own limit, 64 kB. */
export const OUTLIVING_BODY_MAX_BYTES = 65_536
const OUTLIVING_METHODS: ReadonlySet<string> = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])
const OUTLIVING_HEADERS: ReadonlySet<string> = new Set(['accept', 'authorization', 'content-type', 'x-org-id'])

/**
 * The request a page handed the worker as it closed (`{ url, method, headers, body }`, see
 * src/platform/outliving.ts), checked: an absolute URL of this origin under /api/, a changing
 * method, only the API's own headers (string values), a string body of at most
 * {@link OUTLIVING_BODY_MAX_BYTES} or none. Anything else is null and nothing is sent.
 */
export function outlivingRequestOf(raw: unknown, origin: string): Request | null {
  if (typeof raw !== 'object' || raw === null) return null
  const { url, method, headers, body } = raw as Record<string, unknown>
  if (typeof url !== 'string' || typeof method !== 'string' || !OUTLIVING_METHODS.has(method)) return null
  let target: URL
  try {
    target = new URL(url)
  } catch {
    return null
  }
  if (target.origin !== origin || !target.pathname.startsWith('/api/')) return null
  if (typeof headers !== 'object' || headers === null) return null
  const entries = Object.entries(headers)
  if (entries.some(([name, value]) => !OUTLIVING_HEADERS.has(name.toLowerCase()) || typeof value !== 'string')) return null
  if (body !== null && (typeof body !== 'string' || new TextEncoder().encode(body).byteLength > OUTLIVING_BODY_MAX_BYTES)) return null
  return new Request(target.href, { method, headers: entries as Array<[string, string]>, body, credentials: 'same-origin', cache: 'no-store', redirect: 'error' })
}
