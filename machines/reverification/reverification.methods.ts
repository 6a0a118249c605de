/**
 * The tabs of the 'Confirm it's you' dialog (machines/reverification): a password or a code (TOTP
 * or recovery code). Apart from the machine so that its selectors load without it.
 */
export const SECRET_METHODS = ['password', 'code'] as const
export type SecretMethod = (typeof SECRET_METHODS)[number]
