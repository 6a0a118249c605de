/**
 * The HTTP client of the browser app: the platform's `fetch`, with every response decoded by the
 * contract Schema. SPEC.md §7: every call carries the bearer Authorization header and the x-org-id
 * header of the current workspace. (it was `effect/http`'s client, about 10 kB gzip of
 * every first load for what fetch already does; docs/decisions.md.)
 *
 * Token lifecycle (SPEC.md §4 Token refresh, §8 "401 on any call"):
 * - before an authenticated request, a refresh is made when the expiry is missing or within 10 s;
 * - a 401 triggers one refresh and one retry. Concurrent requests share the refresh in flight
 *   (the token machine absorbs repeated `token.refresh`), so a burst of 401s refreshes once.
 *
 * Every failure is an `ApiError` (status, code, message, issues); a response that does not
 * match the contract is `invalid_response`, a failed fetch is `network_error`.
 */
import type { Schema } from 'effect'
import { ApiErrorBody, type ApiIssue } from '../../contract/api.ts'
import { schemaValidate, validate } from '../../contract/validate.ts'
import { toQueryValue } from './paging.ts'
import type { HandOver } from '../platform/outliving.ts'

/** A failed API call. `status` is 0 when no HTTP response was received. */
export class ApiError extends Error {
  override readonly name = 'ApiError'
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly issues: ReadonlyArray<ApiIssue> = [],
  ) {
    super(message)
  }
}

/** How the client reaches the session: implemented in src/system/session-port.ts. */
export interface SessionPort {
  /** The access token and current org id to send, or null when there is no session. */
  credentials(): { readonly accessToken: string; readonly orgId: string | null } | null
  /** Resolves once the access token is not due for refresh; rejects with ApiError 401 when the session is gone. */
  ensureFresh(): Promise<void>
  /** After a 401 for `usedToken`: resolves once a newer token exists (one shared refresh); rejects when refresh fails. */
  refreshAfterUnauthorized(usedToken: string): Promise<void>
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'

/** One call: method, path under the API base, optional JSON body, and the response Schema. */
export interface Endpoint<S extends Schema.Top> {
  readonly method: HttpMethod
  readonly path: string
  readonly body?: unknown
  readonly query?: Readonly<Record<string, string | number | boolean | ReadonlyArray<string | number>>>
  readonly response: S
  /** Whether the call needs the session (bearer + x-org-id). Default true. */
  readonly authenticated?: boolean
  /** Whether the request may outlive the page (fetch `keepalive`: small bodies only, 64 kB in all). */
  readonly keepalive?: boolean
  /**
   * Sent as the page closes: handed to `ApiClientOptions.handOver` when it takes it (then answered
   * 202 with nothing to decode), else a fetch `keepalive`.
   */
  readonly asPageCloses?: boolean
}

/** A call whose 2xx answer is a file (a CSV export), not JSON: no body, no response Schema. */
export type DownloadEndpoint = Omit<Endpoint<Schema.Top>, 'response' | 'body'>

/** A downloaded file: its bytes and type, and the name of the server's `content-disposition` (null without one). */
export interface DownloadedFile {
  readonly data: Blob
  readonly filename: string | null
}

export interface ApiClient {
  /** Performs the call; resolves with the decoded body; rejects with `ApiError` only. */
  request<S extends Schema.Top>(endpoint: Endpoint<S>): Promise<S['Type']>
  /**
   * Performs a call answered with a file, with the same headers, refresh and error answers as
   * `request` (so the access token never goes into a URL); rejects with `ApiError` only.
   */
  download(endpoint: DownloadEndpoint): Promise<DownloadedFile>
}

export interface ApiClientOptions {
  /** Absolute base URL of the API, e.g. `https://app.example.com/api`. */
  readonly baseUrl: string
  readonly session: SessionPort
  /**
   * The text people see for an error (`code`, the server's or the client's English `message`):
   * the reader's language (src/i18n/api-errors.ts); the message as it is when absent.
   */
  readonly localizeError?: (code: string, message: string) => string
  /** What sends a request made as the page closes once the page is gone (src/platform/outliving.ts); without it, a fetch `keepalive`. */
  readonly handOver?: HandOver
}

/** Builds the query string; list values are sent comma-joined (SPEC.md §5). */
export function toQueryString(query: Endpoint<Schema.Top>['query']): string {
  if (!query) return ''
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(query)) {
    params.set(key, toQueryValue(value))
  }
  const s = params.toString()
  return s ? `?${s}` : ''
}

/** Creates the client. Pure wiring: no request is made until `request` is called. */
export function createApiClient(options: ApiClientOptions): ApiClient {
  const base = options.baseUrl.replace(/\/+$/, '')
  const localize = options.localizeError ?? ((_code: string, message: string) => message)
  /** An `ApiError` whose message is in the reader's language. */
  const failure = (status: number, code: string, message: string, issues?: ReadonlyArray<ApiIssue>) => new ApiError(status, code, localize(code, message), issues)
  const unreachable = () => failure(0, 'network_error', 'Could not reach the server. Check your connection and try again.')

  const send = async (endpoint: DownloadEndpoint & { readonly body?: unknown }, credentials: ReturnType<SessionPort['credentials']>): Promise<Response> => {
    const headers: Record<string, string> = { accept: 'application/json' }
    if (credentials) {
      headers.authorization = `Bearer ${credentials.accessToken}`
      if (credentials.orgId) headers['x-org-id'] = credentials.orgId
    }
    let body: string | undefined
    if (endpoint.body !== undefined) {
      headers['content-type'] = 'application/json'
      body = JSON.stringify(endpoint.body)
    }
    const url = `${base}${endpoint.path}${toQueryString(endpoint.query)}`
    if (endpoint.asPageCloses && options.handOver?.({ url, method: endpoint.method, headers, body: body ?? null }))
      return new Response(null, { status: 202, statusText: 'Handed over' })
    try {
      // Read through globalThis at call time: tests (msw) and the bench replace it after the client is made.
      const init: RequestInit = { method: endpoint.method, headers, body }
      if (endpoint.keepalive || endpoint.asPageCloses) init.keepalive = true
      return await globalThis.fetch(url, init)
    } catch {
      throw unreachable()
    }
  }

  const fromSession = async (work: () => Promise<void>): Promise<void> => {
    try {
      await work()
    } catch (e) {
      throw e instanceof ApiError ? e : failure(401, 'session_expired', 'Your session has expired. Please sign in again.')
    }
  }

  /** The call with the session's headers, one refresh and retry on 401, and errors as `ApiError`; answers a 2xx response. */
  const exchange = async (endpoint: DownloadEndpoint & { readonly body?: unknown }): Promise<Response> => {
    const authenticated = endpoint.authenticated ?? true
    if (authenticated) await fromSession(() => options.session.ensureFresh())
    const first = authenticated ? options.session.credentials() : null
    if (authenticated && !first) throw failure(401, 'session_expired', 'You are signed out.')
    let response = await send(endpoint, first)
    if (response.status === 401 && first) {
      await fromSession(() => options.session.refreshAfterUnauthorized(first.accessToken))
      response = await send(endpoint, options.session.credentials())
    }
    if (response.status >= 400) {
      const decoded = validate(ApiErrorBody, await response.json().catch(() => null))
      throw decoded.ok
        ? failure(response.status, decoded.value.error.code, decoded.value.error.message, decoded.value.error.issues)
        : failure(response.status, 'http_error', `The server answered ${response.status} to ${endpoint.method} ${endpoint.path}.`)
    }
    return response
  }

  const request = async <S extends Schema.Top>(endpoint: Endpoint<S>): Promise<S['Type']> => {
    const response = await exchange(endpoint)
    // 204 No Content: nothing to decode (endpoints answering it declare `Schema.Void`); nor when handed over.
    if (response.status === 204 || (endpoint.asPageCloses && response.status === 202)) return undefined as S['Type']
    const invalid = (reason: string) =>
      failure(response.status, 'invalid_response', `The response to ${endpoint.method} ${endpoint.path} did not match the contract: ${reason}`)
    let body: unknown
    try {
      body = await response.json()
    } catch (e) {
      throw invalid(e instanceof Error ? e.message : String(e))
    }
    const decoded = schemaValidate(endpoint.response as unknown as Schema.ConstraintDecoder<S['Type']>, body)
    if (decoded.ok) return decoded.value
    throw invalid(decoded.issues.map(({ path, message }) => (path.length > 0 ? `${path.join('.')}: ${message}` : message)).join('; '))
  }

  const download = async (endpoint: DownloadEndpoint): Promise<DownloadedFile> => {
    const response = await exchange(endpoint)
    try {
      const bytes = await response.arrayBuffer()
      const type = response.headers.get('content-type') ?? 'application/octet-stream'
      return { data: new Blob([bytes], { type }), filename: attachmentFilename(response.headers.get('content-disposition') ?? undefined) }
    } catch {
      // The answer was cut mid-stream (the server ends a failed export that way): no partial file.
      throw failure(0, 'network_error', 'The download was interrupted. Please try again.')
    }
  }

  /** Every rejection is an `ApiError`: anything else thrown on the way (a bug, a throwing session port) is wrapped. */
  const guarded =
    <A extends unknown[], R>(call: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      try {
        return await call(...args)
      } catch (e) {
        throw e instanceof ApiError ? e : failure(0, 'client_error', e instanceof Error ? e.message : String(e))
      }
    }

  return { request: guarded(request), download: guarded(download) }
}

/**
 * The file name of a `content-disposition: attachment; filename="…"` header, or null. Only a
 * plain quoted or bare name is taken, reduced to its last path segment (never a directory).
 */
export function attachmentFilename(header: string | undefined): string | null {
  const match = header === undefined ? null : /filename="([^"]*)"|filename=([^;\s]+)/i.exec(header)
  const name = (match?.[1] ?? match?.[2] ?? '').split(/[\\/]/).pop()?.trim() ?? ''
  return name === '' ? null : name
}
