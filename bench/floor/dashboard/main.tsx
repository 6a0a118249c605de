/**
 * Bundle floor of /app/dashboard: the smallest app that uses exactly the libraries
 * the signed-in shell's first load needs, and nothing of Engage. Built by bench/floor/build.ts with
 * the project's vite.config.ts; its initial JS is what the dashboard's is divided by.
 *
 * - React DOM renders it;
 * - the TanStack router has two routes under a root layout (header + sidebar);
 * - one XState actor (the sidebar's expanded state and the signed-in person) is read through
 *   @xstate/react's `useSelector` and sent `sidebar.toggle`;
 * - the react-aria-components of the shell's header and sidebar: Button, MenuTrigger/Menu in a
 *   Popover (user menu), DialogTrigger/Popover/Dialog (notifications panel), Modal/Dialog with a
 *   ListBox (workspace switcher), TooltipTrigger/Tooltip, a ListBox (sidebar navigation) and a
 *   SearchField;
 * - one effect Schema decode of a verify-token answer (the shape of `GET /users/verify-token`,
 *   written here, not imported from contract/);
 * - the i18n runtime the app ships (Lingui's `@lingui/core` translating the page's heading, and
 *   react-aria's `I18nProvider` with the locale).
 *
 * Every library renders something real (tree-shaking would drop an unused import). The READY
 * element is the header's button named 'Notifications' (bench/lib/page-metrics.ts READY.floorShell).
 */
import { Outlet, RouterProvider, createRootRoute, createRoute, createRouter, useNavigate, useRouterState } from '@tanstack/react-router'
import { useSelector } from '@xstate/react'
import { setupI18n } from '@lingui/core'
import { Schema } from 'effect'
import { StrictMode, useState } from 'react'
import { createRoot } from 'react-dom/client'
import {
  Button,
  Dialog,
  DialogTrigger,
  Heading,
  I18nProvider,
  Input,
  ListBox,
  ListBoxItem,
  Menu,
  MenuItem,
  MenuTrigger,
  Modal,
  Popover,
  SearchField,
  Tooltip,
  TooltipTrigger,
} from 'react-aria-components'
import { assign, createActor, setup } from 'xstate'

const User = Schema.Struct({
  _id: Schema.String,
  fullName: Schema.String,
  email: Schema.String,
  image: Schema.optional(Schema.NullOr(Schema.String)),
  email_confirmed: Schema.optional(Schema.Boolean),
})
const CurrentOrg = Schema.Struct({
  org_id: Schema.String,
  org_name: Schema.String,
  roles: Schema.Array(Schema.Literals(['ADMIN', 'MEMBER', 'VIEWER'])),
  is_sso_enabled: Schema.Boolean,
  signup_completed: Schema.Boolean,
  waitlist_approved: Schema.Boolean,
  layout: Schema.Literals(['DEFAULT', 'CTWA', 'CREATOR', 'SUPEHR']),
  permission_sets: Schema.Array(Schema.String),
})
const VerifyTokenAnswer = Schema.Struct({ user: User, currentOrgData: CurrentOrg })
type VerifyTokenAnswer = typeof VerifyTokenAnswer.Type

// A verify-token answer as the server sends it (text, decoded at start like the app's first answer).
const ANSWER = JSON.stringify({
  user: { _id: 'u1', fullName: 'Ada Admin', email: 'admin@acme.test', image: null, email_confirmed: true },
  currentOrgData: {
    org_id: 'o1',
    org_name: 'Acme Support',
    roles: ['ADMIN'],
    is_sso_enabled: false,
    signup_completed: true,
    waitlist_approved: true,
    layout: 'DEFAULT',
    permission_sets: ['admin'],
  },
})

const shellMachine = setup({
  types: {
    context: {} as { expanded: boolean; session: VerifyTokenAnswer },
    input: {} as { session: VerifyTokenAnswer },
    events: {} as { type: 'sidebar.toggle' },
  },
  actions: { assignToggled: assign({ expanded: ({ context }) => !context.expanded }) },
}).createMachine({
  id: 'floorShell',
  context: ({ input }) => ({ expanded: true, session: input.session }),
  initial: 'ready',
  states: { ready: { on: { 'sidebar.toggle': { actions: 'assignToggled' } } } },
})

const shell = createActor(shellMachine, { input: { session: Schema.decodeUnknownSync(VerifyTokenAnswer)(JSON.parse(ANSWER)) } }).start()

function Header() {
  const name = useSelector(shell, (s) => s.context.session.user.fullName)
  const org = useSelector(shell, (s) => s.context.session.currentOrgData.org_name)
  return (
    <header style={{ display: 'flex', gap: 8, alignItems: 'center', padding: 8, borderBottom: '1px solid #ddd' }}>
      <TooltipTrigger>
        <Button aria-label="Toggle sidebar" onPress={() => shell.send({ type: 'sidebar.toggle' })}>
          ☰
        </Button>
        <Tooltip>Toggle sidebar</Tooltip>
      </TooltipTrigger>
      <DialogTrigger>
        <Button aria-label="Workspace">{org}</Button>
        <Modal isDismissable>
          <Dialog aria-label="Workspaces">
            <ListBox aria-label="Workspaces" selectionMode="single" items={[{ id: 'o1', name: org }]}>
              {(item) => <ListBoxItem id={item.id}>{item.name}</ListBoxItem>}
            </ListBox>
          </Dialog>
        </Modal>
      </DialogTrigger>
      <SearchField aria-label="Search">
        <Input placeholder="Search" />
      </SearchField>
      <DialogTrigger>
        <Button aria-label="Notifications">🔔</Button>
        <Popover>
          <Dialog aria-label="Notifications">
            <Heading slot="title">Notifications</Heading>
            <p>No notifications</p>
          </Dialog>
        </Popover>
      </DialogTrigger>
      <MenuTrigger>
        <Button aria-label="User menu">{name}</Button>
        <Popover>
          <Menu aria-label="User menu">
            <MenuItem id="profile">Profile</MenuItem>
            <MenuItem id="signout">Sign out</MenuItem>
          </Menu>
        </Popover>
      </MenuTrigger>
    </header>
  )
}

function Sidebar() {
  const expanded = useSelector(shell, (s) => s.context.expanded)
  const navigate = useNavigate()
  const pathname = useRouterState({ select: (s) => s.location.pathname })
  if (!expanded) return null
  return (
    <nav aria-label="Main" style={{ width: 200, padding: 8 }}>
      <ListBox
        aria-label="Pages"
        selectionMode="single"
        selectedKeys={[pathname]}
        onAction={(key) => void navigate({ to: String(key) })}
        items={[
          { id: '/app/dashboard', label: 'Dashboard' },
          { id: '/app/settings', label: 'Settings' },
        ]}
      >
        {(item) => <ListBoxItem id={item.id}>{item.label}</ListBoxItem>}
      </ListBox>
    </nav>
  )
}

function Layout() {
  return (
    <>
      <Header />
      <div style={{ display: 'flex' }}>
        <Sidebar />
        <main style={{ padding: 16 }}>
          <Outlet />
        </main>
      </div>
    </>
  )
}

const i18n = setupI18n({ locale: 'en', messages: { en: {} } })

function Dashboard() {
  const [count, setCount] = useState(0)
  return (
    <>
      <h1>{i18n._({ id: 'floor.dashboard', message: 'Dashboard' })}</h1>
      <Button onPress={() => setCount(count + 1)}>Refreshed {count} times</Button>
    </>
  )
}

const root = createRootRoute({ component: Layout })
const routeTree = root.addChildren([
  createRoute({ getParentRoute: () => root, path: '/app/dashboard', component: Dashboard }),
  createRoute({ getParentRoute: () => root, path: '/app/settings', component: () => <h1>Settings</h1> }),
])
const router = createRouter({ routeTree })

createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <I18nProvider locale={navigator.language}>
      <RouterProvider router={router} />
    </I18nProvider>
  </StrictMode>,
)
