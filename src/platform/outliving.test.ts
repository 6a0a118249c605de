/** Handing a closing page's requests to the service worker (src/platform/outliving.ts). */
import { describe, expect, it } from 'vitest'
import { handToServiceWorker } from './outliving.ts'
import { OUTLIVING_REQUEST_MESSAGE } from './service-worker-caches.ts'

const request = { url: 'https://engage.example/api/common-services/notifications/n-1', method: 'DELETE', headers: { authorization: 'Bearer t' }, body: null }

describe('a closing page hands its requests to the service worker', () => {
  it('Scenario: the worker controlling the page is posted the request, whole', () => {
    const posted: unknown[] = []
    const handOver = handToServiceWorker({ controller: { postMessage: (message: unknown) => void posted.push(message) } as ServiceWorker })
    expect(handOver(request)).toBe(true)
    expect(posted).toEqual([{ type: OUTLIVING_REQUEST_MESSAGE, request }])
  })

  it('Scenario: no worker controls the page (or the browser has none): nothing is taken', () => {
    expect(handToServiceWorker({ controller: null })(request)).toBe(false)
    expect(handToServiceWorker(undefined)(request)).toBe(false)
  })
})
