import type { Meta, StoryObj } from '@storybook/react-vite'
import { RouterProvider } from 'react-aria-components'
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test'
import type { PermissionSet } from '../contract/api.ts'
import { acme, ada } from '../machines/testing/fixtures.ts'
import { AuthActorProvider, PermissionsActorProvider, SidebarActorProvider } from '../src/system/react.tsx'
import { permissionsActorFor } from './permissions-actor.tsx'
import { sidebarActorIn } from './sidebar-actor.tsx'
import { AppLayout } from '../src/ui/AppLayout.tsx'
import * as page from '../src/ui/Page.css.ts'
import { authActorIn } from './auth-actor.tsx'
import { MOBILE_BREAKPOINT_PX } from '../machines/sidebar/sidebar.machine.ts'
import { viewportWidth } from './viewports.ts'

/** SPEC §2.3/§2.6: the dashboard shell in each state of the sidebar machine a person can see. */
interface ShellArgs {
  /** Where react-aria links would navigate (recorded instead of leaving the story). */
  readonly navigate: (href: string) => void
  /** The window width (px) the sidebar machine lays out for; unset: the toolbar's viewport, else the story's. */
  readonly width?: number
}
const meta: Meta<ShellArgs> = {
  title: 'Machines/sidebar',
  parameters: { layout: 'fullscreen' },
  args: { navigate: fn() },
  argTypes: { width: { control: { type: 'range', min: 320, max: 1600, step: 1 } } },
}
export default meta
type Story = StoryObj<ShellArgs>

const superAdmin: PermissionSet = {
  _id: 'ps-super-admin',
  permission_set_key: 'SUPER_ADMIN',
  name: 'Super Admin',
  description: 'Everything in this workspace.',
  is_system: true,
  permissions: [],
}

const supportAgent: PermissionSet = {
  _id: 'ps-support-agent',
  permission_set_key: null,
  name: 'Support Agent',
  description: 'Contacts and calls.',
  is_system: false,
  permissions: [
    { resource: 'CONTACTS', actions: ['READ'], conditions: {} },
    { resource: 'ORG_AGENTS', actions: ['READ'], conditions: {} },
  ],
}

function shellStory(options: {
  sidebar: Parameters<typeof sidebarActorIn>[0]
  width?: number
  pathname?: string
  heading?: string
  text?: string
  permissions?: { refs: ReadonlyArray<string>; sets: ReadonlyArray<PermissionSet> }
}): Story {
  const pathname = options.pathname ?? '/app/contacts'
  return {
    render: (args, { globals }) => {
      // The toolbar's viewport wins over the story's width: the sidebar machine lays out for it.
      const width = args.width ?? viewportWidth(globals) ?? options.width ?? 1280
      const mobile = width < MOBILE_BREAKPOINT_PX
      const { mode } = options.sidebar
      const sidebar = { ...options.sidebar, mode: mobile ? (mode === 'docked' ? { drawer: 'closed' as const } : mode) : 'docked' as const }
      return (
      <RouterProvider navigate={args.navigate}>
        <AuthActorProvider actor={authActorIn('authenticated', { user: ada, currentOrg: acme, hasStoredSession: true })}>
          <PermissionsActorProvider actor={permissionsActorFor(options.permissions?.refs ?? ['SUPER_ADMIN'], options.permissions?.sets ?? [superAdmin])}>
            <SidebarActorProvider actor={sidebarActorIn(sidebar, { width })}>
              <AppLayout pathname={pathname}>
                <h1 className={page.heading}>{options.heading ?? 'All Contacts (Agent)'}</h1>
                <p className={page.text}>{options.text ?? 'Every contact your AI agents have talked to, with their latest conversation.'}</p>
              </AppLayout>
            </SidebarActorProvider>
          </PermissionsActorProvider>
        </AuthActorProvider>
      </RouterProvider>
      )
    },
    // The layout mounts the sidebar (`sidebar.mounted`), so its presence is `onscreen`.
    parameters: { machineState: [{ machine: 'sidebar', state: { ...options.sidebar, viewport: 'steady', presence: 'onscreen' } }, { machine: 'auth', state: 'authenticated' }] },
  }
}

/** `panel.expanded`, docked: labels, collapsible groups; the current page's group is open. */
export const SidebarExpanded: Story = {
  ...shellStory({ sidebar: { panel: 'expanded', mode: 'docked' } }),
  play: onlyWhen('desktop', async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    // The route opens its group after the first paint (`sidebar.routeChanged`).
    await expect(await canvas.findByRole('link', { name: 'All Contacts (Agent)' })).toHaveAttribute('aria-current', 'page')
    await expect(canvas.getByRole('button', { name: 'Contacts' })).toHaveAttribute('aria-expanded', 'true')
    await expect(canvas.getByRole('button', { name: 'Calls' })).toHaveAttribute('aria-expanded', 'false')
  }),
}

/** The same state in Arabic: right to left, the sidebar on the right, its chevrons mirrored. */
export const SidebarExpandedArabic: Story = {
  ...shellStory({ sidebar: { panel: 'expanded', mode: 'docked' } }),
  globals: { locale: 'ar' },
}

/** The same state in the pseudo-locale: every shell string accented and longer; plain ASCII would be a string left untranslated. */
export const SidebarExpandedPseudo: Story = {
  ...shellStory({ sidebar: { panel: 'expanded', mode: 'docked' } }),
  globals: { locale: 'en-XA' },
}

/** The phone drawer in Arabic: it slides in from the right. */
export const MobileDrawerOpenArabic: Story = {
  ...shellStory({ sidebar: { panel: 'expanded', mode: { drawer: 'open' } }, width: 390 }),
  globals: { locale: 'ar' },
}

/**
 * Arriving at a page of a group (here Team Members, as by a typed URL) opens that group
 * (`sidebar.routeChanged`); sections not built yet carry a 'Soon' mark, out of their names.
 */
export const SidebarGroupOpenedByRoute: Story = {
  ...shellStory({ sidebar: { panel: 'expanded', mode: 'docked' }, pathname: '/app/setting/team', heading: 'Team Members', text: 'The members of this workspace.' }),
  play: onlyWhen('desktop', async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    // The route opens its group after the first paint (`sidebar.routeChanged`).
    await waitFor(() => expect(canvas.getByRole('button', { name: 'Account & Billing' })).toHaveAttribute('aria-expanded', 'true'))
    await expect(await canvas.findByRole('link', { name: 'Team Members' })).toHaveAttribute('aria-current', 'page')
    await expect(canvas.getByRole('button', { name: 'Contacts' })).toHaveAttribute('aria-expanded', 'false')
    await expect(canvas.getByRole('button', { name: 'Contacts' })).toHaveTextContent('ContactsSoon')
    await expect(canvas.getByRole('button', { name: 'Contacts' })).toHaveAccessibleDescription('Soon')
  }),
}

/** 'Toggle sidebar' (`sidebar.toggle`): `panel.expanded` → `panel.collapsed` → `panel.expanded`. */
export const ToggleSidebar: Story = {
  ...shellStory({ sidebar: { panel: 'expanded', mode: 'docked' } }),
  play: onlyWhen('desktop', async ({ canvasElement }) => {
    const toggle = within(canvasElement).getByRole('button', { name: 'Toggle sidebar' })
    await expect(toggle).toHaveAttribute('aria-expanded', 'true')
    await userEvent.click(toggle)
    await waitFor(() => expect(toggle).toHaveAttribute('aria-expanded', 'false'))
    await expect(within(canvasElement).getByRole('link', { name: 'Overview' })).toHaveTextContent('')
    await userEvent.click(toggle)
    await waitFor(() => expect(toggle).toHaveAttribute('aria-expanded', 'true'))
  }),
}

/**
 * A play function for one layout only: skipped when the toolbar's viewport (or the width control)
 * puts the story on the other side of the breakpoint, where what it checks is not on screen.
 */
function onlyWhen(layout: 'desktop' | 'mobile', play: NonNullable<Story['play']>): NonNullable<Story['play']> {
  return async (context) => {
    const width = context.args.width ?? viewportWidth(context.globals)
    if (width !== null && width !== undefined && (width < MOBILE_BREAKPOINT_PX) !== (layout === 'mobile')) return
    await play(context)
  }
}

/** `mode.drawer.open` (under 768 px): the slide-in drawer over the content; compact header. */
export const MobileDrawerOpen: Story = {
  ...shellStory({ sidebar: { panel: 'expanded', mode: { drawer: 'open' } }, width: 600 }),
  play: onlyWhen('mobile', async () => {
    const drawer = await screen.findByRole('dialog', { name: 'Sidebar' })
    // Visible once the drawer's slide-in ends.
    await waitFor(() => expect(within(drawer).getByRole('link', { name: 'Log Out' })).toBeVisible())
  }),
}

/** `mode.drawer.closed` (under 768 px): only the header's toggle; no user menu (compact header). */
export const MobileDrawerClosed: Story = shellStory({ sidebar: { panel: 'expanded', mode: { drawer: 'closed' } }, width: 600 })

/** The header with the user menu open: Account, Settings, Documentation (new tab), Sign out. */
export const HeaderUserMenuOpen: Story = {
  ...shellStory({ sidebar: { panel: 'expanded', mode: 'docked' } }),
  play: onlyWhen('desktop', async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'User menu' }))
    const menu = await screen.findByRole('menu', { name: 'User menu' })
    const items = within(menu).getAllByRole('menuitem')
    await expect(items.map((i) => i.textContent)).toEqual(['Account', 'Settings', 'Documentation', 'Sign out'])
    await expect(within(menu).getByRole('menuitem', { name: 'Account' })).toHaveAttribute('href', '/app/account')
    await expect(within(menu).getByRole('menuitem', { name: 'Documentation' })).toHaveAttribute('target', '_blank')
  }),
}

/** A member with a custom set (contacts and calls only): the menu shows only what they may open. */
export const SidebarExpandedLimitedMember: Story = shellStory({
  sidebar: { panel: 'expanded', mode: 'docked' },
  permissions: { refs: [supportAgent._id], sets: [supportAgent] },
})

/** Collapsed to icons in Arabic: the rail on the right, tooltips and popovers opening leftwards. */
export const SidebarCollapsedArabic: Story = {
  ...shellStory({ sidebar: { panel: 'collapsed', mode: 'docked' } }),
  globals: { locale: 'ar' },
}

/** `panel.collapsed`, docked: icons only, each named and with a tooltip. */
export const SidebarCollapsed: Story = {
  ...shellStory({ sidebar: { panel: 'collapsed', mode: 'docked' } }),
  play: onlyWhen('desktop', async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole('link', { name: 'Overview' })).toHaveTextContent('')
    await expect(canvas.getByRole('button', { name: 'Toggle sidebar' })).toHaveAttribute('aria-expanded', 'false')
  }),
}

/** `panel.collapsed` with a group's popover open: its visible entries, the current one marked. */
export const SidebarCollapsedGroupPopover: Story = {
  ...shellStory({ sidebar: { panel: 'collapsed', mode: 'docked' } }),
  play: onlyWhen('desktop', async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Contacts' }))
    const popover = await screen.findByRole('dialog', { name: 'Contacts' })
    await expect(within(popover).getByRole('link', { name: 'All Contacts (Agent)' })).toHaveAttribute('aria-current', 'page')
    // Visible once the popover's fade-in ends.
    await waitFor(() => expect(within(popover).getByRole('link', { name: 'Segments' })).toBeVisible())
  }),
}
