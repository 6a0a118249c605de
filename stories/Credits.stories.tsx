/**
 * The credits summary in the header and the billing page (SPEC §2.3, §3 Credits summary), one
 * story per state a person can see. Credits actors start from a saved state with loads that
 * never answer (machines/credits); permissions are resolved for a member with or without
 * BILLING read.
 */
import type { Meta, StoryObj } from '@storybook/react-vite'
import type { ReactNode } from 'react'
import { RouterProvider } from 'react-aria-components'
import { expect, fn, userEvent, within } from 'storybook/test'
import type { PermissionSet } from '../contract/api.ts'
import type { CreditsSummary as Summary } from '../contract/workspaces.ts'
import { acmeCredits, criticalCredits, unlimitedCredits, unusedCredits, warningCredits } from '../machines/credits/credits.fixtures.ts'
import { CREDIT_TONES, type CreditTone } from '../machines/credits/credits.selectors.ts'
import { acme, ada } from '../machines/testing/fixtures.ts'
import { BillingPage } from '../src/pages/BillingPage.tsx'
import { AuthActorProvider, CreditsActorProvider, PermissionsActorProvider, SidebarActorProvider } from '../src/system/react.tsx'
import { AppLayout } from '../src/ui/AppLayout.tsx'
import { CreditsSummary } from '../src/ui/shell/CreditsSummary.tsx'
import { authActorIn } from './auth-actor.tsx'
import { creditsActorIn } from './credits-actor.tsx'
import { permissionsActorFor, storySets } from './permissions-actor.tsx'
import type { MachineStateParameter } from './machine-states.ts'
import { sidebarActorIn } from './sidebar-actor.tsx'

interface Args {
  /** Where react-aria links would navigate (recorded instead of leaving the story). */
  readonly navigate: (href: string) => void
  /** The header's tone, for the `InTheHeader` story's control. */
  readonly tone?: CreditTone
  /** Credits used this month and the plan's total, for the `Playground` story's controls. */
  readonly used?: number
  readonly total?: number
}
const meta: Meta<Args> = { title: 'Machines/credits', args: { navigate: fn() }, argTypes: { navigate: { table: { disable: true } } } }
export default meta
type Story = StoryObj<Args>

/** The credits state a story starts from, as `parameters.machineState` (stories/machine-states.ts). */
const shows = (state: 'ready' | 'loading'): { machineState: MachineStateParameter } => ({
  machineState: { machine: 'credits', state: state === 'ready' ? { ready: 'fresh' } : 'loading' },
})

/** A member of a custom set without BILLING read: the summary is plain text, not a link. */
const agentRefs = storySets.filter((s) => !s.is_system).map((s) => s._id)

function Providers({ credits, refs = ['SUPER_ADMIN'], sets = storySets, navigate, children }: { credits: ReturnType<typeof creditsActorIn>; refs?: ReadonlyArray<string>; sets?: ReadonlyArray<PermissionSet>; navigate: (href: string) => void; children: ReactNode }) {
  return (
    <RouterProvider navigate={navigate}>
      <PermissionsActorProvider actor={permissionsActorFor(refs, sets)}>
        <CreditsActorProvider actor={credits}>{children}</CreditsActorProvider>
      </PermissionsActorProvider>
    </RouterProvider>
  )
}

function summaryStory(summary: Summary | null, options: { refs?: ReadonlyArray<string>; state?: 'ready' | 'loading' } = {}): Story {
  return {
    render: (args) => (
      <Providers credits={creditsActorIn(options.state ?? 'ready', summary)} refs={options.refs} navigate={args.navigate}>
        <div style={{ padding: 24, display: 'flex' }}>
          <CreditsSummary />
        </div>
      </Providers>
    ),
    parameters: shows(options.state ?? 'ready'),
  }
}

/** Before the current org's first answer (or right after an org switch): SPEC §3's initial value, unlimited, marked busy. */
export const Loading: Story = summaryStory(null, { state: 'loading' })

/** The first answer has not arrived yet. */
export const BillingPageLoading: Story = billingStory(() => creditsActorIn('loading', null), 'loading')

/**
 * 7,500 of 10,000 left: the normal tone; a link to Billing for a member with BILLING read.
 * It reads '7,500 credits left', the bar fills with the 25 % used, the tooltip says what was used.
 */
export const Normal: Story = {
  ...summaryStory(acmeCredits),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const meter = canvas.getByRole('meter', { name: 'Credits used this month' })
    await expect(meter).toHaveAttribute('aria-valuetext', 'Used 2,500 of 10,000 this month')
    await expect(meter).toHaveAttribute('aria-valuenow', '25')
    const link = canvas.getByRole('link', { name: '7,500 credits left' })
    await expect(link).toHaveAttribute('href', '/app/billing')
    await expect(link).toHaveTextContent('7,500 credits left')
    await userEvent.tab()
    await expect(await within(document.body).findByRole('tooltip')).toHaveTextContent('Used 2,500 of 10,000 this month')
  },
}

/** A new month with nothing used: every credit left and an empty bar, not a full one that looks spent. */
export const NothingUsedYet: Story = {
  ...summaryStory(unusedCredits),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole('link', { name: '10,000 credits left' })).toBeVisible()
    await expect(canvas.getByRole('meter', { name: 'Credits used this month' })).toHaveAttribute('aria-valuenow', '0')
  },
}

/** 80 % used: the warning tone (from 75 %). */
export const Warning: Story = {
  ...summaryStory(warningCredits),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('link', { name: '2,000 credits left' })).toHaveAttribute('data-tone', 'warning')
  },
}

/** 96 % used: the critical tone (from 90 %), with an icon so it does not rest on colour alone. */
export const Critical: Story = {
  ...summaryStory(criticalCredits),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole('link', { name: '400 credits left' })).toHaveAttribute('data-tone', 'critical')
    await expect(canvas.getByRole('meter', { name: 'Credits used this month' })).toHaveAttribute('aria-valuetext', 'Used 9,600 of 10,000 this month, 96% used')
  },
}

/** An unlimited plan (null totals): 'Unlimited credits', no bar. */
export const Unlimited: Story = {
  ...summaryStory(unlimitedCredits),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('meter', { name: 'Credits used this month' })).toHaveAttribute('aria-valuetext', 'Unlimited')
    await expect(within(canvasElement).getByRole('link', { name: 'Unlimited credits' })).toBeVisible()
  },
}

const byTone: Record<CreditTone, Summary> = { normal: acmeCredits, warning: warningCredits, critical: criticalCredits }

/** A member without BILLING read: the same summary, not a link; pressing it shows the usage. */
export const WithoutBillingAccess: Story = {
  ...summaryStory(acmeCredits, { refs: agentRefs }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.queryByRole('link')).toBeNull()
    await expect(canvas.getByRole('meter', { name: 'Credits used this month' })).toBeVisible()
    // The usage opens in a popover (a tooltip needs an interactive trigger).
    const summary = canvas.getByRole('button', { name: '7,500 credits left' })
    await expect(summary).toHaveAttribute('data-tone', 'normal')
    await userEvent.click(summary)
    await expect(await within(document.body).findByRole('dialog', { name: 'Credits this month' })).toHaveTextContent('Used 2,500 of 10,000 this month')
  },
}

// The billing page

function billingStory(credits: () => ReturnType<typeof creditsActorIn>, state: 'ready' | 'loading' = 'ready'): Story {
  return {
    render: (args) => (
      <Providers credits={credits()} navigate={args.navigate}>
        <div style={{ padding: 24 }}>
          <BillingPage />
        </div>
      </Providers>
    ),
    parameters: { layout: 'fullscreen', ...shows(state) },
  }
}

/** The summary in its place in the header, between the notifications slot and the user menu; pick the tone. */
export const InTheHeader: Story = {
  args: { tone: 'warning' },
  argTypes: { tone: { control: 'inline-radio', options: CREDIT_TONES } },
  render: (args) => (
    <Providers credits={creditsActorIn('ready', byTone[args.tone ?? 'normal'])} navigate={args.navigate}>
      <AuthActorProvider actor={authActorIn('authenticated', { user: ada, currentOrg: acme, hasStoredSession: true })}>
        <SidebarActorProvider actor={sidebarActorIn({ panel: 'expanded', mode: 'docked' })}>
          <AppLayout pathname="/app/dashboard">
            <p>The header shows this workspace’s credits.</p>
          </AppLayout>
        </SidebarActorProvider>
      </AuthActorProvider>
    </Providers>
  ),
  parameters: { layout: 'fullscreen', ...shows('ready') },
}

// Opening the page asks for fresh numbers (`credits.refetch` → `refreshing`); they answer at once
// with the same summary, so the page ends in `ready.fresh` as its stories name.

/** This month's usage by category as a chart and a table, the plan and the reset date. */
export const BillingPageReady: Story = {
  ...billingStory(() => creditsActorIn('ready', acmeCredits, { loads: 'answering' })),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const table = canvas.getByRole('table', { name: /Credits used by category/ })
    const rows = within(table).getAllByRole('row').slice(1).map((r) => within(r).getByRole('rowheader').textContent)
    await expect(rows).toEqual(['AI', 'Voice', 'Messaging'])
    await expect(canvas.getByText('Growth')).toBeVisible()
    await expect(canvas.getByText(/Credits reset on/)).toBeVisible()
  },
}

/** An unlimited plan: the totals read 'Unlimited'. */
export const BillingPageUnlimited: Story = billingStory(() => creditsActorIn('ready', unlimitedCredits, { loads: 'answering' }))

/** Nothing used yet this month. */
export const BillingPageNoUsage: Story = billingStory(() => creditsActorIn('ready', unusedCredits, { loads: 'answering' }))

/** The first load failed (logged, SPEC §8); the page offers to try again. */
export const BillingPageUnavailable: Story = {
  ...billingStory(() => creditsActorIn('ready', null, { loads: 'failing' })),
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('button', { name: 'Try again' })).toBeVisible()
  },
}

/** Pick credits used and the plan's total with the controls: the tone and the meter follow (75 % warning, 90 % critical). */
export const Playground: Story = {
  args: { used: 8_800, total: 10_000 },
  argTypes: {
    used: { control: { type: 'range', min: 0, max: 20_000, step: 100 } },
    total: { control: { type: 'range', min: 1_000, max: 20_000, step: 500 } },
  },
  render: (args) => {
    const total = args.total ?? 10_000
    const used = Math.min(args.used ?? 0, total)
    const summary: Summary = {
      ...acmeCredits,
      totalCredits: total,
      usedCredits: used,
      remainingCredits: total - used,
      percentageUsed: Math.round((used / total) * 100),
      creditsByCategory: { ai: Math.round(used * 0.6), voice: Math.round(used * 0.25), messaging: used - Math.round(used * 0.6) - Math.round(used * 0.25) },
      aiCredits: Math.round(used * 0.6),
    }
    return (
      <Providers credits={creditsActorIn('ready', summary)} navigate={args.navigate}>
        <div style={{ padding: 24, display: 'flex' }}>
          <CreditsSummary />
        </div>
      </Providers>
    )
  },
  parameters: shows('ready'),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('link', { name: /credits left$/ })).toHaveAttribute('data-tone', 'warning')
  },
}
