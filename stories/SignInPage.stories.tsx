import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent, within } from 'storybook/test'
import { AuthActorProvider } from '../src/system/react.tsx'
import { SignInPage } from '../src/ui/SignInPage.tsx'
import { authActorIn } from './auth-actor.tsx'

const meta: Meta<typeof SignInPage> = {
  title: 'Machines/auth',
  // The node's docs page comes from Auth.stories.tsx (one per node).
  tags: ['!autodocs'],
  component: SignInPage,
  args: { redirect: null, fromApp: false },
  // Every story of this file is `unauthenticated` unless it says otherwise (stories/machine-states.ts).
  parameters: { machineState: { machine: 'auth', state: 'unauthenticated' } },
}
export default meta
type Story = StoryObj<typeof SignInPage>

/** `unauthenticated`, nothing typed yet. */
export const Idle: Story = {
  render: (args) => (
    <AuthActorProvider actor={authActorIn('unauthenticated')}>
      <SignInPage {...args} />
    </AuthActorProvider>
  ),
}

/** `unauthenticated` after a visit to an /app page (SPEC §2.2 main_app=true). */
export const FromAnAppPage: Story = { ...Idle, args: { redirect: '/app/dashboard', fromApp: true } }

/** `unauthenticated` after a 401 `invalid_credentials`. */
export const WrongCredentials: Story = {
  render: (args) => (
    <AuthActorProvider
      actor={authActorIn('unauthenticated', { error: { code: 'invalid_credentials', message: 'Incorrect email or password.', fields: {} } })}
    >
      <SignInPage {...args} />
    </AuthActorProvider>
  ),
}

/** `unauthenticated` with field errors from the contract, shown without a server round trip. */
export const FieldErrors: Story = {
  render: (args) => (
    <AuthActorProvider actor={authActorIn('unauthenticated')}>
      <SignInPage {...args} />
    </AuthActorProvider>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.type(canvas.getByLabelText('Email'), 'not-an-email')
    await userEvent.click(canvas.getByRole('button', { name: 'Sign in' }))
    await expect(await canvas.findByText('Enter a valid email address')).toBeVisible()
    await expect(canvas.getByText('Enter your password')).toBeVisible()
  },
}

/** `unauthenticated` after an SSO workspace ended a password session. */
export const SingleSignOnRequired: Story = {
  render: (args) => (
    <AuthActorProvider
      actor={authActorIn('unauthenticated', {
        error: { code: 'sso_required', message: 'This workspace uses single sign-on. Sign in through your organisation’s identity provider.', fields: {} },
      })}
    >
      <SignInPage {...args} />
    </AuthActorProvider>
  ),
}

/** `twoFactor.entering`: the password was right; the authenticator app's code is asked for. */
export const TwoFactorCode: Story = {
  parameters: { machineState: { machine: 'auth', state: { twoFactor: 'entering' } } },
  render: (args) => (
    <AuthActorProvider actor={authActorIn({ twoFactor: 'entering' }, { twoFactorToken: 'challenge' })}>
      <SignInPage {...args} />
    </AuthActorProvider>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole('heading', { name: 'Two-factor authentication' })).toBeVisible()
    await expect(canvas.getByLabelText('Authentication code')).toHaveValue('')
    await expect(canvas.getByRole('button', { name: 'Use a recovery code' })).toBeVisible()
  },
}

/** `twoFactor.entering` after the server refused the code (400 on `code`). */
export const TwoFactorWrongCode: Story = {
  parameters: { machineState: { machine: 'auth', state: { twoFactor: 'entering' } } },
  render: (args) => (
    <AuthActorProvider
      actor={authActorIn({ twoFactor: 'entering' }, {
        twoFactorToken: 'challenge',
        error: {
          code: 'invalid_request',
          message: 'That code is not right. Check your authenticator app and try again.',
          fields: { code: 'That code is not right. Check your authenticator app and try again.' },
        },
      })}
    >
      <SignInPage {...args} />
    </AuthActorProvider>
  ),
}

/** `twoFactor.checking`: the code is being checked; the form is disabled. */
export const TwoFactorChecking: Story = {
  parameters: { machineState: { machine: 'auth', state: { twoFactor: 'checking' } } },
  render: (args) => (
    <AuthActorProvider actor={authActorIn({ twoFactor: 'checking' }, { twoFactorToken: 'challenge', userInitiated: true })}>
      <SignInPage {...args} />
    </AuthActorProvider>
  ),
}

/** `signingIn`: the form is disabled and the button says so. */
export const Submitting: Story = {
  parameters: { machineState: { machine: 'auth', state: 'signingIn' } },
  render: (args) => (
    <AuthActorProvider actor={authActorIn('signingIn', { userInitiated: true })}>
      <SignInPage {...args} />
    </AuthActorProvider>
  ),
}

/** Interaction (ends elsewhere than its start): a short code is refused in the browser, then 'Use a recovery code' switches the field. */
export const TwoFactorCodeChecks: Story = {
  // No named state: it ends on the recovery-code form (the file's `unauthenticated` does not apply).
  parameters: { machineState: [] },
  render: TwoFactorCode.render,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.type(canvas.getByLabelText('Authentication code'), '12')
    await userEvent.click(canvas.getByRole('button', { name: 'Verify' }))
    await expect(await canvas.findByText('Enter the 6-digit code from your authenticator app')).toBeVisible()
    await userEvent.click(canvas.getByRole('button', { name: 'Use a recovery code' }))
    await expect(canvas.getByLabelText('Recovery code')).toBeVisible()
  },
}
