/**
 * Webhook signing secrets (docs/api.md "Webhooks"): Standard Webhooks `whsec_` + base64 of 32
 * random bytes, answered once (create, rotate) and kept encrypted at rest the way
 * server/sso/secret.ts keeps client secrets: AES-256-GCM (server/auth/two-factor.ts
 * `encryptSecret` / `decryptSecret`), the endpoint id as additional data so a ciphertext copied
 * onto another endpoint's row does not decrypt, the key derived (HKDF-SHA-256) from a 32-byte
 * master key of its own in `server_secrets` (`webhook_master_key`), generated on first use and
 * shared by every host.
 */
import { hkdfSync, randomBytes } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { decryptSecret, encryptSecret } from '../auth/two-factor.ts'
import type { Database } from '../db/client.ts'
import { serverSecrets } from '../db/schema.ts'

const SECRET_NAME = 'webhook_master_key'

/** What every signing secret starts with (the Standard Webhooks format). */
export const SIGNING_SECRET_PREFIX = 'whsec_'

/** A new signing secret: `whsec_` + base64 of 32 random bytes (256 bits). */
export const newSigningSecret = (): string => SIGNING_SECRET_PREFIX + randomBytes(32).toString('base64')

/** Encrypts and decrypts signing secrets for one endpoint id. */
export interface WebhookSecretBox {
  /** The stored form of `secret` for endpoint `endpointId`'s row. */
  seal(endpointId: string, secret: string): Promise<string>
  /**
   * The secret `stored` holds for `endpointId`.
   * @throws Error when it was sealed for another endpoint or with another key (corruption).
   */
  open(endpointId: string, stored: string): Promise<string>
}

/** The encryption key from the persisted master key (generated on first call; safe when hosts race). */
async function loadKey(db: Database): Promise<Buffer> {
  await db
    .insert(serverSecrets)
    .values({ name: SECRET_NAME, value: randomBytes(32).toString('base64url') })
    .onConflictDoNothing()
  const [row] = await db.select({ value: serverSecrets.value }).from(serverSecrets).where(eq(serverSecrets.name, SECRET_NAME))
  if (row === undefined) throw new Error('The webhook master key could not be stored')
  return Buffer.from(hkdfSync('sha256', Buffer.from(row.value, 'base64url'), Buffer.alloc(0), 'engage webhook signing secret encryption', 32))
}

/** A secret box whose key loads on first use (a failed load is tried again on the next call). */
export function createWebhookSecretBox(db: Database): WebhookSecretBox {
  let key: Promise<Buffer> | undefined
  const keyOnce = () => {
    key ??= loadKey(db).catch((error: unknown) => {
      key = undefined
      throw error
    })
    return key
  }
  return {
    async seal(endpointId, secret) {
      return encryptSecret(await keyOnce(), `webhook:${endpointId}`, secret)
    },
    async open(endpointId, stored) {
      return decryptSecret(await keyOnce(), `webhook:${endpointId}`, stored)
    },
  }
}
