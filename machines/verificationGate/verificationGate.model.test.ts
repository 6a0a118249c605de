import { SimulatedClock, createActor } from 'xstate'
import { describe, expect, it } from 'vitest'
import type { BotCheckConfigResponse, VerifyBotCheckResponse } from '../../contract/botcheck.ts'
import { apiError } from '../testing/fixtures.ts'
import { walkEveryTransition } from '../testing/model-walk.ts'
import { controllable, flush, settleActorEvent } from '../testing/stubs.ts'
import { VERIFICATION_RETRY_DELAY_MS, type VerificationGateInput, verificationGateMachine } from './verificationGate.machine.ts'

const ALTCHA: BotCheckConfigResponse = { provider: 'altcha', turnstileSiteKey: null }
const OFF: BotCheckConfigResponse = { provider: 'off', turnstileSiteKey: null }
const RETRY = 'xstate.after.retryDelay.verificationGate.unverified.waiting'

const events = [
  { type: 'xstate.done.actor.loadConfig', output: ALTCHA },
  { type: 'xstate.done.actor.loadConfig', output: OFF },
  { type: 'xstate.error.actor.loadConfig', error: new Error('offline') },
  { type: 'botCheck.solved', token: 'token-1' },
  { type: 'botCheck.failed', error: new Error('Failed to fetch challenge.') },
  { type: 'xstate.done.actor.verifyToken', output: { verified: true, proof: 'p1.proof', expires_in: 600 } },
  { type: 'xstate.error.actor.verifyToken', error: apiError(403, 'bot_check_failed', 'The verification token was already used. Please verify again.') },
  { type: RETRY },
] as never[]

/** Walks the model from one input; the fake clock drives the retry delay. */
function walk(input: VerificationGateInput) {
  return walkEveryTransition({
    machine: verificationGateMachine,
    input,
    events,
    serializeState: (s) => JSON.stringify([s.value, s.context.provider?.kind ?? null, s.context.bypass]),
    start: (inspect) => {
      const clock = new SimulatedClock()
      const loadConfig = controllable<BotCheckConfigResponse>()
      const verifyToken = controllable<VerifyBotCheckResponse, { token: string }>()
      const failures: Array<{ source: string }> = []
      let remembered = 0
      let waitingSince = 0
      const actor = createActor(
        verificationGateMachine.provide({
          actors: { loadConfig: loadConfig.logic, verifyToken: verifyToken.logic },
          actions: {
            rememberVerified: () => void remembered++,
            logFailure: (_, params) => void failures.push(params),
          },
        }),
        { input, inspect, clock },
      )
      let wasWaiting = false
      actor.subscribe((s) => {
        const waiting = s.matches({ unverified: 'waiting' })
        if (waiting && !wasWaiting) waitingSince = clock.now()
        wasWaiting = waiting
      })
      actor.start()
      return {
        actor,
        exec: async (event) => {
          const e = event as unknown as { type: string }
          const failed = failures.length
          if (await settleActorEvent(e, { loadConfig, verifyToken })) {
            // SPEC §8: every failure is logged (and nothing else happens: no message to show).
            if (e.type.startsWith('xstate.error.')) expect(failures).toHaveLength(failed + 1)
            return
          }
          if (e.type === RETRY) {
            // One ms short of the delay nothing happens; at the delay the gate tries again.
            clock.increment(waitingSince + VERIFICATION_RETRY_DELAY_MS - 1 - clock.now())
            await flush()
            expect(actor.getSnapshot().matches({ unverified: 'waiting' })).toBe(true)
            clock.increment(1)
            await flush()
            return
          }
          actor.send(e as never)
          if (e.type === 'botCheck.failed') expect(failures.at(-1)).toMatchObject({ source: 'widget' })
        },
        check: (s) => {
          // Verified only through the server (remembered) or a bypass/off switch (not remembered).
          if (s.matches('verifying')) expect(verifyToken.calls.at(-1)).toEqual({ token: 'token-1' })
          if (s.matches('verified') && !s.context.bypass && s.context.provider !== null) expect(remembered).toBe(1)
          if (!s.matches('verified')) expect(remembered).toBe(0)
          if (s.matches({ unverified: 'ready' })) expect(s.context.provider).toEqual({ kind: 'altcha' })
        },
        stop: () => actor.stop(),
      }
    },
  })
}

/**
 * A bypassed gate is verified as it starts, so it has no edge for the walk to take: its start is
 * run here, and the `always` transitions it took are named like the walk names them.
 */
function startTransitions(input: VerificationGateInput): { value: unknown; taken: string[]; remembered: number } {
  const taken: string[] = []
  let remembered = 0
  const actor = createActor(
    verificationGateMachine.provide({ actions: { rememberVerified: () => void remembered++ } }),
    {
      input,
      inspect: (ev) => {
        if (ev.type !== '@xstate.microstep') return
        for (const t of (ev as unknown as { _transitions: Array<{ source: { id: string; always?: unknown[] } }> })._transitions) {
          const i = t.source.always?.indexOf(t) ?? -1
          if (i >= 0) taken.push(`${t.source.id} (always) #${i}`)
        }
      },
    },
  ).start()
  const value = actor.getSnapshot().value
  actor.stop()
  return { value, taken, remembered }
}

describe('verificationGate (model)', () => {
  it('walks every transition on a real actor with a fake clock', async () => {
    const plain = await walk({})
    expect(plain.failures).toEqual([])
    // Skipped or remembered: verified at once, without a call, and not remembered again.
    const skipped = startTransitions({ skip: true })
    const remembered = startTransitions({ remembered: true })
    expect(skipped).toEqual({ value: 'verified', taken: ['verificationGate.starting (always) #0'], remembered: 0 })
    expect(remembered).toEqual({ value: 'verified', taken: ['verificationGate.starting (always) #0'], remembered: 0 })
    const walked = new Set([...plain.walked, ...skipped.taken])
    expect(plain.defined.filter((t) => !walked.has(t))).toEqual([])
  })
})
