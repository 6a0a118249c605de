/**
 * The actor label of an audit entry about a person's own account (sessions, passkeys), written to
 * the workspace they act in (Audit log).
 */
import { and, eq } from 'drizzle-orm'
import type { Database } from '../db/client.ts'
import { memberships, users } from '../db/schema.ts'
import { forbiddenOrg } from '../http/errors.ts'

/**
 * The email of `userId` when they are a member of `orgId`.
 * @param db the transaction making the change, so the label is read in it.
 * @throws ApiError 403 `forbidden` when they are not a member (the entry would have no workspace).
 */
export async function memberActorEmail(db: Database, userId: string, orgId: string): Promise<string> {
  const [row] = await db
    .select({ email: users.email })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.userId, userId), eq(memberships.orgId, orgId)))
  if (row === undefined) throw forbiddenOrg()
  return row.email
}
