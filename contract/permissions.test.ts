import { describe, expect, it } from 'vitest'
import type { PermissionSet } from './api.ts'
import { actionsFor, can, canAll, canAny, permissionMetadata, resolvePermissions } from './permissions.ts'
import { AssignPermissionSetsRequest, PermissionSetInput } from './team.ts'
import { validate } from './validate.ts'

const system = (key: string, permissions: PermissionSet['permissions']): PermissionSet => ({
  _id: `sys-${key}`,
  permission_set_key: key,
  name: key,
  description: '',
  is_system: true,
  permissions,
})
const custom = (id: string, permissions: PermissionSet['permissions']): PermissionSet => ({
  _id: id,
  permission_set_key: null,
  name: id,
  description: '',
  is_system: false,
  permissions,
})

const sets = [
  system('SUPER_ADMIN', []),
  system('TEAM_MEMBER', [{ resource: 'REPORTS', actions: ['READ'], conditions: {} }]),
  custom('c-agent', [
    { resource: 'CONTACTS', actions: ['READ'], conditions: {} },
    { resource: 'AGENTS', actions: ['READ'], conditions: {} },
  ]),
  // A custom set whose _id looks like a system key must not be matched by key.
  custom('TEAM_MEMBER', [{ resource: 'BILLING', actions: ['DELETE'], conditions: {} }]),
]

describe('permission rules (SPEC §6)', () => {
  it('resolves system sets by key and custom sets by _id, adding GENERAL read', () => {
    const p = resolvePermissions(['c-agent'], sets)
    expect(can(p, 'CONTACTS', 'READ')).toBe(true)
    expect(can(p, 'AGENTS', 'READ')).toBe(true)
    expect(can(p, 'GENERAL', 'READ')).toBe(true)
    expect(can(p, 'CONTACTS', 'UPDATE')).toBe(false)
    expect(can(p, 'BILLING', 'READ')).toBe(false)
    expect(p.superAdmin).toBe(false)
  })

  it('matches a system key only against system sets', () => {
    const p = resolvePermissions(['TEAM_MEMBER'], sets)
    expect(can(p, 'REPORTS', 'READ')).toBe(true)
    expect(can(p, 'BILLING', 'DELETE')).toBe(true) // the custom set with _id "TEAM_MEMBER" also matches by _id
    const byKeyOnly = resolvePermissions(['TEAM_MEMBER'], sets.filter((s) => s.is_system))
    expect(can(byKeyOnly, 'BILLING', 'DELETE')).toBe(false)
  })

  it('does not match a system set by its _id', () => {
    expect(can(resolvePermissions(['sys-TEAM_MEMBER'], sets), 'REPORTS', 'READ')).toBe(false)
  })

  it('gives the super-admin set everything', () => {
    const p = resolvePermissions(['SUPER_ADMIN'], sets)
    expect(p.superAdmin).toBe(true)
    expect(can(p, 'BILLING', 'DELETE')).toBe(true)
    expect(actionsFor(p, 'API_KEYS')).toEqual(['CREATE', 'READ', 'UPDATE', 'DELETE', 'EXECUTE', 'EXPORT', 'IMPORT'])
  })

  it('is empty with no sets, unknown refs or no list', () => {
    expect(can(resolvePermissions([], sets), 'GENERAL', 'READ')).toBe(false)
    expect(can(resolvePermissions(['nope'], sets), 'GENERAL', 'READ')).toBe(false)
    expect(can(resolvePermissions(['SUPER_ADMIN'], []), 'GENERAL', 'READ')).toBe(false)
  })

  it('answers any, all and the list of actions', () => {
    const p = resolvePermissions(['c-agent'], sets)
    expect(canAny(p, 'CONTACTS', ['CREATE', 'READ'])).toBe(true)
    expect(canAll(p, 'CONTACTS', ['CREATE', 'READ'])).toBe(false)
    expect(actionsFor(p, 'CONTACTS')).toEqual(['READ'])
  })

  it('labels READ as View and UPDATE as Edit, with a description for every resource', () => {
    const m = permissionMetadata()
    expect(m.actions.find((a) => a.key === 'READ')?.label).toBe('View')
    expect(m.actions.find((a) => a.key === 'UPDATE')?.label).toBe('Edit')
    expect(m.resources.find((r) => r.key === 'TEAM_MEMBERS')?.description).toBe('Manage team members, invite users and control access levels')
    expect(m.resources.every((r) => r.description.length > 0)).toBe(true)
    expect(m.resources).toHaveLength(26)
  })
})

describe('permission set input', () => {
  it('trims the name and accepts a valid set', () => {
    const r = validate(PermissionSetInput, { name: '  Billing Viewer ', permissions: [{ resource: 'BILLING', actions: ['READ'] }] })
    expect(r.ok && r.value.name).toBe('Billing Viewer')
  })
  it.each([
    ['empty name', { name: '   ', permissions: [] }, 'Name is required'],
    ['long name', { name: 'x'.repeat(81), permissions: [] }, 'Name must be at most 80 characters'],
    ['unknown resource', { name: 'x', permissions: [{ resource: 'NUKES', actions: ['READ'] }] }, undefined],
    ['unknown action', { name: 'x', permissions: [{ resource: 'BILLING', actions: ['LAUNCH'] }] }, undefined],
    ['no actions', { name: 'x', permissions: [{ resource: 'BILLING', actions: [] }] }, 'Choose at least one action'],
    ['duplicate resource', { name: 'x', permissions: [{ resource: 'BILLING', actions: ['READ'] }, { resource: 'BILLING', actions: ['UPDATE'] }] }, 'Each resource may appear only once'],
  ])('rejects %s', (_, input, message) => {
    const r = validate(PermissionSetInput, input)
    expect(r.ok).toBe(false)
    if (!r.ok && message) expect(r.issues.map((i) => i.message)).toContain(message)
  })
  it('rejects an assignment without user_id', () => {
    expect(validate(AssignPermissionSetsRequest, { user_id: '', permission_set_ids: [] }).ok).toBe(false)
  })
})
