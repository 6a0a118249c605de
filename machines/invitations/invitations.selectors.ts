/** Selectors over the invitations snapshot, for the workspace switcher, the selection page and stories. */
import type { SnapshotFrom } from 'xstate'
import type { PendingInvitation } from '../../contract/workspaces.ts'
import type { InvitationsMachine } from './invitations.machine.ts'

export type InvitationsSnapshot = SnapshotFrom<InvitationsMachine>

const NONE: ReadonlyArray<PendingInvitation> = []

/** The pending invitations on hand (none before the first load). */
export const selectInvitations = (s: InvitationsSnapshot): ReadonlyArray<PendingInvitation> => s.context.invitations ?? NONE

/** The id of the invitation being accepted or declined, whose buttons wait; null otherwise. */
export const selectAnsweringId = (s: InvitationsSnapshot): string | null =>
  s.matches('accepting') || s.matches('declining') ? (s.context.target?.id ?? null) : null

/** "Globex — invited by Ada Admin" (the inviter left out when their account is gone). */
export function invitationLabel(invitation: PendingInvitation): string {
  return invitation.invited_by.label ? `${invitation.org_name} — invited by ${invitation.invited_by.label}` : invitation.org_name
}
