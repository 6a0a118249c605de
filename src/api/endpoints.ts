/**
 * The calls of SPEC.md §7 used so far, as typed functions over the API client.
 * Each returns the contract-decoded response or rejects with `ApiError` (or, for the calls whose
 * contract loads on first use, with the browser's error when that chunk cannot be fetched; the
 * chunk-reload guard of src/system/chunk-reload.ts reloads once for a chunk lost to a deploy).
 */
import {
  LogoutResponse,
  SignInOutcome,
  SignInResponse,
  type SignInRequest,
  TokenResponse,
  VerifyTokenResponse,
  WorkspacesResponse,
} from '../../contract/api.ts'
import {
  type AssignPermissionSetsRequest,
  type InviteMemberRequest,
  InviteMemberResponse,
  PermissionMetadata,
  PermissionSetList,
  SetPasswordResponse,
  type PermissionSetInput,
  TeamInvitationList,
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
  AcceptInvitationResponse,
  PendingInvitationList,
  WorkspaceResponse,
  WorkspaceSettingsResponse,
} from '../../contract/workspaces.ts'
import {
  NotificationCounts,
  type NotificationPreferences,
  NotificationsPage,
  type NotificationView,
  PreferencesResponse,
  StreamTicketResponse,
  UnsubscribeResponse,
} from '../../contract/notifications.ts'
import type { BugReportRequest } from '../../contract/bugReports.ts'
import type { PresignedUrlRequest } from '../../contract/uploads.ts'
import type { SubscribeRequest, TestNotificationRequest } from '../../contract/push.ts'
import { BotCheckConfigResponse, VerifyBotCheckResponse } from '../../contract/botcheck.ts'
import type { ChangePasswordRequest, ProfileUpdateRequest } from '../../contract/profile.ts'
import type { SignInTwoFactorRequest, ConfirmTwoFactorRequest, TwoFactorCodeRequest } from '../../contract/twoFactor.ts'
import type { AuditLogQuery } from '../../contract/audit.ts'
import type { ConfirmEmailRequest, PasswordResetConfirmRequest, PasswordResetRequest } from '../../contract/account.ts'
import type { ApiClient } from './client.ts'
import { pageQuery } from './paging.ts'

/**
 * The contracts of what only pages and panels call load with the first call that needs
 * them (a small chunk each, often already there with the page that imports it). The boot keeps the
 * Schemas of auth, tokens, workspaces, permissions and credits, and the notifications': the shell
 * asks for them as soon as it is drawn, and in the boot's chunk they cost half what they do alone.
 */
const later = {
  bugReports: () => import('../../contract/bugReports.ts'),
  uploads: () => import('../../contract/uploads.ts'),
  push: () => import('../../contract/push.ts'),
  profile: () => import('../../contract/profile.ts'),
  sessions: () => import('../../contract/sessions.ts'),
  twoFactor: () => import('../../contract/twoFactor.ts'),
  audit: () => import('../../contract/audit.ts'),
  overview: () => import('../../contract/overview.ts'),
  account: () => import('../../contract/account.ts'),
}

export function createEndpoints(client: ApiClient) {
  return {
    /** `POST /users/signin` (ours). 401 `invalid_credentials` on a wrong email or password. */
    signIn: (body: SignInRequest) => client.request({ method: 'POST', path: '/users/signin', body, response: SignInOutcome, authenticated: false }),
    /**
     * `POST /users/signin/two-factor`: the second step, with the challenge's token and a
     * TOTP `code` or a `recovery_code`. 400 on the code's field when it is wrong; 401
     * `two_factor_expired` when the challenge is too old.
     */
    signInTwoFactor: (body: SignInTwoFactorRequest) =>
      client.request({ method: 'POST', path: '/users/signin/two-factor', body, response: SignInResponse, authenticated: false }),
    /** `POST /users/signup` (ours): user + first workspace; answers like sign-in. 409 `conflict` for a taken email. */
    signUp: (body: SignUpRequest) => client.request({ method: 'POST', path: '/users/signup', body, response: SignInResponse, authenticated: false }),
    /** `GET /users/bot-check/config` (ours, public): which bot check the verification gate runs (SPEC §2.6). */
    botCheckConfig: () => client.request({ method: 'GET', path: '/users/bot-check/config', response: BotCheckConfigResponse, authenticated: false }),
    /** `POST /users/verify-turnstile` (SPEC §7, public) {token}: 403 `bot_check_failed` when the server refuses the token. */
    verifyBotCheck: (token: string) =>
      client.request({ method: 'POST', path: '/users/verify-turnstile', body: { token }, response: VerifyBotCheckResponse, authenticated: false }),
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
    monthlyCreditsUsage: () => client.request({ method: 'GET', path: '/org-billing/monthly-credits-usage', response: MonthlyCreditsUsageResponse }),
    /** `GET /common-services/notifications/preferences` (SPEC §7): the body's `preferences`. */
    notificationPreferences: async () =>
      (await client.request({ method: 'GET', path: '/common-services/notifications/preferences', response: PreferencesResponse })).preferences,
    /** `PUT /common-services/notifications/preferences` (SPEC §7): the whole object; answers the saved one. */
    saveNotificationPreferences: async (preferences: NotificationPreferences) =>
      (await client.request({ method: 'PUT', path: '/common-services/notifications/preferences', body: preferences, response: PreferencesResponse }))
        .preferences,
    /** `POST /users/refresh-token`: rotates the refresh token. 401 when it is unknown, expired or reused. */
    refreshToken: (refreshToken: string) =>
      client.request({ method: 'POST', path: '/users/refresh-token', body: { refresh_token: refreshToken }, response: TokenResponse, authenticated: false }),
    /** `GET /users/verify-token` for the org in x-org-id. */
    verifyToken: () => client.request({ method: 'GET', path: '/users/verify-token', response: VerifyTokenResponse }),
    /** `POST /users/logout`: revokes the refresh token; answers where to go next. */
    logout: (body: { refresh_token: string; token: string }) => client.request({ method: 'POST', path: '/users/logout', body, response: LogoutResponse }),
    /** `GET /users/my-workspaces`. */
    myWorkspaces: () => client.request({ method: 'GET', path: '/users/my-workspaces', response: WorkspacesResponse }),

    /** `GET /permissions/permission-sets`: system sets and this org's custom sets. */
    permissionSets: () => client.request({ method: 'GET', path: '/permissions/permission-sets', response: PermissionSetList }),
    /** `POST /permissions/permission-sets`: 403 without PERMISSION_SETS create; 409 on a duplicate name. */
    createPermissionSet: (body: PermissionSetInput) => client.request({ method: 'POST', path: '/permissions/permission-sets', body, response: PermissionSet }),
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
      client.request({ method: 'POST', path: '/organizations/members/invite', body, response: InviteMemberResponse }),
    /** `POST /users/set-password` (ours): completes an invitation; 400 when the link expired or was used. */
    setPassword: (body: { token: string; password: string }) =>
      client.request({ method: 'POST', path: '/users/set-password', body, response: SetPasswordResponse, authenticated: false }),
    /** `/common-services/notifications*` (SPEC §7): the in-app notifications of the current org. */
    notifications: {
      /**
       * `GET ?page&limit` (SPEC §9): newest first, pages from 1; `unread_count` counts the inbox.
       * `view` (absent: the inbox) picks `unread`, `archived` or `snoozed`; `category` (a
       * SPEC §3 category) narrows it.
       */
      list: (page: number, limit: number, view?: NotificationView, category?: string) =>
        client.request({
          method: 'GET',
          path: '/common-services/notifications',
          query: pageQuery({ page, size: limit }, { view, category }),
          response: NotificationsPage,
        }),
      /** `GET /counts`: the inbox, unread, unseen, archived and snoozed counts and the inbox per category, at one moment. */
      counts: () => client.request({ method: 'GET', path: '/common-services/notifications/counts', response: NotificationCounts }),
      /** `PUT /{id}/snooze { until }`: 204, out of the inbox until `until` (ISO 8601), unread; 400 for a moment past or over a year ahead. */
      snooze: (id: string, until: string) =>
        client.request({ method: 'PUT', path: `/common-services/notifications/${encodeURIComponent(id)}/snooze`, body: { until }, response: Schema.Void }),
      /** `DELETE /{id}/snooze`: 204, back in the inbox now, unread. */
      unsnooze: (id: string) =>
        client.request({ method: 'DELETE', path: `/common-services/notifications/${encodeURIComponent(id)}/snooze`, response: Schema.Void }),
      /** `PUT /{id}/read`: 204; 404 for another user's or an unknown id. */
      markRead: (id: string) => client.request({ method: 'PUT', path: `/common-services/notifications/${encodeURIComponent(id)}/read`, response: Schema.Void }),
      /** `PUT /{id}/unread`: 204 (it stays seen); 404 for another user's or an unknown id. */
      markUnread: (id: string) =>
        client.request({ method: 'PUT', path: `/common-services/notifications/${encodeURIComponent(id)}/unread`, response: Schema.Void }),
      /** `PUT /{id}/archive`: 204, out of the inbox (listed by `view=archived`); 404 as above. */
      archive: (id: string) =>
        client.request({ method: 'PUT', path: `/common-services/notifications/${encodeURIComponent(id)}/archive`, response: Schema.Void }),
      /** `PUT /{id}/restore`: 204, back in the inbox with its read state; 404 as above. */
      restore: (id: string) =>
        client.request({ method: 'PUT', path: `/common-services/notifications/${encodeURIComponent(id)}/restore`, response: Schema.Void }),
      /** `PUT /archive-read`: 204, every read inbox notification of the org archived. */
      archiveRead: () => client.request({ method: 'PUT', path: '/common-services/notifications/archive-read', response: Schema.Void }),
      /**
       * `PUT /seen { before? }`: 204, every inbox notification created at or before
       * `before` (ISO 8601, contract `MarkSeenRequest`; absent: now) is seen.
       */
      markSeen: (before?: string) =>
        client.request({ method: 'PUT', path: '/common-services/notifications/seen', body: before === undefined ? {} : { before }, response: Schema.Void }),
      /** `PUT /mark-all-read`: 204. */
      markAllRead: () => client.request({ method: 'PUT', path: '/common-services/notifications/mark-all-read', response: Schema.Void }),
      /** `DELETE /{id}`: 204 (SPEC §7: delete-all issues one per notification). */
      remove: (id: string) => client.request({ method: 'DELETE', path: `/common-services/notifications/${encodeURIComponent(id)}`, response: Schema.Void }),
      /** `POST /stream-ticket`: a single-use ticket (30 s) that opens the live stream with `?ticket=`. */
      streamTicket: () => client.request({ method: 'POST', path: '/common-services/notifications/stream-ticket', response: StreamTicketResponse }),
    },
    /** `/common-services/web-push/*` (SPEC §7, docs/api.md): browser push of this device in the current org. */
    webPush: {
      /** `GET /vapid-public-key`: the server's VAPID public key (base64url). */
      vapidPublicKey: async () =>
        (await client.request({ method: 'GET', path: '/common-services/web-push/vapid-public-key', response: (await later.push()).VapidPublicKeyResponse }))
          .publicKey,
      /** `POST /subscribe`: upserts this device's subscription; 400 for an endpoint the server refuses. */
      subscribe: async (body: SubscribeRequest) =>
        client.request({ method: 'POST', path: '/common-services/web-push/subscribe', body, response: (await later.push()).SubscribeResponse }),
      /** `DELETE /unsubscribe/{deviceId}`: 204; 404 when the server has no such device. */
      unsubscribe: (deviceId: string) =>
        client.request({ method: 'DELETE', path: `/common-services/web-push/unsubscribe/${encodeURIComponent(deviceId)}`, response: Schema.Void }),
      /** `PUT /device-status/{deviceId}` `{ isCurrentlyActive }`: 204. */
      deviceStatus: (deviceId: string, isCurrentlyActive: boolean) =>
        client.request({
          method: 'PUT',
          path: `/common-services/web-push/device-status/${encodeURIComponent(deviceId)}`,
          body: { isCurrentlyActive },
          response: Schema.Void,
        }),
      /** `POST /test-notification/{deviceId}`: 200 when the push service accepted it; 404 / 502 otherwise. */
      testNotification: async (deviceId: string, body: TestNotificationRequest) =>
        client.request({
          method: 'POST',
          path: `/common-services/web-push/test-notification/${encodeURIComponent(deviceId)}`,
          body,
          response: (await later.push()).TestNotificationResponse,
        }),
      /** `GET /devices` (ours): this user's subscribed devices in the current org. */
      devices: async () =>
        (await client.request({ method: 'GET', path: '/common-services/web-push/devices', response: (await later.push()).PushDevicesResponse })).devices,
    },
    /**
     * `POST /data-storage/get-presigned-url` (SPEC §7): where to PUT a file and where it will be
     * readable. Bearer only (uploads belong to the user). Use `createImageUploader` (src/api/uploads.ts).
     */
    getPresignedUrl: async (body: PresignedUrlRequest) =>
      client.request({ method: 'POST', path: '/data-storage/get-presigned-url', body, response: (await later.uploads()).PresignedUrlResponse }),
    /**
     * `POST /cms/report-bug` (SPEC §7): `signedIn` sends the bearer (and x-org-id when there is a
     * current org) so the server records the reporter; false sends an anonymous report.
     */
    reportBug: async (body: BugReportRequest, signedIn: boolean) =>
      client.request({ method: 'POST', path: '/cms/report-bug', body, response: (await later.bugReports()).BugReportResponse, authenticated: signedIn }),
    /**
     * Issue #17 account recovery and address confirmation (contract/account.ts). Public calls but
     * the last: `passwordReset` 202 {message} whether or not the address has an account (400 on a
     * malformed one, 429 rate limited); `confirmPasswordReset` 400 for an unknown, expired or used
     * link; `confirmEmail` 400 likewise; `resendEmailConfirmation` (signed in) 409 when already confirmed.
     */
    account: {
      /** `POST /users/password-reset` {email}: sends a one-time link (30 minutes) if an account has that address. */
      passwordReset: async (body: PasswordResetRequest) =>
        client.request({ method: 'POST', path: '/users/password-reset', body, response: (await later.account()).PasswordResetResponse, authenticated: false }),
      /** `POST /users/password-reset/confirm` {token, password}: the new password; every session of that person is signed out. */
      confirmPasswordReset: async (body: PasswordResetConfirmRequest) =>
        client.request({
          method: 'POST',
          path: '/users/password-reset/confirm',
          body,
          response: (await later.account()).PasswordResetConfirmResponse,
          authenticated: false,
        }),
      /** `POST /users/confirm-email` {token}: the address now confirmed. */
      confirmEmail: async (body: ConfirmEmailRequest) =>
        client.request({ method: 'POST', path: '/users/confirm-email', body, response: (await later.account()).ConfirmEmailResponse, authenticated: false }),
      /** `POST /users/me/confirm-email/resend` (Bearer): 202 {ok: true}; 409 when already confirmed, 429 when asked too often. */
      resendEmailConfirmation: () =>
        client.request({ method: 'POST', path: '/users/me/confirm-email/resend', body: {}, response: Schema.Struct({ ok: Schema.Literal(true) }) }),
    },
    /** `GET /users/me` (ours): the signed-in person's profile. */
    profile: async () => client.request({ method: 'GET', path: '/users/me', response: (await later.profile()).ProfileResponse }),
    /** `PATCH /users/me` (ours) {fullName?, image?}: 400 `invalid_request` with field issues. */
    updateProfile: async (body: ProfileUpdateRequest) =>
      client.request({ method: 'PATCH', path: '/users/me', body, response: (await later.profile()).ProfileResponse }),
    /** `POST /users/me/password` (ours): a new token pair; 400 with an issue on `currentPassword` when it is wrong. */
    changePassword: async (body: ChangePasswordRequest) =>
      client.request({ method: 'POST', path: '/users/me/password', body, response: (await later.profile()).ChangePasswordResponse }),
    /** `DELETE /organizations/members/{user_id}` (ours): 204. */
    removeMember: (userId: string) => client.request({ method: 'DELETE', path: `/organizations/members/${encodeURIComponent(userId)}`, response: Schema.Void }),
    /** `/organizations/audit-log*` (Audit log): ORGANIZATIONS read, else 403; 400 `invalid_request` for a bad query. */
    auditLog: {
      /** `GET ?actor&kind&before&limit`: a page, newest first, with the `before` of the next one. */
      page: async (query: AuditLogQuery) =>
        client.request({ method: 'GET', path: '/organizations/audit-log', query: definedOnly(query), response: (await later.audit()).AuditLogPage }),
      /** `GET /actors`: the person filter's choices. */
      actors: async () =>
        (await client.request({ method: 'GET', path: '/organizations/audit-log/actors', response: (await later.audit()).AuditActorsResponse })).actors,
      /** `GET .csv?actor&kind&before`: the matching entries as a CSV file (with the session's headers, never a token in the URL). */
      exportCsv: (query: Omit<AuditLogQuery, 'limit'>) => client.download({ method: 'GET', path: '/organizations/audit-log.csv', query: definedOnly(query) }),
    },
    /** `GET /users/sessions`: the person's live sessions, most recently used first; `current` marks this device. */
    sessions: async () => (await client.request({ method: 'GET', path: '/users/sessions', response: (await later.sessions()).SessionsResponse })).sessions,
    /** `DELETE /users/sessions/{id}`: 204; 404 when it is unknown or already ended. */
    revokeSession: (id: string) => client.request({ method: 'DELETE', path: `/users/sessions/${encodeURIComponent(id)}`, response: Schema.Void }),
    /** `DELETE /users/sessions?others=true`: every session but this one; answers how many. */
    revokeOtherSessions: async () =>
      client.request({ method: 'DELETE', path: '/users/sessions', query: { others: 'true' }, response: (await later.sessions()).RevokeOtherSessionsResponse }),
    /** `GET /users/me/two-factor`: whether it is on, since when, recovery codes left. */
    twoFactorStatus: async () => client.request({ method: 'GET', path: '/users/me/two-factor', response: (await later.twoFactor()).TwoFactorStatus }),
    /** `POST /users/me/two-factor/enrol`: a pending secret (QR code, Base32); 409 when it is already on. */
    enrolTwoFactor: async () =>
      client.request({ method: 'POST', path: '/users/me/two-factor/enrol', body: {}, response: (await later.twoFactor()).TwoFactorEnrolment }),
    /** `POST /users/me/two-factor/confirm` {code}: ten recovery codes; 400 on `code` when wrong, 429 after too many. */
    confirmTwoFactor: async (body: ConfirmTwoFactorRequest) =>
      client.request({ method: 'POST', path: '/users/me/two-factor/confirm', body, response: (await later.twoFactor()).RecoveryCodesResponse }),
    /** `POST /users/me/two-factor/recovery-codes` {code}: ten new recovery codes. */
    regenerateRecoveryCodes: async (body: TwoFactorCodeRequest) =>
      client.request({ method: 'POST', path: '/users/me/two-factor/recovery-codes', body, response: (await later.twoFactor()).RecoveryCodesResponse }),
    /** `POST /users/me/two-factor/disable` {code}: the status, now off. */
    disableTwoFactor: async (body: TwoFactorCodeRequest) =>
      client.request({ method: 'POST', path: '/users/me/two-factor/disable', body, response: (await later.twoFactor()).TwoFactorStatus }),
    /** `DELETE /permissions/permission-sets/{id}`: 204; 403 for a system set, 409 naming who still holds it. */
    deletePermissionSet: (id: string) =>
      client.request({ method: 'DELETE', path: `/permissions/permission-sets/${encodeURIComponent(id)}`, response: Schema.Void }),
    /** `PUT /organizations/current` {require_two_factor}: 409 on the field while the caller has no second factor. */
    setRequireTwoFactor: (required: boolean) =>
      client.request({ method: 'PUT', path: '/organizations/current', body: { require_two_factor: required }, response: WorkspaceSettingsResponse }),
    /** Issue #19 invitations of existing accounts: the org's side (TEAM_MEMBERS) and the invitee's. */
    invitations: {
      /** `GET /organizations/invitations`: this org's pending invitations, newest first. */
      ofOrg: async () => (await client.request({ method: 'GET', path: '/organizations/invitations', response: TeamInvitationList })).invitations,
      /** `POST /organizations/members/{user_id}/invitation/resend`: 204; 404 nothing pending, 409 already joined. */
      resend: (userId: string) =>
        client.request({ method: 'POST', path: `/organizations/members/${encodeURIComponent(userId)}/invitation/resend`, response: Schema.Void }),
      /** `DELETE /organizations/members/{user_id}/invitation`: 204; 404 nothing pending, 409 already joined. */
      revoke: (userId: string) =>
        client.request({ method: 'DELETE', path: `/organizations/members/${encodeURIComponent(userId)}/invitation`, response: Schema.Void }),
      /** `GET /users/invitations`: the signed-in person's pending invitations to other workspaces. */
      mine: async () => (await client.request({ method: 'GET', path: '/users/invitations', response: PendingInvitationList })).invitations,
      /** `POST /users/invitations/{id}/accept`: the workspace just joined; 404 when no longer pending. */
      accept: (id: string) =>
        client.request({ method: 'POST', path: `/users/invitations/${encodeURIComponent(id)}/accept`, response: AcceptInvitationResponse }),
      /** `POST /users/invitations/{id}/decline`: 204; 404 when no longer pending. */
      decline: (id: string) => client.request({ method: 'POST', path: `/users/invitations/${encodeURIComponent(id)}/decline`, response: Schema.Void }),
    },
    /** `GET /overview` (ours): the Overview's team size and getting-started checklist (contract/overview.ts). */
    overview: async () => client.request({ method: 'GET', path: '/overview', response: (await later.overview()).OverviewResponse }),
    /**
     * Issue #17 one-click unsubscribe of notification emails (docs/api.md "Email unsubscribe"). No
     * session: the link's signed `token` is the whole authority. Both answer contract
     * `UnsubscribeResponse`; 400 `invalid_request` (issue at `token`) for a missing, forged or foreign link.
     */
    mail: {
      /** `GET /mail/unsubscribe?token`: what the link would turn off and whether it is off already; changes nothing. */
      describeUnsubscribe: (token: string) =>
        client.request({
          method: 'GET',
          path: '/mail/unsubscribe',
          query: { token },
          response: UnsubscribeResponse,
          authenticated: false,
        }),
      /** `POST /mail/unsubscribe?token`: turns that category's emails off (idempotent); answers `unsubscribed: true`. */
      unsubscribe: (token: string) =>
        client.request({
          method: 'POST',
          path: '/mail/unsubscribe',
          query: { token },
          body: {},
          response: UnsubscribeResponse,
          authenticated: false,
        }),
    },
  }
}

export type Endpoints = ReturnType<typeof createEndpoints>

/** A query without its `undefined` fields (the client would send them as "undefined"). */
function definedOnly(query: Readonly<Record<string, string | undefined>>): Record<string, string> {
  return Object.fromEntries(Object.entries(query).filter((e): e is [string, string] => e[1] !== undefined))
}
