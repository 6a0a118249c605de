/**
 * The page's side of the service worker's updates (SPEC.md §4 Version check; src/sw/sw.ts is the
 * worker): noticing a new worker installed and waiting, and telling it to take over. Loaded with
 * the version check (./versionCheck.ts), once the first page is up.
 */
import { type EventObject, fromCallback } from 'xstate'
import type { VersionCheckEvent } from '../../machines/versionCheck/versionCheck.machine.ts'
import { SKIP_WAITING_MESSAGE } from '../platform/service-worker-caches.ts'

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
