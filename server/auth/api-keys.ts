/**
 * API keys (docs/api.md "API keys"): making a secret, storing only its hash, finding a key by the
 * secret a request presents, and answering keys as the contract's `ApiKeyItem`.
 *
 * A secret is `eng_` + 40 base62 characters drawn from the system's CSPRNG (≈238 bits), so a plain
 * SHA-256 of it is enough to store (no password hashing: nothing to guess) and the lookup is one
 * indexed read by its first {@link API_KEY_PREFIX_LENGTH} characters followed by a constant-time
 * comparison of the hashes.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto'
import { and, desc, eq, isNull } from 'drizzle-orm'
import { type Permission, PermissionActions, PermissionResources, type PermissionSet, SUPER_ADMIN_SET_KEY } from '../../contract/api.ts'
import { API_KEY_PREFIX, API_KEY_PREFIX_LENGTH, API_KEY_RANDOM_LENGTH, type ApiKeyItem } from '../../contract/developers.ts'
import { type ResolvedPermissions, can, resolvePermissions } from '../../contract/permissions.ts'
import type { Database } from '../db/client.ts'
import { apiKeys } from '../db/schema.ts'

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz'

/** A new secret: `eng_` + {@link API_KEY_RANDOM_LENGTH} base62 characters (rejection sampling, no modulo bias). */
export function newApiKeySecret(): string {
  let out = API_KEY_PREFIX
  while (out.length < API_KEY_PREFIX.length + API_KEY_RANDOM_LENGTH) {
    for (const byte of randomBytes(64)) {
      // 248 = 4 × 62: bytes above it would favour the first characters.
      if (byte >= 248) continue
      out += BASE62[byte % 62]
      if (out.length === API_KEY_PREFIX.length + API_KEY_RANDOM_LENGTH) break
    }
  }
  return out
}

/** The stored hash of a secret: SHA-256, hex. */
export const hashApiKeySecret = (secret: string): string => createHash('sha256').update(secret, 'utf8').digest('hex')

/** Whether `token` has the exact shape of a secret (so a malformed one costs no query). */
export const isApiKeyShape = (token: string): boolean =>
  token.length === API_KEY_PREFIX.length + API_KEY_RANDOM_LENGTH && token.startsWith(API_KEY_PREFIX) && /^[0-9A-Za-z]+$/.test(token.slice(API_KEY_PREFIX.length))

type Row = typeof apiKeys.$inferSelect

/** A key found for a request: who it acts for, in which workspace, with what. */
export interface ApiKeyCaller {
  readonly id: string
  readonly orgId: string
  readonly name: string
  readonly prefix: string
  /** The member it acts within; null when their account was deleted (the key then refuses every call). */
  readonly createdBy: string | null
  /** The key's own permissions (its set at creation); the creator's current ones bound them per request. */
  readonly permissions: ResolvedPermissions
  readonly lastUsedAt: Date | null
}

/** Why a presented secret was refused, for the 401's message. */
export type ApiKeyRefusal = 'unknown' | 'revoked' | 'expired'

/**
 * The key whose secret is `secret`, or why it is refused. An unknown prefix and a wrong rest answer
 * alike (`unknown`); a revoked or expired key says so (its owner may look for it in the list).
 */
export async function findApiKey(db: Database, secret: string, nowMs: number): Promise<ApiKeyCaller | ApiKeyRefusal> {
  if (!isApiKeyShape(secret)) return 'unknown'
  const [row] = await db.select().from(apiKeys).where(eq(apiKeys.prefix, secret.slice(0, API_KEY_PREFIX_LENGTH)))
  if (row === undefined) return 'unknown'
  const presented = Buffer.from(hashApiKeySecret(secret), 'hex')
  const stored = Buffer.from(row.secretHash, 'hex')
  if (presented.length !== stored.length || !timingSafeEqual(presented, stored)) return 'unknown'
  if (row.revokedAt !== null) return 'revoked'
  if (row.expiresAt !== null && row.expiresAt.getTime() <= nowMs) return 'expired'
  return {
    id: row.id,
    orgId: row.orgId,
    name: row.name,
    prefix: row.prefix,
    createdBy: row.createdBy,
    permissions: keyPermissions(row),
    lastUsedAt: row.lastUsedAt,
  }
}

/** The permissions a key holds by itself: its snapshot, resolved like a member's single set. */
function keyPermissions(row: Pick<Row, 'permissions' | 'superAdmin'>): ResolvedPermissions {
  const set: PermissionSet = {
    _id: 'api-key',
    permission_set_key: row.superAdmin ? SUPER_ADMIN_SET_KEY : null,
    name: '',
    description: '',
    is_system: row.superAdmin,
    permissions: [...row.permissions],
  }
  return resolvePermissions([row.superAdmin ? SUPER_ADMIN_SET_KEY : 'api-key'], [set])
}

/**
 * What a key may do in a request: what both the key and its creator (as they are now) hold. A key
 * therefore never does more than its creator, even after the creator loses a permission.
 */
export function intersectPermissions(a: ResolvedPermissions, b: ResolvedPermissions): ResolvedPermissions {
  if (a.superAdmin && b.superAdmin) return a
  const grants = new Map<(typeof PermissionResources)[number], Set<(typeof PermissionActions)[number]>>()
  for (const resource of PermissionResources) {
    const actions = PermissionActions.filter((action) => can(a, resource, action) && can(b, resource, action))
    if (actions.length > 0) grants.set(resource, new Set(actions))
  }
  return { superAdmin: false, grants }
}

/** A key as the list answers it; `status` from its expiry at `nowMs`. */
export function toApiKeyItem(row: Row, nowMs: number): ApiKeyItem {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    permission_set: { ref: row.permissionSetRef, name: row.permissionSetName },
    permissions: row.permissions.map((p: Permission) => ({ resource: p.resource, actions: [...p.actions], conditions: p.conditions ?? {} })),
    super_admin: row.superAdmin,
    created_by: { id: row.createdBy, label: row.createdByLabel },
    created_at: row.createdAt.toISOString(),
    last_used_at: row.lastUsedAt?.toISOString() ?? null,
    expires_at: row.expiresAt?.toISOString() ?? null,
    status: row.expiresAt !== null && row.expiresAt.getTime() <= nowMs ? 'expired' : 'active',
  }
}

/** The workspace's keys not revoked, newest first. */
export async function listApiKeys(db: Database, orgId: string): Promise<Row[]> {
  return db
    .select()
    .from(apiKeys)
    .where(and(eq(apiKeys.orgId, orgId), isNull(apiKeys.revokedAt)))
    .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id))
}
