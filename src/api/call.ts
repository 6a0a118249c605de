/**
 * The browser's side of a contract endpoint (contract/endpoint.ts): one generic call that builds
 * the request from the definition (method, path with each `:name` filled in and
 * percent-encoded, query, JSON body, whether the session goes along) and decodes the answer with
 * its response Schema through `ApiClient` (or hands back the file of a download).
 */
import type { Schema } from 'effect'
import type { AnyEndpoint, FileResponse, PathParams } from '../../contract/endpoint.ts'
import type { ApiClient, DownloadedFile } from './client.ts'

type QueryValue = string | number | boolean | ReadonlyArray<string | number>

/** What a call of `D` needs: the path's params, the query and the body, each only when `D` has them. */
export type CallInput<D extends AnyEndpoint> = ([PathParams<D['path']>] extends [never]
  ? { readonly params?: undefined }
  : { readonly params: { readonly [K in PathParams<D['path']>]: string } }) &
  (D['query'] extends Schema.Top ? { readonly query: D['query']['Encoded'] } : { readonly query?: undefined }) &
  // An endpoint that reads no body may still be sent `{}` (forms that always post JSON do).
  (D['body'] extends Schema.Top ? { readonly body: D['body']['Encoded'] } : { readonly body?: Readonly<Record<string, never>> }) &
  // An endpoint open to both signed-in and anonymous callers: whether to send the session.
  (D['access'] extends 'optional' ? { readonly authenticated: boolean } : { readonly authenticated?: undefined }) & {
    /** The request may outlive the page (still under way as it closes). */
    readonly keepalive?: boolean
    /** The request is made as the page closes (handed to what outlives it, `ApiClientOptions.handOver`). */
    readonly asPageCloses?: boolean
  }

/** The input argument of a call of `D`: optional when `D` needs no params, query or body. */
export type OptionalInput<D extends AnyEndpoint> = {} extends CallInput<D> ? [input?: CallInput<D>] : [input: CallInput<D>]

/** What a call of `D` resolves with: the decoded response, or the downloaded file. */
export type CallResult<D extends AnyEndpoint> = D['response'] extends FileResponse
  ? DownloadedFile
  : D['response'] extends Schema.Top
    ? D['response']['Type']
    : never

/**
 * Calls `definition` with `input` through `client`. Query fields that are undefined are left
 * out. Resolves with the decoded answer (undefined for 204); rejects with `ApiError` as the
 * client does.
 */
export function callEndpoint<D extends AnyEndpoint>(client: ApiClient, definition: D, ...input: OptionalInput<D>): Promise<CallResult<D>>
export function callEndpoint(
  client: ApiClient,
  d: AnyEndpoint,
  input: {
    readonly params?: object
    readonly query?: unknown
    readonly body?: unknown
    readonly authenticated?: boolean
    readonly keepalive?: boolean
    readonly asPageCloses?: boolean
  } = {},
): Promise<unknown> {
  const params = (input.params ?? {}) as Readonly<Record<string, string>>
  const path = d.path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(params[name] ?? ''))
  const given = input.query as Readonly<Record<string, QueryValue | undefined>> | undefined
  const query = given && (Object.fromEntries(Object.entries(given).filter((e) => e[1] !== undefined)) as Record<string, QueryValue>)
  const authenticated = d.access === 'optional' ? input.authenticated : d.access === 'token'
  const call = { method: d.method, path, query, authenticated, ...(input.keepalive ? { keepalive: true } : {}), ...(input.asPageCloses ? { asPageCloses: true } : {}) }
  return d.response === 'file' ? client.download(call) : client.request({ ...call, body: input.body, response: d.response })
}

/** `callEndpoint` bound to a client: what the endpoint wrappers (src/api/endpoints.ts, src/api/calls/) call. */
export type Call = <D extends AnyEndpoint>(definition: D, ...input: OptionalInput<D>) => Promise<CallResult<D>>
