import { readFile } from 'node:fs/promises'
import { describe, expect, test } from 'vitest'
import { PermissionActions, PermissionResources, Roles, SUPER_ADMIN_SET_KEY } from '../../contract/api.ts'
import { SYSTEM_PERMISSION_SETS } from './system-sets.ts'

const byKey = (key: string) => {
  const set = SYSTEM_PERMISSION_SETS.find((s) => s.key === key)
  if (set === undefined) throw new Error(`no system set ${key}`)
  return set
}
const actionsOn = (key: string, resource: string) => byKey(key).permissions.find((p) => p.resource === resource)?.actions ?? []

describe('system permission sets', () => {
  test('Scenario: one set per contract role, keyed by the role', () => {
    expect(SYSTEM_PERMISSION_SETS.map((s) => s.key)).toEqual([...Roles])
  })

  test('Scenario: the super-admin set holds every action on every resource', () => {
    const set = byKey(SUPER_ADMIN_SET_KEY)
    expect(set.permissions.map((p) => p.resource)).toEqual([...PermissionResources])
    for (const permission of set.permissions) expect(permission.actions).toEqual([...PermissionActions])
  })

  test('Scenario: an admin is a super admin who cannot delete billing data', () => {
    for (const resource of PermissionResources) {
      const expected = resource === 'BILLING' ? PermissionActions.filter((a) => a !== 'DELETE') : [...PermissionActions]
      expect(actionsOn('ADMIN', resource)).toEqual(expected)
    }
  })

  test('Scenario: the narrower roles', () => {
    expect(actionsOn('TEAM_MEMBER', 'CONTACTS')).toEqual(['READ'])
    expect(actionsOn('TEAM_MEMBER', 'BILLING')).toEqual([])
    expect(actionsOn('FINANCE_ADMIN', 'BILLING')).toEqual([...PermissionActions])
    expect(actionsOn('FINANCE_ADMIN', 'REPORTS')).toContain('EXPORT')
    expect(actionsOn('QUALITY_ASSURANCE', 'QA')).toEqual([...PermissionActions])
    expect(actionsOn('QUALITY_ASSURANCE', 'REPORTS')).toEqual(['READ'])
  })

  test('Scenario: every set can read GENERAL (the overview) and lists each resource once', () => {
    for (const set of SYSTEM_PERMISSION_SETS) {
      expect(actionsOn(set.key, 'GENERAL')).toContain('READ')
      const resources = set.permissions.map((p) => p.resource)
      expect(new Set(resources).size).toBe(resources.length)
      for (const p of set.permissions) expect(p.actions.length).toBeGreaterThan(0)
    }
  })
})

describe('docs/permissions.md', () => {
  const LETTERS: Record<string, string> = { CREATE: 'C', READ: 'R', UPDATE: 'U', DELETE: 'D', EXECUTE: 'X', EXPORT: 'E', IMPORT: 'I' }
  const shorthand = (actions: ReadonlyArray<string>) =>
    actions.length === PermissionActions.length ? 'all' : actions.map((action) => LETTERS[action]).join('')

  test('Scenario: the system sets table says exactly what the definitions grant', async () => {
    const doc = await readFile(new URL('../../docs/permissions.md', import.meta.url), 'utf8')
    const cells = (line: string) => line.split('|').slice(1, -1).map((cell) => cell.trim())
    const lines = doc.split('\n')
    const headerAt = lines.findIndex((line) => line.startsWith('| resource '))
    expect(headerAt, 'the table header "| resource | SUPER_ADMIN | ..." is missing').toBeGreaterThan(-1)
    const documented = lines.slice(headerAt, headerAt + 2 + PermissionResources.length).filter((_, i) => i !== 1).map(cells)
    const expected = [
      ['resource', ...Roles],
      ...PermissionResources.map((resource) => [resource, ...Roles.map((role) => shorthand(actionsOn(role, resource)))]),
    ]
    expect(documented).toEqual(expected)
  })
})
