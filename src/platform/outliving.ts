/**
 * Requests that must outlive the page: the notifications' changes held for 'Undo' and sent as the
 * page closes (src/system/notifications.ts `sendHoldsWhenHidden`). A request a page starts as it
 * goes passes through the service worker's fetch event, and Chromium may drop the ones not yet
 * dispatched when the page is torn down (a reload lost the third of three). A message posted to
 * the worker reaches it whole, so the worker (src/sw/sw.ts) is handed each request and sends it.
 */
import { OUTLIVING_REQUEST_MESSAGE } from './service-worker-caches.ts'

/** One request as the API client builds it: absolute URL, method, headers, JSON body or none. */
export interface OutlivingRequest {
  readonly url: string
  readonly method: string
  readonly headers: Readonly<Record<string, string>>
  readonly body: string | null
}

/** Takes a request to send after the page has gone; answers false when nothing can (the caller sends it itself). */
export type HandOver = (request: OutlivingRequest) => boolean

/**
 * Hands requests to the service worker controlling the page (`container.controller`); false when
 * none does (the first visit before the worker claims the page, or no service worker at all).
 */
export function handToServiceWorker(container: Pick<ServiceWorkerContainer, 'controller'> | undefined): HandOver {
  return (request) => {
    const worker = container?.controller
    if (!worker) return false
    worker.postMessage({ type: OUTLIVING_REQUEST_MESSAGE, request })
    return true
  }
}
