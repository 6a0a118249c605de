/**
 * /reset-password (the passwordReset machine) in each visible state, through a stub API whose
 * calls answer as the story says (or never, for the busy states).
 */
import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent, within } from 'storybook/test'
import { ACCOUNT_MESSAGES } from '../contract/account.ts'
import { ResetPasswordPage } from '../src/pages/account/ResetPasswordPage.tsx'
import { never, refused, withApi } from './account-stories.tsx'

/**
 * Account recovery and address confirmation: /forgot-password (passwordResetRequest),
 * /reset-password (passwordReset) and /confirm-email (emailConfirmation) in each visible state,
 * through a stub API whose calls answer as the story says (or never, for the busy states).
 */
const meta: Meta = { title: 'Machines/passwordReset' }
export default meta


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
