/**
 * The one tenant decision of a request (SPEC.md §7 `x-org-id`): which workspace the request acts
 * in. Authentication (http/auth.ts), the two-factor requirement (http/two-factor-requirement.ts)
 * and through them membership and permission checks all read this value, so no route can check one
 * workspace and act in another.
 *
 * The workspace is named by the `x-org-id` header. A request made with an API key acts in the
 * key's workspace (http/api-keys.ts sets `apiKey`); naming another one there is a 400. The live
 * stream alone may name it in the query (`?org_id=`), because a browser's EventSource sends no
 * headers; naming two different workspaces at once is a 400. A stream ticket carries its workspace too (server/notifications/tickets.ts),
 * and the stream refuses a ticket for another workspace than the one named here.
 */
import { requestHeader } from './node-response.ts'
import type { Context } from 'hono'
import { invalidRequest } from './errors.ts'

/** The path whose query may name the workspace (the notification stream's EventSource). */
export const ORG_QUERY_PATH = '/api/common-services/notifications/stream'

/**
 * The workspace `c` acts in, trimmed; undefined when the request names none.
 * @throws ApiError 400 `invalid_request` when the header and the query name different workspaces.
 */
export function tenantOf(c: Context): string | undefined {
  const header = requestHeader(c, 'x-org-id')?.trim() || undefined
  const apiKey = c.get('apiKey' as never) as { readonly orgId: string } | undefined
  if (apiKey !== undefined) {
    if (header !== undefined && header !== apiKey.orgId) {
      throw invalidRequest("An API key acts in its own workspace: leave out x-org-id, or send that workspace's id.", [
        { path: ['x-org-id'], message: "Must be the API key's workspace" },
      ])
    }
    return apiKey.orgId
  }
  if (c.req.path !== ORG_QUERY_PATH) return header
  const query = c.req.query('org_id')?.trim() || undefined
  if (header !== undefined && query !== undefined && header !== query) {
    throw invalidRequest('The x-org-id header and the org_id query name different workspaces.', [
      { path: ['org_id'], message: 'Must be the workspace of the x-org-id header' },
    ])
  }
  return header ?? query
}
