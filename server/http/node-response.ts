/**
 * The node:http response under a request, when the app is served by @hono/node-server (its
 * `outgoing` binding, `c.env.outgoing`); undefined when it is not (`app.request` in tests, another
 * runtime).
 *
 * Why it is reached at all: headers every response carries (the security headers, `x-request-id`)
 * are cheapest written on it with `setHeader` before the handler runs. node:http merges them into
 * the handler's own at `writeHead`, the handler's taking precedence (so a route's stricter
 * Content-Security-Policy still wins), and the handler's response keeps @hono/node-server's fast
 * path: a response whose headers are changed after the fact is rebuilt as a full `Response` with
 * `Headers`, which the bench measured at several percent of verify-token's cost
 * (docs/performance.md, Server).
 *
 * Request headers likewise: {@link requestHeader} reads node:http's own parsed headers, where
 * `c.req.header()` first builds a `Headers` object of all of them.
 */
import { IncomingMessage, ServerResponse } from 'node:http'
import type { Context } from 'hono'

/** @see the module comment. */
export function nodeResponse(c: Context): ServerResponse | undefined {
  const outgoing = (c.env as { readonly outgoing?: unknown } | undefined)?.outgoing
  return outgoing instanceof ServerResponse ? outgoing : undefined
}

/**
 * The request header `name` (lower case), as `c.req.header(name)` answers it: the value, or
 * undefined when absent. Read from node:http's parsed headers when served by it (see above).
 * A header sent more than once reads as its values joined by ', ', as `Headers` joins them.
 */
export function requestHeader(c: Context, name: Lowercase<string>): string | undefined {
  const incoming = (c.env as { readonly incoming?: unknown } | undefined)?.incoming
  if (!(incoming instanceof IncomingMessage)) return c.req.header(name)
  // `headersDistinct` keeps every value (`headers` drops repeats of some, Authorization among them).
  return incoming.headersDistinct[name]?.join(', ')
}
