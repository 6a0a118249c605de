/**
 * Secrets the server must read back (single sign-on client secrets, webhook signing secrets), kept
 * encrypted at rest: AES-256-GCM (./two-factor.ts `encryptSecret` / `decryptSecret`) with the
 * owning row's id as additional data, so a ciphertext copied onto another row does not decrypt.
 * The key is derived (HKDF-SHA-256, `info` per use) from a 32-byte master key of its own in
 * `server_secrets`, generated on first use (safe when hosts race) and the same on every host.
 */
import { hkdfSync, randomBytes } from 'node:crypto'
import { eq } from 'drizzle-orm'
import type { Database } from '../db/client.ts'
import { serverSecrets } from '../db/schema.ts'
import { decryptSecret, encryptSecret } from './two-factor.ts'

/** Encrypts and decrypts secrets bound to one row id. */
export interface SecretBox {
  /** The stored form of `secret` for the row `id`. */
  seal(id: string, secret: string): Promise<string>
  /**
   * The secret `stored` holds for the row `id`.
   * @throws Error when it was sealed for another row or with another key (corruption: a 500).
   */
  open(id: string, stored: string): Promise<string>
}

/** Which master key, HKDF `info` and additional-data prefix one use of the box has. */
export interface SecretBoxScope {
  /** The `server_secrets` name of the master key, e.g. `sso_master_key`. */
  readonly masterKeyName: string
  readonly info: string
  /** Prefixed to the row id as additional data (`sso`, `webhook`). */
  readonly scope: string
}

async function loadKey(db: Database, { masterKeyName, info }: SecretBoxScope): Promise<Buffer> {
  await db.insert(serverSecrets).values({ name: masterKeyName, value: randomBytes(32).toString('base64url') }).onConflictDoNothing()
  const [row] = await db.select({ value: serverSecrets.value }).from(serverSecrets).where(eq(serverSecrets.name, masterKeyName))
  if (row === undefined) throw new Error(`The master key ${masterKeyName} could not be stored`)
  return Buffer.from(hkdfSync('sha256', Buffer.from(row.value, 'base64url'), Buffer.alloc(0), info, 32))
}

/** A secret box whose key loads on first use (a failed load is tried again on the next call). */
export function createSecretBox(db: Database, scope: SecretBoxScope): SecretBox {
  let key: Promise<Buffer> | undefined
  const keyOnce = () => {
    key ??= loadKey(db, scope).catch((error: unknown) => {
      key = undefined
      throw error
    })
    return key
  }
  return {
    seal: async (id, secret) => encryptSecret(await keyOnce(), `${scope.scope}:${id}`, secret),
    open: async (id, stored) => decryptSecret(await keyOnce(), `${scope.scope}:${id}`, stored),
  }
}
