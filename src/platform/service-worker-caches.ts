/**
 * What the page and the service worker (src/sw/sw.ts) must agree on about the worker's caches and
 * messages: the names are shared here, where both layers may import them.
 */

/** The Cache Storage cache of the API reads kept for offline use (src/sw/offline.ts says which); cleared at sign-out. */
export const OFFLINE_API_CACHE = 'engage-api-v1'

/** The message the page sends a waiting worker to take over (src/system/worker-updates.ts). */
export const SKIP_WAITING_MESSAGE = 'engage.skipWaiting'

/**
 * The message that hands the worker a request the page made to outlive it (src/platform/outliving.ts
 * sends it, src/sw/sw.ts sends the request): `{ type, request: OutlivingRequest }`.
 */
export const OUTLIVING_REQUEST_MESSAGE = 'engage.outlivingRequest'

/**
 * Asked of the worker controlling a page, and answered by it with the same `{ type }`, when it
 * takes {@link OUTLIVING_REQUEST_MESSAGE}: a worker from before it (waiting out an update) stays
 * silent, and the page sends such requests itself.
 */
export const OUTLIVING_PROBE_MESSAGE = 'engage.takesOutlivingRequests'

/** Prefix of Workbox's precache caches (the app's own files; kept by the update's cache clearing). */
export const PRECACHE_CACHE_PREFIX = 'workbox-precache'
