import { createActor } from 'xstate'
import { describe, expect, it } from 'vitest'
import { REVERIFICATION_MESSAGES, type ReverificationStatus, type ReverifyResponse } from '../../contract/reverification.ts'
import { TWO_FACTOR_MESSAGES } from '../../contract/twoFactor-errors.ts'
import { apiError } from '../testing/fixtures.ts'
import { controllable } from '../testing/stubs.ts'
import {
  REVERIFICATION_LOAD_FAILED_MESSAGE,
  REVERIFICATION_NO_FACTOR_MESSAGE,
  type ReverificationEmitted,
  type ReverificationInput,
  reverificationMachine,
  type SecretFactor,
} from './reverification.machine.ts'
import { PROMPT_CANCELLED_MESSAGE } from '../passkeys/passkeys.errors.ts'
import * as sel from './reverification.selectors.ts'

const verified: ReverifyResponse = { verified_until: '2026-12-01T10:10:00.000Z' }

function dialog(input: ReverificationInput = {}) {
  const loadStatus = controllable<ReverificationStatus, void>()
  const verifySecret = controllable<ReverifyResponse, SecretFactor>()
  const verifyPasskey = controllable<ReverifyResponse, void>()
  const actor = createActor(
    reverificationMachine.provide({ actors: { loadStatus: loadStatus.logic, verifySecret: verifySecret.logic, verifyPasskey: verifyPasskey.logic } }),
    { input },
  ).start()
  const emitted: ReverificationEmitted[] = []
  actor.on('*', (e) => emitted.push(e))
  const s = () => actor.getSnapshot()
  return { actor, loadStatus, verifySecret, verifyPasskey, emitted, s }
}

describe(reverificationMachine.id, () => {
  it('Scenario: a stale session asks for the password; the right one closes the dialog and announces the new window', async () => {
    const d = dialog()
    expect(sel.selectIsOpen(d.s())).toBe(false)
    d.actor.send({ type: 'reverification.requested' })
    expect(sel.selectReverificationView(d.s())).toBe('loading')
    await d.loadStatus.resolve({ factors: ['password'], verified_until: null })
    expect(sel.selectReverificationView(d.s())).toBe('form')
    expect(sel.selectMethods(d.s())).toEqual(['password'])
    expect(sel.selectInstruction(d.s())).toBe('For your security, enter your password to continue.')
    // An empty password is not sent.
    d.actor.send({ type: 'reverification.submit' })
    expect(sel.selectFieldError(d.s())).toBe(REVERIFICATION_MESSAGES.enterPassword)
    expect(d.verifySecret.calls).toEqual([])
    d.actor.send({ type: 'reverification.changeValue', value: 'demo-password' })
    expect(sel.selectFieldError(d.s())).toBeNull()
    d.actor.send({ type: 'reverification.submit' })
    expect(sel.selectIsChecking(d.s())).toBe(true)
    expect(d.verifySecret.calls).toEqual([{ password: 'demo-password' }])
    await d.verifySecret.resolve(verified)
    expect(sel.selectIsOpen(d.s())).toBe(false)
    expect(d.emitted).toEqual([{ type: 'reverification.verified', verifiedUntil: verified.verified_until }])
    expect(d.s().context.password).toBe('')
  })

  it('Scenario: a wrong password shows the server’s message on the field, keeps what was typed, and the next try succeeds', async () => {
    const d = dialog()
    d.actor.send({ type: 'reverification.requested' })
    await d.loadStatus.resolve({ factors: ['password'], verified_until: null })
    d.actor.send({ type: 'reverification.changeValue', value: 'not-it' })
    d.actor.send({ type: 'reverification.submit' })
    await d.verifySecret.reject(
      Object.assign(apiError(400, 'invalid_request', REVERIFICATION_MESSAGES.wrongPassword), {
        issues: [{ path: ['password'], message: REVERIFICATION_MESSAGES.wrongPassword }],
      }),
    )
    expect(d.s().matches({ asking: 'failed' })).toBe(true)
    expect(sel.selectFieldError(d.s())).toBe(REVERIFICATION_MESSAGES.wrongPassword)
    expect(sel.selectValue(d.s())).toBe('not-it')
    expect(d.emitted).toEqual([])
    d.actor.send({ type: 'reverification.changeValue', value: 'demo-password' })
    d.actor.send({ type: 'reverification.submit' })
    await d.verifySecret.resolve(verified)
    expect(d.emitted.map((e) => e.type)).toEqual(['reverification.verified'])
  })

  it('Scenario: too many attempts: the 429’s message above the form', async () => {
    const d = dialog()
    d.actor.send({ type: 'reverification.requested' })
    await d.loadStatus.resolve({ factors: ['password'], verified_until: null })
    d.actor.send({ type: 'reverification.changeValue', value: 'guess' })
    d.actor.send({ type: 'reverification.submit' })
    await d.verifySecret.reject(apiError(429, 'rate_limited', 'Too many attempts. Try again in 900 seconds.'))
    expect(sel.selectFormError(d.s())).toBe('Too many attempts. Try again in 900 seconds.')
    expect(sel.selectFieldError(d.s())).toBeNull()
  })

  it('Scenario: with two-factor on, the code tab takes a code or a recovery code; a malformed one is not sent', async () => {
    const d = dialog()
    d.actor.send({ type: 'reverification.requested' })
    await d.loadStatus.resolve({ factors: ['password', 'code'], verified_until: null })
    expect(sel.selectMethods(d.s())).toEqual(['password', 'code'])
    d.actor.send({ type: 'reverification.changeValue', value: 'typed password' })
    d.actor.send({ type: 'reverification.changeMethod', method: 'code' })
    expect(sel.selectValue(d.s())).toBe('')
    expect(sel.selectInstruction(d.s())).toBe('For your security, enter a code from your authenticator app, or a recovery code, to continue.')
    d.actor.send({ type: 'reverification.changeValue', value: '12' })
    d.actor.send({ type: 'reverification.submit' })
    expect(sel.selectFieldError(d.s())).toBe(TWO_FACTOR_MESSAGES.codeOrRecoveryFormat)
    expect(d.verifySecret.calls).toEqual([])
    d.actor.send({ type: 'reverification.changeValue', value: 'abcde-23456' })
    d.actor.send({ type: 'reverification.submit' })
    expect(d.verifySecret.calls).toEqual([{ code: 'abcde-23456' }])
  })

  it('Scenario: an account with only two-factor opens on the code tab; a tab the person lacks cannot be chosen', async () => {
    const d = dialog()
    d.actor.send({ type: 'reverification.requested' })
    await d.loadStatus.resolve({ factors: ['code'], verified_until: null })
    expect(sel.selectMethod(d.s())).toBe('code')
    d.actor.send({ type: 'reverification.changeMethod', method: 'password' })
    expect(sel.selectMethod(d.s())).toBe('code')
  })

  it('Scenario: requests while the dialog is open join it; Cancel announces one cancellation and forgets what was typed', async () => {
    const d = dialog()
    d.actor.send({ type: 'reverification.requested' })
    d.actor.send({ type: 'reverification.requested' })
    await d.loadStatus.resolve({ factors: ['password'], verified_until: null })
    d.actor.send({ type: 'reverification.requested' })
    expect(d.loadStatus.calls).toHaveLength(1)
    d.actor.send({ type: 'reverification.changeValue', value: 'half-typed' })
    d.actor.send({ type: 'reverification.cancel' })
    expect(sel.selectIsOpen(d.s())).toBe(false)
    expect(d.emitted).toEqual([{ type: 'reverification.cancelled' }])
    expect(d.s().context.password).toBe('')
    // The next request opens a fresh dialog.
    d.actor.send({ type: 'reverification.requested' })
    expect(sel.selectReverificationView(d.s())).toBe('loading')
  })

  it('Scenario: a passkey: offered when the person has one and the browser can prompt; a closed prompt is a message, the passkey then confirms', async () => {
    const d = dialog({ passkeySupported: true })
    d.actor.send({ type: 'reverification.requested' })
    await d.loadStatus.resolve({ factors: ['password', 'passkey'], verified_until: null })
    expect(sel.selectOffersPasskey(d.s())).toBe(true)
    d.actor.send({ type: 'reverification.usePasskey' })
    expect(sel.selectIsCheckingPasskey(d.s())).toBe(true)
    // The browser's failure carries its words for people (src/system/reverification.ts); the machine shows them.
    const closed = PROMPT_CANCELLED_MESSAGE
    await d.verifyPasskey.reject(Object.assign(apiError(0, 'passkey_cancelled', 'The passkey prompt was closed'), { display: closed }))
    expect(sel.selectFormError(d.s())).toEqual(closed)
    d.actor.send({ type: 'reverification.usePasskey' })
    await d.verifyPasskey.resolve(verified)
    expect(d.emitted.map((e) => e.type)).toEqual(['reverification.verified'])

    // Without browser support it is not offered.
    const unsupported = dialog({ passkeySupported: false })
    unsupported.actor.send({ type: 'reverification.requested' })
    await unsupported.loadStatus.resolve({ factors: ['password', 'passkey'], verified_until: null })
    unsupported.actor.send({ type: 'reverification.usePasskey' })
    expect(sel.selectOffersPasskey(unsupported.s())).toBe(false)
    expect(unsupported.verifyPasskey.calls).toEqual([])
  })

  it('Scenario: a passkey-only account confirms with the passkey alone; without a usable passkey the dialog says so', async () => {
    const d = dialog({ passkeySupported: true })
    d.actor.send({ type: 'reverification.requested' })
    await d.loadStatus.resolve({ factors: ['passkey'], verified_until: null })
    expect(sel.selectReverificationView(d.s())).toBe('form')
    expect(sel.selectMethods(d.s())).toEqual([])
    expect(sel.selectInstruction(d.s())).toBe('For your security, use your passkey to continue.')

    const none = dialog({ passkeySupported: false })
    none.actor.send({ type: 'reverification.requested' })
    await none.loadStatus.resolve({ factors: ['passkey'], verified_until: null })
    expect(sel.selectReverificationView(none.s())).toBe('noFactor')
    expect(sel.selectFormError(none.s())).toBe(REVERIFICATION_NO_FACTOR_MESSAGE)
  })

  it('Scenario: the factors cannot load: a message and Try again', async () => {
    const d = dialog()
    d.actor.send({ type: 'reverification.requested' })
    await d.loadStatus.reject(new Error('offline'))
    expect(sel.selectReverificationView(d.s())).toBe('loadFailed')
    expect(sel.selectFormError(d.s())).toBe(REVERIFICATION_LOAD_FAILED_MESSAGE)
    d.actor.send({ type: 'reverification.retry' })
    expect(sel.selectReverificationView(d.s())).toBe('loading')
    expect(sel.selectFormError(d.s())).toBeNull()
    await d.loadStatus.resolve({ factors: ['password'], verified_until: null })
    expect(sel.selectReverificationView(d.s())).toBe('form')
  })
})
