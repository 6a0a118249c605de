/**
 * The person's signed-in sessions (Sessions; Profile Settings › Security), shared by
 * the server that lists and revokes them (server/users/sessions-routes.ts) and the page that shows
 * them (machines/sessions, src/pages/security/SessionsSection.tsx). A session is one
 * refresh-token family: it starts at a sign-in and lasts until it is signed out or stops being
 * refreshed for the refresh token's lifetime.
 */
import { Schema } from 'effect'
import { endpoint } from './endpoint.ts'

/** What kind of device a session runs on, as its user agent says (bowser's platform type; TVs, bots and unknown agents are `other`). */
export const SessionDeviceTypes = ['desktop', 'mobile', 'tablet', 'other'] as const
export type SessionDeviceType = (typeof SessionDeviceTypes)[number]

/** One session of `GET /api/users/sessions`. Times are ISO 8601 (UTC). */
export const SessionItem = Schema.Struct({
  /** The session id (the refresh-token family), also the access token's `sid`. */
  id: Schema.String,
  /** Browser name and major version ("Chrome 126"), null when the user agent does not say. */
  browser: Schema.NullOr(Schema.String),
  /** Operating system ("macOS", "Windows", "Android"...), null when the user agent does not say. */
  os: Schema.NullOr(Schema.String),
  device_type: Schema.Literals(SessionDeviceTypes),
  /** The client address the session signed in from, null when unknown. */
  ip_address: Schema.NullOr(Schema.String),
  /** Approximate place of that address; null where not known (the server has no IP-location database, docs/decisions.md). */
  location: Schema.NullOr(Schema.String),
  /** When the session started (its sign-in). */
  created_at: Schema.String,
  /** When its refresh token was last rotated (or its sign-in, if never). */
  last_used_at: Schema.String,
  /** Whether it is the session of the access token that asked ("This device"). */
  current: Schema.Boolean,
})
export type SessionItem = typeof SessionItem.Type

/** `GET /api/users/sessions`: the live sessions, most recently used first. */
export const SessionsResponse = Schema.Struct({ sessions: Schema.Array(SessionItem) })
export type SessionsResponse = typeof SessionsResponse.Type

/** The query of `DELETE /api/users/sessions`: `others=true` is required, so no request signs out everything by accident. */
export const RevokeOtherSessionsQuery = Schema.Struct({
  others: Schema.Literal('true').annotate({ message: 'Send others=true to sign out every other session' }),
})
export type RevokeOtherSessionsQuery = typeof RevokeOtherSessionsQuery.Type

/** `DELETE /api/users/sessions?others=true`: how many sessions were signed out. */
export const RevokeOtherSessionsResponse = Schema.Struct({ revoked: Schema.Number })
export type RevokeOtherSessionsResponse = typeof RevokeOtherSessionsResponse.Type

// ---------------------------------------------------------------------------------------------
// Endpoints (contract/endpoint.ts): the person's signed-in sessions (403 outside the workspace
// in `x-org-id`). `revoke`: 404 for a session unknown or already ended. `revokeOthers`: 401
// for an access token from before sessions (the client refreshes and retries).

export const sessionsApi = {
  list: endpoint('GET', '/users/sessions', { response: SessionsResponse, errors: ['forbidden'] }),
  revoke: endpoint('DELETE', '/users/sessions/:id', { errors: ['forbidden', 'not_found'] }),
  revokeOthers: endpoint('DELETE', '/users/sessions', { query: RevokeOtherSessionsQuery, response: RevokeOtherSessionsResponse, errors: ['forbidden'] }),
}
