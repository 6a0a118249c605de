/**
 * VAPID keys for Web Push (RFC 8292; SPEC.md §7 `GET /common-services/web-push/vapid-public-key`).
 *
 * VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY when both are set; otherwise one P-256 pair generated on
 * first start and kept in `server_secrets` (as one row, so two servers racing on an empty
 * PostgreSQL can never end up with halves of different pairs), like the access-token signing key
 * (server/auth/access-token.ts). Never written to the repository or to DATA_DIR.
 */
import { eq } from 'drizzle-orm'
import webpush from 'web-push'
import type { Database } from '../db/client.ts'
import { serverSecrets } from '../db/schema.ts'

const SECRET_NAME = 'vapid_keys'

/** A VAPID key pair (base64url: public a 65-byte uncompressed point, private 32 bytes) and the `sub` contact. */
export interface VapidKeys {
  readonly publicKey: string
  readonly privateKey: string
  readonly subject: string
}

/** What configures the keys (server/config.ts). */
export interface VapidConfig {
  readonly vapidPublicKey: string | undefined
  readonly vapidPrivateKey: string | undefined
  readonly vapidSubject: string
}

/**
 * The VAPID keys: the configured pair, else the stored one, generating and storing it on first
 * use (insert ignoring conflicts, then read back the winner).
 * @throws Error when the stored row is unreadable or cannot be stored.
 */
export async function loadVapidKeys(db: Database, config: VapidConfig): Promise<VapidKeys> {
  if (config.vapidPublicKey !== undefined && config.vapidPrivateKey !== undefined) {
    return { publicKey: config.vapidPublicKey, privateKey: config.vapidPrivateKey, subject: config.vapidSubject }
  }
  const generated = webpush.generateVAPIDKeys()
  await db
    .insert(serverSecrets)
    .values({ name: SECRET_NAME, value: JSON.stringify({ publicKey: generated.publicKey, privateKey: generated.privateKey }) })
    .onConflictDoNothing()
  const [row] = await db.select({ value: serverSecrets.value }).from(serverSecrets).where(eq(serverSecrets.name, SECRET_NAME))
  if (row === undefined) throw new Error('The VAPID keys could not be stored')
  const stored = JSON.parse(row.value) as { publicKey?: unknown; privateKey?: unknown }
  if (typeof stored.publicKey !== 'string' || typeof stored.privateKey !== 'string') throw new Error('The stored VAPID keys are unreadable')
  return { publicKey: stored.publicKey, privateKey: stored.privateKey, subject: config.vapidSubject }
}
