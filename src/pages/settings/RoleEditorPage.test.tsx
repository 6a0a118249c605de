// @vitest-environment jsdom
// Checkboxes and fields are found by their labels (what a person reads); `getByRole` over the
// 182-checkbox grid is too slow for every step, so it is used where roles matter.
import { cleanup, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { acmeSets, metadata, superAdminSet, supportAgentSet } from '../../../machines/roleEditor/roleEditor.fixtures.ts'
import { RoleEditorPage } from './RoleEditorPage.tsx'
import { API, errorBody, renderPage } from './testing.tsx'

const server = setupServer(
  http.get(`${API}/permissions/metadata`, () => HttpResponse.json(metadata)),
  http.get(`${API}/permissions/permission-sets`, () => HttpResponse.json(acmeSets)),
)
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(() => {
  cleanup()
  server.resetHandlers()
})
afterAll(() => server.close())

describe('RoleEditorPage', () => {
  it('Scenario: creating a role sends the name and ticked boxes, then toasts "Role created" and refetches the app’s permissions', async () => {
    let body: unknown
    server.use(
      http.post(`${API}/permissions/permission-sets`, async ({ request }) => {
        body = await request.json()
        return HttpResponse.json({ ...supportAgentSet, _id: 'ps-new', name: 'Billing Clerk' }, { status: 201 })
      }),
    )
    const user = userEvent.setup()
    const { toastMessages, permissions } = renderPage(<RoleEditorPage />)
    expect(await screen.findByRole('heading', { level: 1, name: 'Create role' })).toBeTruthy()
    // Rows show each resource's label and description; columns the action labels.
    const grid = await screen.findByRole('group', { name: 'Permissions' })
    expect(within(grid).getByRole('rowheader', { name: /Team Members Manage team members, invite users and control access levels/ })).toBeTruthy()
    expect(within(grid).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Resource', 'All', 'Create', 'View', 'Edit', 'Delete', 'Execute', 'Export', 'Import'])

    await user.type(screen.getByLabelText('Name'), 'Billing Clerk')
    await user.type(screen.getByLabelText('Description'), 'Looks after invoices')
    await user.click(screen.getByLabelText('View Billing'))
    await user.click(screen.getByLabelText('Edit Billing'))
    await user.click(screen.getByRole('button', { name: 'Create role' }))

    await waitFor(() => expect(toastMessages()).toEqual(['success: Role created']))
    expect(body).toEqual({ name: 'Billing Clerk', description: 'Looks after invoices', permissions: [{ resource: 'BILLING', actions: ['READ', 'UPDATE'] }] })
    await waitFor(() => expect(permissions.counter.refetches).toBe(1))
  })

  it('Scenario: an empty name and no ticked box show field errors next to the fields, and nothing is sent', async () => {
    let posted = false
    server.use(
      http.post(`${API}/permissions/permission-sets`, () => {
        posted = true
        return HttpResponse.json({})
      }),
    )
    const user = userEvent.setup()
    renderPage(<RoleEditorPage />)
    await user.click(await screen.findByRole('button', { name: 'Create role' }))
    const name = screen.getByLabelText('Name')
    expect(name.getAttribute('aria-invalid')).toBe('true')
    expect(screen.getByText('Name is required')).toBeTruthy()
    expect(screen.getByRole('group', { name: 'Permissions' }).getAttribute('aria-describedby')).toBeTruthy()
    expect(screen.getByText('Choose at least one action')).toBeTruthy()
    expect(posted).toBe(false)
  })

  it('Scenario: a taken name (409) is shown on the Name field and the error toast carries the server’s message', async () => {
    server.use(
      http.post(`${API}/permissions/permission-sets`, () =>
        HttpResponse.json(errorBody('conflict', 'A role named "Support Agent" already exists.', [{ path: ['name'], message: 'This name is already taken' }]), { status: 409 }),
      ),
    )
    const user = userEvent.setup()
    const { toastMessages } = renderPage(<RoleEditorPage />)
    await user.type(await screen.findByLabelText('Name'), 'Support Agent')
    await user.click(screen.getByLabelText('View AI Agents'))
    await user.click(screen.getByRole('button', { name: 'Create role' }))
    expect(await screen.findByText('This name is already taken')).toBeTruthy()
    expect(toastMessages()).toEqual(['error: A role named "Support Agent" already exists.'])
  })

  it('Scenario: a 403 is shown above the form and in a toast, never as HTML', async () => {
    const message = 'You can only grant permissions you hold yourself. You do not have: <b>Delete on Billing</b>.'
    server.use(http.post(`${API}/permissions/permission-sets`, () => HttpResponse.json(errorBody('forbidden', message), { status: 403 })))
    const user = userEvent.setup()
    const { toastMessages, container } = renderPage(<RoleEditorPage />)
    await user.type(await screen.findByLabelText('Name'), 'Biller')
    await user.click(screen.getByLabelText('Delete Billing'))
    await user.click(screen.getByRole('button', { name: 'Create role' }))
    expect((await screen.findByRole('alert')).textContent).toBe(message)
    expect(container.querySelector('b')).toBeNull()
    expect(toastMessages()).toEqual([`error: ${message}`])
  })

  it('Scenario: editing a custom role starts from its values and PUTs to its id; the toast says "Role saved"', async () => {
    let body: { name?: string } | undefined
    server.use(
      http.put(`${API}/permissions/permission-sets/${supportAgentSet._id}`, async ({ request }) => {
        body = (await request.json()) as { name: string }
        return HttpResponse.json({ ...supportAgentSet, name: body.name })
      }),
    )
    const user = userEvent.setup()
    const { toastMessages } = renderPage(<RoleEditorPage roleId={supportAgentSet._id} />)
    const name = (await screen.findByLabelText('Name')) as HTMLInputElement
    expect(name.value).toBe('Support Agent')
    expect((screen.getByLabelText('View Contacts (basic)') as HTMLInputElement).checked).toBe(true)
    await user.clear(name)
    await user.type(name, 'Support Lead')
    await user.click(screen.getByRole('button', { name: 'Save role' }))
    await waitFor(() => expect(toastMessages()).toEqual(['success: Role saved']))
    expect(body?.name).toBe('Support Lead')
  })

  it('Scenario: a system role is shown read-only with a note; there is nothing to save', async () => {
    renderPage(<RoleEditorPage roleId={superAdminSet._id} />)
    expect(await screen.findByRole('heading', { level: 1, name: 'Super Admin' })).toBeTruthy()
    expect(screen.getByRole('note').textContent).toMatch(/system role/)
    expect(screen.getByLabelText('Name').getAttribute('readonly')).not.toBeNull()
    expect(screen.getByLabelText('Delete Billing').getAttribute('aria-readonly')).toBe('true')
    expect(screen.queryByRole('button', { name: 'Save role' })).toBeNull()
  })

  it('Scenario: an unknown id says so clearly', async () => {
    renderPage(<RoleEditorPage roleId="ps-nowhere" />)
    expect(await screen.findByRole('heading', { level: 1, name: 'Role not found' })).toBeTruthy()
    expect(screen.getByText('There is no such role in this workspace')).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Back to User Roles' }).getAttribute('href')).toBe('/app/setting/roles')
  })

  it('Scenario: the metadata cannot be loaded; the server’s message and a retry are offered', async () => {
    server.use(http.get(`${API}/permissions/metadata`, () => HttpResponse.json(errorBody('internal_error', 'Something went wrong on our side. Please try again.'), { status: 500 })))
    const user = userEvent.setup()
    renderPage(<RoleEditorPage />)
    expect((await screen.findByRole('alert')).textContent).toMatch('Something went wrong on our side.')
    server.resetHandlers()
    await user.click(screen.getByRole('button', { name: 'Try again' }))
    expect(await screen.findByLabelText('Name')).toBeTruthy()
  })
})
