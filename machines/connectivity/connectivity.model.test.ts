import { createActor, fromCallback } from 'xstate'
import { describe, expect, it } from 'vitest'
import { walkEveryTransition } from '../testing/model-walk.ts'
import { type ConnectivityEvent, connectivityMachine } from './connectivity.machine.ts'

const events = [{ type: 'connectivity.online' }, { type: 'connectivity.offline' }] as never[]

/** Walks every transition from a start online or offline; 'restored' is emitted exactly on offline → online. */
function walk(online: boolean) {
  return walkEveryTransition({
    machine: connectivityMachine,
    input: { online },
    events,
    serializeState: (s) => JSON.stringify(s.value),
    start: (inspect) => {
      let send: ((e: ConnectivityEvent) => void) | null = null
      let restored = 0
      let expected = 0
      const actor = createActor(
        connectivityMachine.provide({
          actors: {
            connectivityListener: fromCallback(({ sendBack }) => {
              send = sendBack
              return () => void (send = null)
            }),
          },
        }),
        { input: { online }, inspect },
      )
      actor.on('connectivity.restored', () => void restored++)
      actor.start()
      return {
        actor,
        exec: (event) => {
          const e = event as ConnectivityEvent
          if (e.type === 'connectivity.online' && actor.getSnapshot().matches('offline')) expected++
          send!(e)
        },
        check: (s) => {
          expect(restored).toBe(expected)
          expect(s.matches('starting')).toBe(false)
          expect(send).not.toBeNull()
        },
        stop: () => actor.stop(),
      }
    },
  })
}

describe('connectivity (model)', () => {
  it('walks every transition from both starts: the browser’s word at start, then its online and offline events', async () => {
    const online = await walk(true)
    const offline = await walk(false)
    expect([...online.failures, ...offline.failures]).toEqual([])
    // Each start takes one branch of `starting`; together they walk everything.
    expect(online.unwalked.filter((t) => offline.unwalked.includes(t))).toEqual([])
    expect(online.defined).toHaveLength(4)
  })
})
