/**
 * Test and measurement seeding: a workspace with many members, written by PostgreSQL itself
 * (`generate_series`), so 10,000 members take one statement per table rather than 10,000 calls.
 * Used by the members list's tests (PGlite and PostgreSQL) and its scale measure.
 */
import { sql } from 'drizzle-orm'
import type { Database } from '../db/client.ts'

/**
 * Creates the workspace `name` (approved, set up) holding `count` members who have joined (a
 * password hash no password matches, so they list as `active` and none can sign in), named
 * "Member 00000" … in mixed case with repeated names (`names` distinct ones, default 1,000; every
 * third lower-case), emails `member<i>@<domain>`, all holding the system "Team Member" set. Ids are
 * `<prefix>-<i>` so the rows are easy to find and remove.
 * @returns the new workspace's id.
 */
export async function seedLargeWorkspace(db: Database, p: { name: string; count: number; prefix: string; domain: string; names?: number }): Promise<string> {
  const orgId = `${p.prefix}-org`
  await db.execute(sql`insert into organizations (id, name, signup_completed, waitlist_approved) values (${orgId}, ${p.name}, true, true)`)
  await db.execute(sql`
    insert into users (id, full_name, email, password_hash)
    select ${p.prefix} || '-' || i,
           case when i % 3 = 0 then 'member ' else 'Member ' end || lpad((i % ${p.names ?? 1000}::int)::text, 5, '0'),
           'member' || i || '@' || ${p.domain},
           '!seeded'
      from generate_series(1, ${p.count}::int) i`)
  await db.execute(sql`
    insert into memberships (user_id, org_id)
    select ${p.prefix} || '-' || i, ${orgId} from generate_series(1, ${p.count}::int) i`)
  await db.execute(sql`
    insert into member_permission_sets (user_id, org_id, permission_set_id)
    select ${p.prefix} || '-' || i, ${orgId}, (select id from permission_sets where permission_set_key = 'TEAM_MEMBER')
      from generate_series(1, ${p.count}::int) i`)
  return orgId
}

/** Makes `userId` a Super Admin member of `orgId` (the caller of the measured requests). */
export async function addSuperAdmin(db: Database, orgId: string, userId: string): Promise<void> {
  await db.execute(sql`insert into memberships (user_id, org_id) values (${userId}, ${orgId})`)
  await db.execute(sql`
    insert into member_permission_sets (user_id, org_id, permission_set_id)
    values (${userId}, ${orgId}, (select id from permission_sets where permission_set_key = 'SUPER_ADMIN'))`)
}
