/**
 * Contract-shaped API keys for the apiKeys machine's tests and the Developers stories: a key used
 * today, one never used that expires, an expired one, the secret a create call answers, and the
 * permission sets a super admin may give.
 */
import type { ApiKeyItem, CreatedApiKey } from '../../contract/developers.ts'
import type { ApiKeysAccess } from './apiKeys.rules.ts'

/** 25 Nov 2026, 13:30 UTC: the moment the fixtures are read at. */
export const API_KEYS_NOW_MS = Date.parse('2026-11-25T13:30:00.000Z')

const ada = { id: 'u-ada', label: 'Ada Admin' }

export const crmKey: ApiKeyItem = {
  id: 'key-crm',
  name: 'CRM sync',
  prefix: 'eng_3fK9xQ2a',
  permission_set: { ref: 'set-agent', name: 'Support Agent' },
  permissions: [
    { resource: 'CONTACTS', actions: ['READ'], conditions: {} },
    { resource: 'AGENTS', actions: ['READ'], conditions: {} },
  ],
  super_admin: false,
  created_by: ada,
  created_at: '2026-11-02T09:15:00.000Z',
  last_used_at: '2026-11-25T12:58:00.000Z',
  expires_at: null,
  status: 'active',
}

export const reportingKey: ApiKeyItem = {
  id: 'key-reports',
  name: 'Nightly reporting export',
  prefix: 'eng_Vb71LmQe',
  permission_set: { ref: 'SUPER_ADMIN', name: 'Super Admin' },
  permissions: [],
  super_admin: true,
  created_by: { id: null, label: 'Former member' },
  created_at: '2026-10-20T08:00:00.000Z',
  last_used_at: null,
  expires_at: '2027-01-18T08:00:00.000Z',
  status: 'active',
}

export const expiredKey: ApiKeyItem = {
  id: 'key-old',
  name: 'Zapier (old)',
  prefix: 'eng_p0QxA9c2',
  permission_set: { ref: 'set-agent', name: 'Support Agent' },
  permissions: crmKey.permissions,
  super_admin: false,
  created_by: ada,
  created_at: '2026-08-01T10:00:00.000Z',
  last_used_at: '2026-08-30T17:21:00.000Z',
  expires_at: '2026-08-31T10:00:00.000Z',
  status: 'expired',
}

/** Newest first, as the server lists them. */
export const threeKeys: ReadonlyArray<ApiKeyItem> = [crmKey, reportingKey, expiredKey]

/** What `POST /organizations/api-keys` answers for "Billing sync". */
export const createdKey: CreatedApiKey = {
  key: {
    ...crmKey,
    id: 'key-new',
    name: 'Billing sync',
    prefix: 'eng_Zt4nW8rB',
    created_at: '2026-11-25T13:30:00.000Z',
    last_used_at: null,
    expires_at: '2027-02-23T13:30:00.000Z',
  },
  secret: 'eng_Zt4nW8rBq2LxV7cM1sKp9dHf3yGj6aNe0uTiRoWb',
}

/** A super admin's access: every control, both sets of the story seed offered. */
export const adminAccess: ApiKeysAccess = {
  mayCreate: true,
  mayRevoke: true,
  grantable: [
    { ref: 'SUPER_ADMIN', name: 'Super Admin' },
    { ref: 'set-agent', name: 'Support Agent' },
  ],
}

/** A member who may read keys only. */
export const readOnlyAccess: ApiKeysAccess = { mayCreate: false, mayRevoke: false, grantable: [] }
