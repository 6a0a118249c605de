import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent, within } from 'storybook/test'
import { acme, ada, initech, waitlistLabs } from '../machines/testing/fixtures.ts'
import { DashboardPage } from '../src/pages/DashboardPage.tsx'
import {
  BookACallPage,
  JoinUsPage,
  LandingPage,
  PricingPage,
  PrivacyPolicyPage,
  RefundPolicyPage,
  TermsOfServicePage,
  ToolsPage,
} from '../src/pages/public/PublicSite.tsx'
import { SignOutPage } from '../src/pages/SignOutPage.tsx'
import { SignUpInfoPage } from '../src/pages/SignUpInfoPage.tsx'
import { WaitlistPage } from '../src/pages/WaitlistPage.tsx'
import { createActor } from 'xstate'
import { toastsMachine } from '../machines/toasts/toasts.machine.ts'
import { ApiProvider } from '../src/system/api.tsx'
import { ToastsActorProvider } from '../src/system/toasts.tsx'
import { AuthActorProvider, PermissionsActorProvider, SidebarActorProvider } from '../src/system/react.tsx'
import { pendingApi } from './api-stub.ts'
import { permissionsActorFor } from './permissions-actor.tsx'
import { sidebarActorIn } from './sidebar-actor.tsx'
import { AppLayout } from '../src/ui/AppLayout.tsx'
import { authActorIn } from './auth-actor.tsx'

/** The pages each auth state leads to (SPEC §2.2, §4), and the public site's pages. */
const meta: Meta = { title: 'Auth/Pages by state' }
export default meta

function inState(value: string, context: Parameters<typeof authActorIn>[1], pathname: string, Page: () => React.ReactNode): StoryObj {
  return {
    render: () => (
      <AuthActorProvider actor={authActorIn(value, context)}>
        <PermissionsActorProvider actor={permissionsActorFor(['SUPER_ADMIN'])}>
          <SidebarActorProvider actor={sidebarActorIn({ panel: 'expanded', mode: 'docked' })}>
            {/* The sign-up-info form sends through the API: one that never answers. */}
            <ApiProvider api={pendingApi}>
              {/* The shell's invitations actor reports its outcomes as toasts. */}
              <ToastsActorProvider actor={createActor(toastsMachine).start()}>
                <AppLayout pathname={pathname}>
                  <Page />
                </AppLayout>
              </ToastsActorProvider>
            </ApiProvider>
          </SidebarActorProvider>
        </PermissionsActorProvider>
      </AuthActorProvider>
    ),
    parameters: { machineState: { machine: 'auth', state: value } },
  }
}

/** `authenticated` in an approved, completed workspace: the layout and the Overview. */
export const AuthenticatedOverview = inState('authenticated', { user: ada, currentOrg: acme, hasStoredSession: true }, '/app/dashboard', DashboardPage)

/** `authenticated` in a workspace that is not waitlist_approved: /app/waitlist, bare layout. */
export const AuthenticatedOnWaitlist = inState('authenticated', { user: ada, currentOrg: waitlistLabs, hasStoredSession: true }, '/app/waitlist', WaitlistPage)

/** `authenticated`, approved but signup_completed false: /app/sign-up-info, bare layout. */
export const AuthenticatedSignUpIncomplete = inState('authenticated', { user: ada, currentOrg: initech, hasStoredSession: true }, '/app/sign-up-info', SignUpInfoPage)

/** `signingOut` and `signedOut` (the 1 s before the redirect) look the same: /app/signout. */
export const SigningOut: StoryObj = {
  ...inState('signingOut', { user: ada, currentOrg: acme }, '/app/signout', SignOutPage),
  parameters: { machineState: [{ machine: 'auth', state: 'signingOut' }, { machine: 'auth', state: 'signedOut' }] },
}

/** The shell's first Tab stop is 'Skip to content'; Enter moves focus to the page. */
export const ShellSkipLink: StoryObj = {
  ...AuthenticatedOverview,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.tab()
    const skip = canvas.getByRole('link', { name: 'Skip to content' })
    await expect(skip).toHaveFocus()
    await userEvent.keyboard('{Enter}')
    await expect(canvas.getByRole('main')).toHaveFocus()
  },
}

// The public site (SPEC §2.1): no machine, one story per page.

const site = (Page: () => React.ReactNode): StoryObj => ({ render: () => <Page /> })

/** `/`: what Engage is, the shell's picture, the features and the calls to sign up. */
export const Landing = site(LandingPage)
/** `/pricing`: the plans with their credits a month. */
export const Pricing = site(PricingPage)
/** `/tools`: what is coming, marked so. */
export const Tools = site(ToolsPage)
/** `/joinus`: open roles and how to apply. */
export const JoinUs = site(JoinUsPage)
/** `/book-a-call`: what a call covers, and an email link to ask for one. */
export const BookACall = site(BookACallPage)
/** `/terms-of-service`. */
export const TermsOfService = site(TermsOfServicePage)
/** `/privacy-policy`. */
export const PrivacyPolicy = site(PrivacyPolicyPage)
/** `/refund-policy`. */
export const RefundPolicy = site(RefundPolicyPage)

/** On a public page too, the first Tab stop is the skip link, shown while focused. */
export const PublicSkipLink: StoryObj = {
  ...Landing,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.tab()
    await expect(canvas.getByRole('link', { name: 'Skip to content' })).toHaveFocus()
    await userEvent.keyboard('{Enter}')
    await expect(canvas.getByRole('main')).toHaveFocus()
  },
}
