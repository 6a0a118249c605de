import { createActor } from 'xstate'
import { describe, expect, it } from 'vitest'
import { type RecoveryCodesResponse, type TwoFactorEnrolment, type TwoFactorStatus, TWO_FACTOR_MESSAGES } from '../../contract/twoFactor.ts'
import { controllable } from '../testing/stubs.ts'
import { enrolment, recoveryCodes, statusOff, statusOn } from './twoFactor.fixtures.ts'
import { TWO_FACTOR_FAILED_MESSAGE, TWO_FACTOR_LOAD_FAILED_MESSAGE, type TwoFactorEmitted, twoFactorMachine } from './twoFactor.machine.ts'
import {
  groupedSecret,
  recoveryCodesText,
  selectCodeError,
  selectEnrolment,
  selectFormError,
  selectIsSubmitting,
  selectLoadError,
  selectRecoveryCodes,
  selectStatus,
  selectTwoFactorView,
} from './twoFactor.selectors.ts'

const apiFailure = (status: number, code: string, message: string, issues: Array<{ path: string[]; message: string }> = []) =>
  Object.assign(new Error(message), { status, code, issues })
const wrongCode = apiFailure(400, 'invalid_request', TWO_FACTOR_MESSAGES.wrongCode, [{ path: ['code'], message: TWO_FACTOR_MESSAGES.wrongCode }])
const wrongRecovery = apiFailure(400, 'invalid_request', TWO_FACTOR_MESSAGES.wrongRecoveryCode, [{ path: ['code'], message: TWO_FACTOR_MESSAGES.wrongRecoveryCode }])
const tooMany = apiFailure(429, 'rate_limited', 'Too many attempts. Try again in 15 minutes.')
const offline = apiFailure(0, 'network_error', 'Could not reach the server. Check your connection and try again.')

function start() {
  const loadStatus = controllable<TwoFactorStatus, void>()
  const enrol = controllable<TwoFactorEnrolment, void>()
  const confirm = controllable<RecoveryCodesResponse, { code: string }>()
  const regenerateCodes = controllable<RecoveryCodesResponse, { code: string }>()
  const disable = controllable<TwoFactorStatus, { code: string }>()
  const actor = createActor(
    twoFactorMachine.provide({ actors: { loadStatus: loadStatus.logic, enrol: enrol.logic, confirm: confirm.logic, regenerateCodes: regenerateCodes.logic, disable: disable.logic } }),
  )
  const emitted: TwoFactorEmitted[] = []
  actor.on('*', (e) => emitted.push(e))
  actor.start()
  const view = () => selectTwoFactorView(actor.getSnapshot())
  const type = (value: string) => actor.send({ type: 'twoFactor.changeCode', value })
  return { actor, loadStatus, enrol, confirm, regenerateCodes, disable, emitted, view, type }
}

describe('twoFactor', () => {
  it('Scenario: turning it on: enrol, a wrong code on the field, the right code, the codes once, then the status again', async () => {
    const { actor, loadStatus, enrol, confirm, emitted, view, type } = start()
    expect(view()).toBe('loading')
    await loadStatus.resolve(statusOff)
    expect(view()).toBe('off')
    actor.send({ type: 'twoFactor.enrol' })
    expect(view()).toBe('enrolling')
    await enrol.resolve(enrolment)
    expect(view()).toBe('confirming')
    expect(selectEnrolment(actor.getSnapshot())).toEqual(enrolment)

    type('12345')
    actor.send({ type: 'twoFactor.submit' })
    expect(selectCodeError(actor.getSnapshot())).toBe(TWO_FACTOR_MESSAGES.codeFormat)
    expect(confirm.calls).toEqual([])

    type('111 111')
    expect(selectCodeError(actor.getSnapshot())).toBeNull()
    actor.send({ type: 'twoFactor.submit' })
    expect(selectIsSubmitting(actor.getSnapshot())).toBe(true)
    expect(confirm.calls).toEqual([{ code: '111111' }])
    await confirm.reject(wrongCode)
    expect(view()).toBe('confirming')
    expect(selectCodeError(actor.getSnapshot())).toBe(TWO_FACTOR_MESSAGES.wrongCode)
    expect(selectFormError(actor.getSnapshot())).toBeNull()

    type('287082')
    actor.send({ type: 'twoFactor.submit' })
    await confirm.resolve({ recovery_codes: recoveryCodes })
    expect(view()).toBe('codes')
    expect(selectRecoveryCodes(actor.getSnapshot())).toEqual(recoveryCodes)
    expect(selectEnrolment(actor.getSnapshot())).toBeNull()
    expect(emitted).toEqual([{ type: 'twoFactor.enabled' }])

    actor.send({ type: 'twoFactor.done' })
    expect(view()).toBe('loading')
    expect(selectRecoveryCodes(actor.getSnapshot())).toBeNull()
    await loadStatus.resolve({ ...statusOn, recovery_codes_left: 10 })
    expect(view()).toBe('on')
    expect(selectStatus(actor.getSnapshot())?.recovery_codes_left).toBe(10)
  })

  it('Scenario: too many wrong codes (429) shows the server’s message above the form', async () => {
    const { actor, loadStatus, enrol, confirm, type } = start()
    await loadStatus.resolve(statusOff)
    actor.send({ type: 'twoFactor.enrol' })
    await enrol.resolve(enrolment)
    type('000000')
    actor.send({ type: 'twoFactor.submit' })
    await confirm.reject(tooMany)
    expect(selectFormError(actor.getSnapshot())).toBe(tooMany.message)
    expect(selectCodeError(actor.getSnapshot())).toBeNull()
    // Typing again clears it.
    type('000001')
    expect(selectFormError(actor.getSnapshot())).toBeNull()
  })

  it('Scenario: no connection while confirming says so and keeps the form', async () => {
    const { actor, loadStatus, enrol, confirm, view, type } = start()
    await loadStatus.resolve(statusOff)
    actor.send({ type: 'twoFactor.enrol' })
    await enrol.resolve(enrolment)
    type('000000')
    actor.send({ type: 'twoFactor.submit' })
    await confirm.reject(offline)
    expect(view()).toBe('confirming')
    expect(selectFormError(actor.getSnapshot())).toBe(offline.message)
  })

  it('Scenario: cancelling the set-up forgets the secret', async () => {
    const { actor, loadStatus, enrol, view, type } = start()
    await loadStatus.resolve(statusOff)
    actor.send({ type: 'twoFactor.enrol' })
    await enrol.resolve(enrolment)
    type('12')
    actor.send({ type: 'twoFactor.cancel' })
    expect(view()).toBe('off')
    expect(actor.getSnapshot().context).toMatchObject({ enrolment: null, code: '', codeError: null })
  })

  it('Scenario: a refused enrolment is announced and nothing changes', async () => {
    const { actor, loadStatus, enrol, emitted, view } = start()
    await loadStatus.resolve(statusOff)
    actor.send({ type: 'twoFactor.enrol' })
    await enrol.reject(apiFailure(409, 'conflict', TWO_FACTOR_MESSAGES.alreadyOn))
    expect(view()).toBe('off')
    expect(emitted).toEqual([{ type: 'twoFactor.enrolFailed', status: 409, message: TWO_FACTOR_MESSAGES.alreadyOn }])
  })

  it('Scenario: new recovery codes need a current code and are shown once', async () => {
    const { actor, loadStatus, regenerateCodes, emitted, view, type } = start()
    await loadStatus.resolve(statusOn)
    expect(view()).toBe('on')
    actor.send({ type: 'twoFactor.regenerate' })
    expect(view()).toBe('regenerateForm')
    actor.send({ type: 'twoFactor.submit' })
    expect(selectCodeError(actor.getSnapshot())).toBe(TWO_FACTOR_MESSAGES.codeOrRecoveryFormat)
    type('ABCDE 23456')
    actor.send({ type: 'twoFactor.submit' })
    expect(regenerateCodes.calls).toEqual([{ code: 'ABCDE23456' }])
    await regenerateCodes.reject(wrongRecovery)
    expect(selectCodeError(actor.getSnapshot())).toBe(TWO_FACTOR_MESSAGES.wrongRecoveryCode)
    type('123456')
    actor.send({ type: 'twoFactor.submit' })
    await regenerateCodes.resolve({ recovery_codes: recoveryCodes })
    expect(view()).toBe('codes')
    expect(emitted).toEqual([{ type: 'twoFactor.codesRegenerated' }])
  })

  it('Scenario: turning it off with a recovery code; a wrong one is shown on the field', async () => {
    const { actor, loadStatus, disable, emitted, view, type } = start()
    await loadStatus.resolve(statusOn)
    actor.send({ type: 'twoFactor.turnOff' })
    expect(view()).toBe('disableForm')
    type('abcde-23456')
    actor.send({ type: 'twoFactor.submit' })
    await disable.reject(wrongRecovery)
    expect(view()).toBe('disableForm')
    expect(selectCodeError(actor.getSnapshot())).toBe(TWO_FACTOR_MESSAGES.wrongRecoveryCode)
    actor.send({ type: 'twoFactor.submit' })
    await disable.resolve(statusOff)
    expect(view()).toBe('off')
    expect(selectStatus(actor.getSnapshot())).toEqual(statusOff)
    expect(emitted).toEqual([{ type: 'twoFactor.disabled' }])
  })

  it('Scenario: cancelling turning off keeps it on', async () => {
    const { actor, loadStatus, view, type } = start()
    await loadStatus.resolve(statusOn)
    actor.send({ type: 'twoFactor.turnOff' })
    type('123456')
    actor.send({ type: 'twoFactor.cancel' })
    expect(view()).toBe('on')
    expect(actor.getSnapshot().context.code).toBe('')
  })

  it('Scenario: a failed status load offers Try again; a bug’s message is not shown', async () => {
    const { actor, loadStatus, view } = start()
    await loadStatus.reject(new TypeError('x is undefined'))
    expect(view()).toBe('failed')
    expect(selectLoadError(actor.getSnapshot())).toBe(TWO_FACTOR_LOAD_FAILED_MESSAGE)
    actor.send({ type: 'twoFactor.retry' })
    await loadStatus.reject(offline)
    expect(selectLoadError(actor.getSnapshot())).toBe(offline.message)
    actor.send({ type: 'twoFactor.retry' })
    await loadStatus.resolve(statusOff)
    expect(view()).toBe('off')
  })

  it('Scenario: an error with no message falls back to ours', async () => {
    const { actor, loadStatus, disable, type } = start()
    await loadStatus.resolve(statusOn)
    actor.send({ type: 'twoFactor.turnOff' })
    type('123456')
    actor.send({ type: 'twoFactor.submit' })
    await disable.reject(new Error('boom'))
    expect(selectFormError(actor.getSnapshot())).toBe(TWO_FACTOR_FAILED_MESSAGE)
  })

  it('Scenario: the secret is grouped for typing and the codes download as text', () => {
    expect(groupedSecret('JBSWY3DPEHPK3PXP')).toBe('JBSW Y3DP EHPK 3PXP')
    expect(groupedSecret('ABCDEF')).toBe('ABCD EF')
    expect(recoveryCodesText(['abcde-23456', 'fghjk-34567'], 'ada@acme.test')).toBe(
      'Engage recovery codes for ada@acme.test. Each code works once.\n\nabcde-23456\nfghjk-34567\n',
    )
  })
})
