/**
 * What the service worker keeps for offline use besides the precached shell (SPEC.md §2 shell,
 * §4 Notifications; the offline app shell beside them), read by the worker (src/sw/sw.ts); the
 * page clears the cache at sign-out (src/system/serviceWorker.ts).
 *
 * Only a few GET reads the shell needs to draw something useful offline are kept, each per
 * workspace: the workspace list, the permission sets, this month's credits, the notifications'
 * first page and counts.
 * Nothing else of the API is ever cached, and nothing that is not a GET.
 */

export { OFFLINE_API_CACHE, PRECACHE_CACHE_PREFIX, SKIP_WAITING_MESSAGE } from '../platform/service-worker-caches.ts'

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
 * The cache key of a kept read: the URL with the workspace (`x-org-id`) added, so one workspace's
 * answers never stand in for another's. Without a workspace the URL as it is.
 */
export function keptReadCacheKey(url: string, orgId: string | null): string {
  if (orgId === null || orgId === '') return url
  const key = new URL(url)
  key.searchParams.set('__workspace', orgId)
  return key.href
}

/** Whether a navigation to `path` is the app's (answered by the precached shell when offline). */
export function isAppNavigation(path: string): boolean {
  return path === '/app' || path.startsWith('/app/') || path === '/signin' || path.startsWith('/signin/')
}
