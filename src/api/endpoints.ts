/**
 * The calls of SPEC.md §7 used so far, as typed functions over the API client. Each reads its
 * endpoint's one definition in the contract (contract/endpoint.ts; method, path, body, response
 * Schema, whether the session goes along) through `callEndpoint` (./call.ts); the server registers
 * the same definitions (server/http/route.ts). Each returns the contract-decoded response or rejects with `ApiError` (or, for the calls whose
 * contract loads on first use, with the browser's error when that chunk cannot be fetched; the
 * chunk-reload guard of src/system/chunk-reload.ts reloads once for a chunk lost to a deploy).
 */
import { authApi, type Language, type SignInRequest } from '../../contract/api.ts'
import { permissionsApi } from '../../contract/permissions.ts'
import type { AssignPermissionSetsRequest, InviteMemberRequest, PermissionSetInput, TeamInvitationsQuery, TeamMembersQuery } from '../../contract/team.ts'
import { type CompleteSignupRequest, type CreateWorkspaceRequest, type SignUpRequest, workspacesApi } from '../../contract/workspaces.ts'
import type { NotificationPreferences, NotificationsQuery, NotificationView, notificationsApi } from '../../contract/notifications.ts'
import type { BugReportRequest } from '../../contract/bugReports.ts'
import type { PresignedUrlRequest } from '../../contract/uploads.ts'
import type { SubscribeRequest, TestNotificationRequest } from '../../contract/push.ts'
import { botCheckApi } from '../../contract/botcheck.ts'
import type { ChangePasswordRequest, ProfileUpdateRequest } from '../../contract/profile.ts'
import type { SignInTwoFactorRequest, ConfirmTwoFactorRequest, TwoFactorCodeRequest } from '../../contract/twoFactor.ts'
import type { AuditLogQuery } from '../../contract/audit.ts'
import type { PasskeyAssertionRequest, RegisterPasskeyRequest } from '../../contract/passkeys.ts'
import type { ConfirmEmailRequest, PasswordResetConfirmRequest, PasswordResetRequest } from '../../contract/account.ts'
import type { SsoCallbackRequest, SsoLinkPasskeyOptionsRequest, SsoLinkPasskeyRequest, SsoLinkRequest, SsoSettingsInput, SsoStartRequest, SsoTestRequest } from '../../contract/sso.ts'
import type { ReverifyRequest } from '../../contract/reverification.ts'
import type { CreateWebhookRequest, UpdateWebhookRequest } from '../../contract/developers.ts'
import type { CreateApiKeyRequest } from '../../contract/developers.ts'
import type { ApiClient } from './client.ts'
import type { AnyEndpoint } from '../../contract/endpoint.ts'
import { callEndpoint, type OptionalInput } from './call.ts'
import { pageQuery } from './paging.ts'
import { loadOnce } from '../platform/load-once.ts'

/**
 * The contracts of what only pages and panels call load with the first call that needs
 * them (a small chunk each, often already there with the page that imports it). The boot keeps the
 * Schemas of auth, tokens, workspaces, permissions and credits: the shell asks for them as soon as
 * it is drawn. The notifications' come with the actors that call them, after the first page is up
 * (`withNotifications` below).
 */
const later = {
  bugReports: () => import('../../contract/bugReports.ts').then((m) => m.bugReportsApi),
  uploads: () => import('../../contract/uploads.ts').then((m) => m.uploadsApi),
  push: () => import('../../contract/push.ts').then((m) => m.pushApi),
  profile: () => import('../../contract/profile.ts').then((m) => m.profileApi),
  sessions: () => import('../../contract/sessions.ts').then((m) => m.sessionsApi),
  passkeys: () => import('../../contract/passkeys.ts').then((m) => m.passkeysApi),
  reverification: () => import('../../contract/reverification.ts').then((m) => m.reverificationApi),
  twoFactor: () => import('../../contract/twoFactor.ts').then((m) => m.twoFactorApi),
  audit: () => import('../../contract/audit.ts').then((m) => m.auditApi),
  overview: () => import('../../contract/overview.ts').then((m) => m.overviewApi),
  account: () => import('../../contract/account.ts').then((m) => m.accountApi),
  sso: () => import('../../contract/sso.ts').then((m) => m.ssoApi),
  webhooks: () => import('../../contract/developers.ts').then((m) => m.webhooksApi),
  /** The people pages' contract (team members, roles, set-password): `teamApi` and `rolesApi`. */
  team: () => import('../../contract/team.ts'),
  /** The Developers page's contract: `apiKeysApi` and `webhooksApi`. */
  developers: () => import('../../contract/developers.ts'),
  /** Through `withNotifications` below, which calls it once. */
  notifications: () => import('../../contract/notifications.ts').then((m) => m.notificationsApi),
}

type NotificationsApi = typeof notificationsApi

let loadedNotifications: NotificationsApi | undefined
/**
 * Runs `use` with the notifications contract: at once when it is loaded (so a change sent as the
 * page closes is handed over in the same task), else once its chunk is in.
 */
function withNotifications<R>(use: (n: NotificationsApi) => Promise<R>): Promise<R> {
  if (loadedNotifications !== undefined) return use(loadedNotifications)
  return later.notifications().then((n) => use((loadedNotifications = n)))
}

export function createEndpoints(client: ApiClient) {
  const call = <D extends AnyEndpoint>(definition: D, ...input: OptionalInput<D>) => callEndpoint(client, definition, ...input)
  const w = workspacesApi
  return {
    /** `POST /users/signin` (ours). 401 `invalid_credentials` on a wrong email or password. */
    signIn: (body: SignInRequest) => call(authApi.signIn, { body }),
    /**
     * `POST /users/signin/two-factor`: the second step, with the challenge's token and a
     * TOTP `code` or a `recovery_code`. 400 on the code's field when it is wrong; 401
     * `two_factor_expired` when the challenge is too old.
     */
    signInTwoFactor: async (body: SignInTwoFactorRequest) => call((await later.twoFactor()).signIn, { body }),
    /** `POST /users/signup` (ours): user + first workspace; answers like sign-in. 409 `conflict` for a taken email. */
    signUp: (body: SignUpRequest) => call(w.signUp, { body }),
    /**
     * `GET /users/bot-check/config` (ours, public): which bot check the verification gate runs (SPEC §2.6).
     * The server's configuration is fixed for its life, so it is asked once per page and shared: the
     * gated routes ask for it as the router starts them (src/routes/tree.tsx), in parallel with their
     * page's chunk, and the gate gets the same answer. A failed answer is asked again on the next call.
     */
    botCheckConfig: loadOnce(() => call(botCheckApi.config)),
    /** `POST /users/verify-turnstile` (SPEC §7, public) {token}: 403 `bot_check_failed` when the server refuses the token. */
    verifyBotCheck: (token: string) => call(botCheckApi.verify, { body: { token } }),
    /** `POST /organizations/create-new` (SPEC §7): a workspace owned by the caller. */
    createWorkspace: (body: CreateWorkspaceRequest = {}) => call(w.createWorkspace, { body }),
    /** `POST /organizations/complete-signup` (ours): the sign-up-info form. */
    completeSignup: (body: CompleteSignupRequest) => call(w.completeSignup, { body }),
    /** `PUT /organizations/current` (ours): rename the current workspace; answers it with its two-factor requirement. */
    renameWorkspace: (orgName: string) => call(w.updateWorkspace, { body: { org_name: orgName } }),
    /** `GET /org-billing/monthly-credits-usage` (SPEC §7): this month's credits of the current org. */
    monthlyCreditsUsage: () => call(w.monthlyCreditsUsage),
    /** `GET /common-services/notifications/preferences` (SPEC §7): the body's `preferences`. */
    notificationPreferences: async () => (await withNotifications((n) => call(n.preferences))).preferences,
    /** `PUT /common-services/notifications/preferences` (SPEC §7): the whole object; answers the saved one. */
    saveNotificationPreferences: async (preferences: NotificationPreferences) =>
      (await withNotifications((n) => call(n.savePreferences, { body: preferences }))).preferences,
    /** `POST /users/refresh-token`: rotates the refresh token. 401 when it is unknown, expired or reused. */
    refreshToken: (refreshToken: string) => call(authApi.refreshToken, { body: { refresh_token: refreshToken } }),
    /** `GET /users/verify-token` for the org in x-org-id. */
    verifyToken: () => call(authApi.verifyToken),
    /** `POST /users/logout`: revokes the refresh token; answers where to go next. */
    logout: (body: { refresh_token: string; token: string }) => call(authApi.logout, { body, authenticated: true }),
    /** `GET /users/my-workspaces`. */
    myWorkspaces: () => call(authApi.myWorkspaces),

    /** `GET /permissions/permission-sets`: system sets and this org's custom sets. */
    permissionSets: () => call(permissionsApi.permissionSets),
    /** `POST /permissions/permission-sets`: 403 without PERMISSION_SETS create; 409 on a duplicate name. */
    createPermissionSet: async (body: PermissionSetInput) => call((await later.team()).rolesApi.createPermissionSet, { body }),
    /** `PUT /permissions/permission-sets/{id}`: 403 for system sets. */
    updatePermissionSet: async (id: string, body: PermissionSetInput) => call((await later.team()).rolesApi.updatePermissionSet, { params: { id }, body }),
    /** `POST /permissions/assign-permission-sets`: replaces the member's sets in this org. */
    assignPermissionSets: async (body: AssignPermissionSetsRequest) => call((await later.team()).rolesApi.assignPermissionSets, { body }),
    /** `GET /permissions/metadata`: labels and descriptions of resources and actions. */
    permissionMetadata: async () => call((await later.team()).rolesApi.metadata),
    /** `GET /organizations/members?q&cursor&limit` (ours): a page of members by name, searched by name or email. */
    members: async (query: TeamMembersQuery = {}) => call((await later.team()).teamApi.members, { query }),
    /** `POST /organizations/members/invite` (ours). */
    inviteMember: async (body: InviteMemberRequest) => call((await later.team()).teamApi.invite, { body }),
    /** `POST /users/set-password` (ours): completes an invitation; 400 when the link expired or was used. */
    setPassword: async (body: { token: string; password: string }) => call((await later.team()).teamApi.setPassword, { body }),
    /** `/common-services/notifications*` (SPEC §7): the in-app notifications of the current org. */
    notifications: {
      /**
       * `GET ?page&limit` (SPEC §9): newest first, pages from 1; `unread_count` counts the inbox.
       * `view` (absent: the inbox) picks `unread`, `archived` or `snoozed`; `category` (a
       * SPEC §3 category) narrows it.
       */
      list: (page: number, limit: number, view?: NotificationView, category?: string) =>
        // A category the contract does not list is sent as given: the server answers it 400.
        withNotifications((n) => call(n.list, { query: pageQuery({ page, size: limit }, { view, category }) as unknown as NotificationsQuery })),
      /**
       * `GET ?cursor&limit` (ours): the `limit` rows after a page's `next_cursor` of the same `view`
       * (keyset 'Load more': rows that arrived meanwhile shift nothing); 400 for a cursor the list did not hand out.
       */
      listAfter: (cursor: string, limit: number, view?: NotificationView, category?: string) =>
        withNotifications((n) =>
          call(n.list, {
            query: { cursor, limit, ...(view === undefined ? {} : { view }), ...(category === undefined ? {} : { category }) } as unknown as NotificationsQuery,
          }),
        ),
      /** `GET /counts`: the inbox, unread, unseen, archived and snoozed counts and the inbox per category, at one moment. */
      counts: () => withNotifications((n) => call(n.counts)),
      /**
       * `PUT /{id}/snooze { until }`: 204, out of the inbox until `until` (ISO 8601), unread; 400 for a moment past or over a year ahead.
       * Snooze, archive and delete may outlive the page (`keepalive`); one held for 'Undo' is sent as the page closes (`asPageCloses`).
       */
      snooze: (id: string, until: string, asPageCloses = false) =>
        withNotifications((n) => call(n.snooze, { params: { id }, body: { until }, keepalive: true, asPageCloses })),
      /** `DELETE /{id}/snooze`: 204, back in the inbox now, unread. */
      unsnooze: (id: string) => withNotifications((n) => call(n.unsnooze, { params: { id } })),
      /** `PUT /{id}/read`: 204; 404 for another user's or an unknown id. */
      markRead: (id: string) => withNotifications((n) => call(n.markRead, { params: { id } })),
      /** `PUT /{id}/unread`: 204 (it stays seen); 404 for another user's or an unknown id. */
      markUnread: (id: string) => withNotifications((n) => call(n.markUnread, { params: { id } })),
      /** `PUT /{id}/archive`: 204, out of the inbox (listed by `view=archived`); 404 as above. */
      archive: (id: string, asPageCloses = false) => withNotifications((n) => call(n.archive, { params: { id }, keepalive: true, asPageCloses })),
      /** `PUT /{id}/restore`: 204, back in the inbox with its read state; 404 as above. */
      restore: (id: string) => withNotifications((n) => call(n.restore, { params: { id } })),
      /** `PUT /archive-read`: 204, every read inbox notification of the org archived. */
      archiveRead: () => withNotifications((n) => call(n.archiveRead)),
      /**
       * `PUT /seen { before? }`: 204, every inbox notification created at or before
       * `before` (ISO 8601, contract `MarkSeenRequest`; absent: now) is seen.
       */
      markSeen: (before?: string) => withNotifications((n) => call(n.markSeen, { body: before === undefined ? {} : { before } })),
      /** `PUT /mark-all-read`: 204. */
      markAllRead: () => withNotifications((n) => call(n.markAllRead)),
      /** `DELETE /{id}`: 204 (SPEC §7: delete-all issues one per notification). */
      remove: (id: string, asPageCloses = false) => withNotifications((n) => call(n.remove, { params: { id }, keepalive: true, asPageCloses })),
      /** `POST /stream-ticket`: a single-use ticket (30 s) that opens the live stream with `?ticket=`. */
      streamTicket: () => withNotifications((n) => call(n.streamTicket)),
    },
    /** `/common-services/web-push/*` (SPEC §7, docs/api.md): browser push of this device in the current org. */
    webPush: {
      /** `GET /vapid-public-key`: the server's VAPID public key (base64url). */
      vapidPublicKey: async () => (await call((await later.push()).vapidPublicKey)).publicKey,
      /** `POST /subscribe`: upserts this device's subscription; 400 for an endpoint the server refuses. */
      subscribe: async (body: SubscribeRequest) => call((await later.push()).subscribe, { body }),
      /** `DELETE /unsubscribe/{deviceId}`: 204; 404 when the server has no such device. */
      unsubscribe: async (deviceId: string) => call((await later.push()).unsubscribe, { params: { deviceId } }),
      /** `PUT /device-status/{deviceId}` `{ isCurrentlyActive }`: 204. */
      deviceStatus: async (deviceId: string, isCurrentlyActive: boolean) =>
        call((await later.push()).deviceStatus, { params: { deviceId }, body: { isCurrentlyActive } }),
      /** `POST /test-notification/{deviceId}`: 200 when the push service accepted it; 404 / 502 otherwise. */
      testNotification: async (deviceId: string, body: TestNotificationRequest) =>
        call((await later.push()).testNotification, { params: { deviceId }, body }),
      /** `GET /devices` (ours): this user's subscribed devices in the current org. */
      devices: async () => (await call((await later.push()).devices)).devices,
    },
    /**
     * `POST /data-storage/get-presigned-url` (SPEC §7): where to PUT a file and where it will be
     * readable. Bearer only (uploads belong to the user). Use `createImageUploader` (src/api/uploads.ts).
     */
    getPresignedUrl: async (body: PresignedUrlRequest) => call((await later.uploads()).presignedUrl, { body }),
    /**
     * `POST /cms/report-bug` (SPEC §7): `signedIn` sends the bearer (and x-org-id when there is a
     * current org) so the server records the reporter; false sends an anonymous report.
     */
    reportBug: async (body: BugReportRequest, signedIn: boolean) =>
      call((await later.bugReports()).report, { body, authenticated: signedIn }),
    /**
     * Account recovery and address confirmation (contract/account.ts). Public calls but
     * the last: `passwordReset` 202 {message} whether or not the address has an account (400 on a
     * malformed one, 429 rate limited); `confirmPasswordReset` 400 for an unknown, expired or used
     * link; `confirmEmail` 400 likewise; `resendEmailConfirmation` (signed in) 409 when already confirmed.
     */
    account: {
      /** `POST /users/password-reset` {email}: sends a one-time link (30 minutes) if an account has that address. */
      passwordReset: async (body: PasswordResetRequest) => call((await later.account()).passwordReset, { body }),
      /** `POST /users/password-reset/confirm` {token, password}: the new password; every session of that person is signed out. */
      confirmPasswordReset: async (body: PasswordResetConfirmRequest) =>
        call((await later.account()).confirmPasswordReset, { body }),
      /** `POST /users/confirm-email` {token}: the address now confirmed. */
      confirmEmail: async (body: ConfirmEmailRequest) => call((await later.account()).confirmEmail, { body }),
      /** `POST /users/me/confirm-email/resend` (Bearer): 202 {ok: true}; 409 when already confirmed, 429 when asked too often. */
      resendEmailConfirmation: async () => call((await later.account()).resendEmailConfirmation, { body: {} }),
    },
    /** `GET /users/me` (ours): the signed-in person's profile. */
    profile: async () => call((await later.profile()).profile),
    /** `PATCH /users/me` (ours) {fullName?, image?}: 400 `invalid_request` with field issues. */
    updateProfile: async (body: ProfileUpdateRequest) => call((await later.profile()).updateProfile, { body }),
    /** `POST /users/me/password` (ours): a new token pair; 400 with an issue on `currentPassword` when it is wrong. */
    changePassword: async (body: ChangePasswordRequest) => call((await later.profile()).changePassword, { body }),
    /** `DELETE /organizations/members/{user_id}` (ours): 204. */
    removeMember: async (userId: string) => call((await later.team()).teamApi.removeMember, { params: { userId } }),
    /** `/organizations/audit-log*` (Audit log): ORGANIZATIONS read, else 403; 400 `invalid_request` for a bad query. */
    auditLog: {
      /** `GET ?actor&kind&before&limit`: a page, newest first, with the `before` of the next one. */
      page: async (query: AuditLogQuery) => call((await later.audit()).page, { query }),
      /** `GET /actors?q`: the person filter's choices, at most 20 by label; `q` narrows them by name or email. */
      actors: async (q = '') => (await call((await later.audit()).actors, { query: q.trim() === '' ? {} : { q: q.trim() } })).actors,
      /** `GET .csv?actor&kind&before`: the matching entries as a CSV file (with the session's headers, never a token in the URL). */
      exportCsv: async (query: Omit<AuditLogQuery, 'limit'>) => call((await later.audit()).exportCsv, { query }),
    },
    /** API keys of the current workspace (contract/developers.ts, docs/api.md "API keys"): API_KEYS read/create/update/delete, else 403. */
    apiKeys: {
      /** `GET /organizations/api-keys`: the keys not revoked, newest first. */
      list: async () => (await call((await later.developers()).apiKeysApi.list)).items,
      /** `POST /organizations/api-keys` {name, permission_set, expires_at?}: 201 the key and its secret, answered this once; 400 at the fields, 403 for a set with a permission the caller lacks. */
      create: async (body: CreateApiKeyRequest) => call((await later.developers()).apiKeysApi.create, { body }),
      /** `PATCH /organizations/api-keys/{id}` {name}: the renamed key; 404 when unknown or revoked. */
      rename: async (id: string, name: string) => call((await later.developers()).apiKeysApi.update, { params: { id }, body: { name } }),
      /** `DELETE /organizations/api-keys/{id}`: 204; 404 when unknown or already revoked. */
      revoke: async (id: string) => call((await later.developers()).apiKeysApi.revoke, { params: { id } }),
    },
    /** `GET /users/sessions`: the person's live sessions, most recently used first; `current` marks this device. */
    sessions: async () => (await call((await later.sessions()).list)).sessions,
    /** `DELETE /users/sessions/{id}`: 204; 404 when it is unknown or already ended. */
    revokeSession: async (id: string) => call((await later.sessions()).revoke, { params: { id } }),
    /** `DELETE /users/sessions?others=true`: every session but this one; answers how many. */
    revokeOtherSessions: async () => call((await later.sessions()).revokeOthers, { query: { others: 'true' } }),
    /** `GET /users/me/reverification`: the factors the person can confirm it's them with, and this session's window. */
    reverificationStatus: async () => call((await later.reverification()).status),
    /** `POST /users/me/reverification` {password} | {code}: this session may make sensitive changes until `verified_until`; 400 on the field when wrong. */
    reverify: async (body: ReverifyRequest) => call((await later.reverification()).verify, { body }),
    /** Passkeys (contract/passkeys.ts, docs/api.md "Passkeys"): each ceremony is options, then the browser's answer with its `challenge_id`. */
    passkeys: {
      /** `GET /users/me/passkeys`: newest first. */
      list: async () => (await call((await later.passkeys()).list)).passkeys,
      /** `POST /users/me/passkeys/options`: the prompt to create one; 409 at the limit. */
      registrationOptions: async () => call((await later.passkeys()).registrationOptions, { body: {} }),
      /** `POST /users/me/passkeys` {challenge_id, name, response}: 201 the new passkey; 400 (name at its field, an expired prompt), 409 already registered. */
      register: async (body: RegisterPasskeyRequest) => call((await later.passkeys()).register, { body }),
      /** `PATCH /users/me/passkeys/{id}` {name}: the renamed passkey; 404 when not the caller's. */
      rename: async (id: string, name: string) => call((await later.passkeys()).rename, { params: { id }, body: { name } }),
      /** `DELETE /users/me/passkeys/{id}`: 204; 403 `reverification_required`, 404 when not the caller's. */
      remove: async (id: string) => call((await later.passkeys()).remove, { params: { id } }),
      /** `POST /users/signin/passkey/options` (public): a discoverable prompt. */
      signInOptions: async () => call((await later.passkeys()).signInOptions, { body: {} }),
      /** `POST /users/signin/passkey` (public) {challenge_id, response}: answered like sign-in; 401 `invalid_credentials`. */
      signIn: async (body: PasskeyAssertionRequest) => call((await later.passkeys()).signIn, { body }),
      /** `POST /users/me/reverification/passkey/options`: a prompt for one of the caller's passkeys; 404 without any. */
      reverificationOptions: async () => call((await later.passkeys()).reverificationOptions, { body: {} }),
      /** `POST /users/me/reverification/passkey` {challenge_id, response}: this session may make sensitive changes until `verified_until`. */
      reverify: async (body: PasskeyAssertionRequest) => call((await later.passkeys()).reverify, { body }),
    },
    /** `GET /users/me/two-factor`: whether it is on, since when, recovery codes left. */
    twoFactorStatus: async () => call((await later.twoFactor()).status),
    /** `POST /users/me/two-factor/enrol`: a pending secret (QR code, Base32); 409 when it is already on. */
    enrolTwoFactor: async () => call((await later.twoFactor()).enrol, { body: {} }),
    /** `POST /users/me/two-factor/confirm` {code}: ten recovery codes; 400 on `code` when wrong, 429 after too many. */
    confirmTwoFactor: async (body: ConfirmTwoFactorRequest) => call((await later.twoFactor()).confirm, { body }),
    /** `POST /users/me/two-factor/recovery-codes` {code}: ten new recovery codes. */
    regenerateRecoveryCodes: async (body: TwoFactorCodeRequest) => call((await later.twoFactor()).recoveryCodes, { body }),
    /** `POST /users/me/two-factor/disable` {code}: the status, now off. */
    disableTwoFactor: async (body: TwoFactorCodeRequest) => call((await later.twoFactor()).disable, { body }),
    /** `DELETE /permissions/permission-sets/{id}`: 204; 403 for a system set, 409 naming who still holds it. */
    deletePermissionSet: async (id: string) => call((await later.team()).rolesApi.deletePermissionSet, { params: { id } }),
    /** `PUT /organizations/current` {require_two_factor}: 409 on the field while the caller has no second factor. */
    setRequireTwoFactor: (required: boolean) => call(w.updateWorkspace, { body: { require_two_factor: required } }),
    setDefaultLanguage: (language: Language | null) => call(w.updateWorkspace, { body: { default_language: language } }),
    /** Pending invitations: the org's side (TEAM_MEMBERS; existing accounts and new people's links) and the invitee's. */
    invitations: {
      /** `GET /organizations/invitations?cursor&limit`: a page of this org's pending invitations of both kinds, newest first, `next_cursor` and `total`. */
      ofOrg: async (query: TeamInvitationsQuery = {}) => call((await later.team()).teamApi.invitations, { query }),
      /** `POST /organizations/members/{user_id}/invitation/resend`: the invitation as listed now; 404 nothing pending, 409 already joined. */
      resend: async (userId: string) => call((await later.team()).teamApi.resendInvitation, { params: { userId } }),
      /** `POST /organizations/members/{user_id}/invitation/link`: a fresh set-password link of a new person's invitation; 409 for an account's. */
      link: async (userId: string) => call((await later.team()).teamApi.invitationLink, { params: { userId } }),
      /** `DELETE /organizations/members/{user_id}/invitation`: 204; 404 nothing pending, 409 already joined. */
      revoke: async (userId: string) => call((await later.team()).teamApi.revokeInvitation, { params: { userId } }),
      /** `GET /users/invitations`: the signed-in person's pending invitations to other workspaces. */
      mine: async () => (await call(w.myInvitations)).invitations,
      /** `POST /users/invitations/{id}/accept`: the workspace just joined; 404 when no longer pending. */
      accept: (id: string) => call(w.acceptInvitation, { params: { id } }),
      /** `POST /users/invitations/{id}/decline`: 204; 404 when no longer pending. */
      decline: (id: string) => call(w.declineInvitation, { params: { id } }),
    },
    /** `GET /overview` (ours): the Overview's team size and getting-started checklist (contract/overview.ts). */
    overview: async () => call((await later.overview()).overview),
    /**
     * One-click unsubscribe of notification emails (docs/api.md "Email unsubscribe"). No
     * session: the link's signed `token` is the whole authority. Both answer contract
     * `UnsubscribeResponse`; 400 `invalid_request` (issue at `token`) for a missing, forged or foreign link.
     */
    mail: {
      /** `GET /mail/unsubscribe?token`: what the link would turn off and whether it is off already; changes nothing. */
      describeUnsubscribe: (token: string) => withNotifications((n) => call(n.describeUnsubscribe, { query: { token } })),
      /** `POST /mail/unsubscribe?token`: turns that category's emails off (idempotent); answers `unsubscribed: true`. */
      unsubscribe: (token: string) => withNotifications((n) => call(n.unsubscribe, { query: { token }, body: {} })),
    },
    /** Webhooks (docs/api.md "Webhooks"): the workspace's endpoints and their delivery logs; WEBHOOKS read/create/update/delete, execute to send. */
    webhooks: {
      /** `GET /organizations/webhooks`: the endpoints, newest first. */
      list: async () => (await call((await later.webhooks()).list)).items,
      /** `POST /organizations/webhooks`: 201 the endpoint and its signing secret (answered this once); 400 on the field (`url`: not a public host). */
      create: async (body: CreateWebhookRequest) => call((await later.webhooks()).create, { body }),
      /** `PATCH /organizations/webhooks/{id}`: the endpoint as changed; enabling clears `disabled_reason`. */
      update: async (id: string, body: UpdateWebhookRequest) => call((await later.webhooks()).update, { params: { id }, body }),
      /** `DELETE /organizations/webhooks/{id}`: 204; 404 when it is gone. */
      remove: async (id: string) => call((await later.webhooks()).remove, { params: { id } }),
      /** `POST /organizations/webhooks/{id}/rotate-secret`: the endpoint and its new secret; the previous one signs for 24 hours. */
      rotateSecret: async (id: string) => call((await later.webhooks()).rotateSecret, { params: { id } }),
      /** `POST /organizations/webhooks/{id}/test`: 202 the queued delivery of a `webhook.test` event. */
      sendTest: async (id: string) => call((await later.webhooks()).sendTest, { params: { id } }),
      /** `GET /organizations/webhooks/{id}/deliveries?before=`: newest first, 20 a page, `next_cursor` for the next. */
      deliveries: async (id: string, before: string | null = null) =>
        call((await later.webhooks()).deliveries, { params: { id }, query: before === null ? {} : { before } }),
      /** `POST /organizations/webhooks/{id}/deliveries/{deliveryId}/resend`: 202 the delivery, queued again. */
      resend: async (id: string, deliveryId: string) => call((await later.webhooks()).resend, { params: { id, deliveryId } }),
    },
    /** Single sign-on (docs/api.md "Single sign-on"): the workspace's connection, and signing in through it (public). */
    sso: {
      /** `GET /organizations/sso`: the connection (never its secret); ORGANIZATIONS update. */
      settings: async () => call((await later.sso()).settings),
      /** `PUT /organizations/sso`: 403 `reverification_required` without a recent factor; 409 for a domain another workspace has. */
      save: async (body: SsoSettingsInput) => call((await later.sso()).save, { body }),
      /** `DELETE /organizations/sso`: 204; reverification as for saving; 404 without a connection. */
      remove: async () => call((await later.sso()).remove),
      /** `POST /organizations/sso/test`: discovery against the issuer; 502 with a clear message when it fails. */
      test: async (body: SsoTestRequest) => call((await later.sso()).test, { body }),
      /** `POST /users/sso/start`: the provider's authorization URL; 404 when no workspace has the email's domain. */
      start: async (body: SsoStartRequest) => call((await later.sso()).start, { body }),
      /** `POST /users/sso/callback`: tokens, or that the account must be proved first (`link_required`). */
      callback: async (body: SsoCallbackRequest) => call((await later.sso()).callback, { body }),
      /** `POST /users/sso/link`: the account's password (and code) proves it; then tokens. */
      link: async (body: SsoLinkRequest) => call((await later.sso()).link, { body }),
      /** `POST /users/sso/link/passkey/options`: the prompt for one of the waiting account's own passkeys; 404 when it has none. */
      linkPasskeyOptions: async (body: SsoLinkPasskeyOptionsRequest) => call((await later.sso()).linkPasskeyOptions, { body }),
      /** `POST /users/sso/link/passkey`: an assertion with one of its passkeys proves the account; then tokens. */
      linkPasskey: async (body: SsoLinkPasskeyRequest) => call((await later.sso()).linkPasskey, { body }),
    },
  }
}

export type Endpoints = ReturnType<typeof createEndpoints>
