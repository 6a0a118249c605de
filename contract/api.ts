/**
 * The API contract: every request and response body of the calls in SPEC.md §7, as effect
 * Schema. The browser decodes responses with it; the server validates requests with it.
 * A value that does not decode is an error with a clear message, never a silent `undefined`.
 *
 * Paths are relative to the API base (`/api` on the same origin by default).
 */
import { Schema, SchemaGetter } from 'effect'
import { BotCheckProof } from './botcheck.ts'
import { endpoint } from './endpoint.ts'

// ---------------------------------------------------------------------------------------------
// Errors (`{ error: { code, message, issues } }`, every non-2xx response)

/** One validation problem: where (`path` into the body or query) and what, in plain words. */
export const ApiIssue = Schema.Struct({
  path: Schema.Array(Schema.Union([Schema.String, Schema.Number])),
  message: Schema.String,
})
export type ApiIssue = typeof ApiIssue.Type

/** Body of every error response. `code` is machine-readable (`invalid_request`, `unauthorized`...). */
export const ApiErrorBody = Schema.Struct({
  error: Schema.Struct({
    code: Schema.String,
    message: Schema.String,
    issues: Schema.Array(ApiIssue),
  }),
})
export type ApiErrorBody = typeof ApiErrorBody.Type

/** The error codes the reference server uses; clients switch on these, never on messages. */
export const ErrorCode = {
  invalidRequest: 'invalid_request',
  invalidCredentials: 'invalid_credentials',
  unauthorized: 'unauthorized',
  invalidRefreshToken: 'invalid_refresh_token',
  forbidden: 'forbidden',
  notFound: 'not_found',
  /** 429: too many requests from this caller; `Retry-After` says when to try again (docs/api.md "Rate limits"). */
  rateLimited: 'rate_limited',
  /** 403: the workspace requires two-factor authentication and the caller has not set it up. */
  twoFactorRequired: 'two_factor_required',
  /** 401: the sign-in's two-factor token expired or is not valid: sign in again. */
  twoFactorExpired: 'two_factor_expired',
  /** 401: the access token's session was signed out (another device, a password reset...): sign in again. */
  sessionRevoked: 'session_revoked',
  /** 403: a sensitive change needs a factor given in the last 10 minutes: confirm it's you, then repeat. */
  reverificationRequired: 'reverification_required',
  internal: 'internal_error',
} as const
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode]

// ---------------------------------------------------------------------------------------------
// Shared field types

/** An email address: trimmed, lower-cased, `local@domain.tld`, at most 254 characters. */
export const Email = Schema.String.check(
  Schema.isPattern(/^\s*[^@\s]+@[^@\s]+\.[^@\s]+\s*$/, { message: 'Enter a valid email address' }),
  Schema.isMaxLength(254, { message: 'Email is too long' }),
).pipe(
  Schema.decode({
    decode: SchemaGetter.transform((s: string) => s.trim().toLowerCase()),
    encode: SchemaGetter.transform((s: string) => s),
  }),
)

/** SPEC.md §3 Roles. */
export const Roles = [
  'SUPER_ADMIN',
  'ADMIN',
  'INTEGRATION_ADMIN',
  'WORKFLOW_ADMIN',
  'TEAM_MEMBER',
  'AGENCY_MEMBER',
  'FINANCE_ADMIN',
  'QUALITY_ASSURANCE',
] as const
export const Role = Schema.Literals(Roles)
export type Role = typeof Role.Type

/** SPEC.md §3 Layout types; DEFAULT when absent. */
export const LayoutTypes = ['DEFAULT', 'CTWA', 'CREATOR', 'SUPEHR'] as const
export const LayoutType = Schema.Literals(LayoutTypes)
export type LayoutType = typeof LayoutType.Type

/** SPEC.md §3 Permission resources. */
export const PermissionResources = [
  'GENERAL',
  'AGENTS',
  'USERS',
  'CONTACTS',
  'CONTACTS_FULL',
  'EVENTS',
  'ORGANIZATIONS',
  'TEAM_MEMBERS',
  'QA',
  'WORKFLOWS',
  'ORG_AGENTS',
  'CODE_FUNCTIONS',
  'COMMUNICATION_CHANNELS',
  'MESSAGE_TEMPLATES',
  'INTEGRATIONS',
  'WEBHOOKS',
  'AD_ACCOUNTS',
  'SETTINGS',
  'PERMISSION_SETS',
  'API_KEYS',
  'PROMPT_MANAGEMENT',
  'SCHEMAS',
  'DATA_STORAGE',
  'REPORTS',
  'BILLING',
  'MARKETING_ASSETS',
] as const
export const PermissionResource = Schema.Literals(PermissionResources)
export type PermissionResource = typeof PermissionResource.Type

/** SPEC.md §3 Permission actions (READ shows as View, UPDATE as Edit). */
export const PermissionActions = ['CREATE', 'READ', 'UPDATE', 'DELETE', 'EXECUTE', 'EXPORT', 'IMPORT'] as const
export const PermissionAction = Schema.Literals(PermissionActions)
export type PermissionAction = typeof PermissionAction.Type

/** The super-admin permission set's key (SPEC.md §3 Permission set). */
export const SUPER_ADMIN_SET_KEY = 'SUPER_ADMIN'

/** SPEC.md §3 Permission: a resource, the actions held on it, and conditions (opaque). */
export const Permission = Schema.Struct({
  resource: PermissionResource,
  actions: Schema.Array(PermissionAction),
  conditions: Schema.Record(Schema.String, Schema.Unknown),
})
export type Permission = typeof Permission.Type

/** SPEC.md §3 Permission set. System sets are matched by key, custom sets by `_id`. */
export const PermissionSet = Schema.Struct({
  _id: Schema.String,
  permission_set_key: Schema.NullOr(Schema.String),
  name: Schema.String,
  description: Schema.String,
  is_system: Schema.Boolean,
  permissions: Schema.Array(Permission),
})
export type PermissionSet = typeof PermissionSet.Type

// ---------------------------------------------------------------------------------------------
// Sign-in and tokens (SPEC.md §4 Authentication, Token refresh, Sign out; §7; §9)

/**
 * `POST /users/signin` (ours: the spec does not show sign-in). `bot_check_proof`: the proof of
 * `POST /users/verify-turnstile`, required by the server while BOT_CHECK is on.
 */
export const SignInRequest = Schema.Struct({
  email: Email,
  password: Schema.String.check(
    Schema.isMinLength(1, { message: 'Enter your password' }),
    Schema.isMaxLength(1024, { message: 'Password is too long' }),
  ),
  bot_check_proof: Schema.optional(BotCheckProof),
})
export type SignInRequest = typeof SignInRequest.Encoded

/**
 * Tokens as the server issues them. `expires_in` is the access token's lifetime in seconds;
 * the client normalises it (SPEC.md §9: 300 when absent or not positive, minus 30 above 180).
 */
export const TokenResponse = Schema.Struct({
  access_token: Schema.String,
  refresh_token: Schema.String,
  expires_in: Schema.optional(Schema.Number),
})
export type TokenResponse = typeof TokenResponse.Type

/** `POST /users/signin` response: tokens plus the org to work in first (the default org). */
export const SignInResponse = Schema.Struct({
  ...TokenResponse.fields,
  org_id: Schema.String,
})
export type SignInResponse = typeof SignInResponse.Type

/**
 * `POST /users/signin` when the account has two-factor authentication on: no tokens
 * yet; `two_factor_token` (valid `expires_in` seconds) goes with a code to
 * `POST /users/signin/two-factor` (contract/twoFactor.ts), which answers a `SignInResponse`.
 */
export const TwoFactorChallenge = Schema.Struct({
  two_factor_required: Schema.Literal(true),
  two_factor_token: Schema.String,
  expires_in: Schema.Number,
})
export type TwoFactorChallenge = typeof TwoFactorChallenge.Type

/** What `POST /users/signin` answers: tokens (`SignInResponse`), or a `TwoFactorChallenge`. */
export const SignInOutcome = Schema.Union([SignInResponse, TwoFactorChallenge])
export type SignInOutcome = typeof SignInOutcome.Type

/** Whether a sign-in answer asks for the second factor. */
export const isTwoFactorChallenge = (outcome: SignInOutcome): outcome is TwoFactorChallenge => 'two_factor_required' in outcome

/** `POST /users/refresh-token`. */
export const RefreshTokenRequest = Schema.Struct({
  refresh_token: Schema.String.check(Schema.isMinLength(1, { message: 'refresh_token is required' })),
})

/** SPEC.md §3 Auth state: user. */
/**
 * Ours: the languages Engage ships, as BCP 47 language tags (src/i18n/locales.ts has their names
 * and directions; docs/i18n.md how to add one).
 */
export const LANGUAGES = ['en', 'de', 'es', 'ar'] as const
export const Language = Schema.Literals(LANGUAGES)
export type Language = typeof Language.Type

export const User = Schema.Struct({
  _id: Schema.String,
  fullName: Schema.String,
  email: Schema.String,
  image: Schema.optional(Schema.NullOr(Schema.String)),
  /** Ours: whether the person confirmed their address through the emailed link. */
  email_confirmed: Schema.optional(Schema.Boolean),
  /** Ours: the language the person chose; null (or absent) when none: the browser's languages decide. */
  language: Schema.optional(Schema.NullOr(Language)),
  /**
   * Ours: the IANA time zone the person saved (their notification preferences' quiet hours zone);
   * null (or absent) when none: the browser's zone applies. Dates and times show in it.
   */
  time_zone: Schema.optional(Schema.NullOr(Schema.String)),
})
export type User = typeof User.Type

/** SPEC.md §3 Auth state: current org. `permission_sets` holds set keys (system) or ids (custom). */
export const CurrentOrg = Schema.Struct({
  org_id: Schema.String,
  org_name: Schema.String,
  roles: Schema.Array(Role),
  is_sso_enabled: Schema.Boolean,
  signup_completed: Schema.Boolean,
  waitlist_approved: Schema.Boolean,
  layout: LayoutType,
  permission_sets: Schema.Array(Schema.String),
  /** Ours: the workspace requires two-factor authentication of every member. */
  require_two_factor: Schema.optional(Schema.Boolean),
  /** Ours: it does, and the caller has not set it up: the app blocks until they do. */
  two_factor_required_setup: Schema.optional(Schema.Boolean),
  /** Ours: the language people new to Engage that the workspace adds start in; null: their browser's. */
  default_language: Schema.optional(Schema.NullOr(Language)),
})
export type CurrentOrg = typeof CurrentOrg.Type

/** `GET /users/verify-token` response, for the org named in `x-org-id`. */
export const VerifyTokenResponse = Schema.Struct({
  user: User,
  currentOrgData: CurrentOrg,
  /**
   * Ours: how the access token's session began (`sessions.method`: password, passkey or single
   * sign-on); null for a token from before sessions. SPEC §6's sign-out of an SSO workspace's
   * members on a user-initiated verification spares sessions begun by single sign-on.
   */
  session_method: Schema.optional(Schema.NullOr(Schema.Literals(['password', 'passkey', 'sso']))),
})
export type VerifyTokenResponse = typeof VerifyTokenResponse.Type

/** `POST /users/logout`: `token` is the access token being given up. */
export const LogoutRequest = Schema.Struct({
  refresh_token: Schema.String,
  token: Schema.String,
})
export type LogoutRequest = typeof LogoutRequest.Type

/** `POST /users/logout` response: where to send the browser afterwards (same-origin path). */
export const LogoutResponse = Schema.Struct({ url: Schema.String })
export type LogoutResponse = typeof LogoutResponse.Type

// ---------------------------------------------------------------------------------------------
// Workspaces (SPEC.md §3 Workspace list item, §7)

/** One entry of `GET /users/my-workspaces`. */
export const WorkspaceItem = Schema.Struct({
  org_id: Schema.String,
  org_name: Schema.NullOr(Schema.String),
  roles: Schema.Array(Role),
  waitlist_approved: Schema.Boolean,
  signup_completed: Schema.Boolean,
  is_default: Schema.Boolean,
})
export type WorkspaceItem = typeof WorkspaceItem.Type

export const WorkspacesResponse = Schema.Struct({ workspaces: Schema.Array(WorkspaceItem) })
export type WorkspacesResponse = typeof WorkspacesResponse.Type

// ---------------------------------------------------------------------------------------------
// App version file (SPEC.md §3, §7: `GET /version.json` at the site root, not under /api)

export const AppVersion = Schema.Struct({
  version: Schema.String,
  builtAt: Schema.optional(Schema.String),
  commit: Schema.optional(Schema.String),
})
export type AppVersion = typeof AppVersion.Type

/** Health probe (ours): `GET /health`. */
export const Health = Schema.Struct({ ok: Schema.Boolean, database: Schema.Literals(['pglite', 'postgres']) })

// ---------------------------------------------------------------------------------------------
// Endpoints (contract/endpoint.ts): signing in and out, and the session's tokens (SPEC §4
// Authentication, Token refresh, Sign out; §7 `/users/*`). Sign-up is in contract/workspaces.ts.

/**
 * - `signIn` (ours, public): a token pair, or a two-factor challenge; 403 `bot_check_required`
 *   without a fresh bot-check proof, 401 `invalid_credentials`, 403 for an account in no workspace.
 * - `refreshToken` (public): a rotated pair; 401 `invalid_refresh_token` when unknown, expired or reused,
 *   `session_revoked` when its session was signed out.
 * - `verifyToken`, `myWorkspaces`: for the workspace in `x-org-id` (403 when not a member).
 * - `logout`: ends the refresh token's session; the access token is optional (401 when neither
 *   it nor a live refresh token shows the session is the caller's).
 */
export const authApi = {
  signIn: endpoint('POST', '/users/signin', {
    body: SignInRequest,
    response: SignInOutcome,
    access: 'public',
    errors: ['invalid_credentials', 'forbidden', 'bot_check_required'],
  }),
  refreshToken: endpoint('POST', '/users/refresh-token', { body: RefreshTokenRequest, response: TokenResponse, access: 'public', errors: ['invalid_refresh_token', 'session_revoked'] }),
  verifyToken: endpoint('GET', '/users/verify-token', { response: VerifyTokenResponse, errors: ['forbidden'] }),
  myWorkspaces: endpoint('GET', '/users/my-workspaces', { response: WorkspacesResponse, errors: ['forbidden'] }),
  logout: endpoint('POST', '/users/logout', { body: LogoutRequest, response: LogoutResponse, access: 'optional', errors: ['unauthorized'] }),
}
