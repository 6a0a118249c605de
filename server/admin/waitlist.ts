/**
 * The waitlist, seen by the operator (SPEC.md §2.2: a workspace that is not waitlist_approved
 * keeps its members on /app/waitlist). Used both by the internal API of a running server
 * (server/admin/internal-routes.ts) and by the admin CLI opening the database itself
 * (server/admin/cli.ts), so both modes answer and refuse identically.
 */
import { Schema, SchemaGetter } from 'effect'
import { asc, eq, or, sql } from 'drizzle-orm'
import { ErrorCode, SUPER_ADMIN_SET_KEY } from '../../contract/api.ts'
import type { Database } from '../db/client.ts'
import { memberPermissionSets, memberships, organizations, permissionSets, users } from '../db/schema.ts'
import { ApiError, conflict } from '../http/errors.ts'

/** One workspace as the operator sees it. Dates are ISO 8601. */
export interface WaitlistEntry {
  readonly org_id: string
  readonly org_name: string
  readonly created_at: string
  /** Its creator's email, else its oldest super admin's; null if it has neither. */
  readonly owner_email: string | null
  readonly waitlist_approved: boolean
}

/** `GET /api/internal/waitlist` answer. */
export interface WaitlistList {
  readonly organizations: ReadonlyArray<WaitlistEntry>
}

/** `POST /api/internal/waitlist/approve` body: a workspace's id, or its exact name (any case). */
export const ApproveWaitlistRequest = Schema.Struct({
  org: Schema.String.pipe(
    Schema.decode({
      decode: SchemaGetter.transform((s: string) => s.trim()),
      encode: SchemaGetter.transform((s: string) => s),
    }),
  ).check(Schema.isMinLength(1, { message: 'Name or id of the workspace is required' })),
})

/** `POST /api/internal/waitlist/approve` answer. */
export interface ApproveWaitlistResult {
  readonly organization: WaitlistEntry
  /** True when it was approved before this call (nothing changed). */
  readonly already_approved: boolean
}

/**
 * SQL for the owner's email of the organisation row in scope: `created_by`'s email, falling back
 * (workspaces made before ownership was recorded) to the member who has held the super-admin set
 * longest. The outer columns are qualified by hand: in a single-table select Drizzle renders a
 * column as a bare name, which inside these subqueries would bind to an inner table.
 */
const org = (column: string) => sql`${organizations}.${sql.identifier(column)}`
const ownerEmail = sql<string | null>`coalesce(
  (select u.email from ${users} u where u.id = ${org('created_by')}),
  (select u.email from ${memberships} m
    join ${users} u on u.id = m.user_id
    join ${memberPermissionSets} mps on mps.user_id = m.user_id and mps.org_id = m.org_id
    join ${permissionSets} ps on ps.id = mps.permission_set_id and ps.permission_set_key = ${SUPER_ADMIN_SET_KEY}
    where m.org_id = ${org('id')}
    order by m.created_at, u.email limit 1)
)`

const entryColumns = {
  id: organizations.id,
  name: organizations.name,
  createdAt: organizations.createdAt,
  ownerEmail,
  approved: organizations.waitlistApproved,
}

type EntryRow = { id: string; name: string; createdAt: Date; ownerEmail: string | null; approved: boolean }

const toEntry = (row: EntryRow): WaitlistEntry => ({
  org_id: row.id,
  org_name: row.name,
  created_at: new Date(row.createdAt).toISOString(),
  owner_email: row.ownerEmail,
  waitlist_approved: row.approved,
})

/** Every workspace not yet waitlist-approved, oldest first. */
export async function listWaitlist(db: Database): Promise<WaitlistList> {
  const rows = await db
    .select(entryColumns)
    .from(organizations)
    .where(eq(organizations.waitlistApproved, false))
    .orderBy(asc(organizations.createdAt), asc(organizations.id))
  return { organizations: rows.map(toEntry) }
}

/**
 * Approves a workspace named by id or by exact name (ignoring case and surrounding spaces). An id
 * match wins over name matches. Approving an approved workspace changes nothing and says so.
 * Its sign-up stays incomplete: the members are sent to /app/sign-up-info next (SPEC.md §2.2).
 * @throws ApiError 404 `not_found` (issue at `["org"]`) when nothing matches; 409 `conflict` when
 *   the name matches several workspaces, listing their ids (message and one issue per id).
 */
export async function approveWaitlist(db: Database, org: string): Promise<ApproveWaitlistResult> {
  const ref = org.trim()
  const matches = await db
    .select(entryColumns)
    .from(organizations)
    .where(or(eq(organizations.id, ref), eq(sql`lower(${organizations.name})`, ref.toLowerCase())))
    .orderBy(asc(organizations.createdAt), asc(organizations.id))
  const target = matches.find((m) => m.id === ref) ?? (matches.length === 1 ? matches[0] : undefined)
  if (target === undefined) {
    if (matches.length === 0) {
      throw new ApiError(404, ErrorCode.notFound, `No workspace has the id or name "${ref}".`, [{ path: ['org'], message: 'No such workspace' }])
    }
    const list = matches.map((m) => `${m.id} (${m.approved ? 'approved' : 'waiting'}, created ${new Date(m.createdAt).toISOString()})`)
    throw conflict(
      `"${ref}" names ${matches.length} workspaces; approve one by id: ${list.join('; ')}.`,
      matches.map((m) => ({ path: ['org'], message: m.id })),
    )
  }
  if (target.approved) return { organization: toEntry(target), already_approved: true }
  await db.update(organizations).set({ waitlistApproved: true }).where(eq(organizations.id, target.id))
  return { organization: toEntry({ ...target, approved: true }), already_approved: false }
}
