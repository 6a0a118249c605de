/**
 * `/api/organizations/api-keys*` (contract/developers.ts `apiKeysApi`, docs/api.md "API keys"):
 * listing, creating, renaming and revoking the current workspace's keys, guarded by the API_KEYS
 * permissions. Only a person's access token manages keys: a key cannot make or revoke keys.
 *
 * Creating and revoking write an audit entry and queue the `api_key.created` / `api_key.revoked`
 * webhook events in the same transaction.
 */
import { and, count, eq, isNull } from 'drizzle-orm'
import { Hono } from 'hono'
import { apiKeysApi as api } from '../../contract/developers.ts'
import { API_KEY_PREFIX_LENGTH } from '../../contract/developers.ts'
import type { SigningKey } from '../auth/access-token.ts'
import { auditActor, auditAddress, type ClientAddress } from '../audit-trail/actor.ts'
import { recordAudit } from '../audit-trail/record.ts'
import type { Database } from '../db/client.ts'
import { apiKeys } from '../db/schema.ts'
import { requireAccessToken } from '../http/auth.ts'
import { conflict, invalidRequest, notFound } from '../http/errors.ts'
import { contractRoutes } from '../http/route.ts'
import { type AccessVariables, accessControl } from '../members/access.ts'
import { assertCanGrantPermissions, isSuperAdminSet } from '../members/guards.ts'
import { listPermissionSets } from '../members/permission-sets.ts'
import { forbidden } from '../http/errors.ts'
import { enqueueWebhookEvent } from '../webhook-events/events.ts'
import { hashApiKeySecret, listApiKeys, newApiKeySecret, toApiKeyItem } from '../auth/api-keys.ts'

/** The most keys (not revoked) one workspace may hold. */
export const MAX_API_KEYS_PER_WORKSPACE = 50

export interface ApiKeyRoutesDeps {
  readonly db: Database
  readonly signingKey: SigningKey
  /** Clock in ms since the epoch (expiry, creation). */
  readonly now: () => number
  /** The client address for audit entries; absent: stored as null. */
  readonly address?: ClientAddress
}

const keyNotFound = () => notFound('There is no such API key in this workspace.')

/** The API key routes, to be mounted at `/api/organizations`. */
export function apiKeyRoutes(deps: ApiKeyRoutesDeps): Hono<{ Variables: AccessVariables }> {
  const { db } = deps
  const app = new Hono<{ Variables: AccessVariables }>()
  const authenticated = requireAccessToken(deps.signingKey, deps.now)
  const { requirePermission } = accessControl(db)
  const route = contractRoutes(app, '/organizations')

  route(api.list, [authenticated, requirePermission('API_KEYS', 'READ')], async (c) => {
    const nowMs = deps.now()
    return { items: (await listApiKeys(db, c.var.orgId)).map((row) => toApiKeyItem(row, nowMs)) }
  })

  /*
   * The chosen set must be one the workspace can use, and the creator must hold everything in it
   * (the Super Admin set only for a super admin): 400 at `permission_set`, or 403 naming what is
   * missing. The secret is answered once and only its hash is kept.
   */
  route(api.create, [authenticated, requirePermission('API_KEYS', 'CREATE')], async (c, { body }) => {
    const { orgId, userId } = c.var
    const nowMs = deps.now()
    const expiresAt = body.expires_at == null ? null : new Date(body.expires_at)
    if (expiresAt !== null && expiresAt.getTime() <= nowMs) {
      throw invalidRequest('Choose an expiry in the future.', [{ path: ['expires_at'], message: 'Must be in the future' }])
    }
    const set = (await listPermissionSets(db, orgId)).find((s) => s._id === body.permission_set || (s.is_system && s.permission_set_key === body.permission_set))
    if (set === undefined) {
      throw invalidRequest('There is no such permission set in this workspace.', [{ path: ['permission_set'], message: 'Choose a permission set of this workspace' }])
    }
    const caller = c.var.access.permissions
    if (isSuperAdminSet(set) && !caller.superAdmin) throw forbidden('Only a super admin can create a key with the Super Admin permission set.')
    assertCanGrantPermissions(caller, set.permissions)
    const secret = newApiKeySecret()
    const row = await db.transaction(async (tx) => {
      const [held] = await tx.select({ n: count() }).from(apiKeys).where(and(eq(apiKeys.orgId, orgId), isNull(apiKeys.revokedAt)))
      if ((held?.n ?? 0) >= MAX_API_KEYS_PER_WORKSPACE) {
        throw conflict(`A workspace can hold ${MAX_API_KEYS_PER_WORKSPACE} API keys. Revoke one you no longer use first.`)
      }
      const actor = await auditActor(tx, userId)
      const [inserted] = await tx
        .insert(apiKeys)
        .values({
          orgId,
          name: body.name,
          prefix: secret.slice(0, API_KEY_PREFIX_LENGTH),
          secretHash: hashApiKeySecret(secret),
          permissionSetRef: set.is_system && set.permission_set_key !== null ? set.permission_set_key : set._id,
          permissionSetName: set.name,
          permissions: set.permissions,
          superAdmin: isSuperAdminSet(set),
          createdBy: userId,
          createdByLabel: actor.actorLabel,
          createdAt: new Date(nowMs),
          expiresAt,
        })
        .returning()
      const key = inserted as typeof apiKeys.$inferSelect
      await recordAudit(tx, {
        orgId,
        ...actor,
        kind: 'api_key.created',
        targetId: key.id,
        targetLabel: key.name,
        details: { prefix: key.prefix, permission_set: key.permissionSetName, expires_at: key.expiresAt?.toISOString() ?? null },
        ipAddress: auditAddress(deps.address, c),
      })
      await enqueueWebhookEvent(tx, orgId, 'api_key.created', {
        id: key.id,
        name: key.name,
        prefix: key.prefix,
        permission_set: key.permissionSetName,
        created_by: { id: userId, email: actor.actorLabel },
        expires_at: key.expiresAt?.toISOString() ?? null,
      })
      return key
    })
    return { key: toApiKeyItem(row, nowMs), secret }
  })

  route(api.update, [authenticated, requirePermission('API_KEYS', 'UPDATE')], async (c, { params, body }) => {
    const [row] = await db
      .update(apiKeys)
      .set({ name: body.name })
      .where(and(eq(apiKeys.id, params.id), eq(apiKeys.orgId, c.var.orgId), isNull(apiKeys.revokedAt)))
      .returning()
    if (row === undefined) throw keyNotFound()
    return toApiKeyItem(row, deps.now())
  })

  /* Revoked at once on every host: each request reads the key's row (server/http/api-keys.ts). */
  route(api.revoke, [authenticated, requirePermission('API_KEYS', 'DELETE')], async (c, { params }) => {
    const { orgId, userId } = c.var
    await db.transaction(async (tx) => {
      const [row] = await tx
        .update(apiKeys)
        .set({ revokedAt: new Date(deps.now()) })
        .where(and(eq(apiKeys.id, params.id), eq(apiKeys.orgId, orgId), isNull(apiKeys.revokedAt)))
        .returning()
      if (row === undefined) throw keyNotFound()
      const actor = await auditActor(tx, userId)
      await recordAudit(tx, {
        orgId,
        ...actor,
        kind: 'api_key.revoked',
        targetId: row.id,
        targetLabel: row.name,
        details: { prefix: row.prefix },
        ipAddress: auditAddress(deps.address, c),
      })
      await enqueueWebhookEvent(tx, orgId, 'api_key.revoked', { id: row.id, name: row.name, prefix: row.prefix, revoked_by: { id: userId, email: actor.actorLabel } })
    })
  })

  return app
}
