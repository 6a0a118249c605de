/**
 * 'Confirm it's you' started on first need (src/system/reverification-host.ts): the actor views
 * read is closed until the first question starts the real one, which then answers for it.
 */
import { createActor, fromPromise, waitFor } from 'xstate'
import { describe, expect, it, vi } from 'vitest'
import { appMachine } from '../../machines/app/app.machine.ts'
import { selectIsOpen } from '../../machines/reverification/reverification.selectors.ts'
import type { ReverificationStatus, ReverifyResponse } from '../../contract/reverification.ts'
import { reverificationMachine, type SecretFactor } from '../../machines/reverification/reverification.machine.ts'
import { SystemId } from '../../machines/shared/system-ids.ts'
import { lateReverification } from './reverification-host.ts'

const signedOut = { tokens: null, auth: { hasStoredSession: false }, reverification: { passkeySupported: false } } as const

/** The machine with a password-only account whose password is always right. */
const logic = reverificationMachine.provide({
  actors: {
    loadStatus: fromPromise<ReverificationStatus, void>(async () => ({ factors: ['password'], verified_until: null })),
    verifySecret: fromPromise<ReverifyResponse, SecretFactor>(async () => ({ verified_until: '2027-01-01T00:00:00.000Z' })),
  },
})

function setUp(load: () => Promise<typeof logic> = async () => logic) {
  const root = createActor(appMachine, { input: signedOut }).start()
  const downloads = vi.fn(load)
  return { root, downloads, late: lateReverification(() => root, downloads) }
}

describe('reverification started on first need', () => {
  it('Scenario: before any call asks, nothing is started: the dialog reads closed and what is sent to it is dropped', () => {
    const { root, downloads, late } = setUp()
    expect(root.system.get(SystemId.reverification)).toBeUndefined()
    expect(selectIsOpen(late.actor.getSnapshot())).toBe(false)
    expect(late.actor.getSnapshot().matches('idle')).toBe(true)
    late.actor.send({ type: 'reverification.cancel' })
    expect(downloads).not.toHaveBeenCalled()
    expect(late.current()).toBeNull()
    root.stop()
  })

  it('Scenario: the first question starts the actor once; a subscriber from before sees the dialog open, and confirming resolves the prompt', async () => {
    const { root, downloads, late } = setUp()
    const seen: boolean[] = []
    const sub = late.actor.subscribe((s) => seen.push(selectIsOpen(s)))
    const emitted: string[] = []
    late.actor.on('reverification.verified', (e) => emitted.push(e.type))
    const answer = late.prompt.confirm()
    await waitFor(late.actor, (s) => s.matches({ asking: 'editing' }))
    expect(root.system.get(SystemId.reverification)).toBe(late.current())
    expect(seen).toContain(true)
    late.actor.send({ type: 'reverification.changeValue', value: 'demo-password' })
    late.actor.send({ type: 'reverification.submit' })
    await expect(answer).resolves.toBe(true)
    expect(emitted).toEqual(['reverification.verified'])
    expect(selectIsOpen(late.actor.getSnapshot())).toBe(false)
    // A second question asks the same actor: no second download, no second start.
    const again = late.prompt.confirm()
    await waitFor(late.actor, (s) => s.matches({ asking: 'editing' }))
    late.actor.send({ type: 'reverification.cancel' })
    await expect(again).resolves.toBe(false)
    expect(downloads).toHaveBeenCalledTimes(1)
    sub.unsubscribe()
    root.stop()
  })

  it('Scenario: the chunk fails to download: the question fails (the call keeps its 403) and the next one downloads again', async () => {
    let fail = true
    const { root, downloads, late } = setUp(async () => {
      if (fail) throw new Error('Failed to fetch dynamically imported module')
      return logic
    })
    await expect(late.prompt.confirm()).rejects.toThrow('Failed to fetch')
    expect(root.system.get(SystemId.reverification)).toBeUndefined()
    fail = false
    const answer = late.prompt.confirm()
    await waitFor(late.actor, (s) => s.matches({ asking: 'editing' }))
    late.actor.send({ type: 'reverification.cancel' })
    await expect(answer).resolves.toBe(false)
    expect(downloads).toHaveBeenCalledTimes(2)
    root.stop()
  })
})
