import { type AnyStateNode, createActor } from 'xstate'
import { describe, expect, it } from 'vitest'
import { ACCOUNT_MESSAGES } from '../../contract/account.ts'
import { transitionsAtStart as startTransitions, walkEveryTransition, type WalkResult } from '../testing/model-walk.ts'
import { apiError } from '../testing/fixtures.ts'
import { controllable } from '../testing/stubs.ts'
import { isLinkRefusal } from '../shared/link-refusal.ts'
import { PASSWORDS_DIFFER } from '../shared/passwords.ts'
import { passwordResetMachine } from './passwordReset.machine.ts'

const linkRefused = apiError(400, 'invalid_request', ACCOUNT_MESSAGES.linkInvalid)
const weakPassword = Object.assign(apiError(400, 'invalid_request', 'Invalid request'), { issues: [{ path: ['password'], message: 'Use at least 10 characters' }] })
const rateLimited = apiError(429, 'rate_limited', 'Too many attempts. Try again in 60 seconds.')

const transitionsAtStart = (token: string) => startTransitions(passwordResetMachine, { token })

function walk(token: string): Promise<WalkResult> {
  return walkEveryTransition({
    machine: passwordResetMachine,
    input: { token },
    events: [
      { type: 'password.submit', password: 'long-enough-1', confirmation: 'long-enough-1' },
      { type: 'password.submit', password: 'long-enough-1', confirmation: 'other-password' },
      { type: 'password.submit', password: 'short', confirmation: 'short' },
      { type: 'xstate.done.actor.confirmReset', output: { ok: true } } as never,
      { type: 'xstate.error.actor.confirmReset', error: linkRefused } as never,
      { type: 'xstate.error.actor.confirmReset', error: weakPassword } as never,
      { type: 'xstate.error.actor.confirmReset', error: rateLimited } as never,
    ],
    serializeState: (s) => JSON.stringify([s.value, Object.keys(s.context.fields), s.context.formError !== null]),
    start: (inspect) => {
      const call = controllable<unknown, { token: string; password: string }>()
      const actor = createActor(passwordResetMachine.provide({ actors: { confirmReset: call.logic } }), { input: { token }, inspect }).start()
      return {
        actor,
        exec: async (e) => {
          const event = e as { type: string; error?: unknown }
          if (event.type.startsWith('xstate.done')) return call.resolve({ ok: true })
          if (event.type.startsWith('xstate.error')) return call.reject(event.error)
          actor.send(e)
        },
        check: (s) => {
          // Only a valid password that matches its confirmation is sent, with the link's token.
          for (const c of call.calls) expect(c).toEqual({ token: 't', password: 'long-enough-1' })
          if (s.matches('linkInvalid')) expect(s.context.linkError).toBe(ACCOUNT_MESSAGES.linkInvalid)
          else expect(s.context.linkError).toBeNull()
        },
        stop: () => actor.stop(),
      }
    },
  })
}

describe('passwordReset (model)', () => {
  it('walks every transition on a real actor (with a token; the link without one at start)', async () => {
    const withToken = await walk('t')
    expect(withToken.failures).toEqual([])
    // The link without a token takes the one transition the walk with one cannot.
    expect(withToken.unwalked).toEqual([`passwordReset.start (always) #1`])
    expect(transitionsAtStart('')).toEqual([`passwordReset.start (always) #1`])
  }, 30_000)

  it('Scenario: a different confirmation is refused on its field without a call', () => {
    const call = controllable<unknown, { token: string; password: string }>()
    const actor = createActor(passwordResetMachine.provide({ actors: { confirmReset: call.logic } }), { input: { token: 't' } }).start()
    actor.send({ type: 'password.submit', password: 'long-enough-1', confirmation: 'other-password' })
    expect(actor.getSnapshot().value).toBe('editing')
    expect(actor.getSnapshot().context.fields).toEqual({ confirmation: PASSWORDS_DIFFER })
    expect(call.calls).toEqual([])
  })

  it('Scenario: the server’s refusal of the link is shown in its words; one about the password stays on the field', async () => {
    const call = controllable<unknown, { token: string; password: string }>()
    const actor = createActor(passwordResetMachine.provide({ actors: { confirmReset: call.logic } }), { input: { token: 't' } }).start()
    actor.send({ type: 'password.submit', password: 'long-enough-1', confirmation: 'long-enough-1' })
    await call.reject(weakPassword)
    expect(actor.getSnapshot().value).toBe('editing')
    expect(actor.getSnapshot().context.fields).toEqual({ password: 'Use at least 10 characters' })
    actor.send({ type: 'password.submit', password: 'long-enough-1', confirmation: 'long-enough-1' })
    await call.reject(apiError(400, 'invalid_request', 'This link has expired.'))
    expect(actor.getSnapshot().value).toBe('linkInvalid')
    expect(actor.getSnapshot().context.linkError).toBe('This link has expired.')
  })

  it('isLinkRefusal: 400/404/410 not about the password; never a 429, a 5xx or no answer', () => {
    expect(isLinkRefusal(linkRefused)).toBe(true)
    expect(isLinkRefusal(apiError(410, 'gone', 'Gone'))).toBe(true)
    expect(isLinkRefusal(weakPassword)).toBe(false)
    expect(isLinkRefusal(rateLimited)).toBe(false)
    expect(isLinkRefusal(apiError(0, 'network_error', 'Could not reach the server.'))).toBe(false)
    expect(isLinkRefusal(new Error('bug'))).toBe(false)
  })
})
