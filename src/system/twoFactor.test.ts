import { describe, expect, it } from 'vitest'
import { createActor } from 'xstate'
import type { RecoveryCodesResponse, TwoFactorEnrolment, TwoFactorStatus } from '../../contract/twoFactor.ts'
import { enrolment, recoveryCodes, statusOff, statusOn } from '../../machines/twoFactor/twoFactor.fixtures.ts'
import { twoFactorMachine } from '../../machines/twoFactor/twoFactor.machine.ts'
import { controllable } from '../../machines/testing/stubs.ts'
import { reverifyAfterTwoFactorChange } from './twoFactor.ts'

/** A twoFactor actor over settle-able stubs, already showing `status`, and the verifications it caused. */
async function started(status: TwoFactorStatus) {
  const loadStatus = controllable<TwoFactorStatus, void>()
  const enrol = controllable<TwoFactorEnrolment, void>()
  const confirm = controllable<RecoveryCodesResponse, { code: string }>()
  const disable = controllable<TwoFactorStatus, { code: string }>()
  const actor = createActor(
    twoFactorMachine.provide({ actors: { loadStatus: loadStatus.logic, enrol: enrol.logic, confirm: confirm.logic, disable: disable.logic } }),
  ).start()
  let verifications = 0
  const stop = reverifyAfterTwoFactorChange(actor, () => verifications++)
  await loadStatus.resolve(status)
  return { actor, loadStatus, enrol, confirm, disable, stop, verifications: () => verifications }
}

async function turnOn(t: Awaited<ReturnType<typeof started>>) {
  t.actor.send({ type: 'twoFactor.enrol' })
  await t.enrol.resolve(enrolment)
  t.actor.send({ type: 'twoFactor.changeCode', value: '287082' })
  t.actor.send({ type: 'twoFactor.submit' })
  await t.confirm.resolve({ recovery_codes: recoveryCodes })
  expect(t.actor.getSnapshot().matches('codes')).toBe(true)
}

describe('reverifyAfterTwoFactorChange', () => {
  it('Scenario: turned on: the session is verified once the recovery codes are put away, not while they show', async () => {
    const t = await started(statusOff)
    await turnOn(t)
    expect(t.verifications()).toBe(0)
    t.actor.send({ type: 'twoFactor.done' })
    expect(t.verifications()).toBe(1)
    await t.loadStatus.resolve(statusOn)
    t.stop()
    expect(t.verifications()).toBe(1)
  })

  it('Scenario: turned on and the tab closed with the codes still showing: verified on the way out', async () => {
    const t = await started(statusOff)
    await turnOn(t)
    t.stop()
    expect(t.verifications()).toBe(1)
  })

  it('Scenario: turned off: verified at once; opening and closing the tab alone verifies nothing', async () => {
    const t = await started(statusOn)
    t.actor.send({ type: 'twoFactor.turnOff' })
    t.actor.send({ type: 'twoFactor.changeCode', value: '287082' })
    t.actor.send({ type: 'twoFactor.submit' })
    await t.disable.resolve(statusOff)
    expect(t.verifications()).toBe(1)

    const idle = await started(statusOff)
    idle.stop()
    expect(idle.verifications()).toBe(0)
  })
})
