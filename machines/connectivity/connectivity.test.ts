import { createActor, fromCallback } from 'xstate'
import { describe, expect, it } from 'vitest'
import { type ConnectivityEvent, connectivityMachine } from './connectivity.machine.ts'

function setup(online: boolean) {
  let send: ((e: ConnectivityEvent) => void) | null = null
  const restored: number[] = []
  const actor = createActor(
    connectivityMachine.provide({
      actors: {
        connectivityListener: fromCallback(({ sendBack }) => {
          send = sendBack
          return () => void (send = null)
        }),
      },
    }),
    { input: { online } },
  )
  actor.on('connectivity.restored', () => void restored.push(1))
  actor.start()
  return { actor, restored, browser: (e: ConnectivityEvent['type']) => send!({ type: e }) }
}

describe(connectivityMachine.id, () => {
  it('Scenario: a page opened offline says so at once', () => {
    expect(setup(false).actor.getSnapshot().value).toBe('offline')
    expect(setup(true).actor.getSnapshot().value).toBe('online')
  })

  it('Scenario: the network goes, then comes back: offline, then online with one refresh', () => {
    const t = setup(true)
    t.browser('connectivity.offline')
    expect(t.actor.getSnapshot().value).toBe('offline')
    expect(t.restored).toHaveLength(0)
    t.browser('connectivity.online')
    expect(t.actor.getSnapshot().value).toBe('online')
    expect(t.restored).toHaveLength(1)
  })

  it('Scenario: repeated events change nothing and refresh nothing more', () => {
    const t = setup(true)
    t.browser('connectivity.online')
    t.browser('connectivity.offline')
    t.browser('connectivity.offline')
    t.browser('connectivity.online')
    t.browser('connectivity.online')
    expect(t.restored).toHaveLength(1)
  })
})
