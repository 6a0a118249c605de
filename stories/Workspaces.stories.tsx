/**
 * The workspace switcher (SPEC §2.6, §4, §5, §8) and the workspace selection page, one story per
 * state a person can see. The machine starts from a saved state (`resolveState`) with stubbed
 * actors that never settle, so a story shows exactly that state.
 */
import type { Meta, StoryObj } from '@storybook/react-vite'
import { type ReactNode, useState } from 'react'
import { expect, fn, userEvent, waitFor, within } from 'storybook/test'
import type { WorkspaceItem } from '../contract/api.ts'
import { acme, ada } from '../machines/testing/fixtures.ts'
import { adaWorkspaces, hooliItem, namelessItem } from '../machines/workspaces/workspaces.fixtures.ts'
import { WorkspaceSelectionView } from '../src/pages/WorkspaceSelectionPage.tsx'
import { AuthActorProvider, WorkspacesActorProvider } from '../src/system/react.tsx'
import { WorkspaceSwitcher } from '../src/ui/shell/WorkspaceSwitcher.tsx'
import { authActorIn } from './auth-actor.tsx'
import { type WorkspacesStoryState, workspacesActorIn, workspacesValue } from './workspaces-actor.tsx'


interface Args {
  /** Called with the org id when the machine switches (a pick of another workspace, a creation). */
  readonly onSwitch: (orgId: string) => void
  /** For the `Playground` story's controls: how many workspaces the list holds, and the search. */
  readonly count?: number
  readonly search?: string
}
const meta: Meta<Args> = { title: 'Machines/workspaces', parameters: { layout: 'fullscreen' }, args: { onSwitch: fn() } }
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

/** `list.fetching` with nothing on hand: 'Loading workspaces...' (SPEC §8). */
export const Loading: Story = {
  ...switcher({ list: 'fetching', dropdown: 'open' }),
  play: async ({ canvasElement }) => {
    await expect(within(await dialogOf(canvasElement)).getByText('Loading workspaces...')).toBeInTheDocument()
  },
}

/** The selection page while the list loads. */
export const SelectionPageLoading: Story = selection({ list: 'fetching', dropdown: 'closed' })

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

/** Closed: the button named 'Workspace' shows the current workspace. */
export const Closed: Story = {
  ...switcher({ list: { cached: 'fresh' }, dropdown: 'closed' }, { workspaces: threeWorkspaces }),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('button', { name: /^Workspace\b/ })).toHaveTextContent('Acme Support')
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
  parameters: {
    machineState: { machine: 'workspaces', state: workspacesValue({ list: { cached: 'fresh' }, dropdown: 'open' }) },
    // The list scrolls with the keyboard from the search field (React Aria's virtual focus: arrows
    // move the active option and scroll it into view); axe looks for a focusable element inside.
    a11y: { config: { rules: [{ id: 'scrollable-region-focusable', enabled: false }] } },
  },
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

function selection(state: WorkspacesStoryState, context: Parameters<typeof workspacesActorIn>[1] = {}): Story {
  return {
    render: function Render(args) {
      const [actor] = useState(() => workspacesActorIn(state, context, args.onSwitch))
      return <WorkspaceSelectionView actor={actor} />
    },
    parameters: { machineState: { machine: 'workspaces', state: workspacesValue(state) } },
  }
}

/** A name the contract refuses: the field shows why and nothing was sent. */
export const CreateNameRefused: Story = {
  ...switcher({ list: { cached: 'fresh' }, dropdown: 'open' }, { workspaces: threeWorkspaces, createError: 'Workspace name must be at most 80 characters' }),
  play: async ({ canvasElement }) => {
    await expect(within(await dialogOf(canvasElement)).getByText('Workspace name must be at most 80 characters')).toBeInTheDocument()
  },
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
