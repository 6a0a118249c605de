/**
 * Selectors over the team snapshot, for the team page and stories: the members with their role
 * names (set `_id`s resolved against the org's sets), and the open dialog.
 */
import type { SnapshotFrom } from 'xstate'
import { type PermissionSet, SUPER_ADMIN_SET_KEY } from '../../contract/api.ts'
import type { DisplayText } from '../../contract/messages.ts'
import type { TeamInvitation, TeamMember } from '../../contract/team.ts'
import type { TeamMachine } from './team.machine.ts'

export type TeamSnapshot = SnapshotFrom<TeamMachine>

export type TeamStatus = 'checkingAccess' | 'forbidden' | 'loading' | 'failed' | 'ready'

export function selectTeamStatus(s: TeamSnapshot): TeamStatus {
  if (s.matches('checkingAccess')) return 'checkingAccess'
  if (s.matches('forbidden')) return 'forbidden'
  if (s.matches('loading')) return 'loading'
  if (s.matches('failed')) return 'failed'
  return 'ready'
}

export const selectTeamLoadError = (s: TeamSnapshot) => s.context.loadError

export interface MemberRow {
  readonly member: TeamMember
  /** The names of the member's sets, in the order of the org's list (system sets first). */
  readonly roleNames: ReadonlyArray<string>
  /**
   * The only member holding the super-admin set: a workspace keeps at least one, so the server
   * refuses removing them (409) and the page does not offer it.
   */
  readonly isLastSuperAdmin: boolean
}

/** Role names of `ids`, in the order of `sets`; an id the list lacks is left out. */
export function roleNames(ids: ReadonlyArray<string>, sets: ReadonlyArray<PermissionSet>): string[] {
  return sets.filter((s) => ids.includes(s._id)).map((s) => s.name)
}

let memo: { members: unknown; sets: unknown; superAdmins: number; rows: ReadonlyArray<MemberRow> } | undefined

/**
 * The members table's rows: the members listed so far who have joined. A new person who has not
 * set their password yet (`invited`) is listed under the pending invitations instead. The last
 * Super Admin is told by the workspace's count (the server's), not by the pages read. The same
 * array while members, sets and that count are unchanged.
 */
export function selectMemberRows(s: TeamSnapshot): ReadonlyArray<MemberRow> {
  const { members, sets, superAdmins } = s.context
  if (members === null || sets === null) return []
  if (memo && memo.members === members && memo.sets === sets && memo.superAdmins === superAdmins) return memo.rows
  const superAdminIds = new Set(sets.filter((set) => set.is_system && set.permission_set_key === SUPER_ADMIN_SET_KEY).map((set) => set._id))
  const holdsSuperAdmin = (member: TeamMember) => member.permission_set_ids.some((id) => superAdminIds.has(id))
  const rows = members.filter((member) => member.status === 'active').map((member) => ({
    member,
    roleNames: roleNames(member.permission_set_ids, sets),
    isLastSuperAdmin: superAdmins === 1 && holdsSuperAdmin(member),
  }))
  memo = { members, sets, superAdmins, rows }
  return rows
}

/** The search field's text. */
export const selectTeamQuery = (s: TeamSnapshot): string => s.context.query
/** A search is waiting for typing to pause or for its answer: the list is about to change. */
export const selectIsSearching = (s: TeamSnapshot): boolean => s.matches({ ready: 'searching' })
/** A further page is being read (the row under the list says so). */
export const selectIsLoadingMore = (s: TeamSnapshot): boolean => s.matches({ ready: 'loadingMore' })
/** The view may ask for the next page now: one exists, nothing else is being read, and the last try did not fail. */
export const selectCanLoadMore = (s: TeamSnapshot): boolean => s.context.nextCursor !== null && s.context.moreError === null && s.matches({ ready: 'idle' })
/** A further page exists (read or not yet). */
export const selectHasMoreMembers = (s: TeamSnapshot): boolean => s.context.nextCursor !== null
export const selectListError = (s: TeamSnapshot): DisplayText | null => s.context.listError
export const selectMoreError = (s: TeamSnapshot): DisplayText | null => s.context.moreError

/** The org's sets, for the roles dialog's checkboxes. */
export const selectSets = (s: TeamSnapshot): ReadonlyArray<PermissionSet> => s.context.sets ?? []

/** One row of the pending-invitations list, with the role names it would grant. */
export interface InvitationRow {
  readonly invitation: TeamInvitation
  readonly roleNames: ReadonlyArray<string>
  /** Being resent, copied or revoked: its buttons wait. */
  readonly busy: boolean
  /** Which of its actions is in flight, for the button that shows it; null when none. */
  readonly pending: 'resend' | 'copyLink' | 'revoke' | null
}

let invitationMemo: { invitations: unknown; sets: unknown; busyId: string | null; rows: ReadonlyArray<InvitationRow> } | undefined

/** The pending invitations as listed (newest first); the same array while nothing they show changed. */
export function selectInvitationRows(s: TeamSnapshot): ReadonlyArray<InvitationRow> {
  const { invitations, sets, invitationTarget } = s.context
  if (invitations === null || sets === null) return []
  const pending = s.matches({ ready: 'resendingInvitation' })
    ? ('resend' as const)
    : s.matches({ ready: 'copyingLink' })
      ? ('copyLink' as const)
      : s.matches({ ready: 'revokingInvitation' })
        ? ('revoke' as const)
        : null
  const busyId = pending === null ? null : (invitationTarget?.id ?? null)
  if (invitationMemo && invitationMemo.invitations === invitations && invitationMemo.sets === sets && invitationMemo.busyId === busyId)
    return invitationMemo.rows
  const rows = invitations.map((invitation) => ({
    invitation,
    roleNames: roleNames(invitation.permission_set_ids, sets),
    busy: invitation.id === busyId,
    pending: invitation.id === busyId ? pending : null,
  }))
  invitationMemo = { invitations, sets, busyId, rows }
  return rows
}

/** A further page of invitations exists (the rest of `invitationsTotal`). */
export const selectHasMoreInvitations = (s: TeamSnapshot): boolean => s.context.invitationsCursor !== null
/** How many pending invitations are not listed yet ('Show N more'); at least 1 while a further page exists. */
export function selectInvitationsRemaining(s: TeamSnapshot): number {
  const { invitations, invitationsTotal, invitationsCursor } = s.context
  const rest = invitationsTotal - (invitations?.length ?? 0)
  return invitationsCursor === null ? Math.max(0, rest) : Math.max(1, rest)
}
/** A further page of invitations is being read ('Show more' waits). */
export const selectIsLoadingMoreInvitations = (s: TeamSnapshot): boolean => s.matches({ ready: 'loadingMoreInvitations' })
/** Why the last further page of invitations could not be read, or null. */
export const selectInvitationsError = (s: TeamSnapshot): DisplayText | null => s.context.invitationsError

export type TeamDialog =
  | { readonly kind: 'roles'; readonly member: TeamMember; readonly selection: ReadonlyArray<string>; readonly error: DisplayText | null; readonly busy: boolean }
  | { readonly kind: 'remove'; readonly member: TeamMember; readonly busy: boolean }
  | { readonly kind: 'revoke'; readonly invitation: TeamInvitation }
  | null

/**
 * The dialog on screen, if any: the roles dialog (while editing and saving), the removal
 * confirmation, or the revoke confirmation (closed as the optimistic revoke starts).
 */
export function selectTeamDialog(s: TeamSnapshot): TeamDialog {
  const { target, selection, dialogError, invitationTarget } = s.context
  if (s.matches({ ready: 'confirmingRevoke' }) && invitationTarget !== null) return { kind: 'revoke', invitation: invitationTarget }
  if (target === null) return null
  if (s.matches({ ready: 'editingRoles' }) || s.matches({ ready: 'assigning' })) {
    return { kind: 'roles', member: target, selection, error: dialogError, busy: s.matches({ ready: 'assigning' }) }
  }
  if (s.matches({ ready: 'confirmingRemoval' }) || s.matches({ ready: 'removing' })) {
    return { kind: 'remove', member: target, busy: s.matches({ ready: 'removing' }) }
  }
  return null
}
