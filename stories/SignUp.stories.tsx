/**
 * The sign-up journey of the auth machine: the sign-in page in its sign-up mode (`unauthenticated`
 * / `signingUp`; /signup opens on it) and the waitlist page (`authenticated` in a workspace not yet
 * approved). Actors start from a saved state with calls that never answer.
 */
import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent, within } from 'storybook/test'
import { ada, waitlistLabs } from '../machines/testing/fixtures.ts'
import { WaitlistPage } from '../src/pages/WaitlistPage.tsx'
import { AuthActorProvider } from '../src/system/react.tsx'
import { SignInPage } from '../src/ui/SignInPage.tsx'
import { authActorIn } from './auth-actor.tsx'

// The node's docs page comes from Auth.stories.tsx (one per node).
const meta: Meta = { title: 'Machines/auth', tags: ['!autodocs'], parameters: { layout: 'fullscreen' } }
export default meta
type Story = StoryObj

function signUpIn(value: string, context: Parameters<typeof authActorIn>[1] = {}): Story {
  return {
    render: () => (
      <AuthActorProvider actor={authActorIn(value, context)}>
        <SignInPage redirect={null} initialMode="signUp" />
      </AuthActorProvider>
    ),
    parameters: { machineState: { machine: 'auth', state: value } },
  }
}

/** /app/waitlist: the new workspace waits for approval; the page checks again on focus and every 30 s. */
export const Waitlist: Story = {
  parameters: { machineState: { machine: 'auth', state: 'authenticated' } },
  render: () => (
    <AuthActorProvider actor={authActorIn('authenticated', { user: ada, currentOrg: waitlistLabs, hasStoredSession: true })}>
      <WaitlistPage />
    </AuthActorProvider>
  ),
}

/** Sign-up mode, `unauthenticated`, nothing typed yet. */
export const SignUpIdle: Story = signUpIn('unauthenticated')

/** /signup: the page opens on the sign-up form, and its way back is a 'Sign in' link to /signin. */
export const SignUpOwnAddress: Story = {
  parameters: { machineState: { machine: 'auth', state: 'unauthenticated' } },
  render: () => (
    <AuthActorProvider actor={authActorIn('unauthenticated')}>
      <SignInPage redirect={null} initialMode="signUp" signInHref="/signin" />
    </AuthActorProvider>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole('heading', { name: 'Create your Engage account' })).toBeVisible()
    await expect(canvas.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/signin')
    await expect(document.title).toBe('Create your account · Engage')
  },
}

/** /signup?plan=growth (Pricing's 'Start with Growth'): the form names the plan the new workspace starts on. */
export const SignUpWithPlan: Story = {
  parameters: { machineState: { machine: 'auth', state: 'unauthenticated' } },
  render: () => (
    <AuthActorProvider actor={authActorIn('unauthenticated')}>
      <SignInPage redirect={null} initialMode="signUp" signInHref="/signin" plan="growth" />
    </AuthActorProvider>
  ),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText(/starts on the Growth plan, 10,000 credits a month/)).toBeVisible()
  },
}

/** From the sign-in form, 'Create an account' switches the page to sign-up. */
export const SignInToSignUp: Story = {
  parameters: { machineState: { machine: 'auth', state: 'unauthenticated' } },
  render: () => (
    <AuthActorProvider actor={authActorIn('unauthenticated')}>
      <SignInPage redirect={null} />
    </AuthActorProvider>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.click(canvas.getByRole('button', { name: 'Create an account' }))
    await expect(canvas.getByRole('heading', { name: 'Create your Engage account' })).toBeVisible()
    await expect(canvas.getByLabelText('Work email')).toBeVisible()
  },
}

/** `unauthenticated` after sending an empty form: the contract's messages, without a server round trip. */
export const SignUpFieldErrors: Story = {
  ...signUpIn('unauthenticated'),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.type(canvas.getByLabelText('Password'), 'short')
    await userEvent.click(canvas.getByRole('button', { name: 'Create account' }))
    await expect(await canvas.findByText('Your name is required')).toBeVisible()
    await expect(canvas.getByText('Use at least 10 characters')).toBeVisible()
    await expect(canvas.getByText('Workspace name is required')).toBeVisible()
  },
}

/** `unauthenticated` after a 409: the email already has an account; the field says so, once. */
export const SignUpEmailTaken: Story = signUpIn('unauthenticated', {
  error: {
    code: 'conflict',
    message: 'An account with this email already exists.',
    fields: { email: 'An account with this email already exists.' },
  },
})

/** `signingUp`: the form is disabled and the button says so. */
export const SignUpSubmitting: Story = signUpIn('signingUp', { userInitiated: true })
