import type { Meta, StoryObj } from '@storybook/react-vite'
import { acme, ada, initech, waitlistLabs } from '../machines/testing/fixtures.ts'
import { DashboardPage } from '../src/pages/DashboardPage.tsx'
import { SignOutPage } from '../src/pages/SignOutPage.tsx'
import { SignUpInfoPage } from '../src/pages/SignUpInfoPage.tsx'
import { WaitlistPage } from '../src/pages/WaitlistPage.tsx'
import { AuthActorProvider } from '../src/system/react.tsx'
import { AppLayout } from '../src/ui/AppLayout.tsx'
import { authActorIn } from './auth-actor.tsx'

/** The pages each auth state leads to (SPEC §2.2, §4). */
const meta: Meta = { title: 'Auth/Pages by state' }
export default meta

/** `authenticated` in an approved, completed workspace: the layout and the Overview. */
export const AuthenticatedOverview: StoryObj = {
  render: () => (
    <AuthActorProvider actor={authActorIn('authenticated', { user: ada, currentOrg: acme, hasStoredSession: true })}>
      <AppLayout pathname="/app/dashboard">
        <DashboardPage />
      </AppLayout>
    </AuthActorProvider>
  ),
}

/** `authenticated` in a workspace that is not waitlist_approved: /app/waitlist, bare layout. */
export const AuthenticatedOnWaitlist: StoryObj = {
  render: () => (
    <AuthActorProvider actor={authActorIn('authenticated', { user: ada, currentOrg: waitlistLabs, hasStoredSession: true })}>
      <AppLayout pathname="/app/waitlist">
        <WaitlistPage />
      </AppLayout>
    </AuthActorProvider>
  ),
}

/** `authenticated`, approved but signup_completed false: /app/sign-up-info, bare layout. */
export const AuthenticatedSignUpIncomplete: StoryObj = {
  render: () => (
    <AuthActorProvider actor={authActorIn('authenticated', { user: ada, currentOrg: initech, hasStoredSession: true })}>
      <AppLayout pathname="/app/sign-up-info">
        <SignUpInfoPage />
      </AppLayout>
    </AuthActorProvider>
  ),
}

/** `signingOut` and `signedOut` (the 1 s before the redirect) look the same: /app/signout. */
export const SigningOut: StoryObj = {
  render: () => (
    <AuthActorProvider actor={authActorIn('signingOut', { user: ada, currentOrg: acme })}>
      <AppLayout pathname="/app/signout">
        <SignOutPage />
      </AppLayout>
    </AuthActorProvider>
  ),
}
