/**
 * Profile settings (ours: SPEC.md §2.4 lists Profile Settings at /app/setting/profile-settings
 * but shows none of its calls): the signed-in person's name and avatar, and a password change.
 * docs/api.md documents the endpoints.
 */
import { Schema, SchemaGetter } from 'effect'
import { Language, TokenResponse, User } from './api.ts'
import { endpoint } from './endpoint.ts'

/** A full name: trimmed, 1–120 characters. */
export const FullName = Schema.String.pipe(
  Schema.decode({
    decode: SchemaGetter.transform((s: string) => s.trim()),
    encode: SchemaGetter.transform((s: string) => s),
  }),
).check(
  Schema.isMinLength(1, { message: 'Full name is required' }),
  Schema.isMaxLength(120, { message: 'Full name must be at most 120 characters' }),
)

/** Whether `raw` is an absolute http(s) URL of at most 2048 characters (an avatar image). */
export function isImageUrl(raw: string): boolean {
  if (raw.length > 2048 || /[\u0000-\u001f\u007f\\\s]/.test(raw)) return false
  try {
    const url = new URL(raw)
    return url.protocol === 'https:' || url.protocol === 'http:'
  } catch {
    return false
  }
}

/** An avatar image: an absolute http(s) URL (an uploaded file's `fileUrl`), at most 2048 characters. */
export const ImageUrl = Schema.String.check(Schema.makeFilter((s: string) => isImageUrl(s) || 'Use an http(s) image URL'))

/**
 * `PATCH /users/me`: change the name, the avatar (`image: null` removes it) and/or the language
 * (`language: null` goes back to the browser's). At least one field.
 */
export const ProfileUpdateRequest = Schema.Struct({
  fullName: Schema.optional(FullName),
  image: Schema.optional(Schema.NullOr(ImageUrl)),
  language: Schema.optional(Schema.NullOr(Language)),
})
export type ProfileUpdateRequest = typeof ProfileUpdateRequest.Encoded

/** `GET /users/me` and `PATCH /users/me` response: the person as verify-token shows them. */
export const ProfileResponse = Schema.Struct({ user: User })
export type ProfileResponse = typeof ProfileResponse.Type

/** The rules a new password follows (as at sign-up): 10 to 1024 characters. */
export const NewPassword = Schema.String.check(
  Schema.isMinLength(10, { message: 'Use at least 10 characters' }),
  Schema.isMaxLength(1024, { message: 'Password is too long' }),
)

/** `POST /users/me/password`: the current password proves it is the person; the new one replaces it. */
export const ChangePasswordRequest = Schema.Struct({
  currentPassword: Schema.String.check(
    Schema.isMinLength(1, { message: 'Enter your current password' }),
    Schema.isMaxLength(1024, { message: 'Password is too long' }),
  ),
  newPassword: NewPassword,
})
export type ChangePasswordRequest = typeof ChangePasswordRequest.Encoded

/**
 * `POST /users/me/password` response: a new token pair for this session. Every refresh token the
 * person held before (every other session, and this one's old family) is revoked.
 */
export const ChangePasswordResponse = TokenResponse
export type ChangePasswordResponse = typeof ChangePasswordResponse.Type

/** SPEC-free messages the form and the server share. */
export const PROFILE_MESSAGES = {
  wrongCurrentPassword: 'Your current password is incorrect',
  samePassword: 'Choose a password different from the current one',
  nothingToChange: 'Change your name, your photo or your language',
} as const

// ---------------------------------------------------------------------------------------------
// Endpoints (contract/endpoint.ts), ours: the signed-in person's profile and password.

/**
 * - `profile`, `updateProfile` (`{ fullName?, image? }`; 400 with field issues, or at the body
 *   when it changes nothing).
 * - `changePassword`: a new token pair (every other session ends); 400 at `currentPassword` when
 *   it is wrong, at `newPassword` when it is the same.
 */
export const profileApi = {
  profile: endpoint('GET', '/users/me', { response: ProfileResponse }),
  updateProfile: endpoint('PATCH', '/users/me', { body: ProfileUpdateRequest, response: ProfileResponse }),
  changePassword: endpoint('POST', '/users/me/password', { body: ChangePasswordRequest, response: ChangePasswordResponse, errors: ['reverification_required'] }),
}
