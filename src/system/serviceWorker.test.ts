/**
 * The page's side of service worker updates (src/system/serviceWorker.ts) against a fake
 * `navigator.serviceWorker`: a waiting worker is reported only behind a controlling one, 'Update'
 * tells it to take over and waits for `controllerchange`, the offline copies go at sign-out.
 */
import { createActor, createMachine } from 'xstate'
import { describe, expect, it, vi } from 'vitest'
import { flush } from '../../machines/testing/stubs.ts'
import { OFFLINE_API_CACHE, SKIP_WAITING_MESSAGE } from '../platform/service-worker-caches.ts'
import { clearOfflineApiCache, primeWhenFirstControlled } from './serviceWorker.ts'
import { type WorkerContainer, activateWaitingWorker, releaseWaitingWorker, waitingWorkerListener } from './worker-updates.ts'

class FakeTarget extends EventTarget {}

function fakeWorker(state: string) {
  const worker = Object.assign(new FakeTarget(), { state, messages: [] as unknown[], postMessage: (m: unknown) => void worker.messages.push(m) })
  return worker
}

function fakeContainer({ controlled = true, waiting = false }: { controlled?: boolean; waiting?: boolean } = {}) {
  const registration = Object.assign(new FakeTarget(), {
    waiting: waiting ? fakeWorker('installed') : null,
    installing: null as ReturnType<typeof fakeWorker> | null,
  })
  const container = Object.assign(new FakeTarget(), {
    controller: controlled ? fakeWorker('activated') : null,
    ready: Promise.resolve(registration),
    getRegistration: async () => registration,
  })
  /** A new worker starts installing, then finishes. */
  const install = () => {
    const worker = fakeWorker('installing')
    registration.installing = worker
    registration.dispatchEvent(new Event('updatefound'))
    worker.state = 'installed'
    registration.installing = null
    registration.waiting = worker
    worker.dispatchEvent(new Event('statechange'))
  }
  return { container: container as unknown as WorkerContainer & typeof container, registration, install }
}

/** Runs the listener as a parent machine's child and collects what it sends. */
function listen(container: WorkerContainer | undefined) {
  const received: string[] = []
  const parent = createMachine({
    invoke: { src: waitingWorkerListener(container) },
    on: { 'version.workerWaiting': { actions: () => void received.push('version.workerWaiting') } },
  })
  const actor = createActor(parent)
  actor.start()
  return { received, stop: () => actor.stop() }
}

describe('service worker updates (page side)', () => {
  it('Scenario: a worker already waiting at start is reported; so is one that installs later', async () => {
    const fake = fakeContainer({ waiting: true })
    const t = listen(fake.container)
    await flush()
    expect(t.received).toEqual(['version.workerWaiting'])
    fake.install()
    expect(t.received).toHaveLength(2)
    t.stop()
    fake.install()
    expect(t.received).toHaveLength(2)
  })

  it('Scenario: a first install (nothing controls the page yet) is not an update; no service workers, nothing', async () => {
    const fake = fakeContainer({ controlled: false })
    const t = listen(fake.container)
    await flush()
    fake.install()
    expect(t.received).toEqual([])
    expect(listen(undefined).received).toEqual([])
  })

  it('Scenario: Update tells the waiting worker to take over and resolves once it controls the page', async () => {
    const fake = fakeContainer({ waiting: true })
    const waiting = fake.registration.waiting!
    let settled = false
    const activation = activateWaitingWorker(fake.container, 1_000).then(() => (settled = true))
    await flush()
    expect(waiting.messages).toEqual([{ type: SKIP_WAITING_MESSAGE }])
    expect(settled).toBe(false)
    fake.container.dispatchEvent(new Event('controllerchange'))
    await activation
    expect(settled).toBe(true)
  })

  it('Scenario: no waiting worker, or one that does not take over in time, is a rejection', async () => {
    await expect(activateWaitingWorker(fakeContainer().container, 1_000)).rejects.toThrow('No service worker is waiting')
    await expect(activateWaitingWorker(undefined)).rejects.toThrow()
    vi.useFakeTimers()
    try {
      const slow = activateWaitingWorker(fakeContainer({ waiting: true }).container, 5_000)
      const caught = slow.catch((e: unknown) => e)
      await vi.advanceTimersByTimeAsync(5_000)
      expect(String(await caught)).toContain('did not take over within 5000 ms')
    } finally {
      vi.useRealTimers()
    }
  })

  it('Scenario: a worker of the running build is let in without waiting', async () => {
    const fake = fakeContainer({ waiting: true })
    releaseWaitingWorker(fake.container)
    await flush()
    expect(fake.registration.waiting!.messages).toEqual([{ type: SKIP_WAITING_MESSAGE }])
    expect(() => releaseWaitingWorker(undefined)).not.toThrow()
  })

  it('Scenario: sign-out deletes the offline copies of the API reads, and never throws', async () => {
    const deleted: string[] = []
    await clearOfflineApiCache({ delete: async (name) => deleted.push(name) > 0 })
    expect(deleted).toEqual([OFFLINE_API_CACHE])
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    await expect(clearOfflineApiCache({ delete: async () => Promise.reject(new Error('SecurityError')) })).resolves.toBeUndefined()
    await expect(clearOfflineApiCache(undefined)).resolves.toBeUndefined()
    warn.mockRestore()
  })

  it('Scenario: a first worker taking control of an uncontrolled page asks the kept reads again, once; a page controlled at start does nothing', () => {
    const fresh = fakeContainer({ controlled: false })
    const prime = vi.fn()
    primeWhenFirstControlled(fresh.container as unknown as ServiceWorkerContainer, prime)
    fresh.container.dispatchEvent(new Event('controllerchange'))
    fresh.container.dispatchEvent(new Event('controllerchange'))
    expect(prime).toHaveBeenCalledTimes(1)

    const controlled = fakeContainer({ controlled: true })
    const untouched = vi.fn()
    primeWhenFirstControlled(controlled.container as unknown as ServiceWorkerContainer, untouched)
    controlled.container.dispatchEvent(new Event('controllerchange'))
    expect(untouched).not.toHaveBeenCalled()

    const stopped = fakeContainer({ controlled: false })
    const never = vi.fn()
    primeWhenFirstControlled(stopped.container as unknown as ServiceWorkerContainer, never)()
    stopped.container.dispatchEvent(new Event('controllerchange'))
    expect(never).not.toHaveBeenCalled()
    expect(primeWhenFirstControlled(undefined, never)).toBeTypeOf('function')
  })
})
