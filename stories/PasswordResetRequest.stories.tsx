/**
 * /forgot-password (the passwordResetRequest machine) in each visible state, through a stub API
 * whose calls answer as the story says (or never, for the busy states).
 */
import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent, within } from 'storybook/test'
import { PASSWORD_RESET_SENT } from '../contract/account.ts'
import { ForgotPasswordPage } from '../src/pages/account/ForgotPasswordPage.tsx'
import { never, refused, withApi } from './account-stories.tsx'

/**
 * Account recovery and address confirmation: /forgot-password (passwordResetRequest),
 * /reset-password (passwordReset) and /confirm-email (emailConfirmation) in each visible state,
 * through a stub API whose calls answer as the story says (or never, for the busy states).
 */
const meta: Meta = { title: 'Machines/passwordResetRequest' }
export default meta


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

/** passwordResetRequest.editing after a 429: the server's message above the form. */
export const ForgotPasswordRateLimited: StoryObj = {
  ...withApi({ passwordReset: () => refused(429, 'rate_limited', 'Too many attempts. Try again in 60 seconds.') }, () => <ForgotPasswordPage email="ada@acme.test" />, forgot('editing')),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.click(canvas.getByRole('button', { name: 'Send link' }))
    await expect(await canvas.findByRole('alert')).toHaveTextContent('Too many attempts')
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
