/**
 * A request id for every API request, and the log context that carries
 * it. An incoming `x-request-id` is kept when it is a short safe token (at most
 * {@link REQUEST_ID_MAX_LENGTH} letters, digits, `_`, `-` or `=`: a proxy's or a client's
 * correlation id); anything else is replaced by a random UUID. The id is echoed in the
 * response's `x-request-id` header (errors included) and added, with the method and path, to
 * every log record written while the request runs (server/log.ts `requestLogContext`).
 */
import type { MiddlewareHandler } from 'hono'
import { requestId } from 'hono/request-id'
import { requestLogContext } from '../log.ts'

/** Longest incoming `x-request-id` that is kept, characters. */
export const REQUEST_ID_MAX_LENGTH = 64

/** Sets `c.var.requestId` and the response header, then runs the rest of the request inside its log context. */
export function requestContext(): MiddlewareHandler {
  const assignId = requestId({ headerName: 'x-request-id', limitLength: REQUEST_ID_MAX_LENGTH })
  return (c, next) =>
    assignId(c, () => requestLogContext.run({ requestId: c.get('requestId'), method: c.req.method, path: c.req.path }, next))
}
