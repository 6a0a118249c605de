/** Handing a closing page's requests to the service worker (src/platform/outliving.ts). */
import { describe, expect, it } from 'vitest'
import { handToServiceWorker, type WorkerContainer } from './outliving.ts'
import { OUTLIVING_PROBE_MESSAGE, OUTLIVING_REQUEST_MESSAGE } from './service-worker-caches.ts'

const request = { url: 'https://engage.example/api/common-services/notifications/n-1', method: 'DELETE', headers: { authorization: 'Bearer t' }, body: null }

/** A worker that answers the probe when `answers`, and the page's container around it. */
function page(answers: boolean) {
  const target = new EventTarget()
  const posted: unknown[] = []
  const worker = (name: string, answering: boolean) =>
    ({
      name,
      postMessage(message: { type: string }) {
        posted.push(message)
        if (answering && message.type === OUTLIVING_PROBE_MESSAGE) target.dispatchEvent(new MessageEvent('message', { data: { type: OUTLIVING_PROBE_MESSAGE } }))
      },
    }) as unknown as ServiceWorker
  const container = {
    controller: worker('current', answers) as ServiceWorker | null,
    addEventListener: target.addEventListener.bind(target),
  } as WorkerContainer & { controller: ServiceWorker | null }
  const changeController = (next: ServiceWorker | null) => {
    container.controller = next
    target.dispatchEvent(new Event('controllerchange'))
  }
  return { container, posted, worker, changeController }
}

describe('a closing page hands its requests to the service worker', () => {
  it('Scenario: the worker controlling the page said it takes them: it is posted the request, whole', () => {
    const { container, posted } = page(true)
    const handOver = handToServiceWorker(container)
    expect(handOver(request)).toBe(true)
    expect(posted).toEqual([{ type: OUTLIVING_PROBE_MESSAGE }, { type: OUTLIVING_REQUEST_MESSAGE, request }])
  })

  it('Scenario: a worker from before these messages (an update waiting) never answered: nothing is taken', () => {
    const { container, posted } = page(false)
    expect(handToServiceWorker(container)(request)).toBe(false)
    expect(posted).toEqual([{ type: OUTLIVING_PROBE_MESSAGE }])
  })

  it('Scenario: a new worker takes over: it is asked again, and used only once it answers', () => {
    const { container, worker, changeController } = page(false)
    const handOver = handToServiceWorker(container)
    changeController(worker('updated', true))
    expect(handOver(request)).toBe(true)
    changeController(worker('silent', false))
    expect(handOver(request)).toBe(false)
  })

  it('Scenario: no worker controls the page (or the browser has none): nothing is taken', () => {
    const { container, changeController } = page(true)
    const handOver = handToServiceWorker(container)
    changeController(null)
    expect(handOver(request)).toBe(false)
    expect(handToServiceWorker(undefined)(request)).toBe(false)
  })
})
