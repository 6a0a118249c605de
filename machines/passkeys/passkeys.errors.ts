/**
 * What a failed browser prompt (WebAuthn `create` / `get`, through @simplewebauthn/browser)
 * means to the person. The browser names its refusals (W3C WebAuthn §5.1.3, §5.1.4); machines
 * read them by shape, as they read API errors (machines/shared/failure.ts).
 */
import { type DisplayText, localized } from '../../contract/messages.ts'
import { toFailure } from '../shared/failure.ts'
import { passkeysMessages } from './passkeys.messages.ts'

export type PromptFailureKind = 'cancelled' | 'exists' | 'blocked' | 'failed'

export interface PromptFailure {
  readonly kind: PromptFailureKind
  readonly message: DisplayText
}

/** The prompt was closed or timed out: nothing went wrong, nothing happened (ours). */
export const PROMPT_CANCELLED_MESSAGE = localized(passkeysMessages.promptCancelled)
/** `InvalidStateError` at `create`: one of the excluded passkeys is on this authenticator (ours). */
export const PASSKEY_EXISTS_MESSAGE = localized(passkeysMessages.exists)
/** `SecurityError`: the page's address is not the relying party's (an IP address, another host) (ours). */
export const PASSKEY_BLOCKED_MESSAGE = localized(passkeysMessages.blocked)
/** Anything else (ours). */
export const PASSKEY_FAILED_MESSAGE = localized(passkeysMessages.failed)

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
