/**
 * Requests that must outlive the page: the notifications' changes held for 'Undo' and sent as the
 * page closes (src/system/notifications.ts `sendHoldsWhenHidden`). A request a page starts as it
 * goes passes through the service worker's fetch event, and Chromium may drop the ones not yet
 * dispatched when the page is torn down (a reload lost the third of three). A message posted to
 * the worker reaches it whole, so the worker (src/sw/sw.ts) is handed each request and sends it.
 */
import { OUTLIVING_PROBE_MESSAGE, OUTLIVING_REQUEST_MESSAGE } from './service-worker-caches.ts'

/** One request as the API client builds it: absolute URL, method, headers, JSON body or none. */
export interface OutlivingRequest {
  readonly url: string
  readonly method: string
  readonly headers: Readonly<Record<string, string>>
  readonly body: string | null
}

/** Takes a request to send after the page has gone; answers false when nothing can (the caller sends it itself). */
export type HandOver = (request: OutlivingRequest) => boolean

/** What {@link handToServiceWorker} uses of `navigator.serviceWorker`. */
export type WorkerContainer = Pick<ServiceWorkerContainer, 'controller' | 'addEventListener'>

/**
 * Hands requests to the service worker controlling the page (`container.controller`), once that
 * worker has said it takes them (it answers {@link OUTLIVING_PROBE_MESSAGE}, asked now and at
 * every change of controller; the answer arrives once the document has loaded). False, so the
 * caller sends the request itself, when no worker controls the page (the first visit before the
 * worker claims it, or no service worker at all) or the one that does predates these messages
 * (an update waiting for the person's 'Update').
 */
export function handToServiceWorker(container: WorkerContainer | undefined): HandOver {
  if (!container) return () => false
  let taking: ServiceWorker | null = null
  const ask = () => container.controller?.postMessage({ type: OUTLIVING_PROBE_MESSAGE })
  container.addEventListener('message', (event) => {
    const data: unknown = event.data
    if (typeof data === 'object' && data !== null && (data as { type?: unknown }).type === OUTLIVING_PROBE_MESSAGE) taking = container.controller
  })
  container.addEventListener('controllerchange', () => {
    taking = null
    ask()
  })
  ask()
  return (request) => {
    const worker = container.controller
    if (!worker || worker !== taking) return false
    worker.postMessage({ type: OUTLIVING_REQUEST_MESSAGE, request })
    return true
  }
}
