// @vitest-environment jsdom
import { cleanup, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { acmeSets, teamMemberSet } from '../../../machines/roleEditor/roleEditor.fixtures.ts'
import { bobInvitation, ninaMember } from '../../../machines/team/team.fixtures.ts'
import { InviteMemberPage } from './InviteMemberPage.tsx'
import { API, errorBody, renderPage } from './testing.tsx'

const server = setupServer(http.get(`${API}/permissions/permission-sets`, () => HttpResponse.json(acmeSets)))
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(() => {
  cleanup()
  server.resetHandlers()
})
afterAll(() => server.close())

describe('InviteMemberPage', () => {
  it('Scenario: an invitation is sent with the email, name and ticked roles, then toasts "Invitation sent"', async () => {
    let body: unknown
    server.use(
      http.post(`${API}/organizations/members/invite`, async ({ request }) => {
        body = await request.json()
        return HttpResponse.json(ninaMember, { status: 201 })
      }),
    )
    const user = userEvent.setup()
    const { toastMessages } = renderPage(<InviteMemberPage />)
    expect((await screen.findByRole('note')).textContent).toMatch(/We email the invitation/)
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'nina@acme.test')
    await user.type(screen.getByRole('textbox', { name: /^Name \(optional\)/ }), 'Nina Newbie')
    await user.click(screen.getByRole('checkbox', { name: /^Team Member/ }))
    await user.click(screen.getByRole('button', { name: 'Send invitation' }))
    await waitFor(() => expect(toastMessages()).toEqual(['success: Invitation sent']))
    expect(body).toEqual({ email: 'nina@acme.test', fullName: 'Nina Newbie', permission_set_ids: [teamMemberSet._id] })
  })

  it('Scenario: inviting an existing account toasts that they join once they accept', async () => {
    server.use(http.post(`${API}/organizations/members/invite`, () => HttpResponse.json(bobInvitation, { status: 201 })))
    const user = userEvent.setup()
    const { toastMessages } = renderPage(<InviteMemberPage />)
    await user.type(await screen.findByRole('textbox', { name: 'Email' }), 'bob@globex.test')
    await user.click(screen.getByRole('checkbox', { name: /^Team Member/ }))
    await user.click(screen.getByRole('button', { name: 'Send invitation' }))
    await waitFor(() => expect(toastMessages()).toEqual(['success: Invitation sent: they join once they accept']))
  })

  it('Scenario: an empty form shows field errors for the email and the roles, and nothing is sent', async () => {
    let posted = false
    server.use(
      http.post(`${API}/organizations/members/invite`, () => {
        posted = true
        return HttpResponse.json(ninaMember)
      }),
    )
    const user = userEvent.setup()
    renderPage(<InviteMemberPage />)
    await user.click(await screen.findByRole('button', { name: 'Send invitation' }))
    expect(screen.getByRole('textbox', { name: 'Email' }).getAttribute('aria-invalid')).toBe('true')
    expect(screen.getByText('Enter a valid email address')).toBeTruthy()
    expect(screen.getByText('Choose at least one role')).toBeTruthy()
    expect(posted).toBe(false)
  })

  it('Scenario: someone already in the workspace (409) gets the error on the email field and the server’s message in a toast', async () => {
    server.use(
      http.post(`${API}/organizations/members/invite`, () =>
        HttpResponse.json(errorBody('conflict', 'admin@acme.test is already a member of this workspace.', [{ path: ['email'], message: 'Already a member' }]), { status: 409 }),
      ),
    )
    const user = userEvent.setup()
    const { toastMessages } = renderPage(<InviteMemberPage />)
    await user.type(await screen.findByRole('textbox', { name: 'Email' }), 'admin@acme.test')
    await user.click(screen.getByRole('checkbox', { name: /^Team Member/ }))
    await user.click(screen.getByRole('button', { name: 'Send invitation' }))
    expect(await screen.findByText('Already a member')).toBeTruthy()
    expect(toastMessages()).toEqual(['error: admin@acme.test is already a member of this workspace.'])
  })
})
