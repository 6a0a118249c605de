/**
 * What a failed browser prompt (WebAuthn `create` / `get`, through @simplewebauthn/browser)
 * means to the person. The browser names its refusals (W3C WebAuthn §5.1.3, §5.1.4); machines
 * read them by shape, as they read API errors (machines/shared/failure.ts).
 */
import { toFailure } from '../shared/failure.ts'

export type PromptFailureKind = 'cancelled' | 'exists' | 'blocked' | 'failed'

export interface PromptFailure {
  readonly kind: PromptFailureKind
  readonly message: string
}

/** The prompt was closed or timed out: nothing went wrong, nothing happened (ours). */
export const PROMPT_CANCELLED_MESSAGE = 'The passkey prompt was closed.'
/** `InvalidStateError` at `create`: one of the excluded passkeys is on this authenticator (ours). */
export const PASSKEY_EXISTS_MESSAGE = 'This device already has a passkey for your account.'
/** `SecurityError`: the page's address is not the relying party's (an IP address, another host) (ours). */
export const PASSKEY_BLOCKED_MESSAGE = 'Passkeys do not work at this address. Open Engage at its usual address and try again.'
/** Anything else (ours). */
export const PASSKEY_FAILED_MESSAGE = 'The passkey did not work. Please try again.'

/**
 * Reads a rejected prompt (or the API call around it: its message is kept).
 * `NotAllowedError` (closed, timed out, or no passkey chosen) and `AbortError` are `cancelled`.
 */
export function promptFailure(error: unknown): PromptFailure {
  const name = typeof error === 'object' && error !== null && 'name' in error ? String((error as { name: unknown }).name) : ''
  if (name === 'NotAllowedError' || name === 'AbortError') return { kind: 'cancelled', message: PROMPT_CANCELLED_MESSAGE }
  if (name === 'InvalidStateError') return { kind: 'exists', message: PASSKEY_EXISTS_MESSAGE }
  if (name === 'SecurityError') return { kind: 'blocked', message: PASSKEY_BLOCKED_MESSAGE }
  return { kind: 'failed', message: toFailure(error, [], PASSKEY_FAILED_MESSAGE).message }
}
