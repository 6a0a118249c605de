/**
 * Selectors over the permissions snapshot (SPEC §6: has / any / all / actions, and a loading state).
 */
import type { SnapshotFrom } from 'xstate'
import type { PermissionSet } from '../../contract/api.ts'
import { NO_PERMISSIONS, type ResolvedPermissions, resolvePermissions } from '../../contract/permissions.ts'
import type { PermissionsMachine } from './permissions.machine.ts'

export type PermissionsSnapshot = SnapshotFrom<PermissionsMachine>

let memo: { refs: ReadonlyArray<string>; sets: ReadonlyArray<PermissionSet> | null; value: ResolvedPermissions } | undefined

/** The effective permissions; the same object while refs and sets are unchanged (cheap for `useSelector`). */
export function selectPermissions(s: PermissionsSnapshot): ResolvedPermissions {
  const { refs, sets } = s.context
  if (memo && memo.refs === refs && memo.sets === sets) return memo.value
  const value = sets === null || s.matches('signedOut') ? NO_PERMISSIONS : resolvePermissions(refs, sets)
  memo = { refs, sets, value }
  return value
}

/** `loading` until the first list of the current org arrives; `failed` when it could not be loaded. */
export function selectPermissionStatus(s: PermissionsSnapshot): 'signedOut' | 'loading' | 'ready' | 'failed' {
  if (s.matches('signedOut')) return 'signedOut'
  if (s.matches('failed')) return 'failed'
  return s.context.sets === null ? 'loading' : 'ready'
}

/** The fetched sets (for the roles pages), or an empty list. */
export const selectPermissionSets = (s: PermissionsSnapshot): ReadonlyArray<PermissionSet> => s.context.sets ?? []
