import { createActor } from 'xstate'
import { describe, expect, it } from 'vitest'
import { walkEveryTransition } from '../testing/model-walk.ts'
import { controllable } from '../testing/stubs.ts'
import { tokenMachine } from './token.machine.ts'
import type { StoredTokens } from './token.policy.ts'

const initial: StoredTokens = { accessToken: 'a1', refreshToken: 'r1', expiresAt: 1_000 }
const rotated: StoredTokens = { accessToken: 'a2', refreshToken: 'r2', expiresAt: 2_000 }
const signedIn: StoredTokens = { accessToken: 'a3', refreshToken: 'r3', expiresAt: 3_000 }

describe('token (model)', () => {
  it('walks every transition on a real actor, with storage kept in step', async () => {
    const result = await walkEveryTransition({
      machine: tokenMachine,
      input: { tokens: initial },
      events: [
        { type: 'token.set', tokens: signedIn },
        { type: 'token.refresh' },
        { type: 'token.clear' },
        { type: 'xstate.done.actor.refreshTokens', output: rotated } as never,
        { type: 'xstate.error.actor.refreshTokens', error: new Error('401') } as never,
      ],
      serializeState: (s) => JSON.stringify([s.value, s.context.tokens?.accessToken ?? null]),
      start: (inspect) => {
        const refresh = controllable<StoredTokens, { refreshToken: string }>()
        // The browser's cookie jar, as the provided actions see it.
        let stored: StoredTokens | null = initial
        const emitted: string[] = []
        const actor = createActor(
          tokenMachine.provide({
            actors: { refreshTokens: refresh.logic },
            actions: {
              persistTokens: (_, p) => {
                stored = p.tokens
              },
              eraseTokens: () => {
                stored = null
              },
            },
          }),
          { input: { tokens: initial }, inspect },
        )
        actor.on('*', (e) => emitted.push(e.type))
        actor.start()
        return {
          actor,
          exec: async (event) => {
            const type = (event as { type: string }).type
            if (type === 'xstate.done.actor.refreshTokens') return refresh.resolve((event as unknown as { output: StoredTokens }).output)
            if (type === 'xstate.error.actor.refreshTokens') return refresh.reject((event as unknown as { error: Error }).error)
            actor.send(event)
          },
          check: (snapshot) => {
            // Invariant: what the machine holds is what the browser stores.
            expect(stored).toEqual(snapshot.context.tokens)
            if (snapshot.matches('refreshing')) expect(refresh.calls.at(-1)).toEqual({ refreshToken: snapshot.context.tokens?.refreshToken })
            if (snapshot.context.lastError !== null) expect(emitted).toContain('token.refreshFailed')
          },
          stop: () => actor.stop(),
        }
      },
    })
    expect(result.failures).toEqual([])
    expect(result.unwalked).toEqual([])
    expect(result.walked.length).toBe(result.defined.length)
  })
})
