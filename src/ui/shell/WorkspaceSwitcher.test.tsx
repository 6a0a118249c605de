// @vitest-environment jsdom
import '../testing/jsdom.ts'
import { cleanup, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { SimulatedClock, createActor, fromCallback } from 'xstate'
import type { WorkspaceItem } from '../../../contract/api.ts'
import type { CreateWorkspaceRequest } from '../../../contract/workspaces.ts'
import { authMachine } from '../../../machines/auth/auth.machine.ts'
import { acme, ada, apiError } from '../../../machines/testing/fixtures.ts'
import { controllable, flush } from '../../../machines/testing/stubs.ts'
import { adaWorkspaces, hooliItem } from '../../../machines/workspaces/workspaces.fixtures.ts'
import { type WorkspacesEmitted, workspacesMachine } from '../../../machines/workspaces/workspaces.machine.ts'
import { AuthActorProvider, WorkspacesActorProvider } from '../../system/react.tsx'
import { WorkspaceSwitcher } from './WorkspaceSwitcher.tsx'
import { preloadOverlaySurfaces } from '../primitives/overlays/surfaces.tsx'

afterEach(cleanup)
// The shell fetches the overlay surfaces once it has painted; these tests start from there.
beforeAll(() => preloadOverlaySurfaces(), 30_000)


/** Ada signed in to Acme, with a workspaces actor whose calls the test settles. */
function renderSwitcher() {
  const auth = createActor(authMachine, {
    input: { hasStoredSession: false },
    snapshot: authMachine.resolveState({
      value: 'authenticated',
      context: {
        user: ada,
        currentOrg: acme,
        orgId: acme.org_id,
        hasStoredSession: true,
        userInitiated: false,
        redirect: null,
        signOutUrl: '/signin',
        error: null,
        twoFactorToken: null,
      },
    }),
  }).start()
  const load = controllable<ReadonlyArray<WorkspaceItem>, { userId: string }>()
  const create = controllable<WorkspaceItem, CreateWorkspaceRequest>()
  const switches: string[] = []
  const emitted: WorkspacesEmitted[] = []
  const clock = new SimulatedClock()
  const workspaces = createActor(
    workspacesMachine.provide({
      actors: { watchAuth: fromCallback(() => () => {}), loadWorkspaces: load.logic, createWorkspace: create.logic },
      actions: {
        switchOrg: (_, params) => {
          switches.push(params.orgId)
        },
      },
    }),
    { clock },
  ).start()
  workspaces.on('*', (e) => emitted.push(e))
  workspaces.send({ type: 'auth.changed', userId: ada._id, orgId: acme.org_id })
  render(
    <AuthActorProvider actor={auth}>
      <WorkspacesActorProvider actor={workspaces}>
        <WorkspaceSwitcher />
      </WorkspacesActorProvider>
    </AuthActorProvider>,
  )
  return { workspaces, load, create, switches, emitted, clock }
}

const trigger = () => screen.getByRole('button', { name: /^Workspace\b/ })
const dialog = () => screen.getByRole('dialog', { name: 'Switch workspace' })
/** The dialog's content is a lazy chunk: wait until its search box is there. */
const contentLoaded = () => screen.findByRole('searchbox', { name: 'Search workspaces' })
/** Opens the switcher with a click and waits for its content. */
async function open(user: ReturnType<typeof userEvent.setup>) {
  await user.click(trigger())
  await contentLoaded()
}

describe('WorkspaceSwitcher', () => {
  it('Scenario: the button is named Workspace and shows the current workspace; the dropdown lists the workspaces with the current one selected', async () => {
    const { load } = renderSwitcher()
    expect(trigger().textContent).toBe('Acme Support')
    await load.resolve(adaWorkspaces)
    const user = userEvent.setup()
    await open(user)
    expect(within(dialog()).getByRole('searchbox', { name: 'Search workspaces' })).toBeTruthy()
    const options = within(dialog()).getAllByRole('option')
    expect(options.map((o) => o.textContent)).toEqual(['Acme Support', 'Globex'])
    expect(options.map((o) => o.getAttribute('aria-selected'))).toEqual(['true', 'false'])
    expect(within(dialog()).getByRole('button', { name: 'Create workspace' })).toBeTruthy()
  })

  it('Scenario: typing "glo" filters, picking Globex switches, the dropdown closes, and its search is empty when it opens again (SPEC §4, §5)', async () => {
    const { load, switches } = renderSwitcher()
    await load.resolve(adaWorkspaces)
    const user = userEvent.setup()
    await open(user)
    await user.type(screen.getByRole('searchbox', { name: 'Search workspaces' }), 'glo')
    expect(
      within(dialog())
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Globex'])
    await user.click(screen.getByRole('option', { name: 'Globex' }))
    expect(switches).toEqual(['o-globex'])
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    await open(user)
    expect((screen.getByRole('searchbox', { name: 'Search workspaces' }) as HTMLInputElement).value).toBe('')
  })

  it('Scenario: from the keyboard: type, arrow down to Globex, Enter picks it', async () => {
    const { load, switches } = renderSwitcher()
    await load.resolve(adaWorkspaces)
    const user = userEvent.setup()
    trigger().focus()
    await user.keyboard('{Enter}')
    await contentLoaded()
    await user.keyboard('g')
    await user.keyboard('{ArrowDown}{Enter}')
    expect(switches).toEqual(['o-globex'])
  })

  it('Scenario: picking the current workspace only closes the dropdown', async () => {
    const { load, switches } = renderSwitcher()
    await load.resolve(adaWorkspaces)
    const user = userEvent.setup()
    await open(user)
    await user.click(screen.getByRole('option', { name: 'Acme Support' }))
    expect(switches).toEqual([])
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
  })

  it('Scenario: the list area says "Loading workspaces...", then "Error loading workspaces" after the retries (SPEC §8)', async () => {
    const { load, clock } = renderSwitcher()
    const user = userEvent.setup()
    await open(user)
    expect(within(dialog()).getByText('Loading workspaces...')).toBeTruthy()
    for (const backoff of [1000, 2000, 4000]) {
      await load.reject(apiError(503, 'unavailable', 'Try later'))
      clock.increment(backoff)
      await flush()
      expect(within(dialog()).getByText('Loading workspaces...')).toBeTruthy()
    }
    await load.reject(apiError(503, 'unavailable', 'Try later'))
    expect(await within(dialog()).findByText('Error loading workspaces')).toBeTruthy()
  })

  it('Scenario: "No organizations found" for an empty list and for a search that matches nothing (SPEC §8)', async () => {
    const { load } = renderSwitcher()
    await load.resolve([])
    const user = userEvent.setup()
    await open(user)
    expect(within(dialog()).getByText('No organizations found')).toBeTruthy()
    await user.keyboard('{Escape}')
    cleanup()

    const second = renderSwitcher()
    await second.load.resolve(adaWorkspaces)
    await open(user)
    await user.type(screen.getByRole('searchbox', { name: 'Search workspaces' }), 'hooli')
    expect(within(dialog()).getByText('No organizations found')).toBeTruthy()
    expect(
      within(dialog())
        .queryAllByRole('option')
        .filter((o) => o.textContent !== 'No organizations found'),
    ).toEqual([])
  })

  it('Scenario: creating "Hooli" shows the busy state, then the machine switches to it and the dropdown closes', async () => {
    const { load, create, switches, emitted } = renderSwitcher()
    await load.resolve(adaWorkspaces)
    const user = userEvent.setup()
    await open(user)
    await user.type(within(dialog()).getByRole('textbox', { name: /Workspace name/ }), 'Hooli')
    await user.click(within(dialog()).getByRole('button', { name: 'Create workspace' }))
    expect(within(dialog()).getByRole('button', { name: 'Creating workspace…' }).getAttribute('aria-disabled')).toBe('true')
    expect(create.calls).toEqual([{ org_name: 'Hooli' }])
    await create.resolve(hooliItem)
    expect(emitted).toEqual([{ type: 'workspaces.created', workspace: hooliItem }])
    expect(switches).toEqual(['o-hooli'])
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
  })

  it('Scenario: a refused name shows on the field and the dropdown stays open', async () => {
    const { load, create } = renderSwitcher()
    await load.resolve(adaWorkspaces)
    const user = userEvent.setup()
    await open(user)
    await user.click(within(dialog()).getByRole('button', { name: 'Create workspace' }))
    await create.reject(
      Object.assign(apiError(400, 'invalid_request', 'Invalid request'), { issues: [{ path: ['org_name'], message: 'Workspace name is required' }] }),
    )
    expect(within(dialog()).getByText('Workspace name is required')).toBeTruthy()
    expect(
      within(dialog())
        .getByRole('textbox', { name: /Workspace name/ })
        .getAttribute('aria-invalid'),
    ).toBe('true')
  })
})
