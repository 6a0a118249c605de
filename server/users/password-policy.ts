/**
 * The server's rule for a chosen password beyond the contract's length bounds: not a common one
 * (server/auth/common-passwords.ts). Called by every route that sets a password, right after its
 * body is decoded and before anything is looked up or written: sign-up, password reset, an
 * invitation's set-password and a password change (docs/api.md).
 */
import { COMMON_PASSWORD_MESSAGE, isCommonPassword } from '../auth/common-passwords.ts'
import { invalidRequest } from '../http/errors.ts'

/**
 * Refuses a common password.
 * @param field the request's field holding it (`password`, `newPassword`): the path, so the form shows it under that field.
 * @throws ApiError 400 `invalid_request` with {@link COMMON_PASSWORD_MESSAGE} at `[field]`.
 */
export async function refuseCommonPassword(password: string, field: string): Promise<void> {
  if (await isCommonPassword(password)) throw invalidRequest(COMMON_PASSWORD_MESSAGE, [{ path: [field], message: COMMON_PASSWORD_MESSAGE }])
}
