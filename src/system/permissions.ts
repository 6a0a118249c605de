/** The permissions machine's browser side (machines/permissions; SPEC §6): the permission-set list of the current org. */
import { fromPromise } from 'xstate'
import { permissionsMachine } from '../../machines/permissions/permissions.machine.ts'
import type { Endpoints } from '../api/endpoints.ts'

/** The permissions machine with its HTTP actor (x-org-id is the auth actor's org, the one it follows). */
export function browserPermissions(api: Endpoints) {
  return permissionsMachine.provide({ actors: { loadPermissionSets: fromPromise(() => api.permissionSets()) } })
}
