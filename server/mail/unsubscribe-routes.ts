/**
 * `/api/mail/unsubscribe` (RFC 8058 one-click unsubscribe; docs/api.md "Email
 * unsubscribe"). No bearer token: the signed token in the query (server/mail/unsubscribe.ts) is
 * the whole authority, and all it can do is switch one email channel off.
 *
 * - `GET  /unsubscribe?token=` → 200 contract `UnsubscribeResponse`: what the token would turn off
 *   and whether it is off already. Changes nothing: mail scanners and link previews follow GET
 *   links, and a person must not be unsubscribed by their virus scanner.
 * - `POST /unsubscribe?token=` → 200 `UnsubscribeResponse` with `unsubscribed: true`: sets the
 *   category's `channels.email` to false in the person's preferences (scope "all": `email_enabled`
 *   false). The body is not read: a mail provider sends the RFC 8058 form body
 *   `List-Unsubscribe=One-Click`, our /unsubscribe page sends none or `{}`; the outcome is the same.
 *   Repeating it changes nothing more (idempotent).
 *
 * A missing, malformed, forged or foreign token (an access token included), or one naming a user
 * who no longer exists → 400 `invalid_request` with an issue at `["token"]`.
 */
import { Hono } from 'hono'
import {
  ALL_EMAIL_SCOPE,
  type NotificationPreferences,
  notificationsApi,
  UNSUBSCRIBE_LINK_INVALID,
  type UnsubscribeResponse,
} from '../../contract/notifications.ts'
import { invalidRequest } from '../http/errors.ts'
import { contractRoutes } from '../http/route.ts'
import { preferenceCategoryName } from '../preferences/normalize.ts'
import { loadUserPreferences, updateUserPreferences } from '../preferences/queries.ts'
import type { Database } from '../db/client.ts'
import type { UnsubscribeClaims, UnsubscribeTokens } from './unsubscribe.ts'

export interface UnsubscribeRoutesDeps {
  readonly db: Database
  readonly tokens: UnsubscribeTokens
}

const invalidToken = () =>
  invalidRequest(UNSUBSCRIBE_LINK_INVALID, [
    { path: ['token'], message: 'The unsubscribe token is missing or not valid' },
  ])

/** Whether `preferences` already keep the emails of `scope` from this person. */
function isOff(preferences: NotificationPreferences, scope: string): boolean {
  if (scope === ALL_EMAIL_SCOPE.id) return !preferences.email_enabled
  return preferences.categories.find((c) => c.id === scope)?.channels?.email === false
}

/** `preferences` with the emails of `scope` switched off. */
function switchOff(preferences: NotificationPreferences, scope: string): NotificationPreferences {
  if (scope === ALL_EMAIL_SCOPE.id) return { ...preferences, email_enabled: false }
  return {
    ...preferences,
    categories: preferences.categories.map((c) => (c.id === scope ? { ...c, channels: { push: c.channels?.push ?? true, email: false } } : c)),
  }
}

const describe = (claims: UnsubscribeClaims, email: string, preferences: NotificationPreferences): UnsubscribeResponse => ({
  category: claims.scope === ALL_EMAIL_SCOPE.id ? { ...ALL_EMAIL_SCOPE } : { id: claims.scope, name: preferenceCategoryName(claims.scope) },
  email,
  unsubscribed: isOff(preferences, claims.scope),
})

/** The unsubscribe routes, to be mounted at `/api/mail`. */
export function unsubscribeRoutes(deps: UnsubscribeRoutesDeps): Hono {
  const app = new Hono()
  const route = contractRoutes(app, '/mail')

  const claimsOf = async (token: string | undefined) => {
    const claims = token === undefined ? undefined : await deps.tokens.verify(token)
    if (claims === undefined) throw invalidToken()
    return claims
  }

  route(notificationsApi.describeUnsubscribe, [], async (c) => {
    const claims = await claimsOf(c.req.query('token'))
    const found = await loadUserPreferences(deps.db, claims.userId)
    if (found === undefined) throw invalidToken()
    c.header('cache-control', 'no-store')
    return describe(claims, found.email, found.preferences)
  })

  route(notificationsApi.unsubscribe, [], async (c) => {
    const claims = await claimsOf(c.req.query('token'))
    const updated = await updateUserPreferences(deps.db, claims.userId, (current) =>
      isOff(current, claims.scope) ? current : switchOff(current, claims.scope),
    )
    if (updated === undefined) throw invalidToken()
    c.header('cache-control', 'no-store')
    return describe(claims, updated.email, updated.preferences)
  })

  return app
}
