/**
 * The client secret of a workspace's single sign-on connection, encrypted at rest in a secret box
 * (server/auth/secret-box.ts: AES-256-GCM, the workspace id as additional data so a ciphertext
 * copied onto another workspace's row does not decrypt) with a master key of its own,
 * `sso_master_key` in `server_secrets`, the same on every host.
 */
import { createSecretBox, type SecretBox } from '../auth/secret-box.ts'
import type { Database } from '../db/client.ts'

/** Encrypts and decrypts client secrets bound to a workspace id. */
export type SsoSecretBox = SecretBox

/** The client secrets' box; its key loads on first use. */
export const createSsoSecretBox = (db: Database): SsoSecretBox =>
  createSecretBox(db, { masterKeyName: 'sso_master_key', info: 'engage sso client secret encryption', scope: 'sso' })
