import { createActor } from 'xstate'
import { describe, expect, it } from 'vitest'
import type { PasskeyItem } from '../../contract/passkeys.ts'
import type { SignInResult } from '../auth/auth.machine.ts'
import { controllable } from '../testing/stubs.ts'
import { newPasskey, prompted, promptError, securityKey, syncedPasskey, twoPasskeys } from './passkeys.fixtures.ts'
import { PASSKEY_BLOCKED_MESSAGE, PASSKEY_EXISTS_MESSAGE, promptFailure } from './passkeys.errors.ts'
import { PASSKEY_CANCELLED_NOTICE, type PasskeysEmitted, type PromptedPasskey, passkeysMachine } from './passkeys.machine.ts'
import { DEVICE_TYPE_LABELS, selectNameError, selectPasskeys, selectPasskeysError, selectPasskeysNotice, selectPasskeysView } from './passkeys.selectors.ts'
import { passkeySignInMachine } from './passkeySignIn.machine.ts'

const apiFailure = (status: number, code: string, message: string, issues: unknown[] = []) => Object.assign(new Error(message), { status, code, issues })

function start(supported = true) {
  const loadPasskeys = controllable<ReadonlyArray<PasskeyItem>, void>()
  const promptForPasskey = controllable<PromptedPasskey, void>()
  const savePasskey = controllable<PasskeyItem, { name: string; prompted: PromptedPasskey }>()
  const renamePasskey = controllable<PasskeyItem, { id: string; name: string }>()
  const deletePasskey = controllable<void, { id: string }>()
  const actor = createActor(
    passkeysMachine.provide({ actors: { loadPasskeys: loadPasskeys.logic, promptForPasskey: promptForPasskey.logic, savePasskey: savePasskey.logic, renamePasskey: renamePasskey.logic, deletePasskey: deletePasskey.logic } }),
    { input: { supported } },
  )
  const emitted: PasskeysEmitted[] = []
  actor.on('*', (e) => emitted.push(e))
  actor.start()
  const view = () => selectPasskeysView(actor.getSnapshot())
  return { actor, loadPasskeys, promptForPasskey, savePasskey, renamePasskey, deletePasskey, emitted, view }
}

describe('passkeys', () => {
  it('Scenario: adding one: a name, the browser’s prompt, then saving with that name; it joins the list first', async () => {
    const t = start()
    await t.loadPasskeys.resolve(twoPasskeys)
    t.actor.send({ type: 'passkey.add' })
    t.actor.send({ type: 'passkey.submitName' })
    expect([t.view(), selectNameError(t.actor.getSnapshot())]).toEqual(['naming', 'Name is required'])
    expect(t.promptForPasskey.calls).toEqual([])
    t.actor.send({ type: 'passkey.nameChanged', name: '  Work laptop ' })
    t.actor.send({ type: 'passkey.submitName' })
    expect(t.view()).toBe('prompting')
    await t.promptForPasskey.resolve(prompted)
    expect(t.savePasskey.calls).toEqual([{ name: '  Work laptop ', prompted }])
    await t.savePasskey.resolve(newPasskey)
    expect(t.view()).toBe('list')
    expect(selectPasskeys(t.actor.getSnapshot()).map((p) => p.id)).toEqual([newPasskey.id, syncedPasskey.id, securityKey.id])
    expect(t.emitted).toEqual([{ type: 'passkeys.added', passkey: newPasskey }])
  })

  it('Scenario: closing the browser’s prompt is a calm note, not an error; trying again works', async () => {
    const t = start()
    await t.loadPasskeys.resolve(twoPasskeys)
    t.actor.send({ type: 'passkey.add' })
    t.actor.send({ type: 'passkey.nameChanged', name: 'Phone' })
    t.actor.send({ type: 'passkey.submitName' })
    await t.promptForPasskey.reject(promptError('NotAllowedError'))
    expect(t.view()).toBe('naming')
    expect(selectPasskeysNotice(t.actor.getSnapshot())).toBe(PASSKEY_CANCELLED_NOTICE)
    expect(selectPasskeysError(t.actor.getSnapshot())).toBeNull()
    t.actor.send({ type: 'passkey.submitName' })
    expect(selectPasskeysNotice(t.actor.getSnapshot())).toBeNull()
    await t.promptForPasskey.reject(promptError('InvalidStateError'))
    expect(selectPasskeysError(t.actor.getSnapshot())).toBe(PASSKEY_EXISTS_MESSAGE)
  })

  it('Scenario: a name the server refuses shows at the field; an expired prompt above the form', async () => {
    const t = start()
    await t.loadPasskeys.resolve([])
    t.actor.send({ type: 'passkey.add' })
    t.actor.send({ type: 'passkey.nameChanged', name: 'Phone' })
    t.actor.send({ type: 'passkey.submitName' })
    await t.promptForPasskey.resolve(prompted)
    await t.savePasskey.reject(apiFailure(400, 'invalid_request', 'The request body is invalid.', [{ path: ['name'], message: 'Name must be at most 64 characters' }]))
    expect([t.view(), selectNameError(t.actor.getSnapshot()), selectPasskeysError(t.actor.getSnapshot())]).toEqual(['naming', 'Name must be at most 64 characters', null])
    t.actor.send({ type: 'passkey.submitName' })
    await t.promptForPasskey.resolve(prompted)
    await t.savePasskey.reject(apiFailure(400, 'invalid_request', 'This passkey prompt has expired. Try again.', [{ path: ['challenge_id'], message: 'x' }]))
    expect(selectPasskeysError(t.actor.getSnapshot())).toBe('This passkey prompt has expired. Try again.')
  })

  it('Scenario: renaming starts from the current name and replaces the row', async () => {
    const t = start()
    await t.loadPasskeys.resolve(twoPasskeys)
    t.actor.send({ type: 'passkey.rename', id: securityKey.id })
    expect(t.actor.getSnapshot().context.draftName).toBe('YubiKey 5')
    t.actor.send({ type: 'passkey.nameChanged', name: 'Blue key' })
    t.actor.send({ type: 'passkey.submitName' })
    await t.renamePasskey.resolve({ ...securityKey, name: 'Blue key' })
    expect(selectPasskeys(t.actor.getSnapshot()).map((p) => p.name)).toEqual(['iCloud Keychain', 'Blue key'])
    expect(t.emitted.at(-1)).toMatchObject({ type: 'passkeys.renamed' })
  })

  it('Scenario: deleting asks first; a reverification refusal keeps the passkey and says why; a 404 means it is gone', async () => {
    const t = start()
    await t.loadPasskeys.resolve(twoPasskeys)
    t.actor.send({ type: 'passkey.delete', id: syncedPasskey.id })
    expect(t.view()).toBe('confirmingDelete')
    t.actor.send({ type: 'passkey.cancel' })
    expect(t.view()).toBe('list')
    t.actor.send({ type: 'passkey.delete', id: syncedPasskey.id })
    t.actor.send({ type: 'passkey.confirmDelete' })
    const message = "Confirm it's you to make this change: enter your password, a code or use a passkey."
    await t.deletePasskey.reject(apiFailure(403, 'reverification_required', message))
    expect([t.view(), selectPasskeysError(t.actor.getSnapshot()), selectPasskeys(t.actor.getSnapshot()).length]).toEqual(['list', message, 2])
    t.actor.send({ type: 'passkey.delete', id: syncedPasskey.id })
    t.actor.send({ type: 'passkey.confirmDelete' })
    await t.deletePasskey.reject(apiFailure(404, 'not_found', 'There is no such passkey.'))
    expect(selectPasskeys(t.actor.getSnapshot()).map((p) => p.id)).toEqual([securityKey.id])
    expect(t.emitted.at(-1)).toEqual({ type: 'passkeys.removed', passkey: syncedPasskey })
  })

  it('Scenario: without WebAuthn nothing can be added; the list still shows', async () => {
    const t = start(false)
    await t.loadPasskeys.resolve(twoPasskeys)
    t.actor.send({ type: 'passkey.add' })
    expect(t.view()).toBe('list')
  })

  it('Scenario: the browser’s refusals read as a person would want', () => {
    expect(promptFailure(promptError('AbortError')).kind).toBe('cancelled')
    expect(promptFailure(promptError('SecurityError')).message).toBe(PASSKEY_BLOCKED_MESSAGE)
    expect(promptFailure(apiFailure(401, 'invalid_credentials', 'This passkey is not registered with Engage.')).message).toBe('This passkey is not registered with Engage.')
    expect(DEVICE_TYPE_LABELS).toEqual({ multiDevice: 'Synced passkey', singleDevice: 'This device only' })
  })
})

describe('passkeySignIn', () => {
  const session = { tokens: { accessToken: 'a', refreshToken: 'r', expiresAt: null }, orgId: 'o-acme' } satisfies SignInResult

  it('Scenario: the button ends the autofill prompt and signs in; the session goes to the auth machine once', async () => {
    const watchAutofill = controllable<SignInResult | null, void>()
    const signIn = controllable<SignInResult, void>()
    const started: SignInResult[] = []
    const actor = createActor(passkeySignInMachine.provide({ actors: { watchAutofill: watchAutofill.logic, signIn: signIn.logic }, actions: { startSession: (_, p) => started.push(p.result) } })).start()
    expect(actor.getSnapshot().value).toBe('watching')
    actor.send({ type: 'passkey.signIn' })
    expect(actor.getSnapshot().value).toBe('signingIn')
    await signIn.reject(promptError('NotAllowedError'))
    expect(actor.getSnapshot().context.error).toBeNull()
    actor.send({ type: 'passkey.signIn' })
    await signIn.reject(apiFailure(401, 'invalid_credentials', 'This passkey is not registered with Engage.'))
    expect(actor.getSnapshot().context.error).toBe('This passkey is not registered with Engage.')
    actor.send({ type: 'passkey.signIn' })
    expect(actor.getSnapshot().context.error).toBeNull()
    await signIn.resolve(session)
    expect([actor.getSnapshot().value, started]).toEqual(['signedIn', [session]])
  })

  it('Scenario: a passkey picked from the email field’s suggestions signs in without the button', async () => {
    const watchAutofill = controllable<SignInResult | null, void>()
    const started: SignInResult[] = []
    const actor = createActor(passkeySignInMachine.provide({ actors: { watchAutofill: watchAutofill.logic }, actions: { startSession: (_, p) => started.push(p.result) } })).start()
    await watchAutofill.resolve(session)
    expect(started).toEqual([session])
  })
})
