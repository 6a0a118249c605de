import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent, within } from 'storybook/test'
import { createActor } from 'xstate'
import { acme, ada, initech, waitlistLabs } from '../machines/testing/fixtures.ts'
import { toastsMachine } from '../machines/toasts/toasts.machine.ts'
import { DashboardPage } from '../src/pages/DashboardPage.tsx'
import { SignOutPage } from '../src/pages/SignOutPage.tsx'
import { SignUpInfoPage } from '../src/pages/SignUpInfoPage.tsx'
import { WaitlistPage } from '../src/pages/WaitlistPage.tsx'
import { ApiProvider } from '../src/system/api.tsx'
import { AuthActorProvider, PermissionsActorProvider, SidebarActorProvider } from '../src/system/react.tsx'
import { ToastsActorProvider } from '../src/system/toasts.tsx'
import { AppLayout } from '../src/ui/AppLayout.tsx'
import { Splash } from '../src/ui/Splash.tsx'
import { pendingApi } from './api-stub.ts'
import { authActorIn } from './auth-actor.tsx'
import { permissionsActorFor } from './permissions-actor.tsx'
import { sidebarActorIn } from './sidebar-actor.tsx'

/**
 * The auth machine (SPEC §2.2, §4): the splash while the session is read, and the page each
 * signed-in state leads to. Its sign-in and sign-up forms are in SignInPage.stories.tsx and
 * SignUp.stories.tsx, under the same node.
 */
const meta: Meta = { title: 'Machines/auth' }
export default meta

/** `loading` (reading the stored session) and `verifying` (asking the server) look the same. */
export const Loading: StoryObj = {
  render: () => <Splash />,
  parameters: {
    machineState: [{ machine: 'auth', state: 'loading' }, { machine: 'auth', state: 'verifying' }],
    machineStateWithoutActor: 'The splash is drawn from the auth state alone and holds no actor of its own.',
  },
}

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

/** `signingOut` and `signedOut` (the 1 s before the redirect) look the same: /app/signout. */
export const SigningOut: StoryObj = {
  ...inState('signingOut', { user: ada, currentOrg: acme }, '/app/signout', SignOutPage),
  parameters: { machineState: [{ machine: 'auth', state: 'signingOut' }, { machine: 'auth', state: 'signedOut' }] },
}
