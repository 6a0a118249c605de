/**
 * The workspace switcher (SPEC §2.6, §4, §5, §8), the workspace selection page and Workspace
 * Settings, one story per state a person can see. Each machine starts from a saved state
 * (`resolveState`) with stubbed actors that never settle, so a story shows exactly that state.
 */
import type { Meta, StoryObj } from '@storybook/react-vite'
import { type ReactNode, useState } from 'react'
import { expect, fn, userEvent, waitFor, within } from 'storybook/test'
import { createActor, fromPromise } from 'xstate'
import type { Language, WorkspaceItem } from '../contract/api.ts'
import type { PendingInvitation } from '../contract/workspaces.ts'
import { TWO_FACTOR_MESSAGES } from '../contract/twoFactor.ts'
import { acme, ada } from '../machines/testing/fixtures.ts'
import { workspaceSettingsMachine, type WorkspaceSettingsContext } from '../machines/workspaceSettings/workspaceSettings.machine.ts'
import { adaWorkspaces, hooliItem, namelessItem } from '../machines/workspaces/workspaces.fixtures.ts'
import { acmeInvitation, globexInvitation, ninaInvitations } from '../machines/invitations/invitations.fixtures.ts'
import { type InvitationsContext, invitationsMachine } from '../machines/invitations/invitations.machine.ts'
import { InvitationsActorProvider } from '../src/system/invitations-host.tsx'
import { toastsMachine } from '../machines/toasts/toasts.machine.ts'
import { WorkspaceSelectionView } from '../src/pages/WorkspaceSelectionPage.tsx'
import { WorkspaceSettingsView } from '../src/pages/WorkspaceSettingsPage.tsx'
import { AuthActorProvider, PermissionsActorProvider, WorkspacesActorProvider } from '../src/system/react.tsx'
import { ToastsActorProvider } from '../src/system/toasts.tsx'
import { WorkspaceSwitcher } from '../src/ui/shell/WorkspaceSwitcher.tsx'
import { authActorIn } from './auth-actor.tsx'
import { permissionsActorFor } from './permissions-actor.tsx'
import { type WorkspacesStoryState, workspacesActorIn, workspacesValue } from './workspaces-actor.tsx'

interface Args {
  /** Called with the org id when the machine switches (a pick of another workspace, a creation). */
  readonly onSwitch: (orgId: string) => void
  /** For the `Playground` story's controls: how many workspaces the list holds, and the search. */
  readonly count?: number
  readonly search?: string
}
const meta: Meta<Args> = { title: 'Shell/Workspaces', parameters: { layout: 'fullscreen' }, args: { onSwitch: fn() } }
export default meta
type Story = StoryObj<Args>

/** Acme, Globex and Hooli, plus one the server knows no name for (never listed, SPEC §5). */
const threeWorkspaces: ReadonlyArray<WorkspaceItem> = [...adaWorkspaces, hooliItem, namelessItem]

function Frame({ children }: { children: ReactNode }) {
  const [auth] = useState(() => authActorIn('authenticated', { user: ada, currentOrg: acme, hasStoredSession: true }))
  return (
    <AuthActorProvider actor={auth}>
      {/* Room below the header-sized bar for the dropdown. */}
      <div style={{ padding: 16, minHeight: 480 }}>{children}</div>
    </AuthActorProvider>
  )
}

/** The switcher over a workspaces actor in `state`. */
function switcher(state: WorkspacesStoryState, context: Parameters<typeof workspacesActorIn>[1] = {}): Story {
  return {
    render: function Render(args) {
      const [actor] = useState(() => workspacesActorIn(state, context, args.onSwitch))
      return (
        <Frame>
          <WorkspacesActorProvider actor={actor}>
            <WorkspaceSwitcher />
          </WorkspacesActorProvider>
        </Frame>
      )
    },
    parameters: { machineState: { machine: 'workspaces', state: workspacesValue(state) } },
  }
}

/** The open switcher's dialog, once its lazily loaded content (the search box first) is there. */
async function dialogOf(canvasElement: HTMLElement): Promise<HTMLElement> {
  const dialog = await within(canvasElement.ownerDocument.body).findByRole('dialog', { name: 'Switch workspace' })
  await within(dialog).findByRole('searchbox', { name: 'Search workspaces' })
  return dialog
}

/** Closed: the button named 'Workspace' shows the current workspace. */
export const Closed: Story = {
  ...switcher({ list: { cached: 'fresh' }, dropdown: 'closed' }, { workspaces: threeWorkspaces }),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('button', { name: /^Workspace\b/ })).toHaveTextContent('Acme Support')
  },
}

/** `list.fetching` with nothing on hand: 'Loading workspaces...' (SPEC §8). */
export const Loading: Story = {
  ...switcher({ list: 'fetching', dropdown: 'open' }),
  play: async ({ canvasElement }) => {
    await expect(within(await dialogOf(canvasElement)).getByText('Loading workspaces...')).toBeInTheDocument()
  },
}

/** `list.backingOff`: a load failed and the next try waits (1 s, 2 s, 4 s); the dropdown still says it is loading. */
export const Retrying: Story = {
  ...switcher({ list: 'backingOff', dropdown: 'open' }, { failures: 1 }),
  play: async ({ canvasElement }) => {
    await expect(within(await dialogOf(canvasElement)).getByText('Loading workspaces...')).toBeInTheDocument()
  },
}

/** `list.failed` after the retries: 'Error loading workspaces' (SPEC §8); reopening tries again. */
export const LoadFailed: Story = {
  ...switcher({ list: 'failed', dropdown: 'open' }),
  play: async ({ canvasElement }) => {
    await expect(within(await dialogOf(canvasElement)).getByText('Error loading workspaces')).toBeInTheDocument()
  },
}

/** A list with nothing to show: 'No organizations found' (SPEC §8). */
export const Empty: Story = {
  ...switcher({ list: { cached: 'fresh' }, dropdown: 'open' }, { workspaces: [] }),
  play: async ({ canvasElement }) => {
    await expect(within(await dialogOf(canvasElement)).getByText('No organizations found')).toBeInTheDocument()
  },
}

/** The list: the current workspace is checked; the nameless one is not listed (SPEC §5). */
export const List: Story = {
  ...switcher({ list: { cached: 'fresh' }, dropdown: 'open' }, { workspaces: threeWorkspaces }),
  play: async ({ canvasElement }) => {
    const dialog = within(await dialogOf(canvasElement))
    const options = dialog.getAllByRole('option')
    await expect(options.map((o) => o.textContent)).toEqual(['Acme Support', 'Globex', 'Hooli'])
    await expect(dialog.getByRole('option', { name: 'Acme Support' })).toHaveAttribute('aria-selected', 'true')
  },
}

/** Searching 'glo': only Globex (SPEC §5); picking it switches (see the `onSwitch` action). */
export const Filtered: Story = {
  ...switcher({ list: { cached: 'fresh' }, dropdown: 'open' }, { workspaces: threeWorkspaces, search: 'glo' }),
  play: async ({ canvasElement, args }) => {
    const dialog = within(await dialogOf(canvasElement))
    await expect(dialog.getByRole('searchbox', { name: 'Search workspaces' })).toHaveValue('glo')
    await expect(dialog.getAllByRole('option').map((o) => o.textContent)).toEqual(['Globex'])
    await userEvent.click(dialog.getByRole('option', { name: 'Globex' }))
    await waitFor(() => expect(args.onSwitch).toHaveBeenCalledWith('o-globex'))
  },
}

/** A search that matches nothing: 'No organizations found'. */
export const NoMatch: Story = {
  ...switcher({ list: { cached: 'fresh' }, dropdown: 'open' }, { workspaces: threeWorkspaces, search: 'initech' }),
  play: async ({ canvasElement }) => {
    await expect(within(await dialogOf(canvasElement)).getByText('No organizations found')).toBeInTheDocument()
  },
}

/** `creation.creating`: the create action shows its busy state (SPEC §2.6). */
export const Creating: Story = {
  ...switcher({ list: { cached: 'fresh' }, dropdown: 'open', creation: 'creating' }, { workspaces: threeWorkspaces }),
  play: async ({ canvasElement }) => {
    const button = within(await dialogOf(canvasElement)).getByRole('button', { name: 'Creating workspace…' })
    await expect(button).toHaveAttribute('aria-disabled', 'true')
  },
}

/** Pick the size of the org list and the search with the controls (SPEC §5 search; the list scrolls past its height). */
export const Playground: Story = {
  args: { count: 12, search: '' },
  argTypes: { count: { control: { type: 'range', min: 0, max: 60, step: 1 } }, search: { control: 'text' } },
  render: function Render(args) {
    const workspaces: WorkspaceItem[] = [
      adaWorkspaces[0]!,
      ...Array.from({ length: Math.max(0, (args.count ?? 1) - 1) }, (_, i) => ({
        ...hooliItem,
        org_id: `o-${i + 1}`,
        org_name: `Workspace ${String(i + 1).padStart(2, '0')}`,
      })),
    ]
    const [actor] = useState(() => workspacesActorIn({ list: { cached: 'fresh' }, dropdown: 'open' }, { workspaces, search: args.search ?? '' }, args.onSwitch))
    return (
      <Frame>
        <WorkspacesActorProvider actor={actor}>
          <WorkspaceSwitcher />
        </WorkspacesActorProvider>
      </Frame>
    )
  },
  // A new actor per choice of the controls.
  decorators: [(Story, { args }) => <Story key={`${args.count}:${args.search}`} />],
  parameters: { machineState: { machine: 'workspaces', state: workspacesValue({ list: { cached: 'fresh' }, dropdown: 'open' }) } },
}

/** A thousand workspaces: the list draws only the rows in view (virtualised), and the search finds any of them. */
export const ThousandWorkspaces: Story = {
  ...switcher(
    { list: { cached: 'fresh' }, dropdown: 'open' },
    {
      workspaces: [
        adaWorkspaces[0]!,
        ...Array.from({ length: 999 }, (_, i) => ({ ...hooliItem, org_id: `o-${i + 1}`, org_name: `Workspace ${String(i + 1).padStart(4, '0')}` })),
      ],
    },
  ),
  play: async ({ canvasElement }) => {
    const dialog = within(await dialogOf(canvasElement))
    const listbox = dialog.getByRole('listbox', { name: 'Workspaces' })
    await waitFor(() => expect(within(listbox).getAllByRole('option').length).toBeGreaterThan(3))
    await expect(within(listbox).getAllByRole('option').length).toBeLessThan(60)
    await userEvent.type(dialog.getByRole('searchbox', { name: 'Search workspaces' }), '0999')
    await waitFor(() => expect(within(listbox).getAllByRole('option').map((o) => o.textContent)).toEqual(['Workspace 0999']))
  },
}

/** A name the contract refuses: the field shows why and nothing was sent. */
export const CreateNameRefused: Story = {
  ...switcher({ list: { cached: 'fresh' }, dropdown: 'open' }, { workspaces: threeWorkspaces, createError: 'Workspace name must be at most 80 characters' }),
  play: async ({ canvasElement }) => {
    await expect(within(await dialogOf(canvasElement)).getByText('Workspace name must be at most 80 characters')).toBeInTheDocument()
  },
}

// ---------------------------------------------------------------------------------------------
// /app/workspace-selection

function selection(state: WorkspacesStoryState, context: Parameters<typeof workspacesActorIn>[1] = {}): Story {
  return {
    render: function Render(args) {
      const [actor] = useState(() => workspacesActorIn(state, context, args.onSwitch))
      return <WorkspaceSelectionView actor={actor} />
    },
    parameters: { machineState: { machine: 'workspaces', state: workspacesValue(state) } },
  }
}

/** The full-page list with the current workspace marked. */
export const SelectionPage: Story = {
  ...selection({ list: { cached: 'fresh' }, dropdown: 'closed' }, { workspaces: threeWorkspaces }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole('heading', { name: 'Choose a workspace' })).toBeInTheDocument()
    // react-aria builds the collection after the first render.
    await expect(await canvas.findByRole('option', { name: /Acme Support/ })).toHaveAttribute('aria-selected', 'true')
  },
}

/** The selection page while the list loads. */
export const SelectionPageLoading: Story = selection({ list: 'fetching', dropdown: 'closed' })

// ---------------------------------------------------------------------------------------------
// Pending invitations: on the selection page, where their notification leads, and in the switcher

type InvitationsValue = 'ready' | 'accepting' | 'declining'

/** Nina's one workspace; her invitations are to Globex and Acme Support. */
const initechItem: WorkspaceItem = { ...adaWorkspaces[0]!, org_id: 'o-initech', org_name: 'Initech' }

function invitationsActorIn(value: InvitationsValue, context: Partial<InvitationsContext> = {}) {
  const never = <T,>() => new Promise<T>(() => {})
  const machine = invitationsMachine.provide({
    actors: {
      loadInvitations: fromPromise<ReadonlyArray<PendingInvitation>, void>(never),
      acceptInvitation: fromPromise<WorkspaceItem, { id: string }>(never),
      declineInvitation: fromPromise<void, { id: string }>(never),
    },
  })
  return createActor(machine, {
    snapshot: machine.resolveState({ value, context: { invitations: ninaInvitations, target: null, loadError: null, ...context } }),
  }).start()
}

function selectionWithInvitations(value: InvitationsValue, context: Partial<InvitationsContext> = {}): Story {
  const state: WorkspacesStoryState = { list: { cached: 'fresh' }, dropdown: 'closed' }
  return {
    render: function Render(args) {
      const [actors] = useState(() => ({
        workspaces: workspacesActorIn(state, { workspaces: [initechItem] }, args.onSwitch),
        invitations: invitationsActorIn(value, context),
      }))
      return <WorkspaceSelectionView actor={actors.workspaces} invitations={actors.invitations} />
    },
    parameters: {
      machineState: [
        { machine: 'workspaces', state: workspacesValue(state) },
        { machine: 'invitations', state: value },
      ],
    },
  }
}

/** `invitations.ready`: Nina's two invitations, "Globex — invited by Ada Admin", each with Accept and Decline. */
export const SelectionPageInvitations: Story = {
  ...selectionWithInvitations('ready'),
  play: async ({ canvasElement }) => {
    const section = await within(canvasElement).findByRole('region', { name: 'Invitations' })
    await expect(section).toHaveTextContent('Globex — invited by Ada Admin')
    await expect(within(section).getByRole('button', { name: 'Accept invitation to Globex' })).toBeInTheDocument()
  },
}

/** `invitations.accepting`: Globex's Accept waits for the server. */
export const SelectionPageAcceptingInvitation: Story = selectionWithInvitations('accepting', { target: globexInvitation })

/** `invitations.declining`: optimistic, Globex's invitation is already gone while the server answers. */
export const SelectionPageDecliningInvitation: Story = selectionWithInvitations('declining', { target: globexInvitation, invitations: [acmeInvitation] })

/** The open switcher with pending invitations between the list and the create form. */
export const SwitcherWithInvitations: Story = {
  render: function Render(args) {
    const [actors] = useState(() => ({
      workspaces: workspacesActorIn({ list: { cached: 'fresh' }, dropdown: 'open' }, { workspaces: [initechItem] }, args.onSwitch),
      invitations: invitationsActorIn('ready'),
    }))
    return (
      <Frame>
        <WorkspacesActorProvider actor={actors.workspaces}>
          <InvitationsActorProvider actor={actors.invitations}>
            <WorkspaceSwitcher />
          </InvitationsActorProvider>
        </WorkspacesActorProvider>
      </Frame>
    )
  },
  parameters: {
    machineState: [
      { machine: 'workspaces', state: workspacesValue({ list: { cached: 'fresh' }, dropdown: 'open' }) },
      { machine: 'invitations', state: 'ready' },
    ],
  },
  play: async ({ canvasElement }) => {
    const dialog = await dialogOf(canvasElement)
    await expect(await within(dialog).findByRole('region', { name: 'Invitations' })).toHaveTextContent('Acme Support — invited by Ada Admin')
  },
}

// ---------------------------------------------------------------------------------------------
// Workspace Settings

type RequirementState = 'idle' | 'saving' | 'saved' | 'failed'

function settings(
  value: 'editing' | 'saving',
  context: Partial<WorkspaceSettingsContext> = {},
  refs: ReadonlyArray<string> = ['SUPER_ADMIN'],
  requirement: RequirementState = 'idle',
  language: RequirementState = 'idle',
): Story {
  const state = { name: value, requirement, language }
  return {
    render: function Render() {
      const [actors] = useState(() => {
        const machine = workspaceSettingsMachine.provide({
          actors: {
            renameWorkspace: fromPromise(() => new Promise<WorkspaceItem>(() => {})),
            setRequirement: fromPromise(() => new Promise<{ require_two_factor: boolean }>(() => {})),
            setDefaultLanguage: fromPromise(() => new Promise<{ default_language?: Language | null }>(() => {})),
          },
        })
        const actor = createActor(machine, {
          input: { name: 'Acme Support' },
          snapshot: machine.resolveState({
            value: state,
            context: {
              name: 'Acme Support',
              fieldErrors: {},
              formError: null,
              requireTwoFactor: false,
              requirementRequest: null,
              requirementError: null,
              defaultLanguage: null,
              languageRequest: null,
              languageError: null,
              ...context,
            },
          }),
        }).start()
        return { actor, permissions: permissionsActorFor(refs), toasts: createActor(toastsMachine).start() }
      })
      return (
        <ToastsActorProvider actor={actors.toasts}>
          <PermissionsActorProvider actor={actors.permissions}>
            <main style={{ padding: 24 }}>
              <WorkspaceSettingsView actor={actors.actor} />
            </main>
          </PermissionsActorProvider>
        </ToastsActorProvider>
      )
    },
    parameters: { machineState: { machine: 'workspaceSettings', state } },
  }
}

/** The rename form with the current name. */
export const SettingsEditing: Story = settings('editing')

/** Saving: the button shows its busy state and the field is disabled. */
export const SettingsSaving: Story = {
  ...settings('saving', { name: 'Acme Care' }),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('button', { name: 'Saving…' })).toHaveAttribute('aria-disabled', 'true')
  },
}

/** An empty name: the contract's message on the field. */
export const SettingsNameRequired: Story = {
  ...settings('editing', { name: '', fieldErrors: { org_name: 'Workspace name is required' } }),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Workspace name is required')).toBeInTheDocument()
  },
}

/** A member without ORGANIZATIONS update: 'Save changes' is denied with its reason, the two-factor switch disabled. */
export const SettingsWithoutPermission: Story = {
  ...settings('editing', {}, ['set-agent']),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('button', { name: 'Save changes' })).toHaveAttribute('aria-disabled', 'true')
    await expect(within(canvasElement).getByRole('switch', { name: 'Require two-factor authentication for all members' })).toBeDisabled()
  },
}

/** Turning the requirement on: the switch shows on, disabled, while it saves. */
export const SettingsRequirementSaving: Story = {
  ...settings('editing', { requirementRequest: true }, undefined, 'saving'),
  play: async ({ canvasElement }) => {
    const toggle = within(canvasElement).getByRole('switch', { name: 'Require two-factor authentication for all members' })
    await expect(toggle).toBeChecked()
    await expect(toggle).toBeDisabled()
  },
}

/** Saved: the switch on (a toast says so, and the session is verified again). */
export const SettingsRequirementSaved: Story = {
  ...settings('editing', { requireTwoFactor: true }, undefined, 'saved'),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('switch', { name: 'Require two-factor authentication for all members' })).toBeChecked()
  },
}

/** An admin without two-factor of their own is refused (409): the switch back off, the server's message beside it. */
export const SettingsRequirementFailed: Story = {
  ...settings('editing', { requirementError: TWO_FACTOR_MESSAGES.adminWithoutTwoFactor }, undefined, 'failed'),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('switch', { name: 'Require two-factor authentication for all members' })).not.toBeChecked()
    await expect(within(within(canvasElement).getByRole('region', { name: 'Security' })).getByRole('status')).toHaveTextContent(TWO_FACTOR_MESSAGES.adminWithoutTwoFactor)
  },
}

/** `language.saving`: Deutsch being saved as the default for new members; the field waits. */
export const SettingsLanguageSaving: Story = settings('editing', { languageRequest: { value: 'de' } }, ['SUPER_ADMIN'], 'idle', 'saving')

/** `language.saved`: the default is Español (the toast has said so). */
export const SettingsLanguageSaved: Story = settings('editing', { defaultLanguage: 'es' }, ['SUPER_ADMIN'], 'idle', 'saved')

/** `language.failed`: the save failed; the field shows the saved value again and says why. */
export const SettingsLanguageFailed: Story = {
  ...settings('editing', { languageError: 'You need the Edit permission on Workspace to do this.' }, ['SUPER_ADMIN'], 'idle', 'failed'),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('You need the Edit permission on Workspace to do this.')).toBeInTheDocument()
    await expect(within(canvasElement).getByRole('button', { name: /Default language for new members/ })).toHaveTextContent('Each person’s browser')
  },
}
