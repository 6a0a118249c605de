/**
 * The calls of SPEC.md §7 used so far, as typed functions over the API client. Each reads its
 * endpoint's one definition in the contract (contract/endpoint.ts; method, path, body, response
 * Schema, whether the session goes along) through `callEndpoint` (./call.ts); the server registers
 * the same definitions (server/http/route.ts). Each returns the contract-decoded response or rejects
 * with `ApiError` (or, for a call that loads on first use, with the browser's error when its chunk
 * cannot be fetched; the chunk-reload guard of src/system/chunk-reload.ts reloads once for a chunk
 * lost to a deploy).
 *
 * The boot holds what the shell and the sign-in page call as they start (the session, workspaces,
 * permissions, credits, the Overview, the verification gate) with the Schemas of auth, tokens,
 * workspaces, permissions and credits. The calls of each other area (team, notifications, push,
 * profile, developers...) are written in src/api/calls/ and load, with their contract, on the first
 * call of that area (often already there with the page that makes it): here each is a stub naming it.
 */
import { authApi, type Language, type SignInRequest } from '../../contract/api.ts'
import { permissionsApi } from '../../contract/permissions.ts'
import { type CompleteSignupRequest, type CreateWorkspaceRequest, type SignUpRequest, workspacesApi } from '../../contract/workspaces.ts'
import type { BugReportRequest } from '../../contract/bugReports.ts'
import type { PresignedUrlRequest } from '../../contract/uploads.ts'
import { botCheckApi } from '../../contract/botcheck.ts'
import type { ApiClient } from './client.ts'
import type { AnyEndpoint } from '../../contract/endpoint.ts'
import { type Call, callEndpoint, type OptionalInput } from './call.ts'
import { loadOnce } from '../platform/load-once.ts'

/** Contracts of the boot's calls that only some pages make: each loads with its first call. */
const later = {
  bugReports: () => import('../../contract/bugReports.ts').then((m) => m.bugReportsApi),
  uploads: () => import('../../contract/uploads.ts').then((m) => m.uploadsApi),
  overview: () => import('../../contract/overview.ts').then((m) => m.overviewApi),
}

/** The keys of `T` whose values are calls (functions answering a promise): what a stub can stand for. */
type CallKeys<T> = { [P in keyof T]: T[P] extends (...args: never[]) => Promise<unknown> ? P : never }[keyof T]

/**
 * An area's calls, loaded with the first of them. `area(names)` gives stubs of the area's calls
 * `names`, and `area(group, names)` of the calls `names` of its object `group`, each with its own
 * name and signature. Once the area is in, a stub calls at once, in the same task (a change sent as
 * the page closes is handed over before it goes); before, it waits for the area's chunk.
 */
function lazyArea<A>(call: Call, load: () => Promise<(call: Call) => A>) {
  let loaded: A | undefined
  const ready = loadOnce(() => load().then((create) => (loaded = create(call))))
  type Stub = (...args: never[]) => Promise<unknown>
  const stub =
    (pick: (area: A) => Stub): Stub =>
    (...args) =>
      loaded !== undefined ? pick(loaded)(...args) : ready().then((area) => pick(area)(...args))
  function stubs<K extends CallKeys<A>>(names: ReadonlyArray<K>): Pick<A, K>
  function stubs<G extends keyof A, K extends CallKeys<A[G]>>(group: G, names: ReadonlyArray<K>): Pick<A[G], K>
  function stubs(first: ReadonlyArray<PropertyKey> | PropertyKey, second?: ReadonlyArray<PropertyKey>): unknown {
    const [group, names] = second === undefined ? [null, first as ReadonlyArray<PropertyKey>] : [first as PropertyKey, second]
    const of = (area: A) => (group === null ? area : area[group as keyof A]) as Record<PropertyKey, Stub>
    return Object.fromEntries(names.map((name) => [name, stub((area) => of(area)[name] as Stub)]))
  }
  return stubs
}

export function createEndpoints(client: ApiClient) {
  const call: Call = <D extends AnyEndpoint>(definition: D, ...input: OptionalInput<D>) => callEndpoint(client, definition, ...input)
  const w = workspacesApi
  const team = lazyArea(call, () => import('./calls/team.ts').then((m) => m.teamCalls))
  const notifications = lazyArea(call, () => import('./calls/notifications.ts').then((m) => m.notificationsCalls))
  const push = lazyArea(call, () => import('./calls/push.ts').then((m) => m.pushCalls))
  const account = lazyArea(call, () => import('./calls/account.ts').then((m) => m.accountCalls))
  const profile = lazyArea(call, () => import('./calls/profile.ts').then((m) => m.profileCalls))
  const audit = lazyArea(call, () => import('./calls/audit.ts').then((m) => m.auditCalls))
  const developers = lazyArea(call, () => import('./calls/developers.ts').then((m) => m.developersCalls))
  const sessions = lazyArea(call, () => import('./calls/sessions.ts').then((m) => m.sessionsCalls))
  const reverification = lazyArea(call, () => import('./calls/reverification.ts').then((m) => m.reverificationCalls))
  const passkeys = lazyArea(call, () => import('./calls/passkeys.ts').then((m) => m.passkeysCalls))
  const twoFactor = lazyArea(call, () => import('./calls/twoFactor.ts').then((m) => m.twoFactorCalls))
  const sso = lazyArea(call, () => import('./calls/sso.ts').then((m) => m.ssoCalls))
  return {
    /** `POST /users/signin` (ours). 401 `invalid_credentials` on a wrong email or password. */
    signIn: (body: SignInRequest) => call(authApi.signIn, { body }),
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
    /**
     * `POST /data-storage/get-presigned-url` (SPEC §7): where to PUT a file and where it will be
     * readable. Bearer only (uploads belong to the user). Use `createImageUploader` (src/api/uploads.ts).
     */
    getPresignedUrl: async (body: PresignedUrlRequest) => call((await later.uploads()).presignedUrl, { body }),
    /**
     * `POST /cms/report-bug` (SPEC §7): `signedIn` sends the bearer (and x-org-id when there is a
     * current org) so the server records the reporter; false sends an anonymous report.
     */
    reportBug: async (body: BugReportRequest, signedIn: boolean) => call((await later.bugReports()).report, { body, authenticated: signedIn }),
    /** `PUT /organizations/current` {require_two_factor}: 409 on the field while the caller has no second factor. */
    setRequireTwoFactor: (required: boolean) => call(w.updateWorkspace, { body: { require_two_factor: required } }),
    setDefaultLanguage: (language: Language | null) => call(w.updateWorkspace, { body: { default_language: language } }),
    /** `GET /overview` (ours): the Overview's team size and getting-started checklist (contract/overview.ts). */
    overview: async () => call((await later.overview()).overview),
    /** Pending invitations: the org's side (src/api/calls/team.ts) and the invitee's. */
    invitations: {
      ...team('invitations', ['ofOrg', 'resend', 'link', 'revoke']),
      /** `GET /users/invitations`: the signed-in person's pending invitations to other workspaces. */
      mine: async () => (await call(w.myInvitations)).invitations,
      /** `POST /users/invitations/{id}/accept`: the workspace just joined; 404 when no longer pending. */
      accept: (id: string) => call(w.acceptInvitation, { params: { id } }),
      /** `POST /users/invitations/{id}/decline`: 204; 404 when no longer pending. */
      decline: (id: string) => call(w.declineInvitation, { params: { id } }),
    },
    // src/api/calls/team.ts
    ...team(['createPermissionSet', 'updatePermissionSet', 'assignPermissionSets', 'deletePermissionSet', 'permissionMetadata', 'members', 'inviteMember', 'removeMember', 'setPassword']),
    // src/api/calls/notifications.ts
    ...notifications(['notificationPreferences', 'saveNotificationPreferences']),
    notifications: notifications('notifications', ['list', 'listAfter', 'counts', 'snooze', 'unsnooze', 'markRead', 'markUnread', 'archive', 'restore', 'archiveRead', 'markSeen', 'markAllRead', 'remove', 'streamTicket']),
    mail: notifications('mail', ['describeUnsubscribe', 'unsubscribe']),
    // src/api/calls/push.ts
    webPush: push('webPush', ['vapidPublicKey', 'subscribe', 'unsubscribe', 'deviceStatus', 'testNotification', 'devices']),
    // src/api/calls/account.ts
    account: account('account', ['passwordReset', 'confirmPasswordReset', 'confirmEmail', 'resendEmailConfirmation']),
    // src/api/calls/profile.ts
    ...profile(['profile', 'updateProfile', 'changePassword']),
    // src/api/calls/audit.ts
    auditLog: audit('auditLog', ['page', 'actors', 'exportCsv']),
    // src/api/calls/developers.ts
    apiKeys: developers('apiKeys', ['list', 'create', 'rename', 'revoke']),
    webhooks: developers('webhooks', ['list', 'create', 'update', 'remove', 'rotateSecret', 'sendTest', 'deliveries', 'resend']),
    // src/api/calls/sessions.ts
    ...sessions(['sessions', 'revokeSession', 'revokeOtherSessions']),
    // src/api/calls/reverification.ts
    ...reverification(['reverificationStatus', 'reverify']),
    // src/api/calls/passkeys.ts
    passkeys: passkeys('passkeys', ['list', 'registrationOptions', 'register', 'rename', 'remove', 'signInOptions', 'signIn', 'reverificationOptions', 'reverify']),
    // src/api/calls/twoFactor.ts
    ...twoFactor(['signInTwoFactor', 'twoFactorStatus', 'enrolTwoFactor', 'confirmTwoFactor', 'regenerateRecoveryCodes', 'disableTwoFactor']),
    // src/api/calls/sso.ts
    sso: sso('sso', ['settings', 'save', 'remove', 'test', 'start', 'callback', 'link', 'linkPasskeyOptions', 'linkPasskey']),
  }
}

export type Endpoints = ReturnType<typeof createEndpoints>
