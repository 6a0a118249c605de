/**
 * The page's side of the service worker's offline cache (src/sw/sw.ts is the worker): clearing the
 * offline API cache at sign-out, and asking again what the first worker to take over should keep.
 * Its updates (SPEC.md §4 Version check) are ./worker-updates.ts, loaded with the version check.
 * The worker is registered with push (src/system/pushPermission.ts `registerServiceWorker`:
 * /sw.js, scope /).
 *
 * Plain `navigator.serviceWorker` calls rather than workbox-window: the registration belongs to
 * push, and the things needed here are a dozen lines each (docs/decisions.md).
 */
import { OFFLINE_API_CACHE } from '../platform/service-worker-caches.ts'

/**
 * Deletes the offline copies of the API reads (src/sw/offline.ts) at sign-out, so the next person
 * on this browser never sees them. Never throws; without Cache Storage nothing to do.
 */
export async function clearOfflineApiCache(storage: Pick<CacheStorage, 'delete'> | undefined = globalThis.caches): Promise<void> {
  try {
    await storage?.delete(OFFLINE_API_CACHE)
  } catch (error) {
    console.warn('Could not clear the offline copies at sign-out:', error)
  }
}

/**
 * Runs `prime` once, when a first worker takes control of a page that had none (`controllerchange`
 * with no controller at start): the page's reads before it went straight to the network, so the
 * worker kept none of them, and a reload offline would find none. Asked again through the worker,
 * they are kept. A page already controlled at start has nothing to do. Returns the stop.
 */
export function primeWhenFirstControlled(container: Pick<ServiceWorkerContainer, 'controller' | 'addEventListener' | 'removeEventListener'> | undefined, prime: () => void): () => void {
  if (!container || container.controller) return () => {}
  const onControl = () => {
    container.removeEventListener('controllerchange', onControl)
    prime()
  }
  container.addEventListener('controllerchange', onControl)
  return () => container.removeEventListener('controllerchange', onControl)
}
