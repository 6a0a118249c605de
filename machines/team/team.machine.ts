// Long file: the statechart itself: the paged, searched members list and every row action (roles, removal, invitations), whose states interlock.
/**
 * The team page: the members of the current org and what may be done to them (SPEC.md §2.4
 * Team Members; §6 "how sets are assigned to users is not shown", so assignment and removal are
 * ours: `POST /permissions/assign-permission-sets`, `DELETE /organizations/members/{user_id}`).
 *
 *   loading ──(members + sets)──▶ ready ◀──team.retry── failed ◀──(either call fails)── loading
 *   ready.idle ──team.editRoles──▶ editingRoles ──team.saveRoles──▶ assigning ──▶ idle (list updated)
 *                                       ▲                                └──(refused)──┘
 *   ready.idle ──team.remove──▶ confirmingRemoval ──team.confirmRemove──▶ removing ──▶ idle
 *   ready.idle ──team.resendInvitation──▶ resendingInvitation ──▶ idle (the invitation as answered)
 *   ready.idle ──team.copyInvitationLink──▶ copyingLink ──▶ idle (a new person's: a fresh link copied)
 *   ready.idle ──team.revokeInvitation──▶ confirmingRevoke ──team.confirmRevoke──▶ revokingInvitation ──▶ idle
 *
 * The members come a page at a time from the server (`GET /organizations/members`, by name):
 * `team.loadMore` reads the next page (the view sends it as the person scrolls near the end);
 * `team.search` narrows the list on the server, debounced (`searchDebounce`), the typed text
 * replacing the list with the search's first page.
 *
 *   ready.idle ──team.loadMore (a next page)──▶ loadingMore ──▶ idle (appended | moreError)
 *   ready.idle / loadingMore ──team.search──▶ searching.debouncing ──(300 ms)──▶ searching.fetching ──▶ idle (first page | listError)
 *
 * Updates are pessimistic: the list changes only with the server's answer (the member it
 * returns, or a 204 for a removal), because the server may refuse for reasons the browser
 * cannot see (the last super admin, 409; granting what one does not hold, 403). Outcomes are
 * emitted (`team.rolesSaved`, `team.memberRemoved`, `team.operationFailed`) for the toasts.
 *
 * Nothing is fetched for a workspace where the person may not read its members. The
 * `watchAccess` listener reports `team.access` (the org, and whether TEAM_MEMBERS read is held:
 * true, false, or null while the permissions are loading); the machine starts in
 * `checkingAccess`, loads only once allowed, shows `forbidden` (the Unauthorized page, SPEC §2.2)
 * when refused, and drops what it holds when the workspace changes under it (an org switch).
 *
 *   checkingAccess ──team.access (allowed)──▶ loading      ──team.access (refused)──▶ forbidden
 *   any state ──team.access (another org / unknown / refused)──▶ loading / checkingAccess / forbidden
 *
 * The pending invitations (`GET /organizations/invitations`: existing accounts asked to join, and
 * new people with a set-password link) are listed beside the members, newest first, a page at a
 * time: the first with the members, the next on `team.loadMoreInvitations` ('Show more', which
 * counts the rest from the first page's `total`). Each has 'Resend' and
 * 'Revoke', and a new person's with 'Copy link' (a fresh link put on the clipboard). Resending
 * and copying put the server's answer in place of the invitation (its link's new expiry).
 * Revoking is optimistic: the invitation leaves the list as the call starts and comes back
 * (rollback, in the server's order) if the server refuses; the outcomes are emitted
 * (`team.invitationResent`, `team.invitationLinkCopied`, `team.invitationRevoked`, `team.operationFailed`).
 *
 *   ready.idle ──team.loadMoreInvitations (a next page)──▶ loadingMoreInvitations ──▶ idle (appended | invitationsError)
 */
import { assign, emit, fromCallback, fromPromise, raise, setup } from 'xstate'
import { type PermissionSet, SUPER_ADMIN_SET_KEY } from '../../contract/api.ts'
import { type DisplayText, localized } from '../../contract/messages.ts'
import type { AssignPermissionSetsRequest, TeamInvitation, TeamInvitationList, TeamMember, TeamMemberList } from '../../contract/team.ts'
import { toFailure } from '../shared/failure.ts'
import { teamMessages } from './team.messages.ts'

export interface TeamContext {
  /** The members read so far (pages of the search `query`, by name); null until loaded. */
  readonly members: ReadonlyArray<TeamMember> | null
  /** The search as typed (the listed members answer it once `searching` is over); '' lists everyone. */
  readonly query: string
  /** The `cursor` of the next page of members; null on the last page. */
  readonly nextCursor: string | null
  /** How many members of the workspace hold Super Admin (whatever is listed): the only one is not offered 'Remove'. */
  readonly superAdmins: number
  /** Why the last search could not be read (the list is then empty, with 'Try again'). */
  readonly listError: DisplayText | null
  /** Why the last further page could not be read; the members already listed stay. */
  readonly moreError: DisplayText | null
  /** Every set of the org (system and custom), for role names and the roles dialog. */
  readonly sets: ReadonlyArray<PermissionSet> | null
  readonly loadError: DisplayText | null
  /** The member whose roles are edited or who is being removed, as listed when the dialog opened. */
  readonly target: TeamMember | null
  /** The set `_id`s ticked in the roles dialog. */
  readonly selection: ReadonlyArray<string>
  /** Shown inside the open dialog: a choice that cannot be saved (ours, to translate), or the server's refusal. */
  readonly dialogError: DisplayText | null
  /** The org's pending invitations read so far (pages, newest first); null until loaded. */
  readonly invitations: ReadonlyArray<TeamInvitation> | null
  /** The `cursor` of the next page of invitations; null on the last page. */
  readonly invitationsCursor: string | null
  /** How many invitations are pending in all (the first page's count, less those revoked here). */
  readonly invitationsTotal: number
  /** Why the last further page of invitations could not be read; those listed stay. */
  readonly invitationsError: DisplayText | null
  /** The invitation being resent or revoked, as listed when the action started (the rollback's copy). */
  readonly invitationTarget: TeamInvitation | null
  /** The workspace the lists belong to, as last reported by `team.access`; null before. */
  readonly orgId: string | null
}

export type TeamEvent =
  /** From `watchAccess`: the current org and whether its members may be read (null: not known yet). */
  | { type: 'team.access'; orgId: string | null; allowed: boolean | null }
  | { type: 'team.retry' }
  /** The search field's text (sent on every change; the machine debounces). */
  | { type: 'team.search'; query: string }
  /** The person scrolled near the end of the listed members. */
  | { type: 'team.loadMore' }
  /** 'Show more' under the pending invitations. */
  | { type: 'team.loadMoreInvitations' }
  | { type: 'team.editRoles'; userId: string }
  | { type: 'team.toggleSet'; setId: string }
  | { type: 'team.saveRoles' }
  | { type: 'team.remove'; userId: string }
  | { type: 'team.confirmRemove' }
  | { type: 'team.cancel' }
  | { type: 'team.resendInvitation'; userId: string }
  | { type: 'team.copyInvitationLink'; userId: string }
  | { type: 'team.revokeInvitation'; userId: string }
  | { type: 'team.confirmRevoke' }

export type TeamEmitted =
  | { type: 'team.rolesSaved'; member: TeamMember }
  | { type: 'team.memberRemoved'; member: TeamMember }
  | { type: 'team.invitationResent'; invitation: TeamInvitation }
  | { type: 'team.invitationLinkCopied'; invitation: TeamInvitation }
  | { type: 'team.invitationRevoked'; invitation: TeamInvitation }
  | { type: 'team.operationFailed'; operation: TeamOperation; status: number; message: DisplayText }

/** What a failed change was. */
export type TeamOperation = 'assign' | 'remove' | 'resend' | 'copyLink' | 'revoke'

/** Shown when the members or the sets could not be loaded and the error carries no message (ours). */
export const TEAM_LOAD_FAILED_MESSAGE = localized(teamMessages.loadFailedRetry)
/** The dialog's error when no role is ticked (ours; the invite form asks for one too). */
export const NO_ROLE_MESSAGE = localized(teamMessages.noRole)
/** Toast text of a failed change whose error carries no message (ours). */
export const TEAM_CHANGE_FAILED_MESSAGE = localized(teamMessages.changeFailed)
/** Under the list when a further page could not be read and the error carries no message (ours). */
export const TEAM_LOAD_MORE_FAILED_MESSAGE = localized(teamMessages.loadMoreFailed)
/** Under the invitations when a further page could not be read and the error carries no message (ours). */
export const TEAM_LOAD_MORE_INVITATIONS_FAILED_MESSAGE = localized(teamMessages.loadMoreInvitationsFailed)

/** How long typing must pause before the search is sent, in ms. */
export const TEAM_SEARCH_DEBOUNCE_MS = 300

/** What `loadMembers` is asked for: the search ('' for everyone) and the page's cursor (null for the first). */
export interface MemberPageRequest {
  readonly query: string
  readonly cursor: string | null
}

/** What `loadInvitations` is asked for: the page's cursor (null for the first). */
export interface InvitationPageRequest {
  readonly cursor: string | null
}

/** The members part of the context before anything is loaded (and after an org switch). */
const EMPTY_LIST = { members: null, query: '', nextCursor: null, superAdmins: 0, listError: null, moreError: null } as const
/** The invitations part of the context before anything is loaded (and after an org switch). */
const NO_INVITATIONS = { invitations: null, invitationsCursor: null, invitationsTotal: 0, invitationsError: null } as const

export const teamMachine = setup({
  types: {
    context: {} as TeamContext,
    events: {} as TeamEvent,
    emitted: {} as TeamEmitted,
  },
  delays: {
    searchDebounce: TEAM_SEARCH_DEBOUNCE_MS,
  },
  actors: {
    /**
     * Reports `team.access` whenever the org or the person's TEAM_MEMBERS read changes;
     * provided by src/system/team.ts over the permissions actor. This default (stories, tests
     * without a permissions source) allows at once.
     */
    watchAccess: fromCallback<TeamEvent>(({ sendBack }) => {
      sendBack({ type: 'team.access', orgId: null, allowed: true })
    }),
    /** `GET /organizations/members?q&cursor`: a page of members. Provided by the page. */
    loadMembers: fromPromise<TeamMemberList, MemberPageRequest>(async () => {
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
    /** `GET /organizations/invitations?cursor`: a page of pending invitations. Provided by the page. */
    loadInvitations: fromPromise<TeamInvitationList, InvitationPageRequest>(async () => {
      throw new Error('loadInvitations is provided by the page')
    }),
    /** `POST /organizations/members/{userId}/invitation/resend`; resolves with the invitation as listed now. */
    resendInvitation: fromPromise<TeamInvitation, { userId: string }>(async () => {
      throw new Error('resendInvitation is provided by the page')
    }),
    /**
     * `POST /organizations/members/{userId}/invitation/link`, then the link on the clipboard;
     * resolves with the invitation as listed now. Rejects when either step fails.
     */
    copyInvitationLink: fromPromise<TeamInvitation, { userId: string }>(async () => {
      throw new Error('copyInvitationLink is provided by the page')
    }),
    /** `DELETE /organizations/members/{userId}/invitation` (204). */
    revokeInvitation: fromPromise<void, { userId: string }>(async () => {
      throw new Error('revokeInvitation is provided by the page')
    }),
    /** `DELETE /organizations/members/{userId}` (204). */
    removeMember: fromPromise<void, { userId: string }>(async () => {
      throw new Error('removeMember is provided by the page')
    }),
  },
  guards: {
    isAccessAllowed: (_, params: { allowed: boolean | null }) => params.allowed === true,
    isAccessRefused: (_, params: { allowed: boolean | null }) => params.allowed === false,
    isAccessUnknown: (_, params: { allowed: boolean | null }) => params.allowed === null,
    /** Allowed, in a workspace other than the one the lists were loaded for. */
    isOtherOrgAllowed: ({ context }, params: { orgId: string | null; allowed: boolean | null }) => params.allowed === true && params.orgId !== context.orgId,
    isLoaded: ({ context }) => context.members !== null && context.sets !== null && context.invitations !== null,
    isInvited: ({ context }, params: { userId: string }) => findInvitation(context, params.userId) !== null,
    /** A new person's invitation: it has a set-password link to copy. */
    hasInvitationLink: ({ context }, params: { userId: string }) => findInvitation(context, params.userId)?.kind === 'link',
    isMember: ({ context }, params: { userId: string }) => findMember(context, params.userId) !== null,
    hasMore: ({ context }) => context.nextCursor !== null,
    hasMoreInvitations: ({ context }) => context.invitationsCursor !== null,
    hasListError: ({ context }) => context.listError !== null,
    hasSelection: ({ context }) => context.selection.length > 0,
  },
  actions: {
    assignOrg: assign((_, params: { orgId: string | null }) => ({ orgId: params.orgId })),
    /** Forgets everything of the previous workspace (an org switch, or access taken away). */
    forgetTeam: assign({ ...EMPTY_LIST, ...NO_INVITATIONS, sets: null, loadError: null, target: null, selection: [], dialogError: null, invitationTarget: null }),
    /** A first page: the list starts over with it (the first load, or a search's answer). */
    assignFirstPage: assign((_, params: { page: TeamMemberList }) => ({
      members: params.page.members,
      nextCursor: params.page.next_cursor,
      superAdmins: params.page.super_admins,
      listError: null,
      moreError: null,
    })),
    /** Appends a further page; a member already listed (a boundary that moved) is not listed twice. */
    appendPage: assign(({ context }, params: { page: TeamMemberList }) => {
      const seen = new Set(context.members?.map((m) => m.user_id))
      return {
        members: [...(context.members ?? []), ...params.page.members.filter((m) => !seen.has(m.user_id))],
        nextCursor: params.page.next_cursor,
        superAdmins: params.page.super_admins,
        moreError: null,
      }
    }),
    assignQuery: assign((_, params: { query: string }) => ({ query: params.query })),
    assignListError: assign((_, params: { error: unknown }) => ({
      members: [],
      nextCursor: null,
      listError: toFailure(params.error, [], TEAM_LOAD_FAILED_MESSAGE).message,
    })),
    assignMoreError: assign((_, params: { error: unknown }) => ({ moreError: toFailure(params.error, [], TEAM_LOAD_MORE_FAILED_MESSAGE).message })),
    clearMoreError: assign({ moreError: null }),
    assignSets: assign((_, params: { sets: ReadonlyArray<PermissionSet> }) => ({ sets: params.sets })),
    assignLoadError: assign((_, params: { error: unknown }) => ({ loadError: toFailure(params.error, [], TEAM_LOAD_FAILED_MESSAGE).message })),
    resetLoad: assign({ ...EMPTY_LIST, ...NO_INVITATIONS, sets: null, loadError: null }),
    /** The first page of invitations, with how many are pending in all. */
    assignInvitations: assign((_, params: { page: TeamInvitationList }) => ({
      invitations: params.page.invitations,
      invitationsCursor: params.page.next_cursor,
      invitationsTotal: params.page.total ?? params.page.invitations.length,
      invitationsError: null,
    })),
    /** Appends a further page of invitations; one already listed (a boundary that moved) is not listed twice. */
    appendInvitations: assign(({ context }, params: { page: TeamInvitationList }) => {
      const seen = new Set(context.invitations?.map((i) => i.id))
      const invitations = [...(context.invitations ?? []), ...params.page.invitations.filter((i) => !seen.has(i.id))]
      // The total was counted before: invitations sent since may be listed now; never fewer than listed.
      return { invitations, invitationsCursor: params.page.next_cursor, invitationsTotal: Math.max(context.invitationsTotal, invitations.length), invitationsError: null }
    }),
    assignInvitationsError: assign((_, params: { error: unknown }) => ({
      invitationsError: toFailure(params.error, [], TEAM_LOAD_MORE_INVITATIONS_FAILED_MESSAGE).message,
    })),
    clearInvitationsError: assign({ invitationsError: null }),
    assignInvitationTarget: assign(({ context }, params: { userId: string }) => ({ invitationTarget: findInvitation(context, params.userId) })),
    clearInvitationTarget: assign({ invitationTarget: null }),
    /** Optimistic: the revoked invitation leaves the list, and the count, as the call starts. */
    dropInvitation: assign(({ context }) => {
      const listed = context.invitations?.some((i) => i.id === context.invitationTarget?.id) ?? false
      return {
        invitations: context.invitations?.filter((i) => i.id !== context.invitationTarget?.id) ?? null,
        invitationsTotal: listed ? Math.max(0, context.invitationsTotal - 1) : context.invitationsTotal,
      }
    }),
    /** Rollback: the invitation comes back, in the server's order (newest first), and counts again. */
    restoreInvitation: assign(({ context }) => {
      const target = context.invitationTarget
      if (target === null || context.invitations === null || context.invitations.some((i) => i.id === target.id)) return {}
      return { invitations: [...context.invitations, target].sort(newestFirst), invitationsTotal: context.invitationsTotal + 1 }
    }),
    /** Puts the server's answer in place of the invitation it describes. */
    replaceInvitation: assign(({ context }, params: { invitation: TeamInvitation }) => ({
      invitations: context.invitations?.map((i) => (i.user_id === params.invitation.user_id ? params.invitation : i)) ?? null,
    })),
    emitInvitationResent: emit(({ context }) => ({ type: 'team.invitationResent' as const, invitation: context.invitationTarget as TeamInvitation })),
    emitInvitationLinkCopied: emit(({ context }) => ({ type: 'team.invitationLinkCopied' as const, invitation: context.invitationTarget as TeamInvitation })),
    emitInvitationRevoked: emit(({ context }) => ({ type: 'team.invitationRevoked' as const, invitation: context.invitationTarget as TeamInvitation })),
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
    /** Puts the server's answer in place of the member it describes; the Super Admin count follows its change. */
    replaceMember: assign(({ context }, params: { member: TeamMember }) => {
      const before = findMember(context, params.member.user_id)
      const change = before === null ? 0 : Number(holdsSuperAdmin(params.member, context.sets)) - Number(holdsSuperAdmin(before, context.sets))
      return {
        members: context.members?.map((m) => (m.user_id === params.member.user_id ? params.member : m)) ?? null,
        superAdmins: context.superAdmins + change,
      }
    }),
    dropTarget: assign(({ context }) => ({
      members: context.members?.filter((m) => m.user_id !== context.target?.user_id) ?? null,
      superAdmins: context.superAdmins - (context.target !== null && holdsSuperAdmin(context.target, context.sets) ? 1 : 0),
    })),
    emitRolesSaved: emit((_, params: { member: TeamMember }) => ({ type: 'team.rolesSaved' as const, member: params.member })),
    emitMemberRemoved: emit((_, params: { member: TeamMember }) => ({ type: 'team.memberRemoved' as const, member: params.member })),
    emitOperationFailed: emit((_, params: { operation: TeamOperation; error: unknown }) => {
      const failure = toFailure(params.error, [], TEAM_CHANGE_FAILED_MESSAGE)
      return { type: 'team.operationFailed' as const, operation: params.operation, status: failure.status, message: failure.message }
    }),
  },
}).createMachine({
  id: 'team',
  context: { ...EMPTY_LIST, ...NO_INVITATIONS, sets: null, loadError: null, target: null, selection: [], dialogError: null, invitationTarget: null, orgId: null },
  invoke: { id: 'watchAccess', src: 'watchAccess' },
  // Whatever the page is doing, a change of workspace or of access starts over.
  on: {
    'team.access': [
      { guard: { type: 'isAccessUnknown', params: ({ event }) => event }, target: '.checkingAccess', actions: 'forgetTeam' },
      { guard: { type: 'isAccessRefused', params: ({ event }) => event }, target: '.forbidden', actions: ['forgetTeam', { type: 'assignOrg', params: ({ event }) => event }] },
      { guard: { type: 'isOtherOrgAllowed', params: ({ event }) => event }, target: '.loading', actions: ['forgetTeam', { type: 'assignOrg', params: ({ event }) => event }] },
    ],
  },
  initial: 'checkingAccess',
  states: {
    // Until the permissions of the current org are known: no call that the server could refuse.
    checkingAccess: {
      on: {
        'team.access': [
          { guard: { type: 'isAccessAllowed', params: ({ event }) => event }, target: 'loading', actions: { type: 'assignOrg', params: ({ event }) => event } },
          { guard: { type: 'isAccessRefused', params: ({ event }) => event }, target: 'forbidden', actions: { type: 'assignOrg', params: ({ event }) => event } },
          // Still unknown: keep waiting.
          {},
        ],
      },
    },
    // SPEC §2.2: the person may not read this workspace's members; the Unauthorized page shows.
    forbidden: {
      on: {
        'team.access': [
          { guard: { type: 'isAccessAllowed', params: ({ event }) => event }, target: 'loading', actions: { type: 'assignOrg', params: ({ event }) => event } },
          { guard: { type: 'isAccessUnknown', params: ({ event }) => event }, target: 'checkingAccess' },
          { actions: { type: 'assignOrg', params: ({ event }) => event } },
        ],
      },
    },
    loading: {
      invoke: [
        {
          id: 'loadMembers',
          src: 'loadMembers',
          input: ({ context }) => ({ query: context.query, cursor: null }),
          onDone: { actions: { type: 'assignFirstPage', params: ({ event }) => ({ page: event.output }) } },
          onError: { target: 'failed', actions: { type: 'assignLoadError', params: ({ event }) => ({ error: event.error }) } },
        },
        {
          id: 'loadPermissionSets',
          src: 'loadPermissionSets',
          onDone: { actions: { type: 'assignSets', params: ({ event }) => ({ sets: event.output }) } },
          onError: { target: 'failed', actions: { type: 'assignLoadError', params: ({ event }) => ({ error: event.error }) } },
        },
        {
          id: 'loadInvitations',
          src: 'loadInvitations',
          input: { cursor: null },
          onDone: { actions: { type: 'assignInvitations', params: ({ event }) => ({ page: event.output }) } },
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
            'team.search': { target: 'searching', actions: { type: 'assignQuery', params: ({ event }) => event } },
            'team.loadMore': { guard: 'hasMore', target: 'loadingMore', actions: 'clearMoreError' },
            'team.loadMoreInvitations': { guard: 'hasMoreInvitations', target: 'loadingMoreInvitations', actions: 'clearInvitationsError' },
            // A search that could not be read: read it again at once.
            'team.retry': { guard: 'hasListError', target: 'searching.fetching' },
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
            'team.resendInvitation': {
              guard: { type: 'isInvited', params: ({ event }) => event },
              target: 'resendingInvitation',
              actions: { type: 'assignInvitationTarget', params: ({ event }) => event },
            },
            'team.copyInvitationLink': {
              guard: { type: 'hasInvitationLink', params: ({ event }) => event },
              target: 'copyingLink',
              actions: { type: 'assignInvitationTarget', params: ({ event }) => event },
            },
            'team.revokeInvitation': {
              guard: { type: 'isInvited', params: ({ event }) => event },
              target: 'confirmingRevoke',
              actions: { type: 'assignInvitationTarget', params: ({ event }) => event },
            },
          },
        },
        // The typed text waits for a pause, then its first page replaces the list; typing again starts over.
        searching: {
          initial: 'debouncing',
          on: {
            'team.search': { target: 'searching', reenter: true, actions: { type: 'assignQuery', params: ({ event }) => event } },
          },
          states: {
            debouncing: {
              after: { searchDebounce: 'fetching' },
            },
            fetching: {
              invoke: {
                id: 'searchMembers',
                src: 'loadMembers',
                input: ({ context }) => ({ query: context.query, cursor: null }),
                onDone: { target: '#team.ready.idle', actions: { type: 'assignFirstPage', params: ({ event }) => ({ page: event.output }) } },
                onError: { target: '#team.ready.idle', actions: { type: 'assignListError', params: ({ event }) => ({ error: event.error }) } },
              },
            },
          },
        },
        // The next page; a search or a row's action meanwhile wins (the view asks again once idle).
        loadingMore: {
          invoke: {
            id: 'loadMoreMembers',
            src: 'loadMembers',
            input: ({ context }) => ({ query: context.query, cursor: context.nextCursor }),
            onDone: { target: 'idle', actions: { type: 'appendPage', params: ({ event }) => ({ page: event.output }) } },
            onError: { target: 'idle', actions: { type: 'assignMoreError', params: ({ event }) => ({ error: event.error }) } },
          },
          on: {
            'team.search': { target: 'searching', actions: { type: 'assignQuery', params: ({ event }) => event } },
            'team.editRoles': { target: 'idle', actions: raise(({ event }) => event) },
            'team.remove': { target: 'idle', actions: raise(({ event }) => event) },
            'team.resendInvitation': { target: 'idle', actions: raise(({ event }) => event) },
            'team.copyInvitationLink': { target: 'idle', actions: raise(({ event }) => event) },
            'team.revokeInvitation': { target: 'idle', actions: raise(({ event }) => event) },
            'team.loadMoreInvitations': { target: 'idle', actions: raise(({ event }) => event) },
          },
        },
        // The next page of invitations; a search or a row's action meanwhile wins (the page is asked for again by 'Show more').
        loadingMoreInvitations: {
          invoke: {
            id: 'loadMoreInvitations',
            src: 'loadInvitations',
            input: ({ context }) => ({ cursor: context.invitationsCursor }),
            onDone: { target: 'idle', actions: { type: 'appendInvitations', params: ({ event }) => ({ page: event.output }) } },
            onError: { target: 'idle', actions: { type: 'assignInvitationsError', params: ({ event }) => ({ error: event.error }) } },
          },
          on: {
            'team.search': { target: 'searching', actions: { type: 'assignQuery', params: ({ event }) => event } },
            'team.editRoles': { target: 'idle', actions: raise(({ event }) => event) },
            'team.remove': { target: 'idle', actions: raise(({ event }) => event) },
            'team.resendInvitation': { target: 'idle', actions: raise(({ event }) => event) },
            'team.copyInvitationLink': { target: 'idle', actions: raise(({ event }) => event) },
            'team.revokeInvitation': { target: 'idle', actions: raise(({ event }) => event) },
          },
        },
        resendingInvitation: {
          invoke: {
            id: 'resendInvitation',
            src: 'resendInvitation',
            input: ({ context }) => ({ userId: context.invitationTarget?.user_id ?? '' }),
            onDone: {
              target: 'idle',
              actions: [{ type: 'replaceInvitation', params: ({ event }) => ({ invitation: event.output }) }, 'emitInvitationResent', 'clearInvitationTarget'],
            },
            onError: {
              target: 'idle',
              actions: [
                { type: 'emitOperationFailed', params: ({ event }) => ({ operation: 'resend' as const, error: event.error }) },
                'clearInvitationTarget',
              ],
            },
          },
        },
        copyingLink: {
          invoke: {
            id: 'copyInvitationLink',
            src: 'copyInvitationLink',
            input: ({ context }) => ({ userId: context.invitationTarget?.user_id ?? '' }),
            onDone: {
              target: 'idle',
              actions: [{ type: 'replaceInvitation', params: ({ event }) => ({ invitation: event.output }) }, 'emitInvitationLinkCopied', 'clearInvitationTarget'],
            },
            onError: {
              target: 'idle',
              actions: [
                { type: 'emitOperationFailed', params: ({ event }) => ({ operation: 'copyLink' as const, error: event.error }) },
                'clearInvitationTarget',
              ],
            },
          },
        },
        confirmingRevoke: {
          on: {
            'team.confirmRevoke': 'revokingInvitation',
            'team.cancel': { target: 'idle', actions: 'clearInvitationTarget' },
          },
        },
        revokingInvitation: {
          entry: 'dropInvitation',
          invoke: {
            id: 'revokeInvitation',
            src: 'revokeInvitation',
            input: ({ context }) => ({ userId: context.invitationTarget?.user_id ?? '' }),
            onDone: { target: 'idle', actions: ['emitInvitationRevoked', 'clearInvitationTarget'] },
            onError: {
              target: 'idle',
              actions: [
                'restoreInvitation',
                { type: 'emitOperationFailed', params: ({ event }) => ({ operation: 'revoke' as const, error: event.error }) },
                'clearInvitationTarget',
              ],
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

/** The listed pending invitation of `userId`, or null. */
export function findInvitation(context: Pick<TeamContext, 'invitations'>, userId: string): TeamInvitation | null {
  return context.invitations?.find((i) => i.user_id === userId) ?? null
}

/**
 * The server's order of invitations: newest first, then new people's (`link`) before accounts',
 * then by key descending (the invitation's id; a new person's user id). The server compares keys in
 * the database's collation: two invitations of one instant may come back in another order.
 */
function newestFirst(a: TeamInvitation, b: TeamInvitation): number {
  if (a.created_at !== b.created_at) return a.created_at < b.created_at ? 1 : -1
  if (a.kind !== b.kind) return a.kind === 'link' ? -1 : 1
  const [ka, kb] = a.kind === 'link' ? [a.user_id, b.user_id] : [a.id, b.id]
  return ka < kb ? 1 : ka > kb ? -1 : 0
}

/** Whether `member` holds the org's Super Admin set (a system set, among `sets`). */
export function holdsSuperAdmin(member: Pick<TeamMember, 'permission_set_ids'>, sets: ReadonlyArray<PermissionSet> | null): boolean {
  return sets?.some((set) => set.is_system && set.permission_set_key === SUPER_ADMIN_SET_KEY && member.permission_set_ids.includes(set._id)) ?? false
}

/** The listed member with `userId`, or null. */
export function findMember(context: Pick<TeamContext, 'members'>, userId: string): TeamMember | null {
  return context.members?.find((m) => m.user_id === userId) ?? null
}
