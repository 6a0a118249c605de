/**
 * The signed-in person's pending invitations to other workspaces (ours: an existing account
 * joins a workspace only by accepting; `GET /users/invitations`,
 * `POST /users/invitations/{id}/accept|decline`). The workspace switcher and the workspace
 * selection page (where the invitation's notification leads) show them with 'Accept' and 'Decline'.
 *
 *   loading ──(list)──▶ ready ──invitations.accept──▶ accepting ──▶ ready   (emits `invitations.accepted`)
 *      └──▶ failed          │  ──invitations.decline──▶ declining ──▶ ready   (emits `invitations.declined`)
 *           │               └──invitations.refresh──▶ loading (the list stays on screen)
 *           └──invitations.refresh──▶ loading
 *
 * Accepting is pessimistic: the answer is the workspace just joined, which the wiring hands to
 * the workspace list (a refetch) and the toast. Declining is optimistic: the invitation leaves
 * the list as the call starts and comes back (rollback, in the server's order) if it fails. A
 * refusal of either is emitted (`invitations.failed`) with the server's message; an invitation
 * the server no longer knows (404: revoked meanwhile) leaves the list.
 */
import { assign, emit, fromPromise, setup } from 'xstate'
import type { WorkspaceItem } from '../../contract/api.ts'
import { type DisplayText, localized } from '../../contract/messages.ts'
import type { PendingInvitation } from '../../contract/workspaces.ts'
import { toFailure } from '../shared/failure.ts'
import { invitationsMessages } from './invitations.messages.ts'

/** Toast of a failed answer whose error carries no message (ours). */
export const INVITATION_ANSWER_FAILED_MESSAGE = localized(invitationsMessages.answerFailed)
/** Shown when the invitations could not be loaded and the error carries no message (ours). */
export const INVITATIONS_LOAD_FAILED_MESSAGE = localized(invitationsMessages.loadFailed)

export interface InvitationsContext {
  /** Pending invitations, newest first; null until first loaded. */
  readonly invitations: ReadonlyArray<PendingInvitation> | null
  /** The invitation being answered (the rollback's copy for a decline); null otherwise. */
  readonly target: PendingInvitation | null
  readonly loadError: DisplayText | null
}

export type InvitationsEvent = { type: 'invitations.refresh' } | { type: 'invitations.accept'; id: string } | { type: 'invitations.decline'; id: string }

export type InvitationsEmitted =
  | { type: 'invitations.accepted'; invitation: PendingInvitation; workspace: WorkspaceItem }
  | { type: 'invitations.declined'; invitation: PendingInvitation }
  | { type: 'invitations.failed'; invitation: PendingInvitation; answer: 'accept' | 'decline'; status: number; message: DisplayText }

export const invitationsMachine = setup({
  types: {
    context: {} as InvitationsContext,
    events: {} as InvitationsEvent,
    emitted: {} as InvitationsEmitted,
  },
  actors: {
    /** `GET /users/invitations`. Provided in src/system. */
    loadInvitations: fromPromise<ReadonlyArray<PendingInvitation>, void>(async () => {
      throw new Error('loadInvitations is provided by src/system')
    }),
    /** `POST /users/invitations/{id}/accept`; resolves with the workspace joined. */
    acceptInvitation: fromPromise<WorkspaceItem, { id: string }>(async () => {
      throw new Error('acceptInvitation is provided by src/system')
    }),
    /** `POST /users/invitations/{id}/decline` (204). */
    declineInvitation: fromPromise<void, { id: string }>(async () => {
      throw new Error('declineInvitation is provided by src/system')
    }),
  },
  guards: {
    isListed: ({ context }, params: { id: string }) => context.invitations?.some((i) => i.id === params.id) ?? false,
    /** The server no longer has it pending (revoked or answered elsewhere): 404. */
    isGone: (_, params: { error: unknown }) => toFailure(params.error, [], '').status === 404,
  },
  actions: {
    assignInvitations: assign((_, params: { invitations: ReadonlyArray<PendingInvitation> }) => ({ invitations: params.invitations, loadError: null })),
    assignLoadError: assign((_, params: { error: unknown }) => ({ loadError: toFailure(params.error, [], INVITATIONS_LOAD_FAILED_MESSAGE).message })),
    assignTarget: assign(({ context }, params: { id: string }) => ({ target: context.invitations?.find((i) => i.id === params.id) ?? null })),
    clearTarget: assign({ target: null }),
    /** The answered invitation leaves the list (a decline does so as it starts: optimistic). */
    dropTarget: assign(({ context }) => ({ invitations: context.invitations?.filter((i) => i.id !== context.target?.id) ?? null })),
    /** Rollback of a failed decline, in the server's order (newest first). */
    restoreTarget: assign(({ context }) => {
      const target = context.target
      if (target === null || context.invitations === null || context.invitations.some((i) => i.id === target.id)) return {}
      return { invitations: [...context.invitations, target].sort(newestFirst) }
    }),
    emitAccepted: emit(({ context }, params: { workspace: WorkspaceItem }) => ({
      type: 'invitations.accepted' as const,
      invitation: context.target as PendingInvitation,
      workspace: params.workspace,
    })),
    emitDeclined: emit(({ context }) => ({ type: 'invitations.declined' as const, invitation: context.target as PendingInvitation })),
    emitFailed: emit(({ context }, params: { answer: 'accept' | 'decline'; error: unknown }) => {
      const failure = toFailure(params.error, [], INVITATION_ANSWER_FAILED_MESSAGE)
      return {
        type: 'invitations.failed' as const,
        invitation: context.target as PendingInvitation,
        answer: params.answer,
        status: failure.status,
        message: failure.message,
      }
    }),
  },
}).createMachine({
  id: 'invitations',
  context: { invitations: null, target: null, loadError: null },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadInvitations',
        src: 'loadInvitations',
        onDone: { target: 'ready', actions: { type: 'assignInvitations', params: ({ event }) => ({ invitations: event.output }) } },
        onError: { target: 'failed', actions: { type: 'assignLoadError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    failed: {
      on: { 'invitations.refresh': 'loading' },
    },
    ready: {
      on: {
        'invitations.refresh': 'loading',
        'invitations.accept': {
          guard: { type: 'isListed', params: ({ event }) => event },
          target: 'accepting',
          actions: { type: 'assignTarget', params: ({ event }) => event },
        },
        'invitations.decline': {
          guard: { type: 'isListed', params: ({ event }) => event },
          target: 'declining',
          actions: { type: 'assignTarget', params: ({ event }) => event },
        },
      },
    },
    accepting: {
      invoke: {
        id: 'acceptInvitation',
        src: 'acceptInvitation',
        input: ({ context }) => ({ id: context.target?.id ?? '' }),
        onDone: {
          target: 'ready',
          actions: [{ type: 'emitAccepted', params: ({ event }) => ({ workspace: event.output }) }, 'dropTarget', 'clearTarget'],
        },
        onError: [
          {
            guard: { type: 'isGone', params: ({ event }) => ({ error: event.error }) },
            target: 'ready',
            actions: [{ type: 'emitFailed', params: ({ event }) => ({ answer: 'accept' as const, error: event.error }) }, 'dropTarget', 'clearTarget'],
          },
          { target: 'ready', actions: [{ type: 'emitFailed', params: ({ event }) => ({ answer: 'accept' as const, error: event.error }) }, 'clearTarget'] },
        ],
      },
    },
    declining: {
      entry: 'dropTarget',
      invoke: {
        id: 'declineInvitation',
        src: 'declineInvitation',
        input: ({ context }) => ({ id: context.target?.id ?? '' }),
        onDone: { target: 'ready', actions: ['emitDeclined', 'clearTarget'] },
        onError: [
          {
            guard: { type: 'isGone', params: ({ event }) => ({ error: event.error }) },
            target: 'ready',
            actions: [{ type: 'emitFailed', params: ({ event }) => ({ answer: 'decline' as const, error: event.error }) }, 'clearTarget'],
          },
          {
            target: 'ready',
            actions: ['restoreTarget', { type: 'emitFailed', params: ({ event }) => ({ answer: 'decline' as const, error: event.error }) }, 'clearTarget'],
          },
        ],
      },
    },
  },
})

export type InvitationsMachine = typeof invitationsMachine

/** The server's order: newest first, then by id descending. */
function newestFirst(a: PendingInvitation, b: PendingInvitation): number {
  if (a.created_at !== b.created_at) return a.created_at < b.created_at ? 1 : -1
  return a.id < b.id ? 1 : a.id > b.id ? -1 : 0
}
