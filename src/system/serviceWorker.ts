/**
 * The page's side of the service worker's updates and offline cache (SPEC.md §4 Version check;
 * src/sw/sw.ts is the worker): noticing a new worker installed and waiting, telling it to take
 * over, and clearing the offline API cache at sign-out. The worker is registered with push
 * (src/system/pushPermission.ts `registerServiceWorker`: /sw.js, scope /).
 *
 * Plain `navigator.serviceWorker` calls rather than workbox-window: the registration belongs to
 * push, and the three things needed here are a dozen lines each (docs/decisions.md).
 */
import { type EventObject, fromCallback } from 'xstate'
import type { VersionCheckEvent } from '../../machines/versionCheck/versionCheck.machine.ts'
import { OFFLINE_API_CACHE, SKIP_WAITING_MESSAGE } from '../platform/service-worker-caches.ts'

/** How long 'Update' waits for the waiting worker to take over before reloading anyway, ms. */
export const WORKER_TAKEOVER_TIMEOUT_MS = 5_000

/** The parts of `ServiceWorkerContainer` used here. */
export type WorkerContainer = Pick<ServiceWorkerContainer, 'ready' | 'controller' | 'getRegistration' | 'addEventListener' | 'removeEventListener'>

/**
 * `workerListener` of the version check: sends `version.workerWaiting` when a new worker is
 * installed and waiting behind the one controlling this page (at start, or once an update
 * installs). A first install (no controller yet) is not an update: nothing is sent. Without
 * service workers it does nothing.
 */
export function waitingWorkerListener(container: WorkerContainer | undefined) {
  return fromCallback<EventObject>(({ sendBack }) => {
    if (!container) return () => {}
    const workerWaiting: VersionCheckEvent = { type: 'version.workerWaiting' }
    let stopped = false
    const cleanups: Array<() => void> = []
    const report = () => {
      if (!stopped && container.controller) sendBack(workerWaiting)
    }
    const watch = (registration: ServiceWorkerRegistration) => {
      if (stopped) return
      if (registration.waiting) report()
      const onUpdateFound = () => {
        const installing = registration.installing
        if (!installing) return
        const onStateChange = () => {
          if (installing.state === 'installed') report()
        }
        installing.addEventListener('statechange', onStateChange)
        cleanups.push(() => installing.removeEventListener('statechange', onStateChange))
      }
      registration.addEventListener('updatefound', onUpdateFound)
      cleanups.push(() => registration.removeEventListener('updatefound', onUpdateFound))
    }
    container.ready.then(watch, () => {})
    return () => {
      stopped = true
      for (const cleanup of cleanups) cleanup()
    }
  })
}

/** The waiting worker of the page's registration, or null. */
async function waitingWorker(container: WorkerContainer): Promise<ServiceWorker | null> {
  const registration = await container.getRegistration('/')
  return registration?.waiting ?? null
}

/**
 * `activateWorker` of the version check: tells the waiting worker to take over and resolves once
 * it controls this page (`controllerchange`). Rejects when there is no waiting worker or it has
 * not taken over within `timeoutMs`.
 */
export async function activateWaitingWorker(container: WorkerContainer | undefined, timeoutMs = WORKER_TAKEOVER_TIMEOUT_MS): Promise<void> {
  if (!container) throw new Error('Service workers are not available')
  const waiting = await waitingWorker(container)
  if (!waiting) throw new Error('No service worker is waiting')
  await new Promise<void>((resolve, reject) => {
    const done = () => {
      clearTimeout(timer)
      container.removeEventListener('controllerchange', done)
      resolve()
    }
    const timer = setTimeout(() => {
      container.removeEventListener('controllerchange', done)
      reject(new Error(`The new service worker did not take over within ${timeoutMs} ms`))
    }, timeoutMs)
    container.addEventListener('controllerchange', done)
    waiting.postMessage({ type: SKIP_WAITING_MESSAGE })
  })
}

/**
 * `releaseWaitingWorker` of the version check: tells the waiting worker to take over without
 * waiting for it (the page already runs its build). Failures are logged only.
 */
export function releaseWaitingWorker(container: WorkerContainer | undefined): void {
  if (!container) return
  waitingWorker(container).then(
    (waiting) => waiting?.postMessage({ type: SKIP_WAITING_MESSAGE }),
    (error: unknown) => console.warn('Could not let the new service worker in:', error),
  )
}

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
