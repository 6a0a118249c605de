import { describe, expect, it } from 'vitest'
import type { WorkspaceItem } from '../../contract/api.ts'
import { filterWorkspaces } from './search.ts'

const item = (org_id: string, org_name: string | null): WorkspaceItem => ({
  org_id,
  org_name,
  roles: ['SUPER_ADMIN'],
  waitlist_approved: true,
  signup_completed: true,
  is_default: false,
})

const list = [item('o-acme', 'Acme Support'), item('o-globex', 'Globex'), item('o-nameless', null), item('o-blank', '   '), item('o-glow', 'Glow Labs')]
const names = (query: string) => filterWorkspaces(list, query).map((w) => w.org_name)

describe('workspace search (SPEC §5)', () => {
  it('Scenario: a substring of the name matches, whatever the case', () => {
    expect(names('glo')).toEqual(['Globex', 'Glow Labs'])
    expect(names('GLOBEX')).toEqual(['Globex'])
    expect(names('port')).toEqual(['Acme Support'])
  })

  it('Scenario: spaces around the query are trimmed; spaces inside it count', () => {
    expect(names('  glob  ')).toEqual(['Globex'])
    expect(names('acme s')).toEqual(['Acme Support'])
    expect(names('acme  s')).toEqual([])
  })

  it('Scenario: an empty or blank query lists every named workspace, in the list order', () => {
    expect(names('')).toEqual(['Acme Support', 'Globex', 'Glow Labs'])
    expect(names('   ')).toEqual(['Acme Support', 'Globex', 'Glow Labs'])
  })

  it('Scenario: workspaces without a name are ignored, even for a query that would match anything', () => {
    expect(filterWorkspaces(list, '').map((w) => w.org_id)).not.toContain('o-nameless')
    expect(filterWorkspaces(list, '').map((w) => w.org_id)).not.toContain('o-blank')
    expect(filterWorkspaces([item('x', null)], 'null')).toEqual([])
  })

  it('Scenario: nothing matches → an empty list (the switcher then says "No organizations found")', () => {
    expect(names('hooli')).toEqual([])
    expect(filterWorkspaces([], '')).toEqual([])
  })
})
