/**
 * Deleting a custom role from the User Roles page (`DELETE /permissions/permission-sets/{id}`,
 * PERMISSION_SETS delete; system roles have no 'Delete').
 *
 *   idle ──roleDeletion.request──▶ confirming ──roleDeletion.confirm──▶ deleting ──▶ idle   (emits `roleDeletion.deleted`)
 *     ▲                               │  ▲                                   └──(refused)──▶ confirming (the reason in the dialog)
 *     └────────roleDeletion.cancel────┘  └─────────────────────────────────────────────────┘
 *
 * Pessimistic: the list (the permissions actor's) changes only once the server agrees, because
 * the usual refusal is one the browser cannot foresee: the role is still held by members or
 * pending invitations (409, the message names them: "Assigned to Ada Admin and Sam Agent: remove
 * it from them first."). That message stays in the open dialog and goes to a toast
 * (`roleDeletion.failed`); the page refetches the list on `roleDeletion.deleted`.
 */
import { assign, emit, fromPromise, setup } from 'xstate'
import type { PermissionSet } from '../../contract/api.ts'
import { type DisplayText, localized } from '../../contract/messages.ts'
import { toFailure } from '../shared/failure.ts'
import { rolesMessages } from './roleDeletion.messages.ts'

/** Toast and dialog text of a refused deletion whose error carries no message (ours). */
export const ROLE_DELETE_FAILED_MESSAGE = localized(rolesMessages.deleteFailed)

export interface RoleDeletionContext {
  /** The role being deleted, as listed when 'Delete' was pressed; null while idle. */
  readonly target: PermissionSet | null
  /** The server's refusal, shown in the dialog until it is confirmed again or closed. */
  readonly error: DisplayText | null
}

export type RoleDeletionEvent = { type: 'roleDeletion.request'; set: PermissionSet } | { type: 'roleDeletion.confirm' } | { type: 'roleDeletion.cancel' }

export type RoleDeletionEmitted =
  { type: 'roleDeletion.deleted'; set: PermissionSet } | { type: 'roleDeletion.failed'; set: PermissionSet; status: number; message: DisplayText }

export const roleDeletionMachine = setup({
  types: {
    context: {} as RoleDeletionContext,
    events: {} as RoleDeletionEvent,
    emitted: {} as RoleDeletionEmitted,
  },
  actors: {
    /** `DELETE /permissions/permission-sets/{id}` (204). Provided by the page. */
    deletePermissionSet: fromPromise<void, { id: string }>(async () => {
      throw new Error('deletePermissionSet is provided by the page')
    }),
  },
  guards: {
    /** Only custom roles can be deleted: the server refuses system ones (403) and the page offers no button. */
    isCustom: (_, params: { set: PermissionSet }) => !params.set.is_system,
  },
  actions: {
    assignTarget: assign((_, params: { set: PermissionSet }) => ({ target: params.set, error: null })),
    clear: assign({ target: null, error: null }),
    clearError: assign({ error: null }),
    assignError: assign((_, params: { error: unknown }) => ({ error: toFailure(params.error, [], ROLE_DELETE_FAILED_MESSAGE).message })),
    emitDeleted: emit(({ context }) => ({ type: 'roleDeletion.deleted' as const, set: context.target as PermissionSet })),
    emitFailed: emit(({ context }, params: { error: unknown }) => {
      const failure = toFailure(params.error, [], ROLE_DELETE_FAILED_MESSAGE)
      return { type: 'roleDeletion.failed' as const, set: context.target as PermissionSet, status: failure.status, message: failure.message }
    }),
  },
}).createMachine({
  id: 'roleDeletion',
  context: { target: null, error: null },
  initial: 'idle',
  states: {
    idle: {
      on: {
        'roleDeletion.request': {
          guard: { type: 'isCustom', params: ({ event }) => event },
          target: 'confirming',
          actions: { type: 'assignTarget', params: ({ event }) => event },
        },
      },
    },
    confirming: {
      on: {
        'roleDeletion.confirm': { target: 'deleting', actions: 'clearError' },
        'roleDeletion.cancel': { target: 'idle', actions: 'clear' },
      },
    },
    deleting: {
      invoke: {
        id: 'deletePermissionSet',
        src: 'deletePermissionSet',
        input: ({ context }) => ({ id: context.target?._id ?? '' }),
        onDone: { target: 'idle', actions: ['emitDeleted', 'clear'] },
        // The dialog stays open with the reason (who still holds the role).
        onError: {
          target: 'confirming',
          actions: [
            { type: 'assignError', params: ({ event }) => ({ error: event.error }) },
            { type: 'emitFailed', params: ({ event }) => ({ error: event.error }) },
          ],
        },
      },
    },
  },
})

export type RoleDeletionMachine = typeof roleDeletionMachine
