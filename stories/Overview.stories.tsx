/**
 * The Overview page (/app/dashboard), one story per state a person can see: loading,
 * a new workspace (nothing ticked), a workspace with everything done ('All set'), a failed load,
 * and the Support Agent (no team card, two items). Each overview actor starts from a saved state
 * (`overviewMachine.resolveState`) with loads that never answer; the credits, notifications and
 * permissions actors are the shell's, started the same way.
 */
import type { Meta, StoryObj } from '@storybook/react-vite'
import type { ReactNode } from 'react'
import { RouterProvider } from 'react-aria-components'
import { createActor, fromCallback, fromPromise } from 'xstate'
import { expect, fn, within } from 'storybook/test'
import type { OverviewResponse } from '../contract/overview.ts'
import type { CreditsSummary } from '../contract/workspaces.ts'
import { acmeCredits, criticalCredits, warningCredits } from '../machines/credits/credits.fixtures.ts'
import { makeNotification } from '../machines/notifications/notifications.fixtures.ts'
import { OVERVIEW_LOAD_FAILED_MESSAGE, type OverviewFacts, overviewMachine } from '../machines/overview/overview.machine.ts'
import { acmeOverview, agentOverview, doneOverview, freshOverview } from '../machines/overview/overview.fixtures.ts'
import { acme, ada } from '../machines/testing/fixtures.ts'
import { OverviewView } from '../src/pages/DashboardPage.tsx'
import { ENGLISH } from '../src/i18n/catalogue.ts'
import { createTranslator } from '../src/i18n/translator.ts'
import { AuthActorProvider, CreditsActorProvider, NotificationsActorProvider, PermissionsActorProvider } from '../src/system/react.tsx'
import { authActorIn } from './auth-actor.tsx'
import { creditsActorIn } from './credits-actor.tsx'
import type { MachineStateParameter } from './machine-states.ts'
import { notificationsActorIn } from './notifications-actor.tsx'
import { permissionsActorFor, storySets } from './permissions-actor.tsx'

interface Args {
  /** Where react-aria links would navigate (recorded instead of leaving the story). */
  readonly navigate: (href: string) => void
}
const meta: Meta<Args> = { title: 'Machines/overview', args: { navigate: fn() }, argTypes: { navigate: { table: { disable: true } } } }
export default meta
type Story = StoryObj<Args>

type Shown = 'loading' | 'ready' | 'failed'

/** An overview actor in `value`, its calls pending and its listeners stubbed. */
function overviewActorIn(value: Shown, overview: OverviewResponse | null, options: { dismissed?: boolean } = {}) {
  const machine = overviewMachine.provide({
    actors: {
      watchAuth: fromCallback(() => () => {}),
      focusListener: fromCallback(() => () => {}),
      loadOverview: fromPromise(() => new Promise<OverviewFacts>(() => {})),
    },
  })
  const actor = createActor(machine, {
    snapshot: machine.resolveState({
      value,
      context: {
        orgId: acme.org_id,
        userId: ada._id,
        overview,
        loadError: value === 'failed' ? OVERVIEW_LOAD_FAILED_MESSAGE : null,
        checklistDismissed: options.dismissed ?? false,
      },
    }),
  })
  actor.start()
  return actor
}

const now = Math.floor(Date.now() / 1000)
const latest = [
  makeNotification('n1', { title: 'Payment failed for invoice INV-2041', priority: 'urgent', created_at_timestamp: now - 240 }),
  makeNotification('n2', { title: 'Priya Shah replied to “Order #5521 arrived damaged”', created_at_timestamp: now - 3_600 }),
  makeNotification('n3', { title: 'Weekly report: response times improved 12%', read: true, status: 'read', created_at_timestamp: now - 86_400 }),
  makeNotification('n4', { title: 'Voice agent “Returns desk” was published', read: true, status: 'read', created_at_timestamp: now - 2 * 86_400 }),
]

interface PageOptions {
  readonly state: Shown
  readonly overview: OverviewResponse | null
  readonly credits?: CreditsSummary | null
  readonly refs?: ReadonlyArray<string>
  readonly notifications?: 'loading' | 'idle'
}

function Providers({ options, navigate, children }: { options: PageOptions; navigate: (href: string) => void; children: ReactNode }) {
  const credits = options.credits === undefined ? acmeCredits : options.credits
  return (
    <RouterProvider navigate={navigate}>
      <AuthActorProvider actor={authActorIn('authenticated', { user: ada, currentOrg: acme })}>
        <PermissionsActorProvider actor={permissionsActorFor(options.refs ?? ['SUPER_ADMIN'], storySets)}>
          <CreditsActorProvider actor={creditsActorIn(credits === null ? 'loading' : 'ready', credits)}>
            <NotificationsActorProvider actor={notificationsActorIn({ list: options.notifications ?? 'idle', items: options.notifications === 'loading' ? [] : latest })}>
              {children}
            </NotificationsActorProvider>
          </CreditsActorProvider>
        </PermissionsActorProvider>
      </AuthActorProvider>
    </RouterProvider>
  )
}

function pageStory(options: PageOptions): Story {
  return {
    render: (args) => (
      <Providers options={options} navigate={args.navigate}>
        <div style={{ padding: 24 }}>
          <OverviewView overview={overviewActorIn(options.state, options.overview)} />
        </div>
      </Providers>
    ),
    parameters: { machineState: { machine: 'overview', state: options.state } satisfies MachineStateParameter },
  }
}

/** The first moments: skeletons in every card while the facts, credits and notifications load. */
export const Loading: Story = {
  ...pageStory({ state: 'loading', overview: null, credits: null, notifications: 'loading' }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole('heading', { name: 'Overview', level: 1 })).toBeVisible()
    await expect(canvas.getByText('Loading your checklist…')).toBeInTheDocument()
    await expect(canvas.getByText('Loading team…')).toBeInTheDocument()
  },
}

/** The facts could not be loaded: a plain reason and 'Try again'; credits and notifications still show. */
export const Failed: Story = {
  ...pageStory({ state: 'failed', overview: null }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole('alert')).toHaveTextContent(createTranslator(ENGLISH).text(OVERVIEW_LOAD_FAILED_MESSAGE))
    await expect(canvas.getByRole('button', { name: 'Try again' })).toBeVisible()
  },
}

/** A workspace just signed up: four items, none ticked, one member. */
export const NewWorkspace: Story = {
  ...pageStory({ state: 'ready', overview: freshOverview }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const checklist = within(canvas.getByRole('region', { name: 'Getting started' }))
    await expect(checklist.getByText('0 of 4 done')).toBeVisible()
    await expect(checklist.getByRole('link', { name: 'Invite a teammate' })).toHaveAttribute('href', '/app/setting/team/invite')
    await expect(checklist.getByRole('link', { name: 'Create a role' })).toHaveAttribute('href', '/app/setting/roles/create-role')
    const team = within(canvas.getByRole('region', { name: 'Team' }))
    await expect(team.getByText('member')).toBeVisible()
  },
}

/** The demo's Acme: two items done, credits at 80 % used (the warning notice). */
export const RunningLow: Story = {
  ...pageStory({ state: 'ready', overview: acmeOverview, credits: warningCredits }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByText('You have used 80% of this month’s credits.')).toBeVisible()
    await expect(canvas.getByRole('link', { name: 'Invite a teammate (done)' })).toBeVisible()
  },
}

/** Everything done: the checklist collapses to 'All set'; credits at 90 %+ used (critical). */
export const AllDone: Story = {
  ...pageStory({ state: 'ready', overview: doneOverview, credits: criticalCredits }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole('heading', { name: /All set/ })).toBeVisible()
    await expect(canvas.queryByRole('list', { name: 'Getting started checklist' })).toBeNull()
  },
}

/** The Support Agent: no team card; only the push and preference items. */
export const SupportAgent: Story = {
  ...pageStory({ state: 'ready', overview: agentOverview, refs: storySets.filter((s) => !s.is_system).map((s) => s._id) }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.queryByRole('region', { name: 'Team' })).toBeNull()
    await expect(canvas.queryByRole('link', { name: /Invite a teammate/ })).toBeNull()
    await expect(canvas.getByText('1 of 2 done')).toBeVisible()
  },
}
