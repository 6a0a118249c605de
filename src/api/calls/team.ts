/**
 * The team and roles pages' calls: members, invitations, permission sets (contract/team.ts).
 * Loaded with the first of these calls (src/api/endpoints.ts); each returns the contract-decoded
 * response or rejects with `ApiError`.
 */
import {
  type AssignPermissionSetsRequest,
  type InviteMemberRequest,
  type PermissionSetInput,
  rolesApi,
  type TeamInvitationsQuery,
  type TeamMembersQuery,
  teamApi,
} from '../../../contract/team.ts'
import type { Call } from '../call.ts'

/** The members, invitations and permission-set calls over `call` (src/api/call.ts). */
export function teamCalls(call: Call) {
  return {
    /** `POST /permissions/permission-sets`: 403 without PERMISSION_SETS create; 409 on a duplicate name. */
    createPermissionSet: async (body: PermissionSetInput) => call(rolesApi.createPermissionSet, { body }),
    /** `PUT /permissions/permission-sets/{id}`: 403 for system sets. */
    updatePermissionSet: async (id: string, body: PermissionSetInput) => call(rolesApi.updatePermissionSet, { params: { id }, body }),
    /** `POST /permissions/assign-permission-sets`: replaces the member's sets in this org. */
    assignPermissionSets: async (body: AssignPermissionSetsRequest) => call(rolesApi.assignPermissionSets, { body }),
    /** `GET /permissions/metadata`: labels and descriptions of resources and actions. */
    permissionMetadata: async () => call(rolesApi.metadata),
    /** `GET /organizations/members?q&cursor&limit` (ours): a page of members by name, searched by name or email. */
    members: async (query: TeamMembersQuery = {}) => call(teamApi.members, { query }),
    /** `POST /organizations/members/invite` (ours). */
    inviteMember: async (body: InviteMemberRequest) => call(teamApi.invite, { body }),
    /** `POST /users/set-password` (ours): completes an invitation; 400 when the link expired or was used. */
    setPassword: async (body: { token: string; password: string }) => call(teamApi.setPassword, { body }),
    /** `DELETE /organizations/members/{user_id}` (ours): 204. */
    removeMember: async (userId: string) => call(teamApi.removeMember, { params: { userId } }),
    /** `DELETE /permissions/permission-sets/{id}`: 204; 403 for a system set, 409 naming who still holds it. */
    deletePermissionSet: async (id: string) => call(rolesApi.deletePermissionSet, { params: { id } }),
    /** The org's pending invitations (TEAM_MEMBERS; existing accounts and new people's links). */
    invitations: {
      /** `GET /organizations/invitations?cursor&limit`: a page of this org's pending invitations of both kinds, newest first, `next_cursor` and `total`. */
      ofOrg: async (query: TeamInvitationsQuery = {}) => call(teamApi.invitations, { query }),
      /** `POST /organizations/members/{user_id}/invitation/resend`: the invitation as listed now; 404 nothing pending, 409 already joined. */
      resend: async (userId: string) => call(teamApi.resendInvitation, { params: { userId } }),
      /** `POST /organizations/members/{user_id}/invitation/link`: a fresh set-password link of a new person's invitation; 409 for an account's. */
      link: async (userId: string) => call(teamApi.invitationLink, { params: { userId } }),
      /** `DELETE /organizations/members/{user_id}/invitation`: 204; 404 nothing pending, 409 already joined. */
      revoke: async (userId: string) => call(teamApi.revokeInvitation, { params: { userId } }),
    },
  }
}
