/**
 * A request id for every API request, and the log context that carries
 * it. An incoming `x-request-id` is kept when it is a short safe token (at most
 * {@link REQUEST_ID_MAX_LENGTH} letters, digits, `_`, `-` or `=`: a proxy's or a client's
 * correlation id); anything else is replaced by a random UUID. The id is echoed in the
 * response's `x-request-id` header (errors included) and added, with the method and path, to
 * every log record written while the request runs (server/log.ts `requestLogContext`).
 */
import { randomUUID } from 'node:crypto'
import type { MiddlewareHandler } from 'hono'
import { requestLogContext } from '../log.ts'
import { nodeResponse, requestHeader } from './node-response.ts'

/** Longest incoming `x-request-id` that is kept, characters. */
export const REQUEST_ID_MAX_LENGTH = 64

/** What an incoming id may be made of: letters, digits, `_`, `-` and `=`. */
const SAFE_REQUEST_ID = /^[\w\-=]+$/

/**
 * Sets the response header (on the node:http response when there is one, ./node-response.ts),
 * then runs the rest of the request inside its log context, which is where the id is read.
 */
export function requestContext(): MiddlewareHandler {
  return (c, next) => {
    const incoming = requestHeader(c, 'x-request-id')
    const id = incoming !== undefined && incoming.length <= REQUEST_ID_MAX_LENGTH && SAFE_REQUEST_ID.test(incoming) ? incoming : randomUUID()
    const outgoing = nodeResponse(c)
    if (outgoing !== undefined) outgoing.setHeader('x-request-id', id)
    else c.header('x-request-id', id)
    return requestLogContext.run({ requestId: id, method: c.req.method, path: c.req.path }, next)
  }
}
