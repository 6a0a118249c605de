import { type AnyStateNode, createActor } from 'xstate'
import { describe, expect, it } from 'vitest'
import { UNSUBSCRIBE_LINK_INVALID, type UnsubscribeResponse } from '../../contract/notifications.ts'
import { transitionsAtStart as startTransitions, walkEveryTransition, type WalkResult } from '../testing/model-walk.ts'
import { apiError } from '../testing/fixtures.ts'
import { controllable, flush, settleActorEvent } from '../testing/stubs.ts'
import { UNSUBSCRIBE_FAILED_MESSAGE, unsubscribeMachine } from './unsubscribe.machine.ts'

const subscribed: UnsubscribeResponse = { category: { id: 'team', name: 'Team Activity' }, email: 'ada@acme.test', unsubscribed: false }
const off: UnsubscribeResponse = { ...subscribed, unsubscribed: true }
const linkRefused = apiError(400, 'invalid_request', UNSUBSCRIBE_LINK_INVALID)
const unreachable = apiError(0, 'network_error', 'Could not reach the server. Check your connection and try again.')

const transitionsAtStart = (token: string) => startTransitions(unsubscribeMachine, { token })

function walk(token: string): Promise<WalkResult> {
  return walkEveryTransition({
    machine: unsubscribeMachine,
    input: { token },
    events: [
      { type: 'unsubscribe.confirm' },
      { type: 'unsubscribe.retry' },
      { type: 'xstate.done.actor.describeUnsubscribe', output: subscribed },
      { type: 'xstate.done.actor.describeUnsubscribe', output: off },
      { type: 'xstate.error.actor.describeUnsubscribe', error: linkRefused },
      { type: 'xstate.error.actor.describeUnsubscribe', error: unreachable },
      { type: 'xstate.done.actor.unsubscribe', output: off },
      { type: 'xstate.error.actor.unsubscribe', error: linkRefused },
      { type: 'xstate.error.actor.unsubscribe', error: unreachable },
    ] as never[],
    // `hasDetails` reads whether anything was loaded: a failure before and after loading differ.
    serializeState: (s) => JSON.stringify([s.value, s.context.details !== null]),
    start: (inspect) => {
      const describeCall = controllable<UnsubscribeResponse, { token: string }>()
      const unsubscribeCall = controllable<UnsubscribeResponse, { token: string }>()
      const actor = createActor(unsubscribeMachine.provide({ actors: { describeUnsubscribe: describeCall.logic, unsubscribe: unsubscribeCall.logic } }), {
        input: { token },
        inspect,
      }).start()
      return {
        actor,
        exec: async (event) => {
          if (await settleActorEvent(event as { type: string }, { describeUnsubscribe: describeCall, unsubscribe: unsubscribeCall })) return
          actor.send(event)
          await flush()
        },
        check: (s) => {
          // The token goes as it came; the POST only ever follows a click (ready) or a retry of it.
          for (const call of [...describeCall.calls, ...unsubscribeCall.calls]) expect(call).toEqual({ token: 'tok' })
          if (s.matches('loading')) expect(unsubscribeCall.calls).toEqual([])
          if (s.matches('ready')) expect(s.context.details).toEqual(subscribed)
          if (s.matches('alreadyUnsubscribed') || s.matches('done')) expect(s.context.details).toEqual(off)
          if (s.matches('failed')) expect(s.context.error).toBe(unreachable.message)
          if (s.matches('done')) expect(unsubscribeCall.calls.length).toBeGreaterThan(0)
        },
        stop: () => actor.stop(),
      }
    },
  })
}

describe('unsubscribe (model)', () => {
  it('walks every transition on a real actor (with a token; the link without one at start)', async () => {
    const withToken = await walk('tok')
    expect(withToken.failures).toEqual([])
    expect(withToken.unwalked).toEqual(['unsubscribe.start (always) #1'])
    expect(transitionsAtStart('')).toEqual(['unsubscribe.start (always) #1'])
  }, 30_000)

  it('Scenario: arriving with a link loads what it turns off and changes nothing until the click', async () => {
    const describeCall = controllable<UnsubscribeResponse, { token: string }>()
    const unsubscribeCall = controllable<UnsubscribeResponse, { token: string }>()
    const actor = createActor(unsubscribeMachine.provide({ actors: { describeUnsubscribe: describeCall.logic, unsubscribe: unsubscribeCall.logic } }), {
      input: { token: 'tok' },
    }).start()
    await describeCall.resolve(subscribed)
    expect(actor.getSnapshot().value).toBe('ready')
    expect(unsubscribeCall.calls).toEqual([])
    actor.send({ type: 'unsubscribe.confirm' })
    expect(unsubscribeCall.calls).toEqual([{ token: 'tok' }])
    await unsubscribeCall.resolve(off)
    expect(actor.getSnapshot().value).toBe('done')
  })

  it('Scenario: a token longer than the server accepts is invalid without a call', () => {
    const describeCall = controllable<UnsubscribeResponse, { token: string }>()
    const actor = createActor(unsubscribeMachine.provide({ actors: { describeUnsubscribe: describeCall.logic } }), { input: { token: 'x'.repeat(2049) } }).start()
    expect(actor.getSnapshot().value).toBe('invalid')
    expect(describeCall.calls).toEqual([])
  })

  it('Scenario: a failure without a message of the server’s gets ours', async () => {
    const describeCall = controllable<UnsubscribeResponse, { token: string }>()
    const actor = createActor(unsubscribeMachine.provide({ actors: { describeUnsubscribe: describeCall.logic } }), { input: { token: 'tok' } }).start()
    await describeCall.reject(new Error('bug'))
    expect(actor.getSnapshot().value).toBe('failed')
    expect(actor.getSnapshot().context.error).toBe(UNSUBSCRIBE_FAILED_MESSAGE)
  })
})
