/**
 * /confirm-email (the emailConfirmation machine) in each visible state, through a stub API whose
 * calls answer as the story says (or never, for the busy states).
 */
import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, within } from 'storybook/test'
import { ACCOUNT_MESSAGES } from '../contract/account.ts'
import { ConfirmEmailPage } from '../src/pages/account/ConfirmEmailPage.tsx'
import { never, refused, withApi } from './account-stories.tsx'

/**
 * Account recovery and address confirmation: /forgot-password (passwordResetRequest),
 * /reset-password (passwordReset) and /confirm-email (emailConfirmation) in each visible state,
 * through a stub API whose calls answer as the story says (or never, for the busy states).
 */
const meta: Meta = { title: 'Machines/emailConfirmation' }
export default meta


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
