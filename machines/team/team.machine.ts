/**
 * The team page: the members of the current org and what may be done to them (SPEC.md §2.4
 * Team Members; §6 "how sets are assigned to users is not shown", so assignment and removal are
 * ours: `POST /permissions/assign-permission-sets`, `DELETE /organizations/members/{user_id}`).
 *
 *   loading ──(members + sets)──▶ ready ◀──team.retry── failed ◀──(either call fails)── loading
 *   ready.idle ──team.editRoles──▶ editingRoles ──team.saveRoles──▶ assigning ──▶ idle (list updated)
 *                                       ▲                                └──(refused)──┘
 *   ready.idle ──team.remove──▶ confirmingRemoval ──team.confirmRemove──▶ removing ──▶ idle
 *
 * Updates are pessimistic: the list changes only with the server's answer (the member it
 * returns, or a 204 for a removal), because the server may refuse for reasons the browser
 * cannot see (the last super admin, 409; granting what one does not hold, 403). Outcomes are
 * emitted (`team.rolesSaved`, `team.memberRemoved`, `team.operationFailed`) for the toasts.
 */
import { assign, emit, fromPromise, setup } from 'xstate'
import type { PermissionSet } from '../../contract/api.ts'
import type { AssignPermissionSetsRequest, TeamMember } from '../../contract/permissions.ts'
import { toFailure } from '../roleEditor/failure.ts'

export interface TeamContext {
  /** null until loaded. */
  readonly members: ReadonlyArray<TeamMember> | null
  /** Every set of the org (system and custom), for role names and the roles dialog. */
  readonly sets: ReadonlyArray<PermissionSet> | null
  readonly loadError: string | null
  /** The member whose roles are edited or who is being removed, as listed when the dialog opened. */
  readonly target: TeamMember | null
  /** The set `_id`s ticked in the roles dialog. */
  readonly selection: ReadonlyArray<string>
  /** Shown inside the open dialog: a choice that cannot be saved, or the server's refusal. */
  readonly dialogError: string | null
}

export type TeamEvent =
  | { type: 'team.retry' }
  | { type: 'team.editRoles'; userId: string }
  | { type: 'team.toggleSet'; setId: string }
  | { type: 'team.saveRoles' }
  | { type: 'team.remove'; userId: string }
  | { type: 'team.confirmRemove' }
  | { type: 'team.cancel' }

export type TeamEmitted =
  | { type: 'team.rolesSaved'; member: TeamMember }
  | { type: 'team.memberRemoved'; member: TeamMember }
  | { type: 'team.operationFailed'; operation: 'assign' | 'remove'; status: number; message: string }

/** Shown when the members or the sets could not be loaded and the error carries no message (ours). */
export const TEAM_LOAD_FAILED_MESSAGE = 'Could not load the team. Please try again.'
/** The dialog's error when no role is ticked (ours; the invite form asks for one too). */
export const NO_ROLE_MESSAGE = 'Choose at least one role'
/** Toast text of a failed change whose error carries no message (ours). */
export const TEAM_CHANGE_FAILED_MESSAGE = 'Could not change the team. Please try again.'

export const teamMachine = setup({
  types: {
    context: {} as TeamContext,
    events: {} as TeamEvent,
    emitted: {} as TeamEmitted,
  },
  actors: {
    /** `GET /organizations/members`. Provided by the page. */
    loadMembers: fromPromise<ReadonlyArray<TeamMember>, void>(async () => {
      throw new Error('loadMembers is provided by the page')
    }),
    /** `GET /permissions/permission-sets`. Provided by the page. */
    loadPermissionSets: fromPromise<ReadonlyArray<PermissionSet>, void>(async () => {
      throw new Error('loadPermissionSets is provided by the page')
    }),
    /** `POST /permissions/assign-permission-sets`; resolves with the member as stored. */
    assignPermissionSets: fromPromise<TeamMember, AssignPermissionSetsRequest>(async () => {
      throw new Error('assignPermissionSets is provided by the page')
    }),
    /** `DELETE /organizations/members/{userId}` (204). */
    removeMember: fromPromise<void, { userId: string }>(async () => {
      throw new Error('removeMember is provided by the page')
    }),
  },
  guards: {
    isLoaded: ({ context }) => context.members !== null && context.sets !== null,
    isMember: ({ context }, params: { userId: string }) => findMember(context, params.userId) !== null,
    hasSelection: ({ context }) => context.selection.length > 0,
  },
  actions: {
    assignMembers: assign((_, params: { members: ReadonlyArray<TeamMember> }) => ({ members: params.members })),
    assignSets: assign((_, params: { sets: ReadonlyArray<PermissionSet> }) => ({ sets: params.sets })),
    assignLoadError: assign((_, params: { error: unknown }) => ({ loadError: toFailure(params.error, [], TEAM_LOAD_FAILED_MESSAGE).message })),
    resetLoad: assign({ members: null, sets: null, loadError: null }),
    /** Opens the roles dialog on the member's current sets. */
    assignRoleTarget: assign(({ context }, params: { userId: string }) => {
      const target = findMember(context, params.userId)
      return { target, selection: target?.permission_set_ids ?? [], dialogError: null }
    }),
    assignRemovalTarget: assign(({ context }, params: { userId: string }) => ({ target: findMember(context, params.userId), dialogError: null })),
    assignToggle: assign(({ context }, params: { setId: string }) => ({
      selection: context.selection.includes(params.setId) ? context.selection.filter((id) => id !== params.setId) : [...context.selection, params.setId],
      dialogError: null,
    })),
    assignNoRoleError: assign({ dialogError: NO_ROLE_MESSAGE }),
    assignDialogFailure: assign((_, params: { error: unknown }) => ({ dialogError: toFailure(params.error, [], TEAM_CHANGE_FAILED_MESSAGE).message })),
    clearTarget: assign({ target: null, selection: [], dialogError: null }),
    /** Puts the server's answer in place of the member it describes. */
    replaceMember: assign(({ context }, params: { member: TeamMember }) => ({
      members: context.members?.map((m) => (m.user_id === params.member.user_id ? params.member : m)) ?? null,
    })),
    dropTarget: assign(({ context }) => ({ members: context.members?.filter((m) => m.user_id !== context.target?.user_id) ?? null })),
    emitRolesSaved: emit((_, params: { member: TeamMember }) => ({ type: 'team.rolesSaved' as const, member: params.member })),
    emitMemberRemoved: emit((_, params: { member: TeamMember }) => ({ type: 'team.memberRemoved' as const, member: params.member })),
    emitOperationFailed: emit((_, params: { operation: 'assign' | 'remove'; error: unknown }) => {
      const failure = toFailure(params.error, [], TEAM_CHANGE_FAILED_MESSAGE)
      return { type: 'team.operationFailed' as const, operation: params.operation, status: failure.status, message: failure.message }
    }),
  },
}).createMachine({
  id: 'team',
  context: { members: null, sets: null, loadError: null, target: null, selection: [], dialogError: null },
  initial: 'loading',
  states: {
    loading: {
      invoke: [
        {
          id: 'loadMembers',
          src: 'loadMembers',
          onDone: { actions: { type: 'assignMembers', params: ({ event }) => ({ members: event.output }) } },
          onError: { target: 'failed', actions: { type: 'assignLoadError', params: ({ event }) => ({ error: event.error }) } },
        },
        {
          id: 'loadPermissionSets',
          src: 'loadPermissionSets',
          onDone: { actions: { type: 'assignSets', params: ({ event }) => ({ sets: event.output }) } },
          onError: { target: 'failed', actions: { type: 'assignLoadError', params: ({ event }) => ({ error: event.error }) } },
        },
      ],
      always: { guard: 'isLoaded', target: 'ready' },
    },
    failed: {
      on: { 'team.retry': { target: 'loading', actions: 'resetLoad' } },
    },
    ready: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'team.editRoles': {
              guard: { type: 'isMember', params: ({ event }) => event },
              target: 'editingRoles',
              actions: { type: 'assignRoleTarget', params: ({ event }) => event },
            },
            'team.remove': {
              guard: { type: 'isMember', params: ({ event }) => event },
              target: 'confirmingRemoval',
              actions: { type: 'assignRemovalTarget', params: ({ event }) => event },
            },
          },
        },
        editingRoles: {
          on: {
            'team.toggleSet': { actions: { type: 'assignToggle', params: ({ event }) => event } },
            'team.saveRoles': [{ guard: 'hasSelection', target: 'assigning' }, { actions: 'assignNoRoleError' }],
            'team.cancel': { target: 'idle', actions: 'clearTarget' },
          },
        },
        assigning: {
          invoke: {
            id: 'assignPermissionSets',
            src: 'assignPermissionSets',
            input: ({ context }) => ({ user_id: context.target?.user_id ?? '', permission_set_ids: [...context.selection] }),
            onDone: {
              target: 'idle',
              actions: [
                { type: 'replaceMember', params: ({ event }) => ({ member: event.output }) },
                { type: 'emitRolesSaved', params: ({ event }) => ({ member: event.output }) },
                'clearTarget',
              ],
            },
            // The dialog stays open with the server's reason, so the choice can be corrected.
            onError: {
              target: 'editingRoles',
              actions: [
                { type: 'assignDialogFailure', params: ({ event }) => ({ error: event.error }) },
                { type: 'emitOperationFailed', params: ({ event }) => ({ operation: 'assign' as const, error: event.error }) },
              ],
            },
          },
        },
        confirmingRemoval: {
          on: {
            'team.confirmRemove': 'removing',
            'team.cancel': { target: 'idle', actions: 'clearTarget' },
          },
        },
        removing: {
          invoke: {
            id: 'removeMember',
            src: 'removeMember',
            input: ({ context }) => ({ userId: context.target?.user_id ?? '' }),
            onDone: {
              target: 'idle',
              actions: [
                { type: 'emitMemberRemoved', params: ({ context }) => ({ member: context.target as TeamMember }) },
                'dropTarget',
                'clearTarget',
              ],
            },
            onError: {
              target: 'idle',
              actions: [{ type: 'emitOperationFailed', params: ({ event }) => ({ operation: 'remove' as const, error: event.error }) }, 'clearTarget'],
            },
          },
        },
      },
    },
  },
})

export type TeamMachine = typeof teamMachine

/** The listed member with `userId`, or null. */
export function findMember(context: Pick<TeamContext, 'members'>, userId: string): TeamMember | null {
  return context.members?.find((m) => m.user_id === userId) ?? null
}
