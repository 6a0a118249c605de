import { createActor } from 'xstate'
import { describe, expect, it } from 'vitest'
import { type RecoveryCodesResponse, type TwoFactorEnrolment, type TwoFactorStatus, TWO_FACTOR_MESSAGES } from '../../contract/twoFactor.ts'
import { walkEveryTransition } from '../testing/model-walk.ts'
import { controllable, settleActorEvent } from '../testing/stubs.ts'
import { enrolment, recoveryCodes, statusOff, statusOn } from './twoFactor.fixtures.ts'
import { type TwoFactorEmitted, type TwoFactorEvent, twoFactorMachine } from './twoFactor.machine.ts'
import { selectIsSubmitting, selectTwoFactorView } from './twoFactor.selectors.ts'

const wrongCode = { status: 400, code: 'invalid_request', message: TWO_FACTOR_MESSAGES.wrongCode, issues: [{ path: ['code'], message: TWO_FACTOR_MESSAGES.wrongCode }] }
const tooMany = { status: 429, code: 'rate_limited', message: 'Too many attempts. Try again in 15 minutes.', issues: [] }

type ModelEvent = TwoFactorEvent | { type: `xstate.${string}`; output?: unknown; error?: unknown }

const events = [
  { type: 'xstate.done.actor.loadStatus', output: statusOff },
  { type: 'xstate.done.actor.loadStatus', output: statusOn },
  { type: 'xstate.error.actor.loadStatus', error: new Error('offline') },
  { type: 'twoFactor.retry' },
  { type: 'twoFactor.enrol' },
  { type: 'xstate.done.actor.enrol', output: enrolment },
  { type: 'xstate.error.actor.enrol', error: tooMany },
  { type: 'twoFactor.changeCode', value: '123 456' },
  { type: 'twoFactor.changeCode', value: 'abcde-23456' },
  { type: 'twoFactor.changeCode', value: '12' },
  { type: 'twoFactor.submit' },
  { type: 'twoFactor.cancel' },
  { type: 'twoFactor.regenerate' },
  { type: 'twoFactor.turnOff' },
  { type: 'twoFactor.done' },
  { type: 'xstate.done.actor.confirm', output: { recovery_codes: recoveryCodes } },
  { type: 'xstate.error.actor.confirm', error: wrongCode },
  { type: 'xstate.done.actor.regenerateCodes', output: { recovery_codes: recoveryCodes } },
  { type: 'xstate.error.actor.regenerateCodes', error: tooMany },
  { type: 'xstate.done.actor.disable', output: statusOff },
  { type: 'xstate.error.actor.disable', error: wrongCode },
] as never[]

describe('twoFactor (model)', () => {
  it('walks every transition: only well-formed codes are sent, errors land on the field or the form, codes are shown only once', async () => {
    const result = await walkEveryTransition({
      machine: twoFactorMachine,
      events,
      // Guards read the code's shape and the loaded status: keep those, not the texts.
      serializeState: (s) => JSON.stringify([s.value, s.context.code, s.context.status?.enabled ?? null, s.context.recoveryCodes !== null]),
      start: (inspect) => {
        const loadStatus = controllable<TwoFactorStatus, void>()
        const enrol = controllable<TwoFactorEnrolment, void>()
        const confirm = controllable<RecoveryCodesResponse, { code: string }>()
        const regenerateCodes = controllable<RecoveryCodesResponse, { code: string }>()
        const disable = controllable<TwoFactorStatus, { code: string }>()
        const stubs = { loadStatus, enrol, confirm, regenerateCodes, disable }
        const emitted: TwoFactorEmitted[] = []
        const actor = createActor(
          twoFactorMachine.provide({
            actors: { loadStatus: loadStatus.logic, enrol: enrol.logic, confirm: confirm.logic, regenerateCodes: regenerateCodes.logic, disable: disable.logic },
          }),
          { inspect },
        )
        actor.on('*', (e) => emitted.push(e))
        actor.start()
        return {
          actor,
          exec: async (event) => {
            const e = event as ModelEvent
            if (await settleActorEvent(e, stubs)) return
            actor.send(e as TwoFactorEvent)
          },
          check: (s) => {
            const c = s.context
            const view = selectTwoFactorView(s)
            expect(view).toBeDefined()
            // The recovery codes exist exactly while they are shown.
            expect(c.recoveryCodes !== null).toBe(s.matches('codes'))
            // The secret exists only while turning it on.
            if (c.enrolment !== null) expect(view).toBe('confirming')
            if (view === 'confirming') expect(c.enrolment).toEqual(enrolment)
            if (s.matches('on') || s.matches('off')) expect(c.status?.enabled).toBe(s.matches('on'))
            if (s.matches('failed')) expect(c.loadError).not.toBeNull()
            // What is sent is well-formed: six digits to confirm; a code or a recovery code otherwise.
            if (s.matches({ off: 'confirmingCode' })) expect(confirm.calls.at(-1)).toEqual({ code: '123456' })
            if (s.matches({ on: 'regenerating' })) expect(['123456', 'abcde-23456']).toContain(regenerateCodes.calls.at(-1)?.code)
            if (s.matches({ on: 'disabling' })) expect(['123456', 'abcde-23456']).toContain(disable.calls.at(-1)?.code)
            expect(selectIsSubmitting(s)).toBe(s.matches({ off: 'confirmingCode' }) || s.matches({ on: 'regenerating' }) || s.matches({ on: 'disabling' }))
            // A wrong code shows on the field; a 429 above the form.
            if (c.codeError === TWO_FACTOR_MESSAGES.wrongCode) expect(c.formError).toBeNull()
            if (c.formError !== null) expect(c.formError).toBe(tooMany.message)
            if (s.matches('codes')) expect(emitted.at(-1)?.type).toMatch(/^twoFactor\.(enabled|codesRegenerated)$/)
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
