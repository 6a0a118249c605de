/**
 * Profile settings (SPEC.md §2.4 Account & Billing → /app/setting/profile-settings; the calls are
 * ours, docs/api.md): the person's full name and avatar, and a password change. Three regions:
 *
 *   profile:  editing ──profile.save (valid)──▶ saving ──▶ saved ──(edit)──▶ editing
 *                 └─(invalid: field errors)        └──(failed: field / form errors)──▶ editing
 *   avatar:   idle ──avatar.picked──▶ uploading ──▶ idle (the image field takes the uploaded URL)
 *                                        └──▶ failed ──avatar.picked──▶ uploading
 *   password: editing ──password.submit (valid)──▶ changing ──▶ changed ──(edit)──▶ editing
 *                                                      └──(wrong current password...)──▶ editing
 *
 * - The contract (contract/profile.ts) decides validity in the browser first and again on the
 *   server, whose 400 issues land on the same fields.
 * - Saving the profile emits `profile.saved`: the page re-verifies the session so the header shows
 *   the new name and avatar. A changed password answers a new token pair: `adoptTokens` hands it
 *   to the token actor (every other session was signed out by the server) and
 *   `profile.passwordChanged` is emitted for the toast.
 * - The avatar is uploaded through the presigned-URL flow (`uploadAvatar`, src/api/uploads.ts);
 *   an image URL typed by hand is accepted too (http(s) only).
 */
import { assign, emit, fromPromise, raise, setup } from 'xstate'
import type { TokenResponse, User } from '../../contract/api.ts'
import { type DisplayText, localized } from '../../contract/messages.ts'
import { ChangePasswordRequest, ProfileUpdateRequest } from '../../contract/profile.ts'
import { fieldErrors, validate } from '../../contract/validate.ts'
import { displayOf, toFailure } from '../shared/failure.ts'
import { profileMessages } from './profileSettings.messages.ts'

export const PROFILE_FIELDS = ['fullName', 'image'] as const
export const PASSWORD_FIELDS = ['currentPassword', 'newPassword'] as const

/** Toasts (ours: the spec shows no profile form). */
export const PROFILE_SAVED_MESSAGE = localized(profileMessages.profileSaved)
/** The fallbacks when an error carries no message of its own, in the reader's language. */
export const PROFILE_SAVE_FAILED_MESSAGE = localized(profileMessages.saveFailed)
export const PASSWORD_CHANGED_MESSAGE = localized(profileMessages.passwordChangedToast)
export const PASSWORD_CHANGE_FAILED_MESSAGE = localized(profileMessages.passwordChangeFailed)
export const AVATAR_UPLOAD_FAILED_MESSAGE = localized(profileMessages.avatarUploadFailed)

export interface ProfileSettingsInput {
  readonly user: User
}

export interface ProfileSettingsContext {
  readonly fullName: string
  /** The avatar URL, or '' for none. */
  readonly image: string
  readonly profileErrors: Readonly<Record<string, string>>
  readonly profileFormError: DisplayText | null
  /** The uploader's message (src/api/uploads.ts), or ours to translate. */
  readonly avatarError: DisplayText | null
  readonly currentPassword: string
  readonly newPassword: string
  readonly passwordErrors: Readonly<Record<string, string>>
  readonly passwordFormError: DisplayText | null
}

export type ProfileSettingsEvent =
  | { type: 'profile.changeName'; value: string }
  | { type: 'profile.changeImage'; value: string }
  | { type: 'profile.save' }
  | { type: 'avatar.picked'; file: File }
  | { type: 'password.changeCurrent'; value: string }
  | { type: 'password.changeNew'; value: string }
  | { type: 'password.submit' }

export type ProfileSettingsEmitted =
  | { type: 'profile.saved'; user: User }
  | { type: 'profile.saveFailed'; message: DisplayText }
  | { type: 'profile.passwordChanged' }
  | { type: 'profile.passwordFailed'; message: DisplayText }

/** The PATCH body for what is on the form: the name trimmed, an empty image as null (removed). */
export function toProfileRequest(c: Pick<ProfileSettingsContext, 'fullName' | 'image'>): { fullName: string; image: string | null } {
  const image = c.image.trim()
  return { fullName: c.fullName.trim(), image: image === '' ? null : image }
}

/** Field errors of the profile form by the contract's rules; empty when it may be sent. */
export function profileErrors(c: Pick<ProfileSettingsContext, 'fullName' | 'image'>): Record<string, string> {
  const result = validate(ProfileUpdateRequest, toProfileRequest(c))
  return result.ok ? {} : fieldErrors(result.issues)
}

/** Field errors of the password form by the contract's rules. */
export function passwordErrors(c: Pick<ProfileSettingsContext, 'currentPassword' | 'newPassword'>): Record<string, string> {
  const result = validate(ChangePasswordRequest, { currentPassword: c.currentPassword, newPassword: c.newPassword })
  return result.ok ? {} : fieldErrors(result.issues)
}

export const profileSettingsMachine = setup({
  types: {
    context: {} as ProfileSettingsContext,
    input: {} as ProfileSettingsInput,
    events: {} as ProfileSettingsEvent,
    emitted: {} as ProfileSettingsEmitted,
  },
  actors: {
    /** `PATCH /users/me`; resolves with the saved user. Provided by the page. */
    saveProfile: fromPromise<User, { fullName: string; image: string | null }>(async () => {
      throw new Error('saveProfile is provided by the page')
    }),
    /** Uploads the picked image (presigned URL + PUT); resolves with its URL. Provided by the page. */
    uploadAvatar: fromPromise<string, { file: File }>(async () => {
      throw new Error('uploadAvatar is provided by the page')
    }),
    /** `POST /users/me/password`; resolves with this session's new tokens. Provided by the page. */
    changePassword: fromPromise<TokenResponse, { currentPassword: string; newPassword: string }>(async () => {
      throw new Error('changePassword is provided by the page')
    }),
  },
  guards: {
    isProfileValid: ({ context }) => Object.keys(profileErrors(context)).length === 0,
    isPasswordValid: ({ context }) => Object.keys(passwordErrors(context)).length === 0,
  },
  actions: {
    assignName: assign((_, params: { value: string }) => ({ fullName: params.value, profileErrors: {}, profileFormError: null })),
    assignImage: assign((_, params: { value: string }) => ({ image: params.value, profileErrors: {}, profileFormError: null })),
    assignProfileErrors: assign(({ context }) => ({ profileErrors: profileErrors(context), profileFormError: null })),
    assignSavedUser: assign((_, params: { user: User }) => ({ fullName: params.user.fullName, image: params.user.image ?? '' })),
    assignProfileFailure: assign((_, params: { error: unknown }) => {
      const failure = toFailure(params.error, PROFILE_FIELDS, PROFILE_SAVE_FAILED_MESSAGE)
      return { profileErrors: failure.fieldErrors, profileFormError: failure.formError }
    }),
    assignAvatarError: assign((_, params: { error: unknown }) => ({
      // The uploader's errors carry words meant for people (src/api/uploads.ts UploadError).
      avatarError: displayOf(params.error) ?? AVATAR_UPLOAD_FAILED_MESSAGE,
    })),
    clearAvatarError: assign({ avatarError: null }),
    assignCurrent: assign((_, params: { value: string }) => ({ currentPassword: params.value, passwordErrors: {}, passwordFormError: null })),
    assignNew: assign((_, params: { value: string }) => ({ newPassword: params.value, passwordErrors: {}, passwordFormError: null })),
    assignPasswordErrors: assign(({ context }) => ({ passwordErrors: passwordErrors(context), passwordFormError: null })),
    /** Passwords never stay in memory longer than needed. */
    clearPasswords: assign({ currentPassword: '', newPassword: '', passwordErrors: {}, passwordFormError: null }),
    assignPasswordFailure: assign((_, params: { error: unknown }) => {
      const failure = toFailure(params.error, PASSWORD_FIELDS, PASSWORD_CHANGE_FAILED_MESSAGE)
      return { passwordErrors: failure.fieldErrors, passwordFormError: failure.formError }
    }),
    /** This session's new tokens go to the token actor (provided by the page). */
    adoptTokens: (_, _params: { tokens: TokenResponse }) => {},
    emitSaved: emit((_, params: { user: User }) => ({ type: 'profile.saved' as const, user: params.user })),
    emitSaveFailed: emit((_, params: { error: unknown }) => ({
      type: 'profile.saveFailed' as const,
      message: toFailure(params.error, PROFILE_FIELDS, PROFILE_SAVE_FAILED_MESSAGE).message,
    })),
    emitPasswordChanged: emit({ type: 'profile.passwordChanged' as const }),
    emitPasswordFailed: emit((_, params: { error: unknown }) => ({
      type: 'profile.passwordFailed' as const,
      message: toFailure(params.error, PASSWORD_FIELDS, PASSWORD_CHANGE_FAILED_MESSAGE).message,
    })),
  },
}).createMachine({
  id: 'profileSettings',
  context: ({ input }) => ({
    fullName: input.user.fullName,
    image: input.user.image ?? '',
    profileErrors: {},
    profileFormError: null,
    avatarError: null,
    currentPassword: '',
    newPassword: '',
    passwordErrors: {},
    passwordFormError: null,
  }),
  type: 'parallel',
  states: {
    profile: {
      initial: 'editing',
      states: {
        editing: {
          on: {
            'profile.changeName': { actions: { type: 'assignName', params: ({ event }) => event } },
            'profile.changeImage': { actions: { type: 'assignImage', params: ({ event }) => event } },
            'profile.save': [{ guard: 'isProfileValid', target: 'saving' }, { actions: 'assignProfileErrors' }],
          },
        },
        saving: {
          invoke: {
            id: 'saveProfile',
            src: 'saveProfile',
            input: ({ context }) => toProfileRequest(context),
            onDone: {
              target: 'saved',
              actions: [
                { type: 'assignSavedUser', params: ({ event }) => ({ user: event.output }) },
                { type: 'emitSaved', params: ({ event }) => ({ user: event.output }) },
              ],
            },
            onError: {
              target: 'editing',
              actions: [
                { type: 'assignProfileFailure', params: ({ event }) => ({ error: event.error }) },
                { type: 'emitSaveFailed', params: ({ event }) => ({ error: event.error }) },
              ],
            },
          },
        },
        // Saved: shown until the next edit.
        saved: {
          on: {
            'profile.changeName': { target: 'editing', actions: { type: 'assignName', params: ({ event }) => event } },
            'profile.changeImage': { target: 'editing', actions: { type: 'assignImage', params: ({ event }) => event } },
          },
        },
      },
    },
    avatar: {
      initial: 'idle',
      states: {
        idle: { on: { 'avatar.picked': 'uploading' } },
        uploading: {
          entry: 'clearAvatarError',
          invoke: {
            id: 'uploadAvatar',
            src: 'uploadAvatar',
            input: ({ event }) => ({ file: (event as { file: File }).file }),
            // The uploaded URL becomes the image field, as if typed: Save persists it.
            onDone: { target: 'idle', actions: raise(({ event }) => ({ type: 'profile.changeImage' as const, value: event.output })) },
            onError: { target: 'failed', actions: { type: 'assignAvatarError', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        failed: { on: { 'avatar.picked': 'uploading' } },
      },
    },
    password: {
      initial: 'editing',
      states: {
        editing: {
          on: {
            'password.changeCurrent': { actions: { type: 'assignCurrent', params: ({ event }) => event } },
            'password.changeNew': { actions: { type: 'assignNew', params: ({ event }) => event } },
            'password.submit': [{ guard: 'isPasswordValid', target: 'changing' }, { actions: 'assignPasswordErrors' }],
          },
        },
        changing: {
          invoke: {
            id: 'changePassword',
            src: 'changePassword',
            input: ({ context }) => ({ currentPassword: context.currentPassword, newPassword: context.newPassword }),
            onDone: {
              target: 'changed',
              actions: [{ type: 'adoptTokens', params: ({ event }) => ({ tokens: event.output }) }, 'clearPasswords', 'emitPasswordChanged'],
            },
            onError: {
              target: 'editing',
              actions: [
                { type: 'assignPasswordFailure', params: ({ event }) => ({ error: event.error }) },
                { type: 'emitPasswordFailed', params: ({ event }) => ({ error: event.error }) },
              ],
            },
          },
        },
        changed: {
          on: {
            'password.changeCurrent': { target: 'editing', actions: { type: 'assignCurrent', params: ({ event }) => event } },
            'password.changeNew': { target: 'editing', actions: { type: 'assignNew', params: ({ event }) => event } },
          },
        },
      },
    },
  },
})

export type ProfileSettingsMachine = typeof profileSettingsMachine
