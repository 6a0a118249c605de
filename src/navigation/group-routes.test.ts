import { describe, expect, it } from 'vitest'
import type { PermissionSet } from '../../contract/api.ts'
import { NO_PERMISSIONS, resolvePermissions } from '../../contract/permissions.ts'
import { NAVIGATION, canAccessPath, routeFor } from './routes.ts'

const custom = (id: string, resource: PermissionSet['permissions'][number]['resource']): PermissionSet => ({
  _id: id,
  permission_set_key: null,
  name: id,
  description: '',
  is_system: false,
  permissions: [{ resource, actions: ['READ'], conditions: {} }],
})
const sets = [custom('qa', 'QA'), custom('reports', 'REPORTS'), custom('billing', 'BILLING')]

describe('SPEC §2.4 group paths /app/calls and /app/qa', () => {
  it('are routes of their own, not menu entries', () => {
    expect(routeFor('/app/calls')?.title).toBe('Calls')
    expect(routeFor('/app/qa')?.title).toBe('Guardrails / QA')
    const entries = NAVIGATION.flatMap((g) => g.entries.map((e) => e.pattern as string))
    expect(entries).not.toContain('/app/calls')
    expect(entries).not.toContain('/app/qa')
    // /app/calls/<id> is still Call Details.
    expect(routeFor('/app/calls/42')?.title).toBe('Call Details')
  })

  it('open to whoever may read one of the group’s entries, and to nobody else', () => {
    expect(canAccessPath('/app/qa', resolvePermissions(['qa'], sets))).toBe(true)
    expect(canAccessPath('/app/calls', resolvePermissions(['reports'], sets))).toBe(true)
    expect(canAccessPath('/app/qa', resolvePermissions(['billing'], sets))).toBe(false)
    expect(canAccessPath('/app/calls', resolvePermissions(['billing'], sets))).toBe(false)
    expect(canAccessPath('/app/calls', NO_PERMISSIONS)).toBe(false)
  })
})
