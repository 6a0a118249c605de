/**
 * The Profile tab's stories (the profileSettings and confirmationResend machines): the tab started
 * from a saved state (`resolveState`) with calls that never answer, and the email block's
 * 'Resend confirmation email' actor in a given state.
 */
import type { StoryObj } from '@storybook/react-vite'
import { createActor, fromPromise } from 'xstate'
import type { TokenResponse, User } from '../contract/api.ts'
import { confirmationResendMachine } from '../machines/emailConfirmation/confirmationResend.machine.ts'
import { type ProfileSettingsContext, profileSettingsMachine } from '../machines/profileSettings/profileSettings.machine.ts'
import { type EmailConfirmationProps, ProfileTabView } from '../src/pages/ProfileTab.tsx'
import { memoryTheme } from '../src/platform/theme.ts'
import { ThemeProvider } from '../src/system/theme.tsx'

export const ada: User = { _id: 'u-ada', fullName: 'Ada Admin', email: 'admin@acme.test', image: null }

export type Value = { profile: 'editing' | 'saving' | 'saved'; avatar: 'idle' | 'uploading' | 'failed'; password: 'editing' | 'changing' | 'changed' }

export function profileActorIn(value: Partial<Value>, context: Partial<ProfileSettingsContext> = {}) {
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

/** A story of the Profile tab in `value` (with `context`), its email block in `confirmation`'s state when given. */
export const story = (
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

export type ResendState = 'idle' | 'sending' | 'sent' | 'alreadyConfirmed'

/** The 'Resend confirmation email' actor in `state`, with a call that never answers. */
export function resendActorIn(state: ResendState, message: string | null): EmailConfirmationProps['resend'] {
  const machine = confirmationResendMachine.provide({ actors: { resendConfirmation: fromPromise<unknown, void>(() => new Promise(() => {})) } })
  return createActor(machine, { snapshot: machine.resolveState({ value: state, context: { message } }) }).start()
}

