/**
 * The Profile tab's email address block (the confirmationResend machine): confirmed or not, and
 * 'Resend confirmation email' in each state a person can see, over the profile form at rest.
 */
import type { Meta } from '@storybook/react-vite'
import { expect, within } from 'storybook/test'
import { ACCOUNT_MESSAGES } from '../contract/account.ts'
import { story } from './profile-stories.tsx'

const meta: Meta = { title: 'Machines/confirmationResend' }
export default meta

/** The address is confirmed (`email_confirmed: true`). */
export const EmailConfirmed = story({}, {}, async ({ canvasElement }) => {
  await expect(within(canvasElement).getByText('Confirmed')).toBeVisible()
}, { confirmed: true, state: 'idle' })

/** confirmationResend.idle: not confirmed, with 'Resend confirmation email'. */
export const EmailNotConfirmed = story({}, {}, async ({ canvasElement }) => {
  const canvas = within(canvasElement)
  await expect(canvas.getByText('Not confirmed')).toBeVisible()
  await expect(canvas.getByRole('button', { name: 'Resend confirmation email' })).toBeEnabled()
}, { confirmed: false, state: 'idle' })

/** confirmationResend.idle after a 429: the server's message. */
export const ConfirmationRateLimited = story({}, {}, async ({ canvasElement }) => {
  await expect(within(canvasElement).getByRole('alert')).toHaveTextContent('Too many attempts')
}, { confirmed: false, state: 'idle', message: 'Too many attempts. Try again in 60 seconds.' })

/** confirmationResend.sending: the button is busy. */
export const ResendingConfirmation = story({}, {}, undefined, { confirmed: false, state: 'sending' })

/** confirmationResend.sent: ACCOUNT_MESSAGES.confirmationSent. */
export const ConfirmationSent = story({}, {}, async ({ canvasElement }) => {
  await expect(within(canvasElement).getByText(ACCOUNT_MESSAGES.confirmationSent)).toBeVisible()
}, { confirmed: false, state: 'sent', message: ACCOUNT_MESSAGES.confirmationSent })

/** confirmationResend.alreadyConfirmed: a 409, the address was confirmed meanwhile. */
export const AlreadyConfirmed = story({}, {}, async ({ canvasElement }) => {
  await expect(within(canvasElement).getByText(ACCOUNT_MESSAGES.alreadyConfirmed)).toBeVisible()
}, { confirmed: false, state: 'alreadyConfirmed', message: ACCOUNT_MESSAGES.alreadyConfirmed })
