/**
 * Account recovery and address confirmation (contract/account.ts). Loaded with the first of these
 * calls (src/api/endpoints.ts); each returns the contract-decoded response or rejects with
 * `ApiError`.
 */
import { accountApi, type ConfirmEmailRequest, type PasswordResetConfirmRequest, type PasswordResetRequest } from '../../../contract/account.ts'
import type { Call } from '../call.ts'

/** The account-recovery calls over `call` (src/api/call.ts). */
export function accountCalls(call: Call) {
  return {
    /**
     * Account recovery and address confirmation (contract/account.ts). Public calls but
     * the last: `passwordReset` 202 {message} whether or not the address has an account (400 on a
     * malformed one, 429 rate limited); `confirmPasswordReset` 400 for an unknown, expired or used
     * link; `confirmEmail` 400 likewise; `resendEmailConfirmation` (signed in) 409 when already confirmed.
     */
    account: {
      /** `POST /users/password-reset` {email}: sends a one-time link (30 minutes) if an account has that address. */
      passwordReset: async (body: PasswordResetRequest) => call(accountApi.passwordReset, { body }),
      /** `POST /users/password-reset/confirm` {token, password}: the new password; every session of that person is signed out. */
      confirmPasswordReset: async (body: PasswordResetConfirmRequest) => call(accountApi.confirmPasswordReset, { body }),
      /** `POST /users/confirm-email` {token}: the address now confirmed. */
      confirmEmail: async (body: ConfirmEmailRequest) => call(accountApi.confirmEmail, { body }),
      /** `POST /users/me/confirm-email/resend` (Bearer): 202 {ok: true}; 409 when already confirmed, 429 when asked too often. */
      resendEmailConfirmation: async () => call(accountApi.resendEmailConfirmation, { body: {} }),
    },
  }
}
