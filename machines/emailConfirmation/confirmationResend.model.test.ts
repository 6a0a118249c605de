import { createActor } from 'xstate'
import { describe, expect, it } from 'vitest'
import { ACCOUNT_MESSAGES } from '../../contract/account.ts'
import { walkEveryTransition } from '../testing/model-walk.ts'
import { apiError } from '../testing/fixtures.ts'
import { controllable, flush, settleActorEvent } from '../testing/stubs.ts'
import { confirmationResendMachine } from './confirmationResend.machine.ts'

const already = apiError(409, 'conflict', ACCOUNT_MESSAGES.alreadyConfirmed)
const rateLimited = apiError(429, 'rate_limited', 'Too many attempts. Try again in 60 seconds.')

describe('confirmationResend (model)', () => {
  it('walks every transition on a real actor', async () => {
    const result = await walkEveryTransition({
      machine: confirmationResendMachine,
      events: [
        { type: 'resend' },
        { type: 'xstate.done.actor.resendConfirmation', output: { ok: true } },
        { type: 'xstate.error.actor.resendConfirmation', error: already },
        { type: 'xstate.error.actor.resendConfirmation', error: rateLimited },
      ] as never[],
      serializeState: (s) => JSON.stringify([s.value, s.context.message]),
      start: (inspect) => {
        const resend = controllable<unknown, void>()
        const actor = createActor(confirmationResendMachine.provide({ actors: { resendConfirmation: resend.logic } }), { inspect }).start()
        return {
          actor,
          exec: async (event) => {
            if (await settleActorEvent(event as { type: string }, { resendConfirmation: resend })) return
            actor.send(event)
            await flush()
          },
          check: (s) => {
            if (s.matches('sending')) expect(s.context.message).toBeNull()
            if (s.matches('sent')) expect(s.context.message).toBe(ACCOUNT_MESSAGES.confirmationSent)
            if (s.matches('alreadyConfirmed')) expect(s.context.message).toBe(ACCOUNT_MESSAGES.alreadyConfirmed)
            if (s.matches('idle')) expect([null, rateLimited.message]).toContain(s.context.message)
          },
          stop: () => actor.stop(),
        }
      },
    })
    expect(result.failures).toEqual([])
    expect(result.unwalked).toEqual([])
  }, 30_000)
})
