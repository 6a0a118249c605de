/**
 * The token machine: owns the access token and refresh token of the session and performs
 * refreshes one at a time (SPEC.md §4 Token refresh, §8 "Token refresh failure").
 *
 * - `token.refresh` while a refresh is in flight is absorbed, so every caller waiting for a
 *   fresh token shares the one refresh (a burst of 401s makes exactly one refresh call).
 * - A failed refresh clears the tokens (memory and storage), emits `token.refreshFailed`
 *   and tells the `auth` actor of the system that the session expired.
 *
 * Storage and the HTTP call are named actions/actors, implemented in src/ with `provide()`.
 */
import { assign, emit, fromPromise, sendTo, setup } from 'xstate'
import { toAuthError } from '../shared/auth-error.ts'
import { SystemId } from '../shared/system-ids.ts'
import type { StoredTokens } from './token.policy.ts'

export interface TokenContext {
  readonly tokens: StoredTokens | null
  /** Why the last refresh failed (for logs and the inspector), null after a success. */
  readonly lastError: string | null
  /** True when the last refresh was refused because the session was signed out (401 `session_revoked`). */
  readonly revoked: boolean
}

export type TokenEvent =
  | { type: 'token.set'; tokens: StoredTokens }
  | { type: 'token.refresh' }
  | { type: 'token.clear' }

export type TokenEmitted =
  | { type: 'token.refreshed'; tokens: StoredTokens }
  | { type: 'token.refreshFailed'; reason: string }

export const tokenMachine = setup({
  types: {
    context: {} as TokenContext,
    input: {} as { tokens: StoredTokens | null },
    events: {} as TokenEvent,
    emitted: {} as TokenEmitted,
  },
  actions: {
    /** Writes tokens to the browser's cookies (src/platform/session-storage.ts). */
    persistTokens: (_, _params: { tokens: StoredTokens }) => {},
    /** Removes tokens from the browser's cookies. */
    eraseTokens: () => {},
    assignTokens: assign((_, params: { tokens: StoredTokens }) => ({ tokens: params.tokens, lastError: null, revoked: false })),
    clearTokens: assign({ tokens: null }),
    assignError: assign((_, params: { reason: string; revoked?: boolean }) => ({ lastError: params.reason, revoked: params.revoked ?? false })),
    emitRefreshed: emit((_, params: { tokens: StoredTokens }) => ({ type: 'token.refreshed' as const, tokens: params.tokens })),
    emitRefreshFailed: emit((_, params: { reason: string }) => ({ type: 'token.refreshFailed' as const, reason: params.reason })),
    /**
     * Tells the system's `auth` actor that the session is over. Run alone (tests), there is no
     * `auth` actor and xstate delivers the event to this machine, which ignores it.
     */
    notifySessionExpired: sendTo(
      ({ system }) => system.get(SystemId.auth),
      (_, params: { revoked: boolean }) => ({ type: 'session.expired' as const, revoked: params.revoked }),
    ),
  },
  actors: {
    /** POST /users/refresh-token; resolves with the rotated tokens, rejects on any failure. */
    refreshTokens: fromPromise<StoredTokens, { refreshToken: string }>(async () => {
      throw new Error('refreshTokens is provided by src/session')
    }),
  },
  guards: {
    hasRefreshToken: ({ context }) => context.tokens !== null && context.tokens.refreshToken.length > 0,
  },
}).createMachine({
  id: 'token',
  context: ({ input }) => ({ tokens: input.tokens, lastError: null, revoked: false }),
  initial: 'idle',
  states: {
    idle: {
      on: {
        'token.set': {
          actions: [
            { type: 'assignTokens', params: ({ event }) => ({ tokens: event.tokens }) },
            { type: 'persistTokens', params: ({ event }) => ({ tokens: event.tokens }) },
          ],
        },
        'token.clear': { actions: ['clearTokens', 'eraseTokens'] },
        'token.refresh': [
          { guard: 'hasRefreshToken', target: 'refreshing' },
          {
            actions: [
              { type: 'assignError', params: { reason: 'no refresh token' } },
              { type: 'emitRefreshFailed', params: { reason: 'no refresh token' } },
              { type: 'notifySessionExpired', params: { revoked: false } },
            ],
          },
        ],
      },
    },
    refreshing: {
      invoke: {
        id: 'refreshTokens',
        src: 'refreshTokens',
        input: ({ context }) => ({ refreshToken: context.tokens?.refreshToken ?? '' }),
        onDone: {
          target: 'idle',
          actions: [
            { type: 'assignTokens', params: ({ event }) => ({ tokens: event.output }) },
            { type: 'persistTokens', params: ({ event }) => ({ tokens: event.output }) },
            { type: 'emitRefreshed', params: ({ event }) => ({ tokens: event.output }) },
          ],
        },
        onError: {
          target: 'idle',
          actions: [
            'clearTokens',
            'eraseTokens',
            { type: 'assignError', params: ({ event }) => ({ reason: describe(event.error), revoked: isRevocation(event.error) }) },
            { type: 'emitRefreshFailed', params: ({ event }) => ({ reason: describe(event.error) }) },
            // The server says the session was signed out (elsewhere): the sign-in page says so.
            { type: 'notifySessionExpired', params: ({ event }) => ({ revoked: isRevocation(event.error) }) },
          ],
        },
      },
      on: {
        // A sign-in or sign-out while a refresh is in flight wins over the refresh.
        'token.set': {
          target: 'idle',
          actions: [
            { type: 'assignTokens', params: ({ event }) => ({ tokens: event.tokens }) },
            { type: 'persistTokens', params: ({ event }) => ({ tokens: event.tokens }) },
          ],
        },
        'token.clear': { target: 'idle', actions: ['clearTokens', 'eraseTokens'] },
      },
    },
  },
})

/** Whether a refresh was refused because the session was signed out (elsewhere, or by a password change). */
function isRevocation(error: unknown): boolean {
  return toAuthError(error).code === 'session_revoked'
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}

export type TokenMachine = typeof tokenMachine
