// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { createActor, fromCallback, fromPromise } from 'xstate'
import { authMachine } from '../../machines/auth/auth.machine.ts'
import { joinedAcme, ninaInvitations } from '../../machines/invitations/invitations.fixtures.ts'
import { acme, ada } from '../../machines/testing/fixtures.ts'
import { notConfigured } from '../../machines/singleSignOn/singleSignOn.fixtures.ts'
import { acmeItem, adaWorkspaces } from '../../machines/workspaces/workspaces.fixtures.ts'
import { workspacesMachine } from '../../machines/workspaces/workspaces.machine.ts'
import { AuthActorProvider, WorkspacesActorProvider } from '../system/react.tsx'
import { API, errorBody, renderPage } from './settings/testing.tsx'
import { WorkspaceSelectionPage } from './WorkspaceSelectionPage.tsx'
import { WorkspaceSettingsPage } from './WorkspaceSettingsPage.tsx'

// The Single sign-on section of Workspace Settings loads its settings (tested in settings/SingleSignOnSection.test.tsx).
const server = setupServer(http.get(`${API}/organizations/sso`, () => HttpResponse.json(notConfigured)))
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(() => {
  cleanup()
  server.resetHandlers()
})
afterAll(() => server.close())

/** Ada in Acme, recording what the pages send to the auth and workspaces actors. */
function actors() {
  const verifications: Array<{ userInitiated: boolean }> = []
  const machine = authMachine.provide({
    actors: {
      verifyToken: fromPromise(async ({ input }: { input: { userInitiated: boolean } }) => {
        verifications.push(input)
        return { user: ada, currentOrgData: acme }
      }),
    },
  })
  const auth = createActor(machine, {
    input: { hasStoredSession: false },
    snapshot: machine.resolveState({
      value: 'authenticated',
      context: { user: ada, currentOrg: acme, orgId: acme.org_id, hasStoredSession: true, userInitiated: false, redirect: null, signOutUrl: '/signin', error: null, twoFactorToken: null },
    }),
  }).start()
  const switches: string[] = []
  let loads = 0
  const workspaces = createActor(
    workspacesMachine.provide({
      actors: {
        watchAuth: fromCallback(() => () => {}),
        loadWorkspaces: fromPromise(async () => {
          loads++
          return adaWorkspaces
        }),
      },
      actions: {
        switchOrg: (_, params) => {
          switches.push(params.orgId)
        },
      },
    }),
  ).start()
  workspaces.send({ type: 'auth.changed', userId: ada._id, orgId: acme.org_id })
  return { auth, verifications, workspaces, switches, loads: () => loads }
}

describe('WorkspaceSettingsPage', () => {
  it('Scenario: renaming sends the trimmed name, toasts, re-verifies (not user-initiated) and refetches the workspace list', async () => {
    let body: unknown
    server.use(
      http.put(`${API}/organizations/current`, async ({ request }) => {
        body = await request.json()
        // What the server answers: the workspace with its two-factor requirement (contract workspacesApi.updateWorkspace).
        return HttpResponse.json({ ...acmeItem, org_name: 'Acme Care', require_two_factor: false })
      }),
    )
    const a = actors()
    await waitFor(() => expect(a.loads()).toBe(1))
    const user = userEvent.setup()
    const { toastMessages } = renderPage(
      <AuthActorProvider actor={a.auth}>
        <WorkspacesActorProvider actor={a.workspaces}>
          <WorkspaceSettingsPage />
        </WorkspacesActorProvider>
      </AuthActorProvider>,
    )
    const field = screen.getByRole('textbox', { name: /^Workspace name/ }) as HTMLInputElement
    expect(field.value).toBe('Acme Support')
    await user.clear(field)
    await user.type(field, '  Acme Care ')
    await user.click(screen.getByRole('button', { name: 'Save changes' }))
    await waitFor(() => expect(toastMessages()).toEqual(['success: Workspace renamed']))
    expect(body).toEqual({ org_name: 'Acme Care' })
    await waitFor(() => expect(a.verifications).toEqual([{ userInitiated: false }]))
    await waitFor(() => expect(a.loads()).toBe(2))
  })

  it('Scenario: an empty name shows the contract’s message and nothing is sent', async () => {
    const a = actors()
    const user = userEvent.setup()
    renderPage(
      <AuthActorProvider actor={a.auth}>
        <WorkspaceSettingsPage />
      </AuthActorProvider>,
    )
    await user.clear(screen.getByRole('textbox', { name: /^Workspace name/ }))
    await user.click(screen.getByRole('button', { name: 'Save changes' }))
    expect(screen.getByText('Workspace name is required')).toBeTruthy()
  })

  it('Scenario: turning on the two-factor requirement sends it, toasts and re-verifies', async () => {
    let body: unknown
    server.use(
      http.put(`${API}/organizations/current`, async ({ request }) => {
        body = await request.json()
        return HttpResponse.json({ ...acmeItem, require_two_factor: true })
      }),
    )
    const a = actors()
    const user = userEvent.setup()
    const { toastMessages } = renderPage(
      <AuthActorProvider actor={a.auth}>
        <WorkspaceSettingsPage />
      </AuthActorProvider>,
    )
    const toggle = screen.getByRole('switch', { name: 'Require two-factor authentication for all members' }) as HTMLInputElement
    expect(toggle.checked).toBe(false)
    await user.click(toggle)
    await waitFor(() => expect(toastMessages()).toEqual(['success: Two-factor authentication is now required for everyone in this workspace.']))
    expect(toggle.checked).toBe(true)
    expect(body).toEqual({ require_two_factor: true })
    await waitFor(() => expect(a.verifications).toEqual([{ userInitiated: false }]))
  })

  it('Scenario: choosing a default language for new members sends it, toasts and re-verifies', async () => {
    let body: unknown
    server.use(
      http.put(`${API}/organizations/current`, async ({ request }) => {
        body = await request.json()
        return HttpResponse.json({ ...acmeItem, require_two_factor: false, default_language: 'de' })
      }),
    )
    const a = actors()
    const user = userEvent.setup()
    const { toastMessages } = renderPage(
      <AuthActorProvider actor={a.auth}>
        <WorkspaceSettingsPage />
      </AuthActorProvider>,
    )
    const field = screen.getByRole('button', { name: /Default language for new members/ })
    expect(field.textContent).toContain('Each person’s browser')
    await user.click(field)
    await user.click(screen.getByRole('option', { name: 'Deutsch' }))
    await waitFor(() => expect(toastMessages()).toEqual(['success: Default language saved']))
    expect(body).toEqual({ default_language: 'de' })
    expect(screen.getByRole('button', { name: /Default language for new members/ }).textContent).toContain('Deutsch')
    await waitFor(() => expect(a.verifications).toEqual([{ userInitiated: false }]))
  })

  it('Scenario: an admin without two-factor is refused: the switch goes back off with the server’s message', async () => {
    const message = 'Turn on two-factor authentication for your own account before requiring it for everyone.'
    server.use(
      http.put(`${API}/organizations/current`, () =>
        HttpResponse.json(errorBody('conflict', message, [{ path: ['require_two_factor'], message }]), { status: 409 }),
      ),
    )
    const a = actors()
    const user = userEvent.setup()
    renderPage(
      <AuthActorProvider actor={a.auth}>
        <WorkspaceSettingsPage />
      </AuthActorProvider>,
    )
    const toggle = screen.getByRole('switch', { name: 'Require two-factor authentication for all members' }) as HTMLInputElement
    await user.click(toggle)
    const security = screen.getByRole('region', { name: 'Security' })
    await waitFor(() => expect(within(security).getByRole('status').textContent).toBe(message))
    expect(toggle.checked).toBe(false)
    expect(a.verifications).toEqual([])
  })

  it('Scenario: without ORGANIZATIONS update the two-factor switch is disabled and says why', () => {
    const a = actors()
    renderPage(
      <AuthActorProvider actor={a.auth}>
        <WorkspaceSettingsPage />
      </AuthActorProvider>,
      { refs: ['TEAM_MEMBER'] },
    )
    const toggle = screen.getByRole('switch', { name: 'Require two-factor authentication for all members' }) as HTMLInputElement
    expect(toggle.disabled).toBe(true)
    expect(toggle.getAttribute('aria-describedby')).toBeTruthy()
    expect(within(screen.getByRole('region', { name: 'Security' })).getByText(/You need the Edit permission on Workspace to do this\./)).toBeTruthy()
    // The default language too: disabled, with the same reason.
    const language = screen.getByRole('region', { name: 'Language' })
    expect(within(language).getByText(/You need the Edit permission on Workspace to do this\./)).toBeTruthy()
  })

  it('Scenario: without ORGANIZATIONS update the save button is denied with its reason', async () => {
    const a = actors()
    renderPage(
      <AuthActorProvider actor={a.auth}>
        <WorkspaceSettingsPage />
      </AuthActorProvider>,
      { refs: ['TEAM_MEMBER'] },
    )
    expect(screen.getByRole('button', { name: 'Save changes' }).getAttribute('aria-disabled')).toBe('true')
  })

  it('Scenario: a refusal toasts the server’s message', async () => {
    server.use(http.put(`${API}/organizations/current`, () => HttpResponse.json(errorBody('forbidden', 'You need the Edit permission on Organizations to do this.'), { status: 403 })))
    const a = actors()
    const user = userEvent.setup()
    const { toastMessages } = renderPage(
      <AuthActorProvider actor={a.auth}>
        <WorkspaceSettingsPage />
      </AuthActorProvider>,
    )
    await user.type(screen.getByRole('textbox', { name: /^Workspace name/ }), ' 2')
    await user.click(screen.getByRole('button', { name: 'Save changes' }))
    await waitFor(() => expect(toastMessages()).toEqual(['error: You need the Edit permission on Organizations to do this.']))
    expect(a.verifications).toEqual([])
  })
})

describe('WorkspaceSelectionPage', () => {
  it('Scenario: lists the workspaces with the current one marked; picking one switches to it', async () => {
    server.use(http.get(`${API}/users/invitations`, () => HttpResponse.json({ invitations: [] })))
    const a = actors()
    const user = userEvent.setup()
    renderPage(
      <AuthActorProvider actor={a.auth}>
        <WorkspacesActorProvider actor={a.workspaces}>
          <WorkspaceSelectionPage />
        </WorkspacesActorProvider>
      </AuthActorProvider>,
    )
    expect(screen.getByRole('heading', { name: 'Choose a workspace' })).toBeTruthy()
    const acmeOption = await screen.findByRole('option', { name: /Acme Support/ })
    expect(acmeOption.getAttribute('aria-selected')).toBe('true')
    await user.click(screen.getByRole('option', { name: 'Globex' }))
    expect(a.switches).toEqual(['o-globex'])
  })

  it('Scenario: pending invitations follow the list; declining one and accepting another adds the workspace', async () => {
    const answered: string[] = []
    server.use(
      http.get(`${API}/users/invitations`, () => HttpResponse.json({ invitations: ninaInvitations })),
      http.post(`${API}/users/invitations/:id/decline`, ({ params }) => {
        answered.push(`decline ${String(params.id)}`)
        return new HttpResponse(null, { status: 204 })
      }),
      http.post(`${API}/users/invitations/:id/accept`, ({ params }) => {
        answered.push(`accept ${String(params.id)}`)
        return HttpResponse.json(joinedAcme)
      }),
    )
    const a = actors()
    const user = userEvent.setup()
    const { toastMessages } = renderPage(
      <AuthActorProvider actor={a.auth}>
        <WorkspacesActorProvider actor={a.workspaces}>
          <WorkspaceSelectionPage />
        </WorkspacesActorProvider>
      </AuthActorProvider>,
    )
    const section = await screen.findByRole('region', { name: 'Invitations' })
    expect(within(section).getAllByRole('listitem').map((li) => li.querySelector('span:nth-of-type(1)')?.textContent)).toEqual([
      'Globex — invited by Ada Admin',
      'Acme Support — invited by Ada Admin',
    ])
    await user.click(within(section).getByRole('button', { name: 'Decline invitation to Globex' }))
    await waitFor(() => expect(toastMessages()).toEqual(['success: Invitation to Globex declined']))
    const loadsBefore = a.loads()
    await user.click(within(section).getByRole('button', { name: 'Accept invitation to Acme Support' }))
    await waitFor(() => expect(toastMessages()).toContain('success: You joined Acme Support'))
    expect(answered).toEqual(['decline inv-globex', 'accept inv-acme'])
    await waitFor(() => expect(a.loads()).toBeGreaterThan(loadsBefore))
    expect(screen.queryByRole('region', { name: 'Invitations' })).toBeNull()
  })
})
