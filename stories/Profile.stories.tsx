import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, within } from 'storybook/test'
import { createActor, fromPromise } from 'xstate'
import type { TokenResponse, User } from '../contract/api.ts'
import { ACCOUNT_MESSAGES } from '../contract/account.ts'
import { confirmationResendMachine } from '../machines/emailConfirmation/confirmationResend.machine.ts'
import { type ProfileSettingsContext, profileSettingsMachine } from '../machines/profileSettings/profileSettings.machine.ts'
import { type EmailConfirmationProps, ProfileTabView } from '../src/pages/ProfileTab.tsx'
import { memoryTheme } from '../src/platform/theme.ts'
import { ThemeProvider } from '../src/system/theme.tsx'

/**
 * The Profile tab of /app/setting/profile-settings in each state a person can see, started from a
 * saved state (`resolveState`) with calls that never answer.
 */
const meta: Meta = { title: 'Settings/Profile' }
export default meta

const ada: User = { _id: 'u-ada', fullName: 'Ada Admin', email: 'admin@acme.test', image: null }

type Value = { profile: 'editing' | 'saving' | 'saved'; avatar: 'idle' | 'uploading' | 'failed'; password: 'editing' | 'changing' | 'changed' }

function profileActorIn(value: Partial<Value>, context: Partial<ProfileSettingsContext> = {}) {
  const machine = profileSettingsMachine.provide({
    actors: {
      saveProfile: fromPromise<User, { fullName: string; image: string | null }>(() => new Promise(() => {})),
      uploadAvatar: fromPromise<string, { file: File }>(() => new Promise(() => {})),
      changePassword: fromPromise<TokenResponse, { currentPassword: string; newPassword: string }>(() => new Promise(() => {})),
    },
  })
  const actor = createActor(machine, {
    input: { user: ada },
    snapshot: machine.resolveState({
      value: { profile: 'editing', avatar: 'idle', password: 'editing', ...value },
      context: {
        fullName: ada.fullName,
        image: '',
        profileErrors: {},
        profileFormError: null,
        avatarError: null,
        currentPassword: '',
        newPassword: '',
        passwordErrors: {},
        passwordFormError: null,
        ...context,
      },
    }),
  })
  actor.start()
  return actor
}

const story = (
  value: Partial<Value>,
  context: Partial<ProfileSettingsContext> = {},
  play?: StoryObj['play'],
  confirmation?: { confirmed: boolean; state: ResendState; message?: string | null },
): StoryObj => ({
  render: () => (
    <ThemeProvider controller={memoryTheme('system')}>
      <ProfileTabView
        actor={profileActorIn(value, context)}
        email={ada.email}
        confirmation={confirmation && { confirmed: confirmation.confirmed, resend: resendActorIn(confirmation.state, confirmation.message ?? null) }}
      />
    </ThemeProvider>
  ),
  parameters: {
    machineState: [
      { machine: 'profileSettings', state: { profile: 'editing', avatar: 'idle', password: 'editing', ...value } },
      ...(confirmation ? [{ machine: 'confirmationResend', state: confirmation.state }] : []),
    ],
  },
  ...(play ? { play } : {}),
})

type ResendState = 'idle' | 'sending' | 'sent' | 'alreadyConfirmed'

/** The 'Resend confirmation email' actor in `state`, with a call that never answers. */
function resendActorIn(state: ResendState, message: string | null): EmailConfirmationProps['resend'] {
  const machine = confirmationResendMachine.provide({ actors: { resendConfirmation: fromPromise<unknown, void>(() => new Promise(() => {})) } })
  return createActor(machine, { snapshot: machine.resolveState({ value: state, context: { message } }) }).start()
}

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

/** profile.saving: the button is busy. */
export const Saving = story({ profile: 'saving' }, { fullName: 'Grace Hopper' })

/** profile.saved: 'Saved' until the next edit. */
export const Saved = story({ profile: 'saved' }, { fullName: 'Grace Hopper' })

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

/** confirmationResend.sending: the button is busy. */
export const ResendingConfirmation = story({}, {}, undefined, { confirmed: false, state: 'sending' })

/** confirmationResend.sent: ACCOUNT_MESSAGES.confirmationSent. */
export const ConfirmationSent = story({}, {}, async ({ canvasElement }) => {
  await expect(within(canvasElement).getByText(ACCOUNT_MESSAGES.confirmationSent)).toBeVisible()
}, { confirmed: false, state: 'sent', message: ACCOUNT_MESSAGES.confirmationSent })

/** confirmationResend.idle after a 429: the server's message. */
export const ConfirmationRateLimited = story({}, {}, async ({ canvasElement }) => {
  await expect(within(canvasElement).getByRole('alert')).toHaveTextContent('Too many attempts')
}, { confirmed: false, state: 'idle', message: 'Too many attempts. Try again in 60 seconds.' })

/** confirmationResend.alreadyConfirmed: a 409, the address was confirmed meanwhile. */
export const AlreadyConfirmed = story({}, {}, async ({ canvasElement }) => {
  await expect(within(canvasElement).getByText(ACCOUNT_MESSAGES.alreadyConfirmed)).toBeVisible()
}, { confirmed: false, state: 'alreadyConfirmed', message: ACCOUNT_MESSAGES.alreadyConfirmed })
