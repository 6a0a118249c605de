import { type AnyStateNode, createActor } from 'xstate'
import { describe, expect, it } from 'vitest'
import { ACCOUNT_MESSAGES, type ConfirmEmailResponse } from '../../contract/account.ts'
import { transitionsAtStart as startTransitions, walkEveryTransition, type WalkResult } from '../testing/model-walk.ts'
import { apiError } from '../testing/fixtures.ts'
import { controllable, flush, settleActorEvent } from '../testing/stubs.ts'
import { EMAIL_CONFIRMATION_FAILED_MESSAGE, emailConfirmationMachine } from './emailConfirmation.machine.ts'

const linkRefused = apiError(400, 'invalid_request', ACCOUNT_MESSAGES.linkInvalid)
const unreachable = apiError(0, 'network_error', 'Could not reach the server. Check your connection and try again.')

const transitionsAtStart = (token: string) => startTransitions(emailConfirmationMachine, { token })

function walk(token: string): Promise<WalkResult> {
  return walkEveryTransition({
    machine: emailConfirmationMachine,
    input: { token },
    events: [
      { type: 'confirm.retry' },
      { type: 'xstate.done.actor.confirmEmail', output: { email: 'ada@example.test' } },
      { type: 'xstate.error.actor.confirmEmail', error: linkRefused },
      { type: 'xstate.error.actor.confirmEmail', error: unreachable },
    ] as never[],
    serializeState: (s) => JSON.stringify(s.value),
    start: (inspect) => {
      const confirm = controllable<ConfirmEmailResponse, { token: string }>()
      const emitted: string[] = []
      const actor = createActor(emailConfirmationMachine.provide({ actors: { confirmEmail: confirm.logic } }), { input: { token }, inspect })
      actor.on('email.confirmed', (e) => void emitted.push(e.email))
      actor.start()
      return {
        actor,
        exec: async (event) => {
          if (await settleActorEvent(event as { type: string }, { confirmEmail: confirm })) return
          actor.send(event)
          await flush()
        },
        check: (s) => {
          // The token is posted as it came, once per arrival or retry; never without one.
          for (const call of confirm.calls) expect(call).toEqual({ token: 'tok' })
          expect(emitted).toEqual(s.matches('confirmed') ? ['ada@example.test'] : [])
          if (s.matches('invalid')) expect(s.context.error).toBe(ACCOUNT_MESSAGES.linkInvalid)
          if (s.matches('failed')) expect(s.context.error).toBe(unreachable.message)
          if (s.matches('confirmed')) expect(s.context).toMatchObject({ email: 'ada@example.test', error: null })
        },
        stop: () => actor.stop(),
      }
    },
  })
}

describe('emailConfirmation (model)', () => {
  it('walks every transition on a real actor (with a token; the link without one at start)', async () => {
    const withToken = await walk('tok')
    expect(withToken.failures).toEqual([])
    // The link without a token takes the one transition the walk with one cannot.
    expect(withToken.unwalked).toEqual([`emailConfirmation.start (always) #1`])
    expect(transitionsAtStart('')).toEqual([`emailConfirmation.start (always) #1`])
  }, 30_000)

  it('Scenario: a token longer than the contract allows is refused without a call', () => {
    const confirm = controllable<ConfirmEmailResponse, { token: string }>()
    const actor = createActor(emailConfirmationMachine.provide({ actors: { confirmEmail: confirm.logic } }), { input: { token: 'x'.repeat(201) } }).start()
    expect(actor.getSnapshot().value).toBe('invalid')
    expect(confirm.calls).toEqual([])
  })

  it('Scenario: a failure without a message of the server’s gets ours', async () => {
    const confirm = controllable<ConfirmEmailResponse, { token: string }>()
    const actor = createActor(emailConfirmationMachine.provide({ actors: { confirmEmail: confirm.logic } }), { input: { token: 'tok' } }).start()
    await confirm.reject(new Error('bug'))
    expect(actor.getSnapshot().value).toBe('failed')
    expect(actor.getSnapshot().context.error).toBe(EMAIL_CONFIRMATION_FAILED_MESSAGE)
  })
})
