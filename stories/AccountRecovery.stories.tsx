import type { Meta, StoryObj } from '@storybook/react-vite'
import type { ReactNode } from 'react'
import { expect, userEvent, within } from 'storybook/test'
import { ACCOUNT_MESSAGES, PASSWORD_RESET_SENT } from '../contract/account.ts'
import type { Endpoints } from '../src/api/endpoints.ts'
import { ConfirmEmailPage } from '../src/pages/account/ConfirmEmailPage.tsx'
import { ForgotPasswordPage } from '../src/pages/account/ForgotPasswordPage.tsx'
import { ResetPasswordPage } from '../src/pages/account/ResetPasswordPage.tsx'
import { ApiProvider } from '../src/system/api.tsx'

/**
 * Account recovery and address confirmation: /forgot-password (passwordResetRequest),
 * /reset-password (passwordReset) and /confirm-email (emailConfirmation) in each visible state,
 * through a stub API whose calls answer as the story says (or never, for the busy states).
 */
const meta: Meta = { title: 'Auth/Account recovery' }
export default meta

type Account = Endpoints['account']
const never = () => new Promise<never>(() => {})
const refused = (status: number, code: string, message: string) => Promise.reject(Object.assign(new Error(message), { status, code, issues: [] }))

function withApi(account: Partial<Account>, page: () => ReactNode, machineState: StoryObj['parameters']): StoryObj {
  return {
    parameters: { machineState },
    render: () => <ApiProvider api={{ account: { passwordReset: never, confirmPasswordReset: never, confirmEmail: never, resendEmailConfirmation: never, ...account } } as unknown as Endpoints}>{page()}</ApiProvider>,
  }
}

// /forgot-password

const forgot = (state: string) => ({ machine: 'passwordResetRequest', state })

/** passwordResetRequest.editing: the address typed on the sign-in form is already there. */
export const ForgotPassword = withApi({}, () => <ForgotPasswordPage email="ada@acme.test" />, forgot('editing'))

/** passwordResetRequest.editing with the contract's field error. */
export const ForgotPasswordMalformedAddress: StoryObj = {
  ...withApi({}, () => <ForgotPasswordPage />, forgot('editing')),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.type(canvas.getByLabelText('Email'), 'ada@')
    await userEvent.click(canvas.getByRole('button', { name: 'Send link' }))
    await expect(await canvas.findByText('Enter a valid email address')).toBeVisible()
  },
}

/** passwordResetRequest.requesting: the server has not answered. */
export const ForgotPasswordSending: StoryObj = {
  ...withApi({}, () => <ForgotPasswordPage email="ada@acme.test" />, forgot('requesting')),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.click(canvas.getByRole('button', { name: 'Send link' }))
    await expect(await canvas.findByRole('button', { name: 'Sending…' })).toBeVisible()
  },
}

/** passwordResetRequest.editing after a 429: the server's message above the form. */
export const ForgotPasswordRateLimited: StoryObj = {
  ...withApi({ passwordReset: () => refused(429, 'rate_limited', 'Too many attempts. Try again in 60 seconds.') }, () => <ForgotPasswordPage email="ada@acme.test" />, forgot('editing')),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.click(canvas.getByRole('button', { name: 'Send link' }))
    await expect(await canvas.findByRole('alert')).toHaveTextContent('Too many attempts')
  },
}

/** passwordResetRequest.sent: the one answer, whoever the address belongs to. */
export const ForgotPasswordSent: StoryObj = {
  ...withApi({ passwordReset: async () => ({ message: PASSWORD_RESET_SENT }) }, () => <ForgotPasswordPage email="nobody@acme.test" />, forgot('sent')),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.click(canvas.getByRole('button', { name: 'Send link' }))
    await expect(await canvas.findByText(PASSWORD_RESET_SENT)).toBeVisible()
    await expect(canvas.getByRole('link', { name: 'Back to sign in' })).toHaveAttribute('href', '/signin')
  },
}

// /reset-password

const reset = (state: string) => ({ machine: 'passwordReset', state })
const choose = async (canvasElement: HTMLElement, password: string, confirmation: string) => {
  const canvas = within(canvasElement)
  await userEvent.type(canvas.getByLabelText('New password'), password)
  await userEvent.type(canvas.getByLabelText('Confirm password'), confirmation)
  await userEvent.click(canvas.getByRole('button', { name: 'Change password' }))
  return canvas
}

/** passwordReset.editing: a new password and its confirmation. */
export const ResetPassword = withApi({}, () => <ResetPasswordPage token="reset-token" />, reset('editing'))

/** passwordReset.editing with field errors: too short, and a confirmation that differs. */
export const ResetPasswordFieldErrors: StoryObj = {
  ...ResetPassword,
  play: async ({ canvasElement }) => {
    const canvas = await choose(canvasElement, 'short', 'other')
    await expect(await canvas.findByText('Use at least 10 characters')).toBeVisible()
  },
}

/** passwordReset.submitting. */
export const ResetPasswordSaving: StoryObj = {
  ...withApi({}, () => <ResetPasswordPage token="reset-token" />, reset('submitting')),
  play: async ({ canvasElement }) => {
    const canvas = await choose(canvasElement, 'long-enough-password', 'long-enough-password')
    await expect(await canvas.findByRole('button', { name: 'Saving…' })).toBeVisible()
  },
}

/** passwordReset.done: ACCOUNT_MESSAGES.passwordResetDone and 'Sign in'. */
export const ResetPasswordDone: StoryObj = {
  ...withApi({ confirmPasswordReset: async () => ({ ok: true as const }) }, () => <ResetPasswordPage token="reset-token" />, reset('done')),
  play: async ({ canvasElement }) => {
    const canvas = await choose(canvasElement, 'long-enough-password', 'long-enough-password')
    await expect(await canvas.findByText(ACCOUNT_MESSAGES.passwordResetDone)).toBeVisible()
    await expect(canvas.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/signin')
  },
}

/** passwordReset.linkInvalid: the server refused the link (unknown, expired or used); a new one is a click away. */
export const ResetPasswordLinkInvalid: StoryObj = {
  ...withApi({ confirmPasswordReset: () => refused(400, 'invalid_request', ACCOUNT_MESSAGES.linkInvalid) }, () => <ResetPasswordPage token="used-token" />, reset('linkInvalid')),
  play: async ({ canvasElement }) => {
    const canvas = await choose(canvasElement, 'long-enough-password', 'long-enough-password')
    await expect(await canvas.findByRole('alert')).toHaveTextContent(ACCOUNT_MESSAGES.linkInvalid)
    await expect(canvas.getByRole('link', { name: 'Get a new link' })).toHaveAttribute('href', '/forgot-password')
  },
}

/** passwordReset.linkInvalid at once: a link without its token. */
export const ResetPasswordNoToken = withApi({}, () => <ResetPasswordPage token="" />, reset('linkInvalid'))

// /confirm-email

const confirm = (state: string) => ({ machine: 'emailConfirmation', state })

/** emailConfirmation.confirming: the token is on its way. */
export const ConfirmingEmail = withApi({}, () => <ConfirmEmailPage token="pending-confirm-token" signedIn={false} />, confirm('confirming'))

/** emailConfirmation.confirmed, signed out: on to sign in. */
export const EmailConfirmedSignedOut: StoryObj = {
  ...withApi({ confirmEmail: async () => ({ email: 'ada@acme.test' }) }, () => <ConfirmEmailPage token="confirm-token" signedIn={false} />, confirm('confirmed')),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(await canvas.findByText(ACCOUNT_MESSAGES.emailConfirmed)).toBeVisible()
    await expect(canvas.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/signin')
  },
}

/** emailConfirmation.confirmed, signed in: on to the app. */
export const EmailConfirmedSignedIn: StoryObj = {
  ...withApi({ confirmEmail: async () => ({ email: 'ada@acme.test' }) }, () => <ConfirmEmailPage token="confirm-token-2" signedIn />, confirm('confirmed')),
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('link', { name: 'Continue to Engage' })).toHaveAttribute('href', '/app')
  },
}

/** emailConfirmation.invalid: the server refused the link. */
export const ConfirmEmailLinkInvalid: StoryObj = {
  ...withApi({ confirmEmail: () => refused(400, 'invalid_request', ACCOUNT_MESSAGES.linkInvalid) }, () => <ConfirmEmailPage token="used-token" signedIn={false} />, confirm('invalid')),
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('alert')).toHaveTextContent(ACCOUNT_MESSAGES.linkInvalid)
  },
}

/** emailConfirmation.failed: the server could not be reached; 'Try again'. */
export const ConfirmEmailFailed: StoryObj = {
  ...withApi(
    { confirmEmail: () => refused(0, 'network_error', 'Could not reach the server. Check your connection and try again.') },
    () => <ConfirmEmailPage token="offline-token" signedIn={false} />,
    confirm('failed'),
  ),
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('button', { name: 'Try again' })).toBeVisible()
  },
}
