/**
 * Selectors over the invite snapshot, for the invite page and stories.
 */
import type { SnapshotFrom } from 'xstate'
import type { PermissionSet } from '../../contract/api.ts'
import type { InviteMachine } from './invite.machine.ts'

export type InviteSnapshot = SnapshotFrom<InviteMachine>

export type InviteStatus = 'loading' | 'loadFailed' | 'editing' | 'sending' | 'sent'

export function selectInviteStatus(s: InviteSnapshot): InviteStatus {
  for (const status of ['loading', 'loadFailed', 'sending', 'sent'] as const) if (s.matches(status)) return status
  return 'editing'
}

export const selectInviteEmail = (s: InviteSnapshot) => s.context.email
export const selectInviteName = (s: InviteSnapshot) => s.context.fullName
export const selectInviteSelection = (s: InviteSnapshot) => s.context.selection
export const selectInviteFieldErrors = (s: InviteSnapshot) => s.context.fieldErrors
export const selectInviteFormError = (s: InviteSnapshot) => s.context.formError
export const selectInviteLoadError = (s: InviteSnapshot) => s.context.loadError
/** The roles to choose from, in the order of the org's list (system sets first). */
export const selectInviteSets = (s: InviteSnapshot): ReadonlyArray<PermissionSet> => s.context.sets ?? []
