/**
 * The Profile tab of /app/setting/profile-settings (the profileSettings machine: profile, photo and
 * password regions) in each state a person can see, started from a saved state (`resolveState`)
 * with calls that never answer.
 */
import type { Meta } from '@storybook/react-vite'
import { expect, within } from 'storybook/test'
import { story } from './profile-stories.tsx'

const meta: Meta = { title: 'Machines/profileSettings' }
export default meta

/** profile.editing: the form with the person's name, no photo yet. */
export const Editing = story({}, {}, async ({ canvasElement }) => {
  const canvas = within(canvasElement)
  await expect(canvas.getByRole('textbox', { name: 'Full name' })).toHaveValue('Ada Admin')
  await expect(canvas.getByRole('radio', { name: 'System' })).toBeChecked()
})

/** profile.editing with field errors, from the contract or the server. */
export const WithFieldErrors = story(
  {},
  {
    fullName: 'x'.repeat(121),
    image: 'javascript:alert(1)',
    profileErrors: { fullName: 'Full name must be at most 120 characters', image: 'Use an http(s) image URL' },
  },
  async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Use an http(s) image URL')).toBeInTheDocument()
  },
)

/** avatar.uploading: the picked photo is on its way. */
export const UploadingPhoto = story({ avatar: 'uploading' })

/** avatar.failed: why the upload failed. */
export const PhotoUploadFailed = story({ avatar: 'failed' }, { avatarError: 'Choose a PNG, JPEG, WebP or GIF image.' })

/** password.editing with the server's answer to a wrong current password. */
export const WrongCurrentPassword = story(
  {},
  { currentPassword: 'guess', newPassword: 'a-brand-new-password', passwordErrors: { currentPassword: 'Your current password is incorrect' } },
  async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Your current password is incorrect')).toBeInTheDocument()
  },
)

/** password.changing. */
export const ChangingPassword = story({ password: 'changing' }, { currentPassword: 'demo-password', newPassword: 'a-brand-new-password' })

/** password.changed: other sessions were signed out. */
export const PasswordChanged = story({ password: 'changed' })

/** profile.saving: the button is busy. */
export const Saving = story({ profile: 'saving' }, { fullName: 'Grace Hopper' })

/** profile.saved: 'Saved' until the next edit. */
export const Saved = story({ profile: 'saved' }, { fullName: 'Grace Hopper' })
