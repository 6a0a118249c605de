/**
 * Pending invitations (the invitations machine): on the workspace selection page, where their
 * notification leads, and in the switcher, one story per state a person can see.
 */
import type { Meta, StoryObj } from '@storybook/react-vite'
import { type ReactNode, useState } from 'react'
import { expect, fn, within } from 'storybook/test'
import { createActor, fromPromise } from 'xstate'
import type { WorkspaceItem } from '../contract/api.ts'
import type { PendingInvitation } from '../contract/workspaces.ts'
import { acme, ada } from '../machines/testing/fixtures.ts'
import { adaWorkspaces } from '../machines/workspaces/workspaces.fixtures.ts'
import { acmeInvitation, globexInvitation, ninaInvitations } from '../machines/invitations/invitations.fixtures.ts'
import { type InvitationsContext, invitationsMachine } from '../machines/invitations/invitations.machine.ts'
import { InvitationsActorProvider } from '../src/system/invitations-host.tsx'
import { WorkspaceSelectionView } from '../src/pages/WorkspaceSelectionPage.tsx'
import { AuthActorProvider, WorkspacesActorProvider } from '../src/system/react.tsx'
import { WorkspaceSwitcher } from '../src/ui/shell/WorkspaceSwitcher.tsx'
import { authActorIn } from './auth-actor.tsx'
import { type WorkspacesStoryState, workspacesActorIn, workspacesValue } from './workspaces-actor.tsx'

interface Args {
  /** Called with the org id when the machine switches (a pick of another workspace, a creation). */
  readonly onSwitch: (orgId: string) => void
}
const meta: Meta<Args> = { title: 'Machines/invitations', parameters: { layout: 'fullscreen' }, args: { onSwitch: fn() } }
export default meta
type Story = StoryObj<Args>

function Frame({ children }: { children: ReactNode }) {
  const [auth] = useState(() => authActorIn('authenticated', { user: ada, currentOrg: acme, hasStoredSession: true }))
  return (
    <AuthActorProvider actor={auth}>
      {/* Room below the header-sized bar for the dropdown. */}
      <div style={{ padding: 16, minHeight: 480 }}>{children}</div>
    </AuthActorProvider>
  )
}

/** The open switcher's dialog, once its lazily loaded content (the search box first) is there. */
async function dialogOf(canvasElement: HTMLElement): Promise<HTMLElement> {
  const dialog = await within(canvasElement.ownerDocument.body).findByRole('dialog', { name: 'Switch workspace' })
  await within(dialog).findByRole('searchbox', { name: 'Search workspaces' })
  return dialog
}

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

/** `invitations.accepting`: Globex's Accept waits for the server. */
export const SelectionPageAcceptingInvitation: Story = selectionWithInvitations('accepting', { target: globexInvitation })

/** `invitations.declining`: optimistic, Globex's invitation is already gone while the server answers. */
export const SelectionPageDecliningInvitation: Story = selectionWithInvitations('declining', { target: globexInvitation, invitations: [acmeInvitation] })
