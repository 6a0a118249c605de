/**
 * One definition per endpoint of the API (SPEC.md §7, docs/api.md), read by both houses: the
 * browser's calls (src/api/endpoints.ts through `callEndpoint`) and the server's registrations
 * (server/http/route.ts). Each domain's definitions sit in the contract module that holds its
 * Schemas, so a contract the browser loads lazily brings its endpoints with it.
 *
 * A definition says: the method; the path under `/api` with `:name` placeholders (their names
 * are inferred from the path's type and listed in `params`); the query Schema (as the query
 * string carries it), the body Schema and whether the body may be left out; the response Schema
 * (`Schema.Void` for 204 No Content, `'file'` for a download); the success status; the error
 * codes of the `{ error: { code, message, issues } }` body it may answer besides the common
 * ones (see {@link answeredErrors}); and who may call it (`access`).
 */
import { Schema } from 'effect'
import type { ErrorCode } from './api.ts'

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'

/**
 * Who may call: `public` (no session), `token` (the bearer access token; with `x-org-id` where
 * the endpoint is about a workspace), `optional` (either: a bug report names its reporter when
 * signed in).
 */
export type Access = 'public' | 'token' | 'optional'

/** The 2xx an endpoint answers with. */
export type SuccessStatus = 200 | 201 | 202 | 204

/**
 * Every error code the server answers with: contract `ErrorCode`, the 409 `conflict`
 * (contract/permissions.ts) and the bot check's three (contract/botcheck.ts).
 */
export type ApiErrorCode = ErrorCode | 'conflict' | 'bot_check_failed' | 'bot_check_required' | 'bot_check_unavailable'

/** The names of a path's `:name` placeholders: `PathParams<'/a/:id/b/:key'>` is `'id' | 'key'`. */
export type PathParams<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParams<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never

/** The answer of an endpoint whose 2xx is a file (a CSV export) rather than JSON. */
export type FileResponse = 'file'

/** One endpoint. Build with {@link endpoint}. */
export interface Endpoint<
  M extends HttpMethod = HttpMethod,
  P extends string = string,
  Q extends Schema.Top | undefined = Schema.Top | undefined,
  B extends Schema.Top | undefined = Schema.Top | undefined,
  R extends Schema.Top | FileResponse = Schema.Top | FileResponse,
  A extends Access = Access,
> {
  readonly method: M
  /** Under `/api`, with `:name` placeholders (`/common-services/notifications/:id/snooze`). */
  readonly path: P
  /** The placeholders' names, in path order. */
  readonly params: ReadonlyArray<PathParams<P>>
  /** The query string's fields, as strings or numbers before the server parses them; undefined: none read. */
  readonly query: Q
  /** The JSON request body; undefined: none is read. */
  readonly body: B
  /** True when the body may be left out (or be empty): it then decodes as `{}`. */
  readonly optionalBody: boolean
  /** `Schema.Void` for 204 No Content; `'file'` for a download. */
  readonly response: R
  readonly status: SuccessStatus
  /** The codes this endpoint may answer besides those of {@link answeredErrors}' common rule. */
  readonly errors: ReadonlyArray<ApiErrorCode>
  readonly access: A
  /**
   * True when a workspace's API key (`Authorization: Bearer eng_…`, docs/api.md "API keys") may
   * call it instead of a person's access token: the public API. Every other endpoint answers a key
   * with 401.
   */
  readonly apiKeys: boolean
}

/** Any endpoint definition. */
export type AnyEndpoint = Endpoint<HttpMethod, string, Schema.Top | undefined, Schema.Top | undefined, Schema.Top | FileResponse, Access>

/** The optional parts of a definition; each defaults as {@link endpoint} says. */
export interface EndpointOptions<Q, B, R, A> {
  readonly query?: Q
  readonly body?: B
  readonly optionalBody?: boolean
  readonly response?: R
  readonly status?: SuccessStatus
  readonly errors?: ReadonlyArray<ApiErrorCode>
  readonly access?: A
  readonly apiKeys?: boolean
}

/**
 * Declares an endpoint. Defaults: no query, no body, `access: 'token'`, no API keys, no errors
 * beyond the common ones; without a `response`, `Schema.Void` with status 204, else status 200.
 */
export function endpoint<
  const M extends HttpMethod,
  const P extends string,
  Q extends Schema.Top | undefined = undefined,
  B extends Schema.Top | undefined = undefined,
  R extends Schema.Top | FileResponse = typeof Schema.Void,
  const A extends Access = 'token',
>(method: M, path: P, options: EndpointOptions<Q, B, R, A> = {}): Endpoint<M, P, Q, B, R, A> {
  // The defaults, then what `options` gives: one spread rather than a `??` per field (this is in the boot chunk).
  const defaults = { optionalBody: false, response: Schema.Void, status: options.response === undefined ? 204 : 200, errors: [], access: 'token', apiKeys: false }
  return { method, path, params: (path.match(/:\w+/g) ?? []).map((p) => p.slice(1)), query: undefined, body: undefined, ...defaults, ...options } as unknown as Endpoint<M, P, Q, B, R, A>
}

/**
 * Every error code `definition` may answer: its own `errors`, plus `unauthorized` and
 * `session_revoked` (401) when it
 * needs a token and `invalid_request` (400) when it reads a body or query or needs `x-org-id`.
 * Any endpoint may also answer 413 (a body over the limit), 429 `rate_limited` and 500
 * `internal_error`; those are left out.
 */
export function answeredErrors(definition: AnyEndpoint): ReadonlyArray<ApiErrorCode> {
  const codes = new Set<ApiErrorCode>(definition.errors)
  // A token's session may have been signed out: 401 session_revoked (server/auth/revocations.ts).
  if (definition.access === 'token') codes.add('unauthorized').add('session_revoked')
  if (definition.access === 'token' || definition.body !== undefined || definition.query !== undefined) codes.add('invalid_request')
  return [...codes]
}

/** Whether `value` is an endpoint definition (for walking a contract module's exports). */
export function isEndpoint(value: unknown): value is AnyEndpoint {
  return typeof value === 'object' && value !== null && 'method' in value && 'path' in value && 'params' in value && 'access' in value
}
