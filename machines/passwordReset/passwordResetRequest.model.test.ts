import { createActor } from 'xstate'
import { describe, expect, it } from 'vitest'
import { PASSWORD_RESET_SENT, type PasswordResetResponse } from '../../contract/account.ts'
import { walkEveryTransition } from '../testing/model-walk.ts'
import { apiError } from '../testing/fixtures.ts'
import { controllable, flush, settleActorEvent } from '../testing/stubs.ts'
import { passwordResetRequestMachine, requestErrors } from './passwordResetRequest.machine.ts'

const rateLimited = apiError(429, 'rate_limited', 'Too many attempts. Try again in 60 seconds.')
const malformed = Object.assign(apiError(400, 'invalid_request', 'Invalid request'), { issues: [{ path: ['email'], message: 'Enter a valid email address' }] })

const events = [
  { type: 'email.change', value: '  Ada@Example.TEST ' },
  { type: 'email.change', value: 'not-an-address' },
  { type: 'reset.submit' },
  { type: 'xstate.done.actor.requestReset', output: { message: PASSWORD_RESET_SENT } },
  { type: 'xstate.error.actor.requestReset', error: rateLimited },
  { type: 'xstate.error.actor.requestReset', error: malformed },
] as never[]

describe('passwordResetRequest (model)', () => {
  it('walks every transition: only a valid address is sent (trimmed, lower-case); the answer is the server’s', async () => {
    const result = await walkEveryTransition({
      machine: passwordResetRequestMachine,
      input: { email: '' },
      events,
      // The guard reads only whether the address is valid.
      serializeState: (s) => JSON.stringify([s.value, Object.keys(requestErrors(s.context.email)), Object.keys(s.context.fields), s.context.formError !== null]),
      start: (inspect) => {
        const request = controllable<PasswordResetResponse, { email: string }>()
        const actor = createActor(passwordResetRequestMachine.provide({ actors: { requestReset: request.logic } }), { input: { email: '' }, inspect }).start()
        return {
          actor,
          exec: async (event) => {
            if (await settleActorEvent(event as { type: string }, { requestReset: request })) return
            actor.send(event)
            await flush()
          },
          check: (s) => {
            for (const call of request.calls) expect(call).toEqual({ email: 'ada@example.test' })
            if (s.matches('sent')) expect(s.context.message).toBe(PASSWORD_RESET_SENT)
            else expect(s.context.message).toBeNull()
          },
          stop: () => actor.stop(),
        }
      },
    })
    expect(result.failures).toEqual([])
    expect(result.unwalked).toEqual([])
  }, 30_000)

  it('Scenario: a malformed address is refused on its field without a call; a 429 shows the server’s message', async () => {
    const request = controllable<PasswordResetResponse, { email: string }>()
    const actor = createActor(passwordResetRequestMachine.provide({ actors: { requestReset: request.logic } }), { input: { email: 'nope' } }).start()
    actor.send({ type: 'reset.submit' })
    expect(actor.getSnapshot().context.fields.email).toBe('Enter a valid email address')
    expect(request.calls).toEqual([])
    actor.send({ type: 'email.change', value: 'ada@example.test' })
    expect(actor.getSnapshot().context.fields).toEqual({})
    actor.send({ type: 'reset.submit' })
    await request.reject(rateLimited)
    expect(actor.getSnapshot().value).toBe('editing')
    expect(actor.getSnapshot().context.formError).toBe('Too many attempts. Try again in 60 seconds.')
  })

  it('Scenario: an empty 202 body still shows the one answer', async () => {
    const request = controllable<PasswordResetResponse, { email: string }>()
    const actor = createActor(passwordResetRequestMachine.provide({ actors: { requestReset: request.logic } }), { input: { email: 'ada@example.test' } }).start()
    actor.send({ type: 'reset.submit' })
    await request.resolve({ message: '' })
    expect(actor.getSnapshot().context.message).toBe(PASSWORD_RESET_SENT)
  })
})
