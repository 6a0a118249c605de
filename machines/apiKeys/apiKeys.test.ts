import { createActor } from 'xstate'
import { describe, expect, it } from 'vitest'
import type { PermissionSet } from '../../contract/api.ts'
import type { ApiKeyItem, CreatedApiKey } from '../../contract/developers.ts'
import { resolvePermissions } from '../../contract/permissions.ts'
import { controllable } from '../testing/stubs.ts'
import { adminAccess, createdKey, crmKey, expiredKey, readOnlyAccess, reportingKey, threeKeys } from './apiKeys.fixtures.ts'
import { API_KEY_REVOKE_FAILED_MESSAGE, type ApiKeysEmitted, apiKeysMachine } from './apiKeys.machine.ts'
import { type ApiKeyDraft, type ApiKeysAccess, curlExample, expiryDaysOf, expiryLabel, grantableSets, maskedSecret, toCreateRequest } from './apiKeys.rules.ts'
import { selectApiKeys, selectApiKeysError, selectApiKeysStatus, selectCreateStep, selectCreated, selectRevokeStep, selectRevokeTarget } from './apiKeys.selectors.ts'

const apiFailure = (status: number, code: string, message: string, issues: unknown[] = []) => Object.assign(new Error(message), { status, code, issues })

function start(access: ApiKeysAccess = adminAccess) {
  const loadKeys = controllable<ReadonlyArray<ApiKeyItem>, void>()
  const createKey = controllable<CreatedApiKey, ApiKeyDraft>()
  const revokeKey = controllable<void, { id: string }>()
  const actor = createActor(apiKeysMachine.provide({ actors: { loadKeys: loadKeys.logic, createKey: createKey.logic, revokeKey: revokeKey.logic } }), { input: { access } })
  const emitted: ApiKeysEmitted[] = []
  actor.on('*', (e) => emitted.push(e))
  actor.start()
  const snap = () => actor.getSnapshot()
  const ids = () => selectApiKeys(snap()).map((k) => k.id)
  return { actor, loadKeys, createKey, revokeKey, emitted, snap, ids }
}

describe('apiKeys', () => {
  it('Scenario: creating a key shows its secret once; Done forgets it and the key stays listed by its prefix', async () => {
    const t = start()
    await t.loadKeys.resolve([crmKey])
    t.actor.send({ type: 'apiKey.create' })
    t.actor.send({ type: 'apiKey.nameChanged', name: 'Billing sync' })
    t.actor.send({ type: 'apiKey.permissionSetChanged', ref: 'set-agent' })
    t.actor.send({ type: 'apiKey.expiryChanged', days: 90 })
    t.actor.send({ type: 'apiKey.submit' })
    expect(selectCreateStep(t.snap())).toBe('submitting')
    expect(t.createKey.calls).toEqual([{ name: 'Billing sync', permissionSet: 'set-agent', expiryDays: 90 }])
    await t.createKey.resolve(createdKey)
    expect(selectCreateStep(t.snap())).toBe('showingSecret')
    expect(selectCreated(t.snap())?.secret).toBe(createdKey.secret)
    expect(t.ids()).toEqual([createdKey.key.id, crmKey.id])
    // The toast hears of the key, never of its secret.
    expect(t.emitted).toEqual([{ type: 'apiKeys.created', key: createdKey.key }])
    t.actor.send({ type: 'apiKey.done' })
    expect(selectCreateStep(t.snap())).toBeNull()
    expect(t.snap().context.created).toBeNull()
    expect(JSON.stringify(t.snap().context)).not.toContain(createdKey.secret)
    expect(maskedSecret(selectApiKeys(t.snap())[0]!)).toBe('eng_Zt4nW8rB…')
  })

  it('Scenario: an empty name and no set are caught before any call; the server’s issues land on their fields, its message above them', async () => {
    const t = start()
    await t.loadKeys.resolve([])
    expect(selectApiKeysStatus(t.snap())).toBe('empty')
    t.actor.send({ type: 'apiKey.create' })
    t.actor.send({ type: 'apiKey.submit' })
    expect(t.snap().context.fieldErrors).toEqual({ name: 'Name is required', permission_set: 'Choose a permission set' })
    expect(t.createKey.calls).toEqual([])
    t.actor.send({ type: 'apiKey.nameChanged', name: 'CI' })
    expect(t.snap().context.fieldErrors.name).toBeUndefined()
    t.actor.send({ type: 'apiKey.permissionSetChanged', ref: 'SUPER_ADMIN' })
    t.actor.send({ type: 'apiKey.submit' })
    await t.createKey.reject(apiFailure(400, 'invalid_request', 'The request body is invalid.', [{ path: ['expires_at'], message: 'Choose a date in the future' }]))
    expect([selectCreateStep(t.snap()), t.snap().context.fieldErrors, t.snap().context.formError]).toEqual(['editing', { expires_at: 'Choose a date in the future' }, null])
    t.actor.send({ type: 'apiKey.submit' })
    await t.createKey.reject(apiFailure(403, 'forbidden', 'You cannot give a key the Delete permission on API keys, which you do not hold.'))
    expect(t.snap().context.formError).toBe('You cannot give a key the Delete permission on API keys, which you do not hold.')
    expect(t.snap().context.created).toBeNull()
    t.actor.send({ type: 'apiKey.cancel' })
    expect([selectCreateStep(t.snap()), t.snap().context.draft.name]).toEqual([null, ''])
  })

  it('Scenario: revoking asks first, takes the key out at once, and puts it back where it was when the server refuses', async () => {
    const t = start()
    await t.loadKeys.resolve(threeKeys)
    t.actor.send({ type: 'apiKey.revoke', id: reportingKey.id })
    expect([selectRevokeStep(t.snap()), selectRevokeTarget(t.snap())?.name]).toEqual(['confirming', 'Nightly reporting export'])
    t.actor.send({ type: 'apiKey.cancel' })
    expect(selectRevokeStep(t.snap())).toBeNull()
    t.actor.send({ type: 'apiKey.revoke', id: reportingKey.id })
    t.actor.send({ type: 'apiKey.confirmRevoke' })
    expect([selectRevokeStep(t.snap()), t.ids()]).toEqual(['revoking', [crmKey.id, expiredKey.id]])
    expect(selectRevokeTarget(t.snap())?.id).toBe(reportingKey.id)
    await t.revokeKey.reject(apiFailure(503, 'unavailable', 'The service is busy. Please try again.'))
    expect([t.ids(), selectApiKeysError(t.snap())]).toEqual([[crmKey.id, reportingKey.id, expiredKey.id], 'The service is busy. Please try again.'])
    expect(t.emitted).toEqual([])
    t.actor.send({ type: 'apiKey.revoke', id: reportingKey.id })
    expect(selectApiKeysError(t.snap())).toBeNull()
    t.actor.send({ type: 'apiKey.confirmRevoke' })
    await t.revokeKey.resolve(undefined)
    expect(t.ids()).toEqual([crmKey.id, expiredKey.id])
    expect(t.emitted).toEqual([{ type: 'apiKeys.revoked', key: reportingKey }])
  })

  it('Scenario: a key already revoked elsewhere (404) is gone: no rollback; another failure without a message reads as ours', async () => {
    const t = start()
    await t.loadKeys.resolve(threeKeys)
    t.actor.send({ type: 'apiKey.revoke', id: crmKey.id })
    t.actor.send({ type: 'apiKey.confirmRevoke' })
    await t.revokeKey.reject(apiFailure(404, 'not_found', 'There is no such API key.'))
    expect(t.ids()).toEqual([reportingKey.id, expiredKey.id])
    t.actor.send({ type: 'apiKey.revoke', id: expiredKey.id })
    t.actor.send({ type: 'apiKey.confirmRevoke' })
    await t.revokeKey.reject(new TypeError('Failed to fetch'))
    expect([t.ids(), selectApiKeysError(t.snap())]).toEqual([[reportingKey.id, expiredKey.id], API_KEY_REVOKE_FAILED_MESSAGE])
  })

  it('Scenario: without API_KEYS create or delete nothing can be created or revoked, and access follows the permissions', async () => {
    const t = start(readOnlyAccess)
    await t.loadKeys.resolve(threeKeys)
    t.actor.send({ type: 'apiKey.create' })
    t.actor.send({ type: 'apiKey.revoke', id: crmKey.id })
    expect(t.snap().matches({ ready: 'idle' })).toBe(true)
    t.actor.send({ type: 'apiKeys.accessChanged', access: { mayCreate: true, mayRevoke: false, grantable: [{ ref: 'set-agent', name: 'Support Agent' }] } })
    t.actor.send({ type: 'apiKey.revoke', id: crmKey.id })
    expect(t.snap().matches({ ready: 'idle' })).toBe(true)
    t.actor.send({ type: 'apiKey.create' })
    // The only set on offer is chosen already.
    expect(t.snap().context.draft).toEqual({ name: '', permissionSet: 'set-agent', expiryDays: 90 })
  })

  it('Scenario: a failed load says why and tries again', async () => {
    const t = start()
    await t.loadKeys.reject(apiFailure(403, 'forbidden', 'You need the View permission on API keys.'))
    expect([selectApiKeysStatus(t.snap()), t.snap().context.loadError]).toEqual(['failed', 'You need the View permission on API keys.'])
    t.actor.send({ type: 'apiKeys.retry' })
    expect(selectApiKeysStatus(t.snap())).toBe('loading')
    await t.loadKeys.resolve(threeKeys)
    expect(selectApiKeysStatus(t.snap())).toBe('list')
  })
})

describe('apiKeys rules', () => {
  const sets: PermissionSet[] = [
    { _id: 'sys-super', permission_set_key: 'SUPER_ADMIN', name: 'Super Admin', description: '', is_system: true, permissions: [] },
    { _id: 'set-agent', permission_set_key: null, name: 'Support Agent', description: '', is_system: false, permissions: [{ resource: 'CONTACTS', actions: ['READ'], conditions: {} }] },
    { _id: 'set-keys', permission_set_key: null, name: 'Key manager', description: '', is_system: false, permissions: [{ resource: 'API_KEYS', actions: ['READ', 'CREATE', 'DELETE'], conditions: {} }] },
  ]

  it('offers a super admin every set, anyone else the sets they hold every permission of, never the super-admin set', () => {
    expect(grantableSets(sets, resolvePermissions(['SUPER_ADMIN'], sets)).map((s) => s.ref)).toEqual(['SUPER_ADMIN', 'set-agent', 'set-keys'])
    expect(grantableSets(sets, resolvePermissions(['set-agent'], sets)).map((s) => s.ref)).toEqual(['set-agent'])
    expect(grantableSets(sets, resolvePermissions(['set-agent', 'set-keys'], sets))).toEqual([
      { ref: 'set-agent', name: 'Support Agent' },
      { ref: 'set-keys', name: 'Key manager' },
    ])
  })

  it('turns an expiry choice into a date that many days later, or null for never', () => {
    const now = Date.parse('2026-11-25T13:30:00.000Z')
    expect(toCreateRequest({ name: 'CI', permissionSet: 'set-agent', expiryDays: 30 }, now)).toEqual({ name: 'CI', permission_set: 'set-agent', expires_at: '2026-12-25T13:30:00.000Z' })
    expect(toCreateRequest({ name: 'CI', permissionSet: null, expiryDays: null }, now)).toEqual({ name: 'CI', permission_set: '', expires_at: null })
    expect([expiryDaysOf('never'), expiryDaysOf('365'), expiryDaysOf('nonsense')]).toEqual([null, 365, 90])
  })

  it('reads expiry as Never, Expired or a date; the curl example needs no workspace header', () => {
    expect(expiryLabel(crmKey)).toBe('Never')
    expect(expiryLabel(expiredKey)).toBe('Expired')
    expect(expiryLabel(reportingKey, 'en-GB')).toBe('18 Jan 2027')
    expect(curlExample('https://engage.example')).toBe('curl -H "Authorization: Bearer eng_…" https://engage.example/api/organizations/members')
  })
})
