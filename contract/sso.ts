/**
 * Single sign-on (OpenID Connect) per workspace (docs/api.md "Single sign-on"), shared by the
 * server (server/sso) and the browser: Workspace Settings › Single sign-on (machines/singleSignOn,
 * src/pages/settings/SingleSignOnSection.tsx) and /signin's 'Continue with single sign-on' with its
 * return to /sso/callback (SPEC.md §2.5 names /sso/callback; §3 `is_sso_enabled` is the
 * workspace's 'Require single sign-on').
 *
 * The client secret is write-only: no answer ever carries it, only whether one is set.
 */
import { Schema, SchemaGetter } from 'effect'
import { Email, SignInResponse } from './api.ts'
import { endpoint } from './endpoint.ts'
import { AuthenticationOptionsResponse, AuthenticationResponseJSON, ChallengeId } from './passkeys.ts'

/** The longest issuer URL accepted, characters. */
export const SSO_ISSUER_MAX_LENGTH = 2048
/** The most email domains one workspace's single sign-on answers for. */
export const SSO_MAX_DOMAINS = 20

/** Loopback hosts, the only ones an issuer may use plain http on (a provider on this machine). */
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]'])

/** The messages the settings form and the server share. */
export const SSO_MESSAGES = {
  issuer: 'Enter the issuer as an https:// URL (http only on this machine: localhost or 127.0.0.1)',
  domain: 'Enter domains like example.com, one per line or separated by commas',
  domainRequired: 'Enter at least one email domain',
  domainsUnique: 'Each domain once',
  secretRequired: 'Enter the client secret',
  requireFromSso:
    "Sign in through single sign-on before you require it, so you know it works for you: sign out, then use 'Continue with single sign-on'.",
} as const

/**
 * Whether `value` may be an issuer: an absolute https URL without credentials, query or
 * fragment, or http on a loopback host. A `javascript:` or `data:` URL is never one.
 */
export function isIssuerUrl(value: string): boolean {
  if (value.length > SSO_ISSUER_MAX_LENGTH || value.trim() !== value) return false
  let url: URL
  try {
    url = new URL(value)
  } catch {
    return false
  }
  if (url.username !== '' || url.password !== '' || url.search !== '' || url.hash !== '') return false
  if (url.protocol === 'https:') return url.hostname !== ''
  return url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname)
}

/** A hostname of letters, digits and hyphens in dot-separated labels, with a dot (`example.com`). */
const DOMAIN_PATTERN = /^(?=.{3,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z](?:[a-z0-9-]{0,61}[a-z0-9])?$/

/** Whether `value` (already lower-cased) is an email domain the settings accept. */
export const isEmailDomain = (value: string): boolean => DOMAIN_PATTERN.test(value)

/** The issuer field: trimmed, then {@link isIssuerUrl}. */
export const IssuerUrl = Schema.String.pipe(
  Schema.decode({ decode: SchemaGetter.transform((s: string) => s.trim()), encode: SchemaGetter.transform((s: string) => s) }),
).check(
  Schema.isMaxLength(SSO_ISSUER_MAX_LENGTH, { message: `The issuer URL must be at most ${SSO_ISSUER_MAX_LENGTH} characters` }),
  Schema.makeFilter((s: string) => isIssuerUrl(s) || SSO_MESSAGES.issuer),
)

/** One email domain: trimmed and lower-cased, then {@link isEmailDomain}. */
export const EmailDomain = Schema.String.pipe(
  Schema.decode({ decode: SchemaGetter.transform((s: string) => s.trim().toLowerCase()), encode: SchemaGetter.transform((s: string) => s) }),
).check(Schema.makeFilter((s: string) => isEmailDomain(s) || SSO_MESSAGES.domain))

/** `GET/PUT /organizations/sso`: the workspace's connection as its admins see it (never the secret). */
export const SsoSettings = Schema.Struct({
  /** Whether a connection is saved. Without one the other fields are empty. */
  configured: Schema.Boolean,
  issuer: Schema.String,
  client_id: Schema.String,
  /** Whether a client secret is stored (it is never sent back). */
  has_client_secret: Schema.Boolean,
  domains: Schema.Array(Schema.String),
  /** 'Require single sign-on': the workspace's `is_sso_enabled` (SPEC.md §3, §6). */
  require_sso: Schema.Boolean,
  /** Where the provider must send people back (register it at the provider). */
  redirect_uri: Schema.String,
})
export type SsoSettings = typeof SsoSettings.Type

/**
 * `PUT /organizations/sso`. `client_secret` is write-only: left out, the stored one is kept (a
 * new connection needs one).
 */
export const SsoSettingsInput = Schema.Struct({
  issuer: IssuerUrl,
  client_id: Schema.String.pipe(
    Schema.decode({ decode: SchemaGetter.transform((s: string) => s.trim()), encode: SchemaGetter.transform((s: string) => s) }),
  ).check(
    Schema.isMinLength(1, { message: 'Enter the client ID' }),
    Schema.isMaxLength(256, { message: 'The client ID must be at most 256 characters' }),
  ),
  client_secret: Schema.optional(
    Schema.String.check(
      Schema.isMinLength(1, { message: SSO_MESSAGES.secretRequired }),
      Schema.isMaxLength(1024, { message: 'The client secret must be at most 1024 characters' }),
    ),
  ),
  domains: Schema.Array(EmailDomain).check(
    Schema.isMinLength(1, { message: SSO_MESSAGES.domainRequired }),
    Schema.isMaxLength(SSO_MAX_DOMAINS, { message: `At most ${SSO_MAX_DOMAINS} domains` }),
    Schema.makeFilter((list: ReadonlyArray<string>) => new Set(list).size === list.length || SSO_MESSAGES.domainsUnique),
  ),
  require_sso: Schema.Boolean,
})
export type SsoSettingsInput = typeof SsoSettingsInput.Encoded

/** `POST /organizations/sso/test`: the issuer to try discovery against (the form's, saved or not). */
export const SsoTestRequest = Schema.Struct({ issuer: IssuerUrl })
export type SsoTestRequest = typeof SsoTestRequest.Encoded

/** `POST /organizations/sso/test`: discovery worked; what the provider says it is. */
export const SsoTestResponse = Schema.Struct({ issuer: Schema.String, authorization_endpoint: Schema.String })
export type SsoTestResponse = typeof SsoTestResponse.Type

/** Where a signed-in person goes next: an app path (`/app/...`), never another origin. */
export const AppRedirect = Schema.String.check(
  Schema.isMaxLength(2048, { message: 'The return path is too long' }),
  Schema.makeFilter((s: string) => /^\/app(?:[/?#]|$)/.test(s) || 'The return path must be an /app path'),
)

/** `POST /users/sso/start`: the person's email picks the workspace by its domain. */
export const SsoStartRequest = Schema.Struct({ email: Email, redirect: Schema.optional(AppRedirect) })
export type SsoStartRequest = typeof SsoStartRequest.Encoded

/** `POST /users/sso/start`: the provider's authorization URL to send the browser to. */
export const SsoStartResponse = Schema.Struct({ url: Schema.String })
export type SsoStartResponse = typeof SsoStartResponse.Type

/** A provider's response parameter as the callback page forwards it. */
const CallbackParam = Schema.String.check(Schema.isMaxLength(4096, { message: 'Too long' }))

/**
 * `POST /users/sso/callback`: the query the provider sent the browser back to /sso/callback with
 * (the SPA forwards it; the server checks it against the attempt `state` names).
 */
export const SsoCallbackRequest = Schema.Struct({
  state: CallbackParam.check(Schema.isMinLength(1, { message: 'state is required' })),
  code: Schema.optional(CallbackParam),
  iss: Schema.optional(CallbackParam),
  error: Schema.optional(CallbackParam),
})
export type SsoCallbackRequest = typeof SsoCallbackRequest.Encoded

/** The callback signed the person in: tokens like a sign-in's, and where to go. */
export const SsoSignedIn = Schema.Struct({
  outcome: Schema.Literal('signed_in'),
  ...SignInResponse.fields,
  redirect: Schema.optional(Schema.String),
})
export type SsoSignedIn = typeof SsoSignedIn.Type

/**
 * The provider's person has no link yet and an account with their email exists: no sign-in until
 * the account's owner proves it (`POST /users/sso/link` with `link_token`, valid 10 minutes).
 */
export const SsoLinkRequired = Schema.Struct({
  outcome: Schema.Literal('link_required'),
  link_token: Schema.String,
  email: Schema.String,
})
export type SsoLinkRequired = typeof SsoLinkRequired.Type

/** `POST /users/sso/callback`'s answer. */
export const SsoCallbackResponse = Schema.Union([SsoSignedIn, SsoLinkRequired])
export type SsoCallbackResponse = typeof SsoCallbackResponse.Type

/**
 * `POST /users/sso/link`: the account's password (and its two-factor code when it has two-factor
 * on) proves the account; the identity is then linked and the person signed in.
 */
export const SsoLinkRequest = Schema.Struct({
  link_token: Schema.String.check(Schema.isMinLength(1, { message: 'link_token is required' }), Schema.isMaxLength(256, { message: 'Too long' })),
  password: Schema.String.check(
    Schema.isMinLength(1, { message: 'Enter your password' }),
    Schema.isMaxLength(1024, { message: 'Password is too long' }),
  ),
  code: Schema.optional(Schema.String.check(Schema.isMaxLength(32, { message: 'Too long' }))),
})
export type SsoLinkRequest = typeof SsoLinkRequest.Encoded

/** A `link_token` of `POST /users/sso/callback`'s `link_required`. */
const LinkToken = Schema.String.check(Schema.isMinLength(1, { message: 'link_token is required' }), Schema.isMaxLength(256, { message: 'Too long' }))

/**
 * `POST /users/sso/link/passkey/options`: the browser's prompt for one of the waiting account's
 * own passkeys (its credentials in `allowCredentials`); 404 when the account has none.
 */
export const SsoLinkPasskeyOptionsRequest = Schema.Struct({ link_token: LinkToken })
export type SsoLinkPasskeyOptionsRequest = typeof SsoLinkPasskeyOptionsRequest.Encoded

/**
 * `POST /users/sso/link/passkey`: the other proof of the account, an assertion with one of its own
 * passkeys answered to that prompt (the passkey is a whole factor: no code is asked after it).
 */
export const SsoLinkPasskeyRequest = Schema.Struct({ link_token: LinkToken, challenge_id: ChallengeId, response: AuthenticationResponseJSON })
export type SsoLinkPasskeyRequest = typeof SsoLinkPasskeyRequest.Encoded

/** What the link form says (the server's answers and the browser's). */
export const SSO_LINK_MESSAGES = {
  expired: 'This request to link single sign-on expired. Start single sign-on again.',
  noPasskey: 'This account has no passkeys. Enter its password instead.',
} as const

/**
 * Why a single sign-on came back to /signin (`/signin?sso_error=<reason>`): the page shows the
 * message of the reason, never text from the address.
 */
export const SSO_ERROR_MESSAGES = {
  unknown_domain: 'No workspace uses single sign-on for this email domain.',
  provider_unavailable: 'The identity provider could not be reached. Try again in a moment.',
  denied: 'Single sign-on was cancelled at the identity provider.',
  provider_error: 'The identity provider could not sign you in. Try again.',
  state_mismatch: 'This sign-in did not start in this browser. Start single sign-on again.',
  expired: 'This sign-in attempt expired or was already used. Start single sign-on again.',
  rejected: "The identity provider's answer could not be verified. Start single sign-on again.",
  not_member: 'Your account is no longer a member of this workspace. Ask an admin to add you again.',
  link_required: 'An account with this email already exists. Enter its password to link single sign-on to it.',
} as const
export type SsoErrorReason = keyof typeof SSO_ERROR_MESSAGES

/** Whether `value` is a reason of {@link SSO_ERROR_MESSAGES}. */
export const isSsoErrorReason = (value: unknown): value is SsoErrorReason => typeof value === 'string' && Object.hasOwn(SSO_ERROR_MESSAGES, value)

// ---------------------------------------------------------------------------------------------
// Endpoints (contract/endpoint.ts). Settings: members with ORGANIZATIONS update (403 otherwise);
// saving and removing need a factor in the last 10 minutes (403 `reverification_required`); a
// domain another workspace has is 409. Sign-in: public, rate-limited per address; a provider that
// cannot be reached is 502.

export const ssoApi = {
  settings: endpoint('GET', '/organizations/sso', { response: SsoSettings, errors: ['forbidden'] }),
  save: endpoint('PUT', '/organizations/sso', {
    body: SsoSettingsInput,
    response: SsoSettings,
    errors: ['forbidden', 'reverification_required', 'conflict'],
  }),
  remove: endpoint('DELETE', '/organizations/sso', { errors: ['forbidden', 'reverification_required', 'not_found'] }),
  test: endpoint('POST', '/organizations/sso/test', { body: SsoTestRequest, response: SsoTestResponse, errors: ['forbidden', 'internal_error'] }),
  start: endpoint('POST', '/users/sso/start', { body: SsoStartRequest, response: SsoStartResponse, access: 'public', errors: ['not_found', 'internal_error'] }),
  callback: endpoint('POST', '/users/sso/callback', {
    body: SsoCallbackRequest,
    response: SsoCallbackResponse,
    access: 'public',
    errors: ['invalid_credentials', 'forbidden', 'internal_error'],
  }),
  link: endpoint('POST', '/users/sso/link', { body: SsoLinkRequest, response: SignInResponse, access: 'public', errors: ['invalid_credentials', 'forbidden'] }),
  linkPasskeyOptions: endpoint('POST', '/users/sso/link/passkey/options', {
    body: SsoLinkPasskeyOptionsRequest,
    response: AuthenticationOptionsResponse,
    access: 'public',
    errors: ['not_found'],
  }),
  linkPasskey: endpoint('POST', '/users/sso/link/passkey', { body: SsoLinkPasskeyRequest, response: SignInResponse, access: 'public', errors: ['invalid_credentials', 'forbidden'] }),
}
