/**
 * The Engage service worker, built into /sw.js (scope /, SPEC.md §7) by vite-plugin-pwa's
 * injectManifest (vite.config.ts; docs/decisions.md "One service worker for push and the offline
 * shell"). One worker for push and the cache:
 *
 * - push, notification clicks and subscription changes: src/sw/push.ts (also published as
 *   `self.engageServiceWorker`).
 * - the built shell precached (index.html, the entry, the shell's and pages' chunks, icons; the
 *   list is written into `self.__WB_MANIFEST` by the build); outdated precaches removed on activate.
 * - navigations under /app and /signin: the network first, and the precached index.html when the
 *   network is gone or does not answer within {@link NAVIGATION_NETWORK_TIMEOUT_S} s.
 * - the few API reads the shell needs offline (src/sw/offline.ts): network first, the last
 *   answer per workspace and person when the network is gone.
 * - updates: a new worker waits (no `skipWaiting` at install) until the page's update prompt says
 *   so with `{ type: 'engage.skipWaiting' }` (SPEC §4 Version check, src/system/worker-updates.ts).
 *   A first install has nothing to wait for; it claims the open tabs.
 */
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching'
import type { PrecacheEntry } from 'workbox-precaching'
import { registerRoute } from 'workbox-routing'
import { NetworkFirst, NetworkOnly } from 'workbox-strategies'
import {
  NAVIGATION_NETWORK_TIMEOUT_S,
  OUTLIVING_PROBE_MESSAGE,
  OUTLIVING_REQUEST_MESSAGE,
  OFFLINE_API_CACHE,
  SKIP_WAITING_MESSAGE,
  isAppNavigation,
  isKeptApiRead,
  keptReadCacheKey,
  outlivingRequestOf,
  personOfAuthorization,
} from './offline.ts'
import { type ListeningScope, type PushScope, type WaitingEvent, installPush } from './push.ts'

interface WorkerScope extends PushScope, ListeningScope {
  readonly clients: PushScope['clients'] & { claim(): Promise<void> }
  skipWaiting(): Promise<void>
}

const scope = self as unknown as WorkerScope

// The build's precache list: injectManifest replaces `self.__WB_MANIFEST`, written just so.
// No directory index or clean URLs: / and other pages are never answered from the precache as is,
// only by the navigation route below (the network first).
precacheAndRoute((self as unknown as { __WB_MANIFEST: Array<PrecacheEntry | string> }).__WB_MANIFEST, { directoryIndex: '', cleanURLs: false })
cleanupOutdatedCaches()

const navigationNetwork = new NetworkOnly({ networkTimeoutSeconds: NAVIGATION_NETWORK_TIMEOUT_S })
registerRoute(
  ({ request, url }) => request.mode === 'navigate' && url.origin === scope.location.origin && isAppNavigation(url.pathname),
  async (options) => {
    try {
      return await navigationNetwork.handle(options)
    } catch (error) {
      const shell = await matchPrecache('/index.html')
      if (shell) return shell
      throw error
    }
  },
)

registerRoute(
  ({ request, url }) => isKeptApiRead(request.method, url, scope.location.origin),
  new NetworkFirst({
    cacheName: OFFLINE_API_CACHE,
    plugins: [
      {
        cacheKeyWillBeUsed: async ({ request }) =>
          keptReadCacheKey(request.url, request.headers.get('x-org-id'), personOfAuthorization(request.headers.get('authorization'))),
      },
    ],
  }),
  'GET',
)

// A change made while the page lives and still under way as it closes (fetch `keepalive`) is sent by
// the worker itself, which outlives the page: left unanswered here, the browser's fallback to the
// network would go with the closing page.
const outlivingPage = new NetworkOnly()
for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'] as const)
  registerRoute(({ request, url }) => request.keepalive && url.origin === scope.location.origin, outlivingPage, method)

scope.addEventListener('message', (event: { data?: unknown; source?: { postMessage(message: unknown): void } | null } & WaitingEvent) => {
  const data = event.data
  if (typeof data !== 'object' || data === null) return
  const type = (data as { type?: unknown }).type
  if (type === SKIP_WAITING_MESSAGE) void scope.skipWaiting()
  // What a closing page hands over (the notifications' changes held for 'Undo'): a message reaches
  // the worker whole, where a request the page starts as it goes may never be dispatched to it.
  if (type === OUTLIVING_PROBE_MESSAGE) event.source?.postMessage({ type: OUTLIVING_PROBE_MESSAGE })
  if (type === OUTLIVING_REQUEST_MESSAGE) {
    const request = outlivingRequestOf((data as { request?: unknown }).request, scope.location.origin)
    if (request) event.waitUntil(fetch(request).catch(() => undefined))
  }
})
scope.addEventListener('activate', (event: { waitUntil(p: Promise<unknown>): void }) => event.waitUntil(scope.clients.claim()))
installPush(scope)
