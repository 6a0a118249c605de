// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { superAdminSet, supportAgentSet } from '../../../machines/roleEditor/roleEditor.fixtures.ts'
import { RolesPage } from './RolesPage.tsx'
import { API, errorBody, renderPage } from './testing.tsx'

const server = setupServer()
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(() => {
  cleanup()
  server.resetHandlers()
})
afterAll(() => server.close())

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

  it('Scenario: two hundred roles are all listed (drawn progressively: src/ui/useProgressiveCount.test.tsx)', async () => {
    const many = Array.from({ length: 200 }, (_, i) => ({ ...supportAgentSet, _id: `set-${i}`, name: `Role ${i}` }))
    renderPage(<RolesPage />, { sets: many })
    const list = screen.getByRole('list', { name: 'Roles' })
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(200))
    expect(within(list).getByRole('link', { name: 'Role 199' })).toBeTruthy()
  })

  it('Scenario: Create role is enabled with PERMISSION_SETS create and disabled without it (SPEC §5)', () => {
    renderPage(<RolesPage />)
    expect(screen.getByRole('button', { name: 'Create role' }).getAttribute('aria-disabled')).toBeNull()
    cleanup()
    renderPage(<RolesPage />, { refs: [supportAgentSet._id] })
    expect(screen.getByRole('button', { name: 'Create role' }).getAttribute('aria-disabled')).toBe('true')
  })

  it('Scenario: only custom roles have Delete; it asks first, naming the role', async () => {
    const user = userEvent.setup()
    renderPage(<RolesPage />)
    expect(screen.getAllByRole('button', { name: /^Delete/ }).map((b) => b.textContent)).toEqual(['Delete role Support Agent'])
    await user.click(screen.getByRole('button', { name: 'Delete role Support Agent' }))
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete the role "Support Agent"?' })
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    expect(screen.queryByRole('alertdialog')).toBeNull()
  })

  it('Scenario: a role still assigned is refused (409): the dialog and a toast show who holds it; then it is deleted', async () => {
    let answer = 409
    let deleted = ''
    server.use(
      http.delete(`${API}/permissions/permission-sets/:id`, ({ params }) => {
        if (answer === 409) return HttpResponse.json(errorBody('conflict', 'Assigned to Sam Agent: remove it from them first.'), { status: 409 })
        deleted = String(params.id)
        return new HttpResponse(null, { status: 204 })
      }),
    )
    const user = userEvent.setup()
    const { toastMessages, permissions } = renderPage(<RolesPage />)
    await user.click(screen.getByRole('button', { name: 'Delete role Support Agent' }))
    const dialog = await screen.findByRole('alertdialog')
    await user.click(within(dialog).getByRole('button', { name: 'Delete role' }))
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Assigned to Sam Agent: remove it from them first.')
    expect(toastMessages()).toEqual(['error: Assigned to Sam Agent: remove it from them first.'])
    answer = 204
    await user.click(within(dialog).getByRole('button', { name: 'Delete role' }))
    await waitFor(() => expect(toastMessages()).toContain('success: Role "Support Agent" deleted'))
    expect(deleted).toBe(supportAgentSet._id)
    expect(screen.queryByRole('alertdialog')).toBeNull()
    await waitFor(() => expect(permissions.counter.refetches).toBe(1))
  })

  it('Scenario: without PERMISSION_SETS delete, Delete is disabled (SPEC §5)', () => {
    renderPage(<RolesPage />, { refs: [supportAgentSet._id] })
    expect(screen.getByRole('button', { name: 'Delete role Support Agent' }).getAttribute('aria-disabled')).toBe('true')
  })
})
