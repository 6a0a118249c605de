/**
 * The Sessions section of Profile Settings › Security (Sessions): the person's signed-in
 * sessions, one per refresh-token family (`GET /users/sessions`), and signing them out.
 *
 *   loading ──(list)──▶ ready ◀──sessions.retry── failed ◀──(error)── loading
 *   ready.idle ──session.revoke──▶ revoking ──▶ idle             (one session, not this device)
 *   ready.idle ──sessions.revokeOthers──▶ confirmingOthers ──sessions.confirmRevokeOthers──▶ revokingOthers ──▶ idle
 *
 * Sign-outs are optimistic: the rows leave the list at once and come back in their places when
 * the server refuses (`sessions.rolledBack`, toasted). A 404 for one session means it had already
 * ended (expired, or signed out elsewhere): it stays gone. Outcomes are emitted for the toasts.
 */
import { assign, emit, fromPromise, setup } from 'xstate'
import type { RevokeOtherSessionsResponse, SessionItem } from '../../contract/sessions.ts'
import { type DisplayText, localized } from '../../contract/messages.ts'
import { toFailure } from '../shared/failure.ts'
import { sessionsMessages } from './sessions.messages.ts'

export interface SessionsContext {
  /** The live sessions, most recently used first; null until loaded. */
  readonly sessions: ReadonlyArray<SessionItem> | null
  readonly loadError: DisplayText | null
  /** Sessions taken off the list while their sign-out is in flight, with their places, to put back on failure. */
  readonly removed: ReadonlyArray<{ readonly session: SessionItem; readonly index: number }>
}

export type SessionsEvent =
  | { type: 'sessions.retry' }
  | { type: 'session.revoke'; id: string }
  | { type: 'sessions.revokeOthers' }
  | { type: 'sessions.confirmRevokeOthers' }
  | { type: 'sessions.cancel' }

export type SessionsEmitted =
  | { type: 'sessions.revoked'; session: SessionItem }
  | { type: 'sessions.othersRevoked'; count: number }
  | { type: 'sessions.rolledBack'; operation: 'revoke' | 'revokeOthers'; status: number; message: DisplayText }

/** Shown when the list could not be loaded and the error carries no message (ours). */
export const SESSIONS_LOAD_FAILED_MESSAGE = localized(sessionsMessages.loadFailed)
/** Toast of a refused sign-out whose error carries no message (ours). */
export const SESSIONS_REVOKE_FAILED_MESSAGE = localized(sessionsMessages.revokeFailed)

export const sessionsMachine = setup({
  types: {
    context: {} as SessionsContext,
    events: {} as SessionsEvent,
    emitted: {} as SessionsEmitted,
  },
  actors: {
    /** `GET /users/sessions`. Provided by src/system/sessions.ts. */
    loadSessions: fromPromise<ReadonlyArray<SessionItem>, void>(async () => {
      throw new Error('loadSessions is provided by the page')
    }),
    /** `DELETE /users/sessions/{id}` (204; 404 when it had already ended). */
    revokeSession: fromPromise<void, { id: string }>(async () => {
      throw new Error('revokeSession is provided by the page')
    }),
    /** `DELETE /users/sessions?others=true`: how many were signed out. */
    revokeOtherSessions: fromPromise<RevokeOtherSessionsResponse, void>(async () => {
      throw new Error('revokeOtherSessions is provided by the page')
    }),
  },
  guards: {
    /** Listed and not this device (this device signs out from the user menu). */
    isRevocable: ({ context }, params: { id: string }) => context.sessions?.some((s) => s.id === params.id && !s.current) ?? false,
    hasOthers: ({ context }) => context.sessions?.some((s) => !s.current) ?? false,
    /** The server no longer knows the session: it ended on its own or elsewhere, which is what was asked. */
    isAlreadyGone: (_, params: { error: unknown }) => toFailure(params.error, [], '').status === 404,
  },
  actions: {
    assignSessions: assign((_, params: { sessions: ReadonlyArray<SessionItem> }) => ({ sessions: params.sessions, loadError: null })),
    assignLoadError: assign((_, params: { error: unknown }) => ({ loadError: toFailure(params.error, [], SESSIONS_LOAD_FAILED_MESSAGE).message })),
    resetLoad: assign({ sessions: null, loadError: null, removed: [] }),
    /** Optimistic: the session leaves the list now. */
    removeSession: assign(({ context }, params: { id: string }) => {
      const list = context.sessions ?? []
      const index = list.findIndex((s) => s.id === params.id)
      return { sessions: list.filter((s) => s.id !== params.id), removed: index < 0 ? [] : [{ session: list[index]!, index }] }
    }),
    /** Optimistic: every session but this device's leaves the list now. */
    removeOthers: assign(({ context }) => {
      const list = context.sessions ?? []
      return {
        sessions: list.filter((s) => s.current),
        removed: list.flatMap((session, index) => (session.current ? [] : [{ session, index }])),
      }
    }),
    /** Rollback: the removed sessions go back to the places they had. */
    restoreRemoved: assign(({ context }) => {
      const list = [...(context.sessions ?? [])]
      for (const { session, index } of context.removed) list.splice(Math.min(index, list.length), 0, session)
      return { sessions: list, removed: [] }
    }),
    clearRemoved: assign({ removed: [] }),
    emitRevoked: emit(({ context }) => ({ type: 'sessions.revoked' as const, session: context.removed[0]!.session })),
    emitOthersRevoked: emit((_, params: { count: number }) => ({ type: 'sessions.othersRevoked' as const, count: params.count })),
    emitRolledBack: emit((_, params: { operation: 'revoke' | 'revokeOthers'; error: unknown }) => {
      const failure = toFailure(params.error, [], SESSIONS_REVOKE_FAILED_MESSAGE)
      return { type: 'sessions.rolledBack' as const, operation: params.operation, status: failure.status, message: failure.message }
    }),
  },
}).createMachine({
  id: 'sessions',
  context: { sessions: null, loadError: null, removed: [] },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadSessions',
        src: 'loadSessions',
        onDone: { target: 'ready', actions: { type: 'assignSessions', params: ({ event }) => ({ sessions: event.output }) } },
        onError: { target: 'failed', actions: { type: 'assignLoadError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    failed: {
      on: { 'sessions.retry': { target: 'loading', actions: 'resetLoad' } },
    },
    ready: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'session.revoke': {
              guard: { type: 'isRevocable', params: ({ event }) => event },
              target: 'revoking',
              actions: { type: 'removeSession', params: ({ event }) => event },
            },
            'sessions.revokeOthers': { guard: 'hasOthers', target: 'confirmingOthers' },
          },
        },
        confirmingOthers: {
          on: {
            'sessions.confirmRevokeOthers': { target: 'revokingOthers', actions: 'removeOthers' },
            'sessions.cancel': 'idle',
          },
        },
        revoking: {
          invoke: {
            id: 'revokeSession',
            src: 'revokeSession',
            input: ({ context }) => ({ id: context.removed[0]?.session.id ?? '' }),
            onDone: { target: 'idle', actions: ['emitRevoked', 'clearRemoved'] },
            onError: [
              { guard: { type: 'isAlreadyGone', params: ({ event }) => ({ error: event.error }) }, target: 'idle', actions: ['emitRevoked', 'clearRemoved'] },
              {
                target: 'idle',
                actions: [{ type: 'emitRolledBack', params: ({ event }) => ({ operation: 'revoke' as const, error: event.error }) }, 'restoreRemoved'],
              },
            ],
          },
        },
        revokingOthers: {
          invoke: {
            id: 'revokeOtherSessions',
            src: 'revokeOtherSessions',
            onDone: { target: 'idle', actions: [{ type: 'emitOthersRevoked', params: ({ event }) => ({ count: event.output.revoked }) }, 'clearRemoved'] },
            onError: {
              target: 'idle',
              actions: [{ type: 'emitRolledBack', params: ({ event }) => ({ operation: 'revokeOthers' as const, error: event.error }) }, 'restoreRemoved'],
            },
          },
        },
      },
    },
  },
})

export type SessionsMachine = typeof sessionsMachine
