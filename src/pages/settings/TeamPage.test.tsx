// @vitest-environment jsdom
import { cleanup, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { acmeSets, supportAgentSet, teamMemberSet } from '../../../machines/roleEditor/roleEditor.fixtures.ts'
import { acmeInvitationPage, acmeInvitations, acmeMemberPage, noInvitationPage, acmeMembers, bobInvitation, ninaInvitation, samMember } from '../../../machines/team/team.fixtures.ts'
import { TeamPage } from './TeamPage.tsx'
import { createActor } from 'xstate'
import type { PermissionSet } from '../../../contract/api.ts'
import { toastsMachine } from '../../../machines/toasts/toasts.machine.ts'
import { ApiProvider } from '../../system/api.tsx'
import { PermissionsActorProvider } from '../../system/react.tsx'
import { ToastsActorProvider } from '../../system/toasts.tsx'
import { API, errorBody, readyPermissions, renderPage, testApi } from './testing.tsx'

const server = setupServer(
  http.get(`${API}/organizations/members`, () => HttpResponse.json(acmeMemberPage)),
  http.get(`${API}/permissions/permission-sets`, () => HttpResponse.json(acmeSets)),
  http.get(`${API}/organizations/invitations`, () => HttpResponse.json(noInvitationPage)),
)
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(() => {
  cleanup()
  server.resetHandlers()
})
afterAll(() => server.close())

const rowOf = async (name: string) => (await screen.findByRole('rowheader', { name })).closest('[role="row"]') as HTMLElement

describe('TeamPage', () => {
  it('Scenario: without TEAM_MEMBERS view in this workspace the Unauthorized page shows and the members are never asked for', async () => {
    let asked = 0
    server.use(
      http.get(`${API}/organizations/members`, () => {
        asked++
        return HttpResponse.json(errorBody('forbidden', 'No.'), { status: 403 })
      }),
    )
    renderPage(<TeamPage />, { refs: ['TEAM_MEMBER'] })
    expect(await screen.findByRole('heading', { name: 'Unauthorized' })).toBeTruthy()
    expect(screen.getByText('You are not authorized to view this page.')).toBeTruthy()
    await new Promise((r) => setTimeout(r, 50))
    expect(asked).toBe(0)
  })

  it('Scenario: members who joined are listed with email, status and their role names; a new person only among the pending invitations', async () => {
    server.use(http.get(`${API}/organizations/invitations`, () => HttpResponse.json(acmeInvitationPage)))
    renderPage(<TeamPage />)
    const table = await screen.findByRole('grid', { name: 'Team members' })
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((c) => c.textContent),
    ).toEqual(['Name', 'Email', 'Status', 'Roles', 'Actions'])
    const sam = await rowOf('Sam Agent')
    expect(sam.textContent).toContain('Support Agent')
    expect((await rowOf('Ada Admin')).textContent).toContain('Active')
    expect(within(table).queryByRole('rowheader', { name: 'Nina Newbie' })).toBeNull()
    const pending = await screen.findByRole('grid', { name: 'Pending invitations' })
    const nina = within(pending).getByRole('rowheader', { name: 'Nina Newbie' }).closest('[role="row"]') as HTMLElement
    expect(nina.textContent).toContain('Team Member')
    expect(nina.textContent).toMatch(/Link expired on .*: resend it/)
    expect(within(nina).getByRole('button', { name: 'Copy link for Nina Newbie' })).toBeTruthy()
    const bob = within(pending).getByRole('rowheader', { name: 'Bob Builder' }).closest('[role="row"]') as HTMLElement
    expect(bob.textContent).toContain('Does not expire')
    expect(within(bob).queryByRole('button', { name: /Copy link/ })).toBeNull()
  })

  it('Scenario: Copy link puts a fresh link on the clipboard, shows its expiry and toasts', async () => {
    const link = 'https://engage.example/set-password?token=fresh'
    const expires = new Date(Date.now() + 7 * 86_400_000).toISOString()
    server.use(
      http.get(`${API}/organizations/invitations`, () => HttpResponse.json(acmeInvitationPage)),
      http.post(`${API}/organizations/members/:userId/invitation/link`, ({ params }) =>
        params.userId === ninaInvitation.user_id
          ? HttpResponse.json({ link, invitation: { ...ninaInvitation, expires_at: expires } })
          : HttpResponse.json(errorBody('not_found', 'No.'), { status: 404 }),
      ),
    )
    const user = userEvent.setup()
    const { toastMessages } = renderPage(<TeamPage />)
    await user.click(await screen.findByRole('button', { name: 'Copy link for Nina Newbie' }))
    await waitFor(() => expect(toastMessages()).toEqual(['success: Invitation link for Nina Newbie copied']))
    expect(await navigator.clipboard.readText()).toBe(link)
    const pending = screen.getByRole('grid', { name: 'Pending invitations' })
    expect(within(pending).getByRole('rowheader', { name: 'Nina Newbie' }).closest('[role="row"]')?.textContent).toMatch(/Link expires on /)
  })

  it('Scenario: editing a member’s roles sends the ticked sets and the row shows the server’s answer', async () => {
    let body: unknown
    server.use(
      http.post(`${API}/permissions/assign-permission-sets`, async ({ request }) => {
        body = await request.json()
        return HttpResponse.json({ ...samMember, permission_set_ids: [teamMemberSet._id, supportAgentSet._id], roles: ['TEAM_MEMBER'] })
      }),
    )
    const user = userEvent.setup()
    const { toastMessages } = renderPage(<TeamPage />)
    await user.click(await screen.findByRole('button', { name: 'Edit roles for Sam Agent' }))
    const dialog = await screen.findByRole('dialog', { name: 'Edit roles for Sam Agent' })
    expect((within(dialog).getByRole('checkbox', { name: /Support Agent/ }) as HTMLInputElement).checked).toBe(true)
    await user.click(within(dialog).getByRole('checkbox', { name: /Team Member/ }))
    await user.click(within(dialog).getByRole('button', { name: 'Save roles' }))
    await waitFor(() => expect(toastMessages()).toEqual(['success: Roles updated for Sam Agent']))
    expect(body).toEqual({ user_id: 'u-sam', permission_set_ids: [supportAgentSet._id, teamMemberSet._id] })
    expect(screen.queryByRole('dialog')).toBeNull()
    expect((await rowOf('Sam Agent')).textContent).toContain('Team Member')
  })

  it('Scenario: the roles dialog refuses an empty choice with a message in the dialog', async () => {
    const user = userEvent.setup()
    renderPage(<TeamPage />)
    await user.click(await screen.findByRole('button', { name: 'Edit roles for Sam Agent' }))
    const dialog = await screen.findByRole('dialog')
    await user.click(within(dialog).getByRole('checkbox', { name: /Support Agent/ }))
    await user.click(within(dialog).getByRole('button', { name: 'Save roles' }))
    expect(within(dialog).getByText('Choose at least one role')).toBeTruthy()
  })

  it('Scenario: removing a member asks for confirmation, then the row goes with a toast', async () => {
    server.use(http.delete(`${API}/organizations/members/u-sam`, () => new HttpResponse(null, { status: 204 })))
    const user = userEvent.setup()
    const { toastMessages } = renderPage(<TeamPage />)
    await user.click(await screen.findByRole('button', { name: 'Remove Sam Agent' }))
    const confirm = await screen.findByRole('alertdialog', { name: 'Remove Sam Agent?' })
    await user.click(within(confirm).getByRole('button', { name: 'Remove' }))
    await waitFor(() => expect(toastMessages()).toEqual(['success: Sam Agent was removed from the workspace']))
    expect(screen.queryByRole('rowheader', { name: 'Sam Agent' })).toBeNull()
  })

  it('Scenario: the only Super Admin is offered no Remove; a refused removal (409) keeps the member and toasts the server’s message', async () => {
    server.use(
      http.delete(`${API}/organizations/members/u-sam`, () =>
        HttpResponse.json(errorBody('conflict', 'A workspace needs at least one super admin.'), { status: 409 }),
      ),
    )
    const user = userEvent.setup()
    const { toastMessages } = renderPage(<TeamPage />)
    await screen.findByRole('button', { name: 'Remove Sam Agent' })
    expect(screen.queryByRole('button', { name: 'Remove Ada Admin' })).toBeNull()
    expect(within(await rowOf('Ada Admin')).getByText('Only Super Admin')).toBeTruthy()
    // The server still has the last word (another admin may have changed the roles meanwhile).
    await user.click(screen.getByRole('button', { name: 'Remove Sam Agent' }))
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Remove' }))
    await waitFor(() => expect(toastMessages()).toEqual(['error: A workspace needs at least one super admin.']))
    expect(await rowOf('Sam Agent')).toBeTruthy()
  })

  it('Scenario: with View but not the other team permissions, Invite, Edit roles and Remove are disabled (SPEC §5)', async () => {
    // A role that may only look at the team (without View the page is Unauthorized).
    const viewer: PermissionSet = {
      ...supportAgentSet,
      _id: 'ps-team-viewer',
      name: 'Team Viewer',
      permissions: [{ resource: 'TEAM_MEMBERS', actions: ['READ'], conditions: {} }],
    }
    const { permissions } = renderPage(<TeamPage />, { refs: [supportAgentSet._id] })
    permissions.stop()
    cleanup()
    render(
      <ApiProvider api={testApi()}>
        <ToastsActorProvider actor={createActor(toastsMachine).start()}>
          <PermissionsActorProvider actor={readyPermissions([viewer._id], [...acmeSets, viewer])}>
            <TeamPage />
          </PermissionsActorProvider>
        </ToastsActorProvider>
      </ApiProvider>,
    )
    await screen.findByRole('grid', { name: 'Team members' })
    for (const name of ['Invite member', 'Edit roles for Sam Agent', 'Remove Sam Agent']) {
      expect(screen.getByRole('button', { name }).getAttribute('aria-disabled')).toBe('true')
    }
  })

  it('Scenario: the search field asks the server once typing pauses and lists its answer; no match says so', async () => {
    const asked: Array<string | null> = []
    server.use(
      http.get(`${API}/organizations/members`, ({ request }) => {
        const q = new URL(request.url).searchParams.get('q')
        asked.push(q)
        const members = q === null ? acmeMembers : acmeMembers.filter((m) => m.fullName.toLowerCase().includes(q.toLowerCase()))
        return HttpResponse.json({ members, next_cursor: null, super_admins: 1 })
      }),
    )
    renderPage(<TeamPage />)
    const table = await screen.findByRole('grid', { name: 'Team members' })
    expect(within(table).getByRole('rowheader', { name: 'Ada Admin' })).toBeTruthy()
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search members' }), 'sam')
    await waitFor(() => expect(within(screen.getByRole('grid', { name: 'Team members' })).queryByRole('rowheader', { name: 'Ada Admin' })).toBeNull())
    expect(within(screen.getByRole('grid', { name: 'Team members' })).getByRole('rowheader', { name: 'Sam Agent' })).toBeTruthy()
    // One call for the page, one for the search: not one per key.
    expect(asked).toEqual([null, 'sam'])
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search members' }), 'zzz')
    expect(await screen.findByText('No members match “samzzz”')).toBeTruthy()
  })

  it('Scenario: the list cannot be loaded (403); the server’s message and a retry are offered', async () => {
    server.use(
      http.get(`${API}/organizations/members`, () =>
        HttpResponse.json(errorBody('forbidden', 'You need the View permission on Team Members to do this.'), { status: 403 }),
      ),
    )
    renderPage(<TeamPage />)
    expect((await screen.findByRole('alert')).textContent).toContain('You need the View permission on Team Members to do this.')
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy()
  })

  it('Scenario: pending invitations are listed apart; none, and the block is not shown', async () => {
    renderPage(<TeamPage />)
    await screen.findByRole('grid', { name: 'Team members' })
    expect(screen.queryByRole('heading', { name: 'Pending invitations' })).toBeNull()
    cleanup()
    server.use(http.get(`${API}/organizations/invitations`, () => HttpResponse.json(acmeInvitationPage)))
    renderPage(<TeamPage />)
    const table = await screen.findByRole('grid', { name: 'Pending invitations' })
    const bob = within(table).getByRole('rowheader', { name: 'Bob Builder' }).closest('[role="row"]') as HTMLElement
    expect(bob.textContent).toContain('bob@globex.test')
    expect(bob.textContent).toContain('Team Member')
    expect(bob.textContent).toContain('Invited by Ada Admin')
  })

  it('Scenario: a workspace inviting many shows the newest page; Show more reads the next one and counts the rest', async () => {
    const many = Array.from({ length: 45 }, (_, i) => ({ ...acmeInvitations[0]!, id: `inv-${i}`, user_id: `u-inv-${i}`, fullName: `Invitee ${i}`, email: `invitee${i}@example.test` }))
    const asked: string[] = []
    server.use(
      http.get(`${API}/organizations/invitations`, ({ request }) => {
        const cursor = new URL(request.url).searchParams.get('cursor')
        asked.push(cursor ?? '')
        const start = cursor === null ? 0 : Number(cursor)
        const next = start + 20 < many.length ? String(start + 20) : null
        return HttpResponse.json({ invitations: many.slice(start, start + 20), next_cursor: next, total: cursor === null ? many.length : null })
      }),
    )
    const user = userEvent.setup()
    renderPage(<TeamPage />)
    const table = await screen.findByRole('grid', { name: 'Pending invitations' })
    expect(within(table).getAllByRole('rowheader')).toHaveLength(20)
    await user.click(screen.getByRole('button', { name: 'Show 25 more invitations' }))
    await waitFor(() => expect(within(table).getAllByRole('rowheader')).toHaveLength(40))
    await user.click(screen.getByRole('button', { name: 'Show 5 more invitations' }))
    await waitFor(() => expect(within(table).getAllByRole('rowheader')).toHaveLength(45))
    expect(screen.queryByRole('button', { name: /^Show \d+ more/ })).toBeNull()
    expect(asked).toEqual(['', '20', '40'])
  })

  it('Scenario: a further page of invitations that fails says so under those listed, and Try again reads it', async () => {
    let fail = true
    server.use(
      http.get(`${API}/organizations/invitations`, ({ request }) => {
        if (new URL(request.url).searchParams.get('cursor') === null) return HttpResponse.json({ invitations: acmeInvitations.slice(0, 2), next_cursor: 'i2', total: 3 })
        if (fail) return HttpResponse.json({ error: { code: 'internal', message: 'Something went wrong.', issues: [] } }, { status: 503 })
        return HttpResponse.json({ invitations: acmeInvitations.slice(2), next_cursor: null, total: null })
      }),
    )
    const user = userEvent.setup()
    renderPage(<TeamPage />)
    const table = await screen.findByRole('grid', { name: 'Pending invitations' })
    await user.click(screen.getByRole('button', { name: 'Show 1 more invitation' }))
    const section = table.closest('section') as HTMLElement
    await within(section).findByRole('alert')
    expect(within(table).getAllByRole('rowheader')).toHaveLength(2)
    fail = false
    await user.click(within(section).getByRole('button', { name: 'Try again' }))
    await waitFor(() => expect(within(table).getAllByRole('rowheader')).toHaveLength(3))
    expect(within(section).queryByRole('alert')).toBeNull()
  })

  it('Scenario: Resend calls the server for that person and toasts', async () => {
    let resent = ''
    server.use(
      http.get(`${API}/organizations/invitations`, () => HttpResponse.json(acmeInvitationPage)),
      http.post(`${API}/organizations/members/:userId/invitation/resend`, ({ params }) => {
        resent = String(params.userId)
        return HttpResponse.json(bobInvitation)
      }),
    )
    const user = userEvent.setup()
    const { toastMessages } = renderPage(<TeamPage />)
    await user.click(await screen.findByRole('button', { name: 'Resend invitation to Bob Builder' }))
    await waitFor(() => expect(toastMessages()).toEqual(['success: Invitation sent again to Bob Builder']))
    expect(resent).toBe(bobInvitation.user_id)
  })

  it('Scenario: Revoke asks first; confirmed, the row goes at once; refused, it comes back with the server’s message', async () => {
    let answer = 409
    server.use(
      http.get(`${API}/organizations/invitations`, () => HttpResponse.json(acmeInvitationPage)),
      http.delete(`${API}/organizations/members/:userId/invitation`, () =>
        answer === 204
          ? new HttpResponse(null, { status: 204 })
          : HttpResponse.json(errorBody('conflict', 'bob@globex.test has already joined this workspace.'), { status: 409 }),
      ),
    )
    const user = userEvent.setup()
    const { toastMessages } = renderPage(<TeamPage />)
    await user.click(await screen.findByRole('button', { name: 'Revoke invitation to Bob Builder' }))
    const dialog = await screen.findByRole('alertdialog', { name: 'Revoke the invitation to Bob Builder?' })
    await user.click(within(dialog).getByRole('button', { name: 'Revoke invitation' }))
    await waitFor(() => expect(toastMessages()).toEqual(['error: bob@globex.test has already joined this workspace.']))
    expect(await screen.findByRole('rowheader', { name: 'Bob Builder' })).toBeTruthy()
    answer = 204
    await user.click(screen.getByRole('button', { name: 'Revoke invitation to Bob Builder' }))
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Revoke invitation' }))
    await waitFor(() => expect(toastMessages()).toContain('success: Invitation to Bob Builder revoked'))
    expect(screen.queryByRole('rowheader', { name: 'Bob Builder' })).toBeNull()
  })
})
