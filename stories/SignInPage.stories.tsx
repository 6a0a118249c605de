import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent, within } from 'storybook/test'
import { AuthActorProvider } from '../src/system/react.tsx'
import { SignInPage } from '../src/ui/SignInPage.tsx'
import { authActorIn } from './auth-actor.tsx'

const meta: Meta<typeof SignInPage> = {
  title: 'Auth/Sign-in page',
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

/** `signingIn`: the form is disabled and the button says so. */
export const Submitting: Story = {
  parameters: { machineState: { machine: 'auth', state: 'signingIn' } },
  render: (args) => (
    <AuthActorProvider actor={authActorIn('signingIn', { userInitiated: true })}>
      <SignInPage {...args} />
    </AuthActorProvider>
  ),
}

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
