/**
 * Two-factor authentication: the sign-in's second step and the account's setting
 * (contract/twoFactor.ts). Loaded with the first of these calls (src/api/endpoints.ts); each
 * returns the contract-decoded response or rejects with `ApiError`.
 */
import { type ConfirmTwoFactorRequest, type SignInTwoFactorRequest, type TwoFactorCodeRequest, twoFactorApi } from '../../../contract/twoFactor.ts'
import type { Call } from '../call.ts'

/** The two-factor calls over `call` (src/api/call.ts). */
export function twoFactorCalls(call: Call) {
  return {
    /**
     * `POST /users/signin/two-factor`: the second step, with the challenge's token and a
     * TOTP `code` or a `recovery_code`. 400 on the code's field when it is wrong; 401
     * `two_factor_expired` when the challenge is too old.
     */
    signInTwoFactor: async (body: SignInTwoFactorRequest) => call(twoFactorApi.signIn, { body }),
    /** `GET /users/me/two-factor`: whether it is on, since when, recovery codes left. */
    twoFactorStatus: async () => call(twoFactorApi.status),
    /** `POST /users/me/two-factor/enrol`: a pending secret (QR code, Base32); 409 when it is already on. */
    enrolTwoFactor: async () => call(twoFactorApi.enrol, { body: {} }),
    /** `POST /users/me/two-factor/confirm` {code}: ten recovery codes; 400 on `code` when wrong, 429 after too many. */
    confirmTwoFactor: async (body: ConfirmTwoFactorRequest) => call(twoFactorApi.confirm, { body }),
    /** `POST /users/me/two-factor/recovery-codes` {code}: ten new recovery codes. */
    regenerateRecoveryCodes: async (body: TwoFactorCodeRequest) => call(twoFactorApi.recoveryCodes, { body }),
    /** `POST /users/me/two-factor/disable` {code}: the status, now off. */
    disableTwoFactor: async (body: TwoFactorCodeRequest) => call(twoFactorApi.disable, { body }),
  }
}
