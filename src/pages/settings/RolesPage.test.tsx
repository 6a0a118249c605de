// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { superAdminSet, supportAgentSet } from '../../../machines/roleEditor/roleEditor.fixtures.ts'
import { RolesPage } from './RolesPage.tsx'
import { renderPage } from './testing.tsx'

afterEach(cleanup)

describe('RolesPage', () => {
  it('Scenario: every set is listed with its description and resource count; system sets are marked System and read-only', () => {
    renderPage(<RolesPage />)
    const list = screen.getByRole('list', { name: 'Roles' })
    const items = within(list).getAllByRole('listitem')
    expect(items.map((i) => within(i).getByRole('link').textContent)).toEqual(['Super Admin', 'Team Member', 'Support Agent'])
    const superAdmin = items[0] as HTMLElement
    expect(superAdmin.textContent).toContain('System')
    expect(superAdmin.textContent).toContain('Read-only')
    expect(superAdmin.textContent).toContain('26 resources')
    expect(superAdmin.textContent).toContain(superAdminSet.description)
    const custom = items[2] as HTMLElement
    expect(custom.textContent).not.toContain('System')
    expect(custom.textContent).toContain('2 resources')
    expect(within(custom).getByRole('link', { name: 'Support Agent' }).getAttribute('href')).toBe(`/app/setting/roles/${supportAgentSet._id}`)
    expect(screen.getByRole('link', { name: 'User Roles' }).getAttribute('href')).toBe('/app/setting/roles')
  })

  it('Scenario: Create role is enabled with PERMISSION_SETS create and disabled without it (SPEC §5)', () => {
    renderPage(<RolesPage />)
    expect(screen.getByRole('button', { name: 'Create role' }).getAttribute('aria-disabled')).toBeNull()
    cleanup()
    renderPage(<RolesPage />, { refs: [supportAgentSet._id] })
    expect(screen.getByRole('button', { name: 'Create role' }).getAttribute('aria-disabled')).toBe('true')
  })
})
