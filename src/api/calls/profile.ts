/**
 * The signed-in person's profile and password (contract/profile.ts). Loaded with the first of
 * these calls (src/api/endpoints.ts); each returns the contract-decoded response or rejects with
 * `ApiError`.
 */
import { type ChangePasswordRequest, profileApi, type ProfileUpdateRequest } from '../../../contract/profile.ts'
import type { Call } from '../call.ts'

/** The profile calls over `call` (src/api/call.ts). */
export function profileCalls(call: Call) {
  return {
    /** `GET /users/me` (ours): the signed-in person's profile. */
    profile: async () => call(profileApi.profile),
    /** `PATCH /users/me` (ours) {fullName?, image?}: 400 `invalid_request` with field issues. */
    updateProfile: async (body: ProfileUpdateRequest) => call(profileApi.updateProfile, { body }),
    /** `POST /users/me/password` (ours): a new token pair; 400 with an issue on `currentPassword` when it is wrong. */
    changePassword: async (body: ChangePasswordRequest) => call(profileApi.changePassword, { body }),
  }
}
