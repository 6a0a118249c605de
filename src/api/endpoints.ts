/**
 * The calls of SPEC.md §7 used so far, as typed functions over the API client.
 * Each returns the contract-decoded response or rejects with `ApiError`.
 */
import {
  LogoutResponse,
  SignInResponse,
  type SignInRequest,
  TokenResponse,
  VerifyTokenResponse,
  WorkspacesResponse,
} from '../../contract/api.ts'
import {
  type AssignPermissionSetsRequest,
  type InviteMemberRequest,
  PermissionMetadata,
  PermissionSetList,
  SetPasswordResponse,
  type PermissionSetInput,
  TeamMember,
  TeamMemberList,
} from '../../contract/permissions.ts'
import { PermissionSet } from '../../contract/api.ts'
import { Schema } from 'effect'
import {
  type CompleteSignupRequest,
  type CreateWorkspaceRequest,
  CreateWorkspaceResponse,
  MonthlyCreditsUsageResponse,
  type SignUpRequest,
  WorkspaceResponse,
} from '../../contract/workspaces.ts'
import { type NotificationPreferences, NotificationsPage, PreferencesResponse } from '../../contract/notifications.ts'
import type { ApiClient } from './client.ts'

export function createEndpoints(client: ApiClient) {
  return {
    /** `POST /users/signin` (ours). 401 `invalid_credentials` on a wrong email or password. */
    signIn: (body: SignInRequest) =>
      client.request({ method: 'POST', path: '/users/signin', body, response: SignInResponse, authenticated: false }),
    /** `POST /users/signup` (ours): user + first workspace; answers like sign-in. 409 `conflict` for a taken email. */
    signUp: (body: SignUpRequest) =>
      client.request({ method: 'POST', path: '/users/signup', body, response: SignInResponse, authenticated: false }),
    /** `POST /organizations/create-new` (SPEC §7): a workspace owned by the caller. */
    createWorkspace: (body: CreateWorkspaceRequest = {}) =>
      client.request({ method: 'POST', path: '/organizations/create-new', body, response: CreateWorkspaceResponse }),
    /** `POST /organizations/complete-signup` (ours): the sign-up-info form. */
    completeSignup: (body: CompleteSignupRequest) =>
      client.request({ method: 'POST', path: '/organizations/complete-signup', body, response: WorkspaceResponse }),
    /** `PUT /organizations/current` (ours): rename the current workspace. */
    renameWorkspace: (orgName: string) =>
      client.request({ method: 'PUT', path: '/organizations/current', body: { org_name: orgName }, response: WorkspaceResponse }),
    /** `GET /org-billing/monthly-credits-usage` (SPEC §7): this month's credits of the current org. */
    monthlyCreditsUsage: () =>
      client.request({ method: 'GET', path: '/org-billing/monthly-credits-usage', response: MonthlyCreditsUsageResponse }),
    /** `GET /common-services/notifications/preferences` (SPEC §7): the body's `preferences`. */
    notificationPreferences: async () =>
      (await client.request({ method: 'GET', path: '/common-services/notifications/preferences', response: PreferencesResponse })).preferences,
    /** `PUT /common-services/notifications/preferences` (SPEC §7): the whole object; answers the saved one. */
    saveNotificationPreferences: async (preferences: NotificationPreferences) =>
      (await client.request({ method: 'PUT', path: '/common-services/notifications/preferences', body: preferences, response: PreferencesResponse })).preferences,
    /** `POST /users/refresh-token`: rotates the refresh token. 401 when it is unknown, expired or reused. */
    refreshToken: (refreshToken: string) =>
      client.request({ method: 'POST', path: '/users/refresh-token', body: { refresh_token: refreshToken }, response: TokenResponse, authenticated: false }),
    /** `GET /users/verify-token` for the org in x-org-id. */
    verifyToken: () => client.request({ method: 'GET', path: '/users/verify-token', response: VerifyTokenResponse }),
    /** `POST /users/logout`: revokes the refresh token; answers where to go next. */
    logout: (body: { refresh_token: string; token: string }) =>
      client.request({ method: 'POST', path: '/users/logout', body, response: LogoutResponse }),
    /** `GET /users/my-workspaces`. */
    myWorkspaces: () => client.request({ method: 'GET', path: '/users/my-workspaces', response: WorkspacesResponse }),

    /** `GET /permissions/permission-sets`: system sets and this org's custom sets. */
    permissionSets: () => client.request({ method: 'GET', path: '/permissions/permission-sets', response: PermissionSetList }),
    /** `POST /permissions/permission-sets`: 403 without PERMISSION_SETS create; 409 on a duplicate name. */
    createPermissionSet: (body: PermissionSetInput) =>
      client.request({ method: 'POST', path: '/permissions/permission-sets', body, response: PermissionSet }),
    /** `PUT /permissions/permission-sets/{id}`: 403 for system sets. */
    updatePermissionSet: (id: string, body: PermissionSetInput) =>
      client.request({ method: 'PUT', path: `/permissions/permission-sets/${encodeURIComponent(id)}`, body, response: PermissionSet }),
    /** `POST /permissions/assign-permission-sets`: replaces the member's sets in this org. */
    assignPermissionSets: (body: AssignPermissionSetsRequest) =>
      client.request({ method: 'POST', path: '/permissions/assign-permission-sets', body, response: TeamMember }),
    /** `GET /permissions/metadata`: labels and descriptions of resources and actions. */
    permissionMetadata: () => client.request({ method: 'GET', path: '/permissions/metadata', response: PermissionMetadata }),
    /** `GET /organizations/members` (ours). */
    members: () => client.request({ method: 'GET', path: '/organizations/members', response: TeamMemberList }),
    /** `POST /organizations/members/invite` (ours). */
    inviteMember: (body: InviteMemberRequest) =>
      client.request({ method: 'POST', path: '/organizations/members/invite', body, response: TeamMember }),
    /** `POST /users/set-password` (ours): completes an invitation; 400 when the link expired or was used. */
    setPassword: (body: { token: string; password: string }) =>
      client.request({ method: 'POST', path: '/users/set-password', body, response: SetPasswordResponse, authenticated: false }),
    /** `/common-services/notifications*` (SPEC §7): the in-app notifications of the current org. */
    notifications: {
      /** `GET ?page&limit` (SPEC §9): newest first, pages from 1; `unread_count` counts them all. */
      list: (page: number, limit: number) =>
        client.request({ method: 'GET', path: '/common-services/notifications', query: { page, limit }, response: NotificationsPage }),
      /** `PUT /{id}/read`: 204; 404 for another user's or an unknown id. */
      markRead: (id: string) =>
        client.request({ method: 'PUT', path: `/common-services/notifications/${encodeURIComponent(id)}/read`, response: Schema.Void }),
      /** `PUT /mark-all-read`: 204. */
      markAllRead: () => client.request({ method: 'PUT', path: '/common-services/notifications/mark-all-read', response: Schema.Void }),
      /** `DELETE /{id}`: 204 (SPEC §7: delete-all issues one per notification). */
      remove: (id: string) =>
        client.request({ method: 'DELETE', path: `/common-services/notifications/${encodeURIComponent(id)}`, response: Schema.Void }),
    },
    /** `DELETE /organizations/members/{user_id}` (ours): 204. */
    removeMember: (userId: string) =>
      client.request({ method: 'DELETE', path: `/organizations/members/${encodeURIComponent(userId)}`, response: Schema.Void }),
  }
}

export type Endpoints = ReturnType<typeof createEndpoints>
