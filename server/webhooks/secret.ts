/**
 * Webhook signing secrets (docs/api.md "Webhooks"): Standard Webhooks `whsec_` + base64 of 32
 * random bytes, answered once (create, rotate) and kept encrypted at rest in a secret box
 * (server/auth/secret-box.ts) bound to the endpoint id, with a master key of its own.
 */
import { randomBytes } from 'node:crypto'
import { createSecretBox, type SecretBox } from '../auth/secret-box.ts'
import type { Database } from '../db/client.ts'

/** What every signing secret starts with (the Standard Webhooks format). */
export const SIGNING_SECRET_PREFIX = 'whsec_'

/** A new signing secret: `whsec_` + base64 of 32 random bytes (256 bits). */
export const newSigningSecret = (): string => SIGNING_SECRET_PREFIX + randomBytes(32).toString('base64')

/** Encrypts and decrypts signing secrets bound to an endpoint id. */
export type WebhookSecretBox = SecretBox

/** The signing secrets' box (server/auth/secret-box.ts): master key `webhook_master_key`. */
export const createWebhookSecretBox = (db: Database): WebhookSecretBox =>
  createSecretBox(db, { masterKeyName: 'webhook_master_key', info: 'engage webhook signing secret encryption', scope: 'webhook' })
