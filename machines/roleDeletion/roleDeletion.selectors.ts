/** Selectors over the roleDeletion snapshot, for the User Roles page and its stories. */
import type { SnapshotFrom } from 'xstate'
import type { PermissionSet } from '../../contract/api.ts'
import type { DisplayText } from '../../contract/messages.ts'
import type { RoleDeletionMachine } from './roleDeletion.machine.ts'

export type RoleDeletionSnapshot = SnapshotFrom<RoleDeletionMachine>

/** The confirmation on screen: the role, the server's last refusal, and whether the call runs. */
export type RoleDeletionDialog = { readonly set: PermissionSet; readonly error: DisplayText | null; readonly busy: boolean } | null

export function selectRoleDeletionDialog(s: RoleDeletionSnapshot): RoleDeletionDialog {
  const { target, error } = s.context
  if (target === null || s.matches('idle')) return null
  return { set: target, error, busy: s.matches('deleting') }
}
