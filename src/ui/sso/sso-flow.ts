/**
 * What /signin needs of single sign-on without loading its pages: the reason of a failed attempt
 * from the address (`?sso_error=`), and the address that carries one. The round trip's rules live
 * in machines/ssoSignIn (ssoSignIn.return.ts).
 *
 * /signin shows the reason's message (contract/sso.ts `SSO_ERROR_MESSAGES`), never text from the
 * address.
 */
import { isSsoErrorReason, type SsoErrorReason } from '../../../contract/sso.ts'

export { signInWithReason } from '../../../machines/ssoSignIn/ssoSignIn.return.ts'

/** A reason from the address, or undefined for anything else (an unknown value shows nothing). */
export const reasonFrom = (value: unknown): SsoErrorReason | undefined => (isSsoErrorReason(value) ? value : undefined)
