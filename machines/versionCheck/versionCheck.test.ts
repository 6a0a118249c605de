import { SimulatedClock, createActor, fromCallback, fromPromise } from 'xstate'
import { describe, expect, it } from 'vitest'
import type { AppVersion } from '../../contract/api.ts'
import { flush } from '../testing/stubs.ts'
import { type VersionCheckEvent, type VersionCheckInput, versionCheckMachine } from './versionCheck.machine.ts'

/** A server whose served version (`served` at start) the test changes; `fail` makes the next answers fail. */
function setup(input: Partial<VersionCheckInput> = {}, served = '1.0.0+aaa') {
  const clock = new SimulatedClock()
  const server = { version: served, fail: false, calls: 0 }
  const stored: string[] = []
  const warnings: unknown[] = []
  let refreshes = 0
  const worker = { released: 0, activations: 0, takesOver: true }
  let waiting: ((e: VersionCheckEvent) => void) | null = null
  let focus: ((e: VersionCheckEvent) => void) | null = null
  let connectivity: ((e: VersionCheckEvent) => void) | null = null
  const actor = createActor(
    versionCheckMachine.provide({
      actors: {
        fetchVersion: fromPromise<AppVersion>(async () => {
          server.calls++
          if (server.fail) throw new Error('503 Service Unavailable')
          return { version: server.version }
        }),
        focusListener: fromCallback(({ sendBack }) => {
          focus = sendBack
          return () => void (focus = null)
        }),
        connectivityListener: fromCallback(({ sendBack }) => {
          connectivity = sendBack
          return () => void (connectivity = null)
        }),
        hardRefresh: fromPromise(async () => {
          refreshes++
        }),
        workerListener: fromCallback(({ sendBack }) => {
          waiting = sendBack
          return () => void (waiting = null)
        }),
        activateWorker: fromPromise(async () => {
          worker.activations++
          if (!worker.takesOver) throw new Error('The new service worker did not take over in time')
        }),
      },
      actions: {
        storeSeenVersion: (_, params) => void stored.push(params.version),
        logFailure: (_, params) => void warnings.push(params.error),
        logActivationFailure: (_, params) => void warnings.push(params.error),
        releaseWaitingWorker: () => void worker.released++,
      },
    }),
    { input: { seenVersion: '1.0.0+aaa', buildVersion: '1.0.0+aaa', online: true, ...input }, clock },
  )
  actor.start()
  return {
    actor,
    server,
    stored,
    warnings,
    refreshes: () => refreshes,
    advance: async (ms: number) => {
      clock.increment(ms)
      await flush()
    },
    focus: async () => {
      focus?.({ type: 'version.focused' })
      await flush()
    },
    setOnline: (online: boolean) => connectivity?.({ type: 'version.connectivityChanged', online }),
    worker,
    /** A new service worker is installed and waiting. */
    workerWaits: async () => {
      waiting?.({ type: 'version.workerWaiting' })
      await flush()
    },
  }
}

describe(versionCheckMachine.id, () => {
  it('Scenario: on a first visit the served version is recorded as seen without a prompt', async () => {
    const t = setup({ seenVersion: null, buildVersion: null })
    await flush()
    expect(t.actor.getSnapshot().value).toBe('idle')
    expect(t.stored).toEqual(['1.0.0+aaa'])
  })

  it('Scenario: at start, a version other than the last seen one shows the update prompt', async () => {
    const t = setup({ seenVersion: '0.9.0', buildVersion: null })
    await flush()
    expect(t.actor.getSnapshot().value).toBe('available')
    expect(t.actor.getSnapshot().context.availableVersion).toBe('1.0.0+aaa')
  })

  it('Scenario: the running build’s own version is never offered, and becomes the last seen one', async () => {
    const t = setup({ seenVersion: '0.9.0', buildVersion: '1.0.0+aaa' })
    await flush()
    expect(t.actor.getSnapshot().value).toBe('idle')
    expect(t.stored).toEqual(['1.0.0+aaa'])
  })

  it('Scenario: a deploy is found by the check every 5 minutes', async () => {
    const t = setup()
    await flush()
    t.server.version = '1.0.0+bbb'
    await t.advance(299_999)
    expect(t.actor.getSnapshot().value).toBe('idle')
    await t.advance(1)
    expect(t.actor.getSnapshot().value).toBe('available')
  })

  it('Scenario: a route change checks 1 s later; another change within that second waits again', async () => {
    const t = setup()
    await flush()
    expect(t.server.calls).toBe(1)
    t.actor.send({ type: 'version.routeChanged' })
    await t.advance(900)
    t.actor.send({ type: 'version.routeChanged' })
    await t.advance(900)
    expect(t.server.calls).toBe(1)
    await t.advance(100)
    expect(t.server.calls).toBe(2)
  })

  it('Scenario: window focus checks at once', async () => {
    const t = setup()
    await flush()
    t.server.version = '1.0.0+bbb'
    await t.focus()
    expect(t.actor.getSnapshot().value).toBe('available')
  })

  it('Scenario: checks are skipped while offline', async () => {
    const t = setup({ online: false })
    await flush()
    expect(t.server.calls).toBe(0)
    await t.focus()
    await t.advance(300_000)
    expect(t.server.calls).toBe(0)
    t.setOnline(true)
    await t.focus()
    expect(t.server.calls).toBe(1)
  })

  it('Scenario: a failed check logs a warning and is otherwise ignored', async () => {
    const t = setup()
    await flush()
    t.server.fail = true
    await t.focus()
    expect(t.warnings).toHaveLength(1)
    expect(t.actor.getSnapshot().value).toBe('idle')
    t.server.fail = false
    t.server.version = '1.0.0+bbb'
    await t.focus()
    expect(t.actor.getSnapshot().value).toBe('available')
  })

  it('Scenario: Later dismisses the prompt and records the version, until the next version', async () => {
    const t = setup()
    await flush()
    t.server.version = '1.0.0+bbb'
    await t.focus()
    expect(t.actor.getSnapshot().value).toBe('available')
    t.actor.send({ type: 'version.later' })
    expect(t.actor.getSnapshot().value).toBe('idle')
    expect(t.stored.at(-1)).toBe('1.0.0+bbb')
    await t.focus()
    expect(t.actor.getSnapshot().value).toBe('idle')
    t.server.version = '1.0.0+ccc'
    await t.focus()
    expect(t.actor.getSnapshot().context.availableVersion).toBe('1.0.0+ccc')
  })

  it('Scenario: Update hard-refreshes after 1 s', async () => {
    const t = setup({ seenVersion: '0.9.0', buildVersion: null })
    await flush()
    t.actor.send({ type: 'version.update' })
    await t.advance(999)
    expect(t.refreshes()).toBe(0)
    await t.advance(1)
    expect(t.refreshes()).toBe(1)
    expect(t.actor.getSnapshot().value).toBe('reloading')
  })

  it('Scenario: a new service worker waiting checks at once; a new served version shows the prompt, and the worker keeps waiting', async () => {
    const t = setup()
    await flush()
    t.server.version = '1.0.0+bbb'
    await t.workerWaits()
    expect(t.server.calls).toBe(2)
    expect(t.actor.getSnapshot().value).toBe('available')
    expect(t.worker.released).toBe(0)
  })

  it('Scenario: Update with a worker waiting: after 1 s the worker takes over, then the hard refresh', async () => {
    const t = setup()
    await flush()
    t.server.version = '1.0.0+bbb'
    await t.workerWaits()
    t.actor.send({ type: 'version.update' })
    await t.advance(999)
    expect(t.worker.activations).toBe(0)
    await t.advance(1)
    expect(t.worker.activations).toBe(1)
    expect(t.refreshes()).toBe(1)
    expect(t.actor.getSnapshot().value).toBe('reloading')
  })

  it('Scenario: a worker that does not take over is a warning; the hard refresh goes ahead', async () => {
    const t = setup()
    await flush()
    t.server.version = '1.0.0+bbb'
    await t.workerWaits()
    t.worker.takesOver = false
    t.actor.send({ type: 'version.update' })
    await t.advance(1_000)
    expect(t.warnings).toHaveLength(1)
    expect(t.refreshes()).toBe(1)
  })

  it('Scenario: a worker found waiting while the prompt is up is used by Update', async () => {
    const t = setup()
    await flush()
    t.server.version = '1.0.0+bbb'
    await t.focus()
    expect(t.actor.getSnapshot().value).toBe('available')
    await t.workerWaits()
    expect(t.server.calls).toBe(2)
    t.actor.send({ type: 'version.update' })
    await t.advance(1_000)
    expect(t.worker.activations).toBe(1)
  })

  it('Scenario: Later keeps the current worker; the same version waiting again after a reload stays put off', async () => {
    const t = setup()
    await flush()
    t.server.version = '1.0.0+bbb'
    await t.workerWaits()
    t.actor.send({ type: 'version.later' })
    expect(t.actor.getSnapshot().value).toBe('idle')
    expect(t.worker.released).toBe(0)
    // The next page of this tab finds the same worker still waiting.
    const next = setup({ seenVersion: '1.0.0+bbb' }, '1.0.0+bbb')
    await flush()
    await next.workerWaits()
    expect(next.actor.getSnapshot().value).toBe('idle')
    expect(next.worker.released).toBe(0)
    expect(next.worker.activations).toBe(0)
  })

  it('Scenario: a worker of the very build this tab runs is let in without a prompt', async () => {
    // The tab loaded the new build from the network before its worker had finished installing.
    const t = setup({ seenVersion: '1.0.0+aaa', buildVersion: '1.0.0+bbb' }, '1.0.0+bbb')
    await flush()
    expect(t.worker.released).toBe(0)
    await t.workerWaits()
    expect(t.actor.getSnapshot().value).toBe('idle')
    expect(t.worker.released).toBe(1)
    expect(t.actor.getSnapshot().context.workerWaiting).toBe(false)
  })

  it('Scenario: a worker waiting while offline is not offered until a check can run', async () => {
    const t = setup({ online: false })
    await flush()
    t.server.version = '1.0.0+bbb'
    await t.workerWaits()
    expect(t.actor.getSnapshot().value).toBe('idle')
    expect(t.server.calls).toBe(0)
    t.setOnline(true)
    await t.focus()
    expect(t.actor.getSnapshot().value).toBe('available')
  })
})
