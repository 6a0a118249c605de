/**
 * The HTTP client of the browser app, on effect's `effect/http` (FetchHttpClient) with every
 * response decoded by the contract Schema (SPEC.md §7: every call carries the bearer
 * Authorization header and the x-org-id header of the current workspace).
 *
 * Token lifecycle (SPEC.md §4 Token refresh, §8 "401 on any call"):
 * - before an authenticated request, a refresh is made when the expiry is missing or within 10 s;
 * - a 401 triggers one refresh and one retry. Concurrent requests share the refresh in flight
 *   (the token machine absorbs repeated `token.refresh`), so a burst of 401s refreshes once.
 *
 * Every failure is an `ApiError` (status, code, message, issues); a response that does not
 * match the contract is `invalid_response`, a failed fetch is `network_error`.
 */
import { Cause, Effect, Exit, type Schema } from 'effect'
import { FetchHttpClient, HttpClient, HttpClientRequest, HttpClientResponse } from 'effect/http'
import { ApiErrorBody, type ApiIssue } from '../../contract/api.ts'
import { validate } from '../../contract/validate.ts'
import { toQueryValue } from './paging.ts'

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

  const send = (endpoint: DownloadEndpoint & { readonly body?: unknown }, credentials: ReturnType<SessionPort['credentials']>) =>
    Effect.gen(function* () {
      const client = yield* HttpClient.HttpClient
      const headers: Record<string, string> = { accept: 'application/json' }
      if (credentials) {
        headers.authorization = `Bearer ${credentials.accessToken}`
        if (credentials.orgId) headers['x-org-id'] = credentials.orgId
      }
      let request = HttpClientRequest.make(endpoint.method)(`${base}${endpoint.path}${toQueryString(endpoint.query)}`, { headers })
      if (endpoint.body !== undefined) request = HttpClientRequest.bodyJsonUnsafe(request, endpoint.body)
      return yield* client.execute(request)
    }).pipe(Effect.mapError(() => new ApiError(0, 'network_error', 'Could not reach the server. Check your connection and try again.')))

  const fromSession = (work: () => Promise<void>) =>
    Effect.tryPromise({
      try: work,
      catch: (e) => (e instanceof ApiError ? e : new ApiError(401, 'session_expired', 'Your session has expired. Please sign in again.')),
    })

  /** The call with the session's headers, one refresh and retry on 401, and errors as `ApiError`; `read` takes a 2xx answer. */
  const exchange = <A, R>(endpoint: DownloadEndpoint & { readonly body?: unknown }, read: (response: HttpClientResponse.HttpClientResponse) => Effect.Effect<A, ApiError, R>) =>
    Effect.gen(function* () {
      const authenticated = endpoint.authenticated ?? true
      if (authenticated) yield* fromSession(() => options.session.ensureFresh())
      const first = authenticated ? options.session.credentials() : null
      if (authenticated && !first) return yield* Effect.fail(new ApiError(401, 'session_expired', 'You are signed out.'))
      let response = yield* send(endpoint, first)
      if (response.status === 401 && first) {
        yield* fromSession(() => options.session.refreshAfterUnauthorized(first.accessToken))
        response = yield* send(endpoint, options.session.credentials())
      }
      if (response.status >= 400) {
        const body = yield* response.json.pipe(Effect.orElseSucceed(() => null))
        const decoded = validate(ApiErrorBody, body)
        return yield* Effect.fail(
          decoded.ok
            ? new ApiError(response.status, decoded.value.error.code, decoded.value.error.message, decoded.value.error.issues)
            : new ApiError(response.status, 'http_error', `The server answered ${response.status} to ${endpoint.method} ${endpoint.path}.`),
        )
      }
      return yield* read(response)
    })

  const program = <S extends Schema.Top>(endpoint: Endpoint<S>) =>
    exchange(endpoint, (response) => {
      // 204 No Content: nothing to decode (endpoints answering it declare `Schema.Void`).
      if (response.status === 204) return Effect.succeed(undefined as S['Type'])
      return HttpClientResponse.schemaBodyJson(endpoint.response)(response).pipe(
        Effect.mapError(
          (e) =>
            new ApiError(
              response.status,
              'invalid_response',
              `The response to ${endpoint.method} ${endpoint.path} did not match the contract: ${e instanceof Error ? e.message : String(e)}`,
            ),
        ),
      )
    })

  const downloadProgram = (endpoint: DownloadEndpoint) =>
    exchange(endpoint, (response) =>
      response.arrayBuffer.pipe(
        Effect.map((bytes): DownloadedFile => {
          const type = response.headers['content-type'] ?? 'application/octet-stream'
          return { data: new Blob([bytes], { type }), filename: attachmentFilename(response.headers['content-disposition']) }
        }),
        // The answer was cut mid-stream (the server ends a failed export that way): no partial file.
        Effect.mapError(() => new ApiError(0, 'network_error', 'The download was interrupted. Please try again.')),
      ),
    )

  const run = async <A, R>(effect: Effect.Effect<A, ApiError, R>): Promise<A> => {
    const exit = await Effect.runPromiseExit(effect.pipe(Effect.provide(FetchHttpClient.layer)) as Effect.Effect<A, ApiError>)
    if (Exit.isSuccess(exit)) return exit.value
    const error = Cause.squash(exit.cause)
    throw error instanceof ApiError ? error : new ApiError(0, 'client_error', error instanceof Error ? error.message : String(error))
  }

  return {
    request: (endpoint) => run(program(endpoint)),
    download: (endpoint) => run(downloadProgram(endpoint)),
  }
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
