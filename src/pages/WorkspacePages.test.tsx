// @vitest-environment jsdom
import { cleanup, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { createActor, fromCallback, fromPromise } from 'xstate'
import { authMachine } from '../../machines/auth/auth.machine.ts'
import { acme, ada } from '../../machines/testing/fixtures.ts'
import { acmeItem, adaWorkspaces } from '../../machines/workspaces/workspaces.fixtures.ts'
import { workspacesMachine } from '../../machines/workspaces/workspaces.machine.ts'
import { AuthActorProvider, WorkspacesActorProvider } from '../system/react.tsx'
import { API, errorBody, renderPage } from './settings/testing.tsx'
import { WorkspaceSelectionPage } from './WorkspaceSelectionPage.tsx'
import { WorkspaceSettingsPage } from './WorkspaceSettingsPage.tsx'

const server = setupServer()
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
        return HttpResponse.json({ ...acmeItem, org_name: 'Acme Care' })
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
})
