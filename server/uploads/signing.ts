/**
 * Signatures of the embedded storage's upload URLs: HMAC-SHA256 over the method, the upload key,
 * the promised content type and the expiry (seconds since the epoch), so none of them can be
 * changed without the signature failing. The key is 32 random bytes generated on first start and
 * kept in `server_secrets` (like the access-token signing key, server/auth/access-token.ts), so
 * URLs handed out stay valid across a restart and every server on one PostgreSQL agrees.
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import { eq } from 'drizzle-orm'
import type { Database } from '../db/client.ts'
import { serverSecrets } from '../db/schema.ts'

const SECRET_NAME = 'upload_signing_key'

/** The raw HMAC key (32 bytes). */
export type UploadSigningKey = Buffer

/** The persisted key, generated on first start. Safe when two servers race on an empty database. */
export async function loadUploadSigningKey(db: Database): Promise<UploadSigningKey> {
  await db
    .insert(serverSecrets)
    .values({ name: SECRET_NAME, value: randomBytes(32).toString('base64url') })
    .onConflictDoNothing()
  const [row] = await db.select({ value: serverSecrets.value }).from(serverSecrets).where(eq(serverSecrets.name, SECRET_NAME))
  if (row === undefined) throw new Error('The upload signing key could not be stored')
  return Buffer.from(row.value, 'base64url')
}

/** What a signature covers. `expiresS` is seconds since the epoch. */
export interface UploadGrant {
  readonly key: string
  readonly contentType: string
  readonly expiresS: number
}

const payload = (grant: UploadGrant) => `v1\nPUT\n${grant.key}\n${grant.contentType}\n${grant.expiresS}`

/** The signature of `grant`, base64url (43 characters). */
export function signUpload(secret: UploadSigningKey, grant: UploadGrant): string {
  return createHmac('sha256', secret).update(payload(grant)).digest('base64url')
}

/**
 * Whether `signature` is the signature of `grant`, compared in constant time: both sides are
 * hashed to 32 bytes first, so neither contents nor length leak through timing.
 */
export function verifyUploadSignature(secret: UploadSigningKey, grant: UploadGrant, signature: string | undefined): boolean {
  if (signature === undefined || signature === '') return false
  const digest = (s: string) => createHash('sha256').update(s, 'utf8').digest()
  return timingSafeEqual(digest(signUpload(secret, grant)), digest(signature))
}
