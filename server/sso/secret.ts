/**
 * The client secret of a workspace's single sign-on connection, encrypted at rest the way
 * server/auth/two-factor.ts keeps TOTP secrets: AES-256-GCM (its `encryptSecret` /
 * `decryptSecret`), the workspace id as additional data so a ciphertext copied onto another
 * workspace's row does not decrypt. The key is derived (HKDF-SHA-256) from a 32-byte master key of
 * its own, generated on first use and kept in `server_secrets` (`sso_master_key`), so it is the
 * same on every host and survives restarts.
 */
import { hkdfSync, randomBytes } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { decryptSecret, encryptSecret } from '../auth/two-factor.ts'
import type { Database } from '../db/client.ts'
import { serverSecrets } from '../db/schema.ts'

const SECRET_NAME = 'sso_master_key'

/** Encrypts and decrypts client secrets for one workspace id. */
export interface SsoSecretBox {
  /** The stored form of `secret` for `orgId`'s row. */
  seal(orgId: string, secret: string): Promise<string>
  /**
   * The secret `stored` holds for `orgId`.
   * @throws Error when it was sealed for another workspace or with another key (corruption: a 500).
   */
  open(orgId: string, stored: string): Promise<string>
}

/** The encryption key from the persisted master key (generated on first call; safe when hosts race). */
async function loadKey(db: Database): Promise<Buffer> {
  await db
    .insert(serverSecrets)
    .values({ name: SECRET_NAME, value: randomBytes(32).toString('base64url') })
    .onConflictDoNothing()
  const [row] = await db.select({ value: serverSecrets.value }).from(serverSecrets).where(eq(serverSecrets.name, SECRET_NAME))
  if (row === undefined) throw new Error('The single sign-on master key could not be stored')
  return Buffer.from(hkdfSync('sha256', Buffer.from(row.value, 'base64url'), Buffer.alloc(0), 'engage sso client secret encryption', 32))
}

/** A secret box whose key loads on first use. */
export function createSsoSecretBox(db: Database): SsoSecretBox {
  let key: Promise<Buffer> | undefined
  const keyOnce = () => {
    key ??= loadKey(db).catch((error: unknown) => {
      key = undefined
      throw error
    })
    return key
  }
  return {
    async seal(orgId, secret) {
      return encryptSecret(await keyOnce(), `sso:${orgId}`, secret)
    },
    async open(orgId, stored) {
      return decryptSecret(await keyOnce(), `sso:${orgId}`, stored)
    },
  }
}
