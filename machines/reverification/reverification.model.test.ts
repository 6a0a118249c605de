import { createActor } from 'xstate'
import { describe, expect, it } from 'vitest'
import { REVERIFICATION_MESSAGES, type ReverificationStatus, type ReverifyResponse } from '../../contract/reverification.ts'
import { validate } from '../../contract/validate.ts'
import { TotpOrRecoveryCode } from '../../contract/twoFactor-codes.ts'
import { walkEveryTransition } from '../testing/model-walk.ts'
import { controllable, settleActorEvent } from '../testing/stubs.ts'
import { type ReverificationEmitted, type ReverificationEvent, reverificationMachine, type SecretFactor } from './reverification.machine.ts'
import { selectIsOpen, selectReverificationView } from './reverification.selectors.ts'

const wrongPassword = {
  status: 400,
  code: 'invalid_request',
  message: REVERIFICATION_MESSAGES.wrongPassword,
  issues: [{ path: ['password'], message: REVERIFICATION_MESSAGES.wrongPassword }],
}
const tooMany = { status: 429, code: 'rate_limited', message: 'Too many attempts. Try again in 900 seconds.', issues: [] }
const promptClosed = { status: 0, code: 'passkey_cancelled', message: 'The passkey prompt was closed. Try again, or use your password.', issues: [] }
const verified: ReverifyResponse = { verified_until: '2026-12-01T10:10:00.000Z' }
const status = (...factors: ReverificationStatus['factors']): ReverificationStatus => ({ factors, verified_until: null })

type ModelEvent = ReverificationEvent | { type: `xstate.${string}`; output?: unknown; error?: unknown }

const events = [
  { type: 'reverification.requested' },
  { type: 'xstate.done.actor.loadStatus', output: status('password') },
  { type: 'xstate.done.actor.loadStatus', output: status('password', 'code', 'passkey') },
  { type: 'xstate.done.actor.loadStatus', output: status('code') },
  { type: 'xstate.done.actor.loadStatus', output: status('passkey') },
  { type: 'xstate.done.actor.loadStatus', output: status() },
  { type: 'xstate.error.actor.loadStatus', error: new Error('offline') },
  { type: 'reverification.retry' },
  { type: 'reverification.changeMethod', method: 'code' },
  { type: 'reverification.changeMethod', method: 'password' },
  { type: 'reverification.changeValue', value: 'demo-password' },
  { type: 'reverification.changeValue', value: '123 456' },
  { type: 'reverification.changeValue', value: '12' },
  { type: 'reverification.submit' },
  { type: 'reverification.usePasskey' },
  { type: 'reverification.cancel' },
  { type: 'xstate.done.actor.verifySecret', output: verified },
  { type: 'xstate.error.actor.verifySecret', error: wrongPassword },
  { type: 'xstate.error.actor.verifySecret', error: tooMany },
  { type: 'xstate.done.actor.verifyPasskey', output: verified },
  { type: 'xstate.error.actor.verifyPasskey', error: promptClosed },
] as never[]

describe('reverification (model)', () => {
  it('walks every transition: only well-formed factors are sent, secrets are forgotten, each outcome is announced once', async () => {
    const result = await walkEveryTransition({
      machine: reverificationMachine,
      input: { passkeySupported: true },
      events,
      // Guards read the factors, the open tab and what is typed.
      serializeState: (s) => JSON.stringify([s.value, s.context.factors, s.context.method, s.context.password, s.context.code]),
      start: (inspect) => {
        const loadStatus = controllable<ReverificationStatus, void>()
        const verifySecret = controllable<ReverifyResponse, SecretFactor>()
        const verifyPasskey = controllable<ReverifyResponse, void>()
        const stubs = { loadStatus, verifySecret, verifyPasskey }
        const emitted: ReverificationEmitted[] = []
        const actor = createActor(
          reverificationMachine.provide({ actors: { loadStatus: loadStatus.logic, verifySecret: verifySecret.logic, verifyPasskey: verifyPasskey.logic } }),
          { input: { passkeySupported: true }, inspect },
        )
        actor.on('*', (e) => emitted.push(e))
        actor.start()
        let wasOpen = false
        return {
          actor,
          exec: async (event) => {
            const e = event as ModelEvent
            const before = actor.getSnapshot()
            wasOpen = selectIsOpen(before)
            const emittedBefore = emitted.length
            if (!(await settleActorEvent(e, stubs))) actor.send(e as ReverificationEvent)
            const after = actor.getSnapshot()
            const fresh = emitted.slice(emittedBefore)
            // Verified: announced once, with the server's window. Cancelled: announced once. Nothing else is.
            if (after.matches('verified') && !before.matches('verified')) expect(fresh).toEqual([{ type: 'reverification.verified', verifiedUntil: verified.verified_until }])
            else if (after.matches('idle') && wasOpen) expect(fresh).toEqual([{ type: 'reverification.cancelled' }])
            else expect(fresh).toEqual([])
          },
          check: (s) => {
            const c = s.context
            expect(selectReverificationView(s)).toBeDefined()
            // Typed secrets do not outlive the dialog.
            if (s.matches('idle') || s.matches('verified')) expect([c.password, c.code, c.fieldError, c.formError]).toEqual(['', '', null, null])
            // What is sent is well-formed, and is the open tab's factor.
            if (s.matches({ checking: 'secret' })) {
              const sent = verifySecret.calls.at(-1)
              if (c.method === 'password') expect(sent).toEqual({ password: c.password })
              else expect(sent).toEqual({ code: c.code })
              if (sent !== undefined && 'code' in sent) expect(validate(TotpOrRecoveryCode, sent.code).ok).toBe(true)
              if (sent !== undefined && 'password' in sent) expect(sent.password).not.toBe('')
            }
            // A passkey is asked for only when the person has one.
            if (s.matches({ checking: 'passkey' })) expect(c.factors).toContain('passkey')
            // The open tab is a factor the person has (password by default while loading).
            if (s.matches({ asking: 'editing' }) && c.factors.some((f) => f !== 'passkey')) expect(c.factors).toContain(c.method)
            if (s.matches({ asking: 'loadFailed' }) || s.matches({ asking: 'noFactor' })) expect(c.formError).not.toBeNull()
          },
          stop: () => actor.stop(),
        }
      },
    })
    expect(result.failures).toEqual([])
    expect(result.unwalked).toEqual([])
    expect(result.paths).toBeGreaterThan(20)
  })
})
