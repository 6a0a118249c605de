import { createActor, waitFor } from 'xstate'
import { describe, expect, it } from 'vitest'
import { walkEveryTransition } from '../testing/model-walk.ts'
import { apiError } from '../testing/fixtures.ts'
import { controllable } from '../testing/stubs.ts'
import { PASSWORDS_DIFFER } from '../shared/passwords.ts'
import { setPasswordMachine } from './setPassword.machine.ts'

describe('setPassword (model)', () => {
  it('walks every transition on a real actor', async () => {
    const result = await walkEveryTransition({
      machine: setPasswordMachine,
      input: { token: 't' },
      events: [
        { type: 'password.submit', password: 'long-enough-1', confirmation: 'long-enough-1' },
        { type: 'password.submit', password: 'short', confirmation: 'short' },
        { type: 'xstate.done.actor.setPassword', output: { ok: true } } as never,
        { type: 'xstate.error.actor.setPassword', error: apiError(400, 'invalid_request', 'This link has expired or was already used.') } as never,
      ],
      serializeState: (s) => JSON.stringify([s.value, Object.keys(s.context.fields), s.context.formError !== null]),
      start: (inspect) => {
        const call = controllable<unknown, { token: string; password: string }>()
        const actor = createActor(setPasswordMachine.provide({ actors: { setPassword: call.logic } }), { input: { token: 't' }, inspect }).start()
        return {
          actor,
          exec: async (e) => {
            const type = (e as { type: string }).type
            if (type.startsWith('xstate.done')) return call.resolve({ ok: true })
            if (type.startsWith('xstate.error')) return call.reject((e as unknown as { error: unknown }).error)
            actor.send(e)
          },
          check: (s) => {
            if (s.matches('submitting')) expect(call.calls.at(-1)).toEqual({ token: 't', password: 'long-enough-1' })
          },
          stop: () => actor.stop(),
        }
      },
    })
    expect(result.failures).toEqual([])
    expect(result.unwalked).toEqual([])
  })

  it('Scenario: the server refuses a common password: the message shows under the field only', async () => {
    const call = controllable<unknown, { token: string; password: string }>()
    const actor = createActor(setPasswordMachine.provide({ actors: { setPassword: call.logic } }), { input: { token: 't' } }).start()
    actor.send({ type: 'password.submit', password: 'qwertyuiop', confirmation: 'qwertyuiop' })
    const message = 'This password is too common. Choose one that is harder to guess.'
    await call.reject(Object.assign(apiError(400, 'invalid_request', message), { issues: [{ path: ['password'], message }] }))
    await waitFor(actor, (s) => s.matches('editing'))
    expect(actor.getSnapshot().context).toMatchObject({ fields: { password: message }, formError: null })
  })

  it('Scenario: different confirmation and a missing token are refused without a call', () => {
    const actor = createActor(setPasswordMachine, { input: { token: '' } }).start()
    actor.send({ type: 'password.submit', password: 'long-enough-1', confirmation: 'other-password' })
    expect(actor.getSnapshot().value).toBe('editing')
    expect(actor.getSnapshot().context.fields.confirmation).toBe(PASSWORDS_DIFFER)
    expect(actor.getSnapshot().context.formError).toContain('incomplete')
  })
})
