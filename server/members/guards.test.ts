/**
 * The pure parts of permission management, without a database: what counts as granting a
 * permission one lacks, the wording of refusals, and the order of the set list.
 */
import { describe, expect, test } from 'vitest'
import { PermissionResources, type PermissionSet } from '../../contract/api.ts'
import { permissionsNotHeld, resolvePermissions } from '../../contract/permissions.ts'
import { missingPermissionMessage } from './access.ts'
import { assertCanGrantPermissions, checkSetChange } from './guards.ts'
import { addedPermissions, comparePermissionSets, normalizePermissions } from './permission-sets.ts'

const set = (id: string, key: string | null, permissions: PermissionSet['permissions'], name = id): PermissionSet => ({
  _id: id,
  permission_set_key: key,
  name,
  description: '',
  is_system: key !== null,
  permissions,
})
const superAdmin = set('sa', 'SUPER_ADMIN', [])
const reports = set('rep', null, [{ resource: 'REPORTS', actions: ['READ', 'EXPORT'], conditions: {} }])
const manager = set('mgr', null, [{ resource: 'TEAM_MEMBERS', actions: ['READ', 'UPDATE'], conditions: {} }])
const as = (...sets: PermissionSet[]) => resolvePermissions(sets.map((s) => s.permission_set_key ?? s._id), sets)

describe('permissionsNotHeld (contract)', () => {
  test('Scenario: lists each missing pair once, in resource then action order', () => {
    const missing = permissionsNotHeld(as(reports), [
      { resource: 'REPORTS', actions: ['EXPORT', 'DELETE', 'READ', 'CREATE'] },
      { resource: 'BILLING', actions: ['READ'] },
      { resource: 'REPORTS', actions: ['DELETE'] },
    ])
    expect(missing).toEqual([
      { resource: 'REPORTS', action: 'CREATE' },
      { resource: 'REPORTS', action: 'DELETE' },
      { resource: 'BILLING', action: 'READ' },
    ])
  })

  test('Scenario: a super admin lacks nothing; GENERAL read comes with any set', () => {
    expect(permissionsNotHeld(as(superAdmin), [{ resource: 'BILLING', actions: ['DELETE'] }])).toEqual([])
    expect(permissionsNotHeld(as(reports), [{ resource: 'GENERAL', actions: ['READ'] }])).toEqual([])
  })
})

describe('refusal messages', () => {
  test('Scenario: the missing permission is named with the labels of the role editor', () => {
    expect(missingPermissionMessage('PERMISSION_SETS', 'UPDATE')).toBe('You need the Edit permission on User Roles to do this.')
    expect(missingPermissionMessage('TEAM_MEMBERS', 'READ')).toBe('You need the View permission on Team Members to do this.')
    for (const resource of PermissionResources) expect(missingPermissionMessage(resource, 'CREATE')).not.toContain('undefined')
  })

  test('Scenario: at most three missing pairs are named', () => {
    expect(() => assertCanGrantPermissions(as(reports), [{ resource: 'BILLING', actions: ['CREATE', 'READ', 'UPDATE', 'DELETE', 'EXPORT'] }])).toThrow(
      'You can only grant permissions you hold yourself. You do not have: Create on Billing, View on Billing, Edit on Billing and 2 more.',
    )
  })
})

describe('checkSetChange', () => {
  test('Scenario: sets the member already holds are not re-checked', () => {
    // The manager lacks REPORTS, but only adds their own set next to it.
    expect(checkSetChange(as(manager), [reports], [reports, manager])).toEqual({ losesSuperAdmin: false })
    expect(() => checkSetChange(as(manager), [], [reports, manager])).toThrow(/You do not have: View on Reports, Export on Reports/)
  })

  test('Scenario: the super-admin set moves only by a super admin, who may also take it away', () => {
    expect(() => checkSetChange(as(manager), [], [superAdmin])).toThrow('Only a super admin can grant the Super Admin role.')
    expect(() => checkSetChange(as(manager), [superAdmin], [])).toThrow('Only a super admin can take the Super Admin role away.')
    expect(checkSetChange(as(superAdmin), [superAdmin], [manager])).toEqual({ losesSuperAdmin: true })
  })
})

describe('permission set helpers', () => {
  test('Scenario: an edit adds only the actions that were not there', () => {
    expect(addedPermissions(reports.permissions, [{ resource: 'REPORTS', actions: ['READ', 'DELETE'], conditions: {} }])).toEqual([
      { resource: 'REPORTS', actions: ['DELETE'], conditions: {} },
    ])
    expect(addedPermissions(reports.permissions, [{ resource: 'REPORTS', actions: ['READ'], conditions: {} }])).toEqual([])
  })

  test('Scenario: actions are stored de-duplicated in contract order, conditions default to {}', () => {
    expect(normalizePermissions([{ resource: 'QA', actions: ['IMPORT', 'READ', 'READ', 'CREATE'] }])).toEqual([
      { resource: 'QA', actions: ['CREATE', 'READ', 'IMPORT'], conditions: {} },
    ])
  })

  test('Scenario: system sets first in role order, then custom sets by name ignoring case', () => {
    const sorted = [set('c2', null, [], 'beta'), set('tm', 'TEAM_MEMBER', []), set('c1', null, [], 'Alpha'), superAdmin].sort(comparePermissionSets)
    expect(sorted.map((s) => s._id)).toEqual(['sa', 'tm', 'c1', 'c2'])
  })
})
