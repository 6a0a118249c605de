import { createActor } from 'xstate'
import { describe, expect, it } from 'vitest'
import { controllable } from '../testing/stubs.ts'
import { tokenMachine } from './token.machine.ts'
import type { StoredTokens } from './token.policy.ts'

const t1: StoredTokens = { accessToken: 'a1', refreshToken: 'r1', expiresAt: 1 }
const t2: StoredTokens = { accessToken: 'a2', refreshToken: 'r2', expiresAt: 2 }

function start(tokens: StoredTokens | null) {
  const refresh = controllable<StoredTokens, { refreshToken: string }>()
  const actor = createActor(tokenMachine.provide({ actors: { refreshTokens: refresh.logic } }), { input: { tokens } })
  const emitted: string[] = []
  actor.on('*', (e) => emitted.push(e.type))
  actor.start()
  return { actor, refresh, emitted }
}

describe('token', () => {
  it('Scenario: refresh requests during a refresh share the one in flight', async () => {
    const { actor, refresh, emitted } = start(t1)
    for (let i = 0; i < 20; i++) actor.send({ type: 'token.refresh' })
    expect(refresh.calls).toEqual([{ refreshToken: 'r1' }])
    await refresh.resolve(t2)
    expect(actor.getSnapshot().context.tokens).toEqual(t2)
    expect(emitted).toEqual(['token.refreshed'])
  })

  it('Scenario: a refresh without a refresh token fails at once and ends the session', () => {
    const { actor, refresh, emitted } = start(null)
    actor.send({ type: 'token.refresh' })
    expect(refresh.calls).toHaveLength(0)
    expect(emitted).toEqual(['token.refreshFailed'])
    expect(actor.getSnapshot().context.lastError).toBe('no refresh token')
  })

  it('Scenario: a failed refresh forgets the tokens', async () => {
    const { actor, refresh, emitted } = start(t1)
    actor.send({ type: 'token.refresh' })
    await refresh.reject(new Error('refresh token reused'))
    expect(actor.getSnapshot().context).toEqual({ tokens: null, lastError: 'refresh token reused', revoked: false })
    expect(emitted).toEqual(['token.refreshFailed'])
  })

  it('Scenario: a refresh refused because the session was signed out remembers why, until the next tokens', async () => {
    const { actor, refresh } = start(t1)
    actor.send({ type: 'token.refresh' })
    await refresh.reject(Object.assign(new Error('This session was signed out.'), { code: 'session_revoked' }))
    expect(actor.getSnapshot().context).toMatchObject({ tokens: null, revoked: true })
    actor.send({ type: 'token.set', tokens: t1 })
    expect(actor.getSnapshot().context).toMatchObject({ tokens: t1, revoked: false })
  })

  it('Scenario: a sign-out during a refresh wins; the late refresh result is ignored', async () => {
    const { actor, refresh } = start(t1)
    actor.send({ type: 'token.refresh' })
    actor.send({ type: 'token.clear' })
    await refresh.resolve(t2).catch(() => undefined)
    expect(actor.getSnapshot().context.tokens).toBeNull()
  })
})
