/**
 * `sso_pending`: what single sign-on keeps between two requests, under the SHA-256 of a random
 * handle the browser holds (the handle itself is never stored):
 *
 * - `login`: an attempt between `POST /users/sso/start` and the provider's return; its handle is
 *   the OAuth `state`, its data the nonce, the PKCE verifier and the return path.
 * - `link`: an identity the provider vouched for whose email belongs to an existing account; it
 *   waits for that account's owner to prove it (`POST /users/sso/link`).
 *
 * Each lives {@link PENDING_TTL_MS} and is taken once: taking deletes it, so a replayed callback
 * or link finds nothing.
 */
import { createHash, randomBytes } from 'node:crypto'
import { and, eq, lt } from 'drizzle-orm'
import type { Database } from '../db/client.ts'
import { ssoPending } from '../db/schema.ts'

/** How long an attempt or a link waits, ms (10 minutes). */
export const PENDING_TTL_MS = 10 * 60_000

export type PendingKind = 'login' | 'link'

/** A random handle: 32 bytes, base64url. */
export const newHandle = (): string => randomBytes(32).toString('base64url')

const hashOf = (handle: string) => createHash('sha256').update(handle).digest('base64url')

/** Stores `data` under `handle` for {@link PENDING_TTL_MS}, and drops entries already expired. */
export async function putPending(db: Database, entry: { handle: string; kind: PendingKind; orgId: string; data: Record<string, string>; now: Date }): Promise<void> {
  await db.delete(ssoPending).where(lt(ssoPending.expiresAt, entry.now))
  await db.insert(ssoPending).values({
    handleHash: hashOf(entry.handle),
    kind: entry.kind,
    orgId: entry.orgId,
    data: entry.data,
    expiresAt: new Date(entry.now.getTime() + PENDING_TTL_MS),
  })
}

/** What {@link takePending} found. */
export interface Pending {
  readonly orgId: string
  readonly data: Readonly<Record<string, string>>
}

/**
 * Takes (deletes and returns) the live entry of `kind` under `handle`; undefined when there is
 * none, it is of another kind, or it expired.
 */
export async function takePending(db: Database, handle: string, kind: PendingKind, now: Date): Promise<Pending | undefined> {
  const [row] = await db
    .delete(ssoPending)
    .where(and(eq(ssoPending.handleHash, hashOf(handle)), eq(ssoPending.kind, kind)))
    .returning({ orgId: ssoPending.orgId, data: ssoPending.data, expiresAt: ssoPending.expiresAt })
  if (row === undefined || row.expiresAt.getTime() <= now.getTime()) return undefined
  return { orgId: row.orgId, data: row.data }
}

/** The live entry of `kind` under `handle`, left in place (see {@link takePending} to use it up). */
export async function findPending(db: Database, handle: string, kind: PendingKind, now: Date): Promise<Pending | undefined> {
  const [row] = await db
    .select({ orgId: ssoPending.orgId, data: ssoPending.data, expiresAt: ssoPending.expiresAt })
    .from(ssoPending)
    .where(and(eq(ssoPending.handleHash, hashOf(handle)), eq(ssoPending.kind, kind)))
  if (row === undefined || row.expiresAt.getTime() <= now.getTime()) return undefined
  return { orgId: row.orgId, data: row.data }
}
