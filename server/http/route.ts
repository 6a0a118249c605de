/**
 * The server's side of a contract endpoint (contract/endpoint.ts): a routes module registers each
 * of its endpoints from its definition, so the method and path the browser calls are the ones
 * served, and the request body is decoded with the definition's Schema.
 *
 * Order of a request, as before: the middleware given (access token 401, `x-org-id` 400,
 * permission 403...), then the body (400 `invalid_request`, messages of ./body.ts), then the
 * handler. The query is the handler's to parse: each list has its own messages (and the
 * notifications list a memo), written against the definition's `query` Schema.
 */
import type { Context, Env, Hono, MiddlewareHandler } from 'hono'
import type { Schema } from 'effect'
import type { AnyEndpoint, PathParams } from '../../contract/endpoint.ts'
import { readBody, readOptionalBody } from './body.ts'

type BodyOf<D extends AnyEndpoint> = D['body'] extends Schema.Top ? D['body']['Type'] : undefined

/** What the handler of `D` is handed: the path's params and the decoded body. */
export interface RouteInput<D extends AnyEndpoint> {
  readonly params: { readonly [K in PathParams<D['path']>]: string }
  readonly body: BodyOf<D>
}

/** What a handler that checks the address before the body is handed: the body is decoded when it asks. */
export interface LateBodyRouteInput<D extends AnyEndpoint> {
  readonly params: RouteInput<D>['params']
  /** Decodes the body as {@link RouteInput}'s is decoded. @throws ApiError 400 `invalid_request` */
  readonly readBody: () => Promise<BodyOf<D>>
}

/**
 * What the handler of `D` answers: the JSON body (sent with the definition's status), nothing
 * for a 204, or a `Response` it built itself (JSON text written by the database, a file, a
 * status the definition does not name).
 */
export type RouteAnswer<D extends AnyEndpoint> =
  | Response
  // `Schema.Void`'s is `void`: a 204's handler returns nothing.
  | (D['response'] extends Schema.Top ? D['response']['Encoded'] : never)

export type RouteHandler<E extends Env, D extends AnyEndpoint, I = RouteInput<D>> = (c: Context<E>, input: I) => RouteAnswer<D> | Promise<RouteAnswer<D>>

/** Marks the request as one to an endpoint an API key may call (contract `apiKeys`). */
const acceptApiKeys: MiddlewareHandler = (c, next) => {
  c.set('apiKeysAccepted' as never, true as never)
  return next()
}

/** The params of a path without placeholders: one shared object, never written to. */
const NO_PARAMS: Record<string, string> = Object.freeze({}) as Record<string, string>

// The middleware of this codebase are typed for the variables they set; the app's are a superset.
type AnyMiddleware = MiddlewareHandler<any>

/**
 * The registrar of a routes module mounted at `mount` (`/organizations`, as in server/app.ts's
 * `api.route(mount, ...)`): `route(definition, middleware, handler)` serves `definition.method`
 * at `definition.path` minus `mount`, running `middleware` in order, then decoding the body,
 * then the handler. `route.late(...)` hands the handler a `readBody` to call itself, for an
 * endpoint that answers 404/403 from the address before it looks at the body.
 * @throws Error at registration when a definition's path is not under `mount`.
 */
export function contractRoutes<E extends Env>(app: Hono<E>, mount: string) {
  const on = app.on.bind(app) as unknown as (method: string, path: string, ...handlers: Array<AnyMiddleware | ((c: Context<E>) => Response | Promise<Response>)>) => void
  const register = (
    definition: AnyEndpoint,
    middleware: ReadonlyArray<AnyMiddleware>,
    handle: (c: Context<E>, params: Readonly<Record<string, string>>, readBody: () => Promise<unknown>) => unknown,
  ) => {
    const { method, path, body: schema, optionalBody, status, params } = definition
    if (!path.startsWith(`${mount}/`) && path !== mount) {
      throw new Error(`${method} ${path} is not under the routes module's mount ${mount}`)
    }
    const decoder = schema as Schema.ConstraintDecoder<unknown> | undefined
    // The public API: http/auth.ts lets an API key through only where this says so.
    const chain = definition.apiKeys ? [acceptApiKeys, ...middleware] : middleware
    // The hot paths (verify-token, the notifications list) have no params and no body: they pay
    // no extra promise here, only the handler's own.
    on(method, path.slice(mount.length) || '/', ...chain, (c: Context<E>) => {
      const values: Record<string, string> = params.length === 0 ? NO_PARAMS : {}
      for (const name of params) values[name] = c.req.param(name) as string
      const decode = () => (decoder === undefined ? Promise.resolve(undefined) : optionalBody ? readOptionalBody(c, decoder) : readBody(c, decoder))
      const respond = (answer: unknown) => (answer instanceof Response ? answer : status === 204 ? c.body(null, 204) : c.json(answer as object, status))
      const answer = handle(c, values, decode)
      return answer instanceof Promise ? answer.then(respond) : respond(answer)
    })
  }
  const route = <D extends AnyEndpoint>(definition: D, middleware: ReadonlyArray<AnyMiddleware>, handler: RouteHandler<E, D>): void =>
    register(definition, middleware, (c, params, decode) =>
      definition.body === undefined
        ? handler(c, { params, body: undefined } as RouteInput<D>)
        : decode().then((body) => handler(c, { params, body } as RouteInput<D>)),
    )
  const late = <D extends AnyEndpoint>(definition: D, middleware: ReadonlyArray<AnyMiddleware>, handler: RouteHandler<E, D, LateBodyRouteInput<D>>): void =>
    register(definition, middleware, (c, params, decode) => handler(c, { params, readBody: decode } as LateBodyRouteInput<D>))
  return Object.assign(route, { late })
}
