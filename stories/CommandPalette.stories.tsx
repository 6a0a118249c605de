import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, screen, userEvent, waitFor } from 'storybook/test'
import { createActor } from 'xstate'
import { type PaletteCommand, type PaletteItem, buildPaletteItems } from '../machines/commandPalette/commandPalette.items.ts'
import { commandPaletteMachine, type CommandPaletteContext } from '../machines/commandPalette/commandPalette.machine.ts'
import { results } from '../machines/commandPalette/commandPalette.results.ts'
import { selectPermissions } from '../machines/permissions/permissions.selectors.ts'
import { acme, ada } from '../machines/testing/fixtures.ts'
import { paletteSources } from '../src/system/commandPalette.ts'
import { CommandPalette } from '../src/ui/shell/CommandPalette.tsx'
import { ShortcutsHelp } from '../src/ui/shell/ShortcutsHelp.tsx'
import type { MachineStateParameter } from './machine-states.ts'
import { permissionsActorFor } from './permissions-actor.tsx'

/**
 * The command palette and the keyboard shortcuts help in each state a person can see
 * (`onscreen.palette`, `onscreen.shortcuts`). Closed shows nothing but the header's Search button
 * (the shell stories), and offscreen has no shell at all (machines/registry.ts `unseenStates`).
 */
interface PaletteArgs {
  /** What running an item would do (recorded instead of done). */
  readonly runCommand: (command: PaletteCommand) => void
}

const meta: Meta<PaletteArgs> = {
  title: 'Machines/commandPalette',
  parameters: { layout: 'fullscreen' },
  args: { runCommand: fn() },
}
export default meta
type Story = StoryObj<PaletteArgs>

/**
 * What the palette's items actor (src/system/commandPalette.ts `watchPaletteItems`) would give a
 * member of Acme holding `refs`, on the dashboard, with nothing unread and no workspace list.
 */
function itemsFor(refs: ReadonlyArray<string>): ReadonlyArray<PaletteItem> {
  const permissions = selectPermissions(permissionsActorFor(refs).getSnapshot())
  const sources = { permissions, workspaces: null, currentOrgId: acme.org_id, hasWorkspaces: false, unreadCount: 0, pathname: '/app/dashboard', bugReportHidden: false }
  return buildPaletteItems(paletteSources(sources))
}

/** The context as the machine keeps it: unless a story says otherwise, the first result is highlighted. */
function withHighlight(context: CommandPaletteContext): CommandPaletteContext {
  return context.highlightedId === null ? { ...context, highlightedId: results(context).flat[0]?.id ?? null } : context
}

function paletteIn(state: 'palette' | 'shortcuts', context: Partial<CommandPaletteContext>, runCommand: PaletteArgs['runCommand']) {
  const machine = commandPaletteMachine.provide({ actions: { runCommand: (_, p) => runCommand(p.command) } })
  const actor = createActor(machine, {
    input: {},
    snapshot: machine.resolveState({ value: { onscreen: state }, context: withHighlight({ items: [], query: '', highlightedId: null, person: ada._id, recent: [], ...context }) }),
  })
  actor.start()
  return actor
}

function story(state: 'palette' | 'shortcuts', context: Partial<CommandPaletteContext>, refs: ReadonlyArray<string> = ['SUPER_ADMIN']): Story {
  return {
    parameters: { machineState: { machine: 'commandPalette', state: { onscreen: state } } satisfies MachineStateParameter },
    render: (args) => {
      const actor = paletteIn(state, { items: itemsFor(refs), ...context }, args.runCommand)
      return (
        <>
          <CommandPalette actor={actor} />
          <ShortcutsHelp actor={actor} />
        </>
      )
    },
  }
}

/**
 * Just opened: recent choices first, then what works (the super admin's built pages, the actions,
 * the settings sections), and the pages marked 'Soon' last, under 'Coming soon'.
 */
export const Open: Story = {
  ...story('palette', { recent: ['page:/app/setting/team', 'action:toggleTheme'], highlightedId: 'page:/app/setting/team' }),
  play: async () => {
    const dialog = await screen.findByRole('dialog', { name: 'Command palette' })
    // It fades in: visible once the entry animation is over.
    await waitFor(() => expect(dialog).toBeVisible())
    // The options are drawn a render after the dialog (a deferred value): wait for them.
    await expect(await screen.findByRole('group', { name: 'Recent' })).toHaveTextContent('Team Members')
    await expect(screen.getByRole('option', { name: 'Team Members', selected: true })).toBeInTheDocument()
    const groups = screen.getAllByRole('group').map((g) => g.getAttribute('aria-labelledby') && document.getElementById(g.getAttribute('aria-labelledby')!)?.textContent)
    await expect(groups).toEqual(['Recent', 'Pages', 'Actions', 'Settings', 'Coming soon'])
  },
}

/** Filtered as typed: fuzzy matches, best first; Enter runs the highlighted one. */
export const Filtered: Story = {
  ...story('palette', { query: 'tm mem' }),
  play: async () => {
    await expect(await screen.findByRole('combobox', { name: 'Search' })).toHaveValue('tm mem')
    await waitFor(() => expect(screen.getAllByRole('option')[0]).toHaveAccessibleName('Team Members'))
  },
}

/** Nothing matches: the list gives way to a status line. */
export const NoResults: Story = {
  ...story('palette', { query: 'qqqqzz' }),
  play: async () => {
    await expect(await screen.findByRole('status')).toHaveTextContent('No results for “qqqqzz”')
  },
}

/** A member with contacts and agents only ("Support Agent"): no settings pages, no 'Invite member'. */
export const ViewOnlyMember: Story = {
  ...story('palette', {}, ['set-agent']),
  play: async () => {
    await screen.findByRole('dialog', { name: 'Command palette' })
    // Once the options are drawn (a render after the dialog), the settings pages are not among them.
    await screen.findByRole('option', { name: 'Toggle theme' })
    await expect(screen.queryByRole('option', { name: 'Team Members' })).toBeNull()
    await expect(screen.queryByRole('option', { name: 'Invite member' })).toBeNull()
  },
}

/** '?': every shortcut of the product. */
export const ShortcutsHelpOpen: Story = {
  ...story('shortcuts', {}),
  name: 'Keyboard shortcuts',
  play: async () => {
    const dialog = await screen.findByRole('dialog', { name: 'Keyboard shortcuts' })
    await expect(dialog).toHaveTextContent('Open the command palette')
    await expect(dialog).toHaveTextContent('Expand or collapse the sidebar')
  },
}

/** Interaction (ends closed, on the page it opened): a settings section found by another word for it ('2fa'), the account's Two-factor authentication, on its tab. */
export const FindsSetting: Story = {
  ...story('palette', { query: '2fa' }),
  parameters: {},
  play: async ({ args }) => {
    const field = await screen.findByRole('combobox', { name: 'Search' })
    await waitFor(() => expect(screen.getAllByRole('option')[0]).toHaveAccessibleName('Two-factor authentication'))
    await userEvent.type(field, '{Enter}')
    await expect(args.runCommand).toHaveBeenCalledWith({ kind: 'navigate', path: '/app/account?tab=security#two-factor-heading' })
  },
}

/** Interaction (ends closed, on the page it opened): Enter opens the first result. */
export const FilteredEnterOpens: Story = {
  ...story('palette', { query: 'tm mem' }),
  parameters: {},
  play: async ({ args }) => {
    const field = await screen.findByRole('combobox', { name: 'Search' })
    await waitFor(() => expect(screen.getAllByRole('option')[0]).toHaveAccessibleName('Team Members'))
    await userEvent.type(field, '{Enter}')
    await expect(args.runCommand).toHaveBeenCalledWith({ kind: 'navigate', path: '/app/setting/team' })
  },
}
