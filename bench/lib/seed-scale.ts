/**
 * Run as a child process by bench/scale.ts:
 *   node --import tsx bench/lib/seed-scale.ts <small|middle|large> --database-url <url>
 *   node --import tsx bench/lib/seed-scale.ts <small|middle|large> --data-dir <DATA_DIR>
 *
 * Prepares the database as the server would (migrations, demo data), then tops Acme Support and
 * admin@acme.test up to one size of bench/lib/scale-sizes.ts with `insert … select
 * generate_series` statements straight into the tables of server/db/schema.ts (no server may hold
 * the database: PGlite serves one process per data directory):
 *
 * - custom permission sets `Scale set 001`… in Acme Support;
 * - members `Scale Member 00001` (`scale-member-00001@bench.test`): every tenth invited (no
 *   password), the others with the demo password; each holds one of the custom sets;
 * - workspaces `Scale Workspace 0001`… the admin is a Super Admin of;
 * - the admin's notifications in Acme Support, one every 30 s going back from yesterday: 30%
 *   unread (a third of those seen), 1% archived (read ones), a few of each category;
 * - Acme Support's audit entries, one every 20 s going back from an hour ago: every tenth by the
 *   admin, one in a thousand by the system (no actor), the rest by the members in turn; 70%
 *   sign-ins, the rest every kind in turn (so about as many `member.invited` as members).
 *
 * Then `vacuum (analyze)`, so the planner has the statistics a database in service would have.
 * Prints progress lines, then the {@link SeededScale} as JSON on the last line; exits non-zero
 * with the error otherwise.
 */
import { parseArgs } from 'node:util'
import { type SQL, sql } from 'drizzle-orm'
import { AuditKinds } from '../../contract/audit-query.ts'
import { NotificationCategories } from '../../contract/notifications.ts'
import { openDatabase, rowsOf } from '../../server/db/client.ts'
import { prepareDatabase } from '../../server/admin/seed.ts'
import { SCALE_MEMBER_EMAIL_PREFIX, SCALE_MEMBER_NAME, SCALE_SIZES, type ScaleSizeName, type SeededScale } from './scale-sizes.ts'

const { values, positionals } = parseArgs({ allowPositionals: true, options: { 'database-url': { type: 'string' }, 'data-dir': { type: 'string' } } })
const size = positionals[0] as ScaleSizeName | undefined
if (size === undefined || !(size in SCALE_SIZES) || (values['database-url'] === undefined) === (values['data-dir'] === undefined)) {
  console.error('usage: seed-scale.ts <small|middle|large> (--database-url <url> | --data-dir <DATA_DIR>)')
  process.exit(2)
}
const target = SCALE_SIZES[size]
const started = performance.now()
const textArray = (items: ReadonlyArray<string>): SQL => sql.raw(`array[${items.map((c) => `'${c}'`).join(',')}]::text[]`)

// With a URL, PostgreSQL (the data directory is then not opened).
const handle = await openDatabase({ databaseUrl: values['database-url'], dataDir: values['data-dir'] ?? '' })
try {
  await prepareDatabase(handle)
  const { db } = handle
  const one = async <T>(query: SQL): Promise<T> => rowsOf<T>(await db.execute(query))[0] as T
  const step = async (what: string, query: SQL) => {
    const t = performance.now()
    await db.execute(query)
    console.log(`${size}: ${what} in ${Math.round(performance.now() - t)} ms`)
  }
  /**
   * A large insert into `table` the fast way, in one transaction: the table's secondary indexes
   * dropped and built again afterwards (one sort each instead of a million random insertions),
   * and foreign-key triggers off (`session_replication_role = replica`: the rows are consistent
   * by construction). The indexes are read from the catalogue, so the ones of the checkout's
   * migrations are the ones rebuilt.
   */
  const bulk = async (table: string, what: string, insert: SQL) => {
    const t = performance.now()
    await db.transaction(async (tx) => {
      const indexes = rowsOf<{ name: string; definition: string }>(
        await tx.execute(sql`select i.indexname as name, i.indexdef as definition from pg_indexes i
          where i.schemaname = 'public' and i.tablename = ${table} and not exists (select 1 from pg_constraint c where c.conname = i.indexname)`),
      )
      await tx.execute(sql`set local session_replication_role = replica`)
      for (const index of indexes) await tx.execute(sql.raw(`drop index "${index.name}"`))
      await tx.execute(insert)
      for (const index of indexes) await tx.execute(sql.raw(index.definition))
    })
    console.log(`${size}: ${what} in ${Math.round(performance.now() - t)} ms`)
  }
  const { org, admin } = await one<{ org: string; admin: string }>(
    sql`select o.id as org, u.id as admin from users u, organizations o where u.email = 'admin@acme.test' and o.name = 'Acme Support'`,
  )

  await step(
    `sets up to ${target.sets}`,
    sql`insert into permission_sets (id, org_id, permission_set_key, name, description, is_system, permissions)
        select gen_random_uuid()::text, ${org}, null, 'Scale set ' || lpad(g::text, 3, '0'), 'Seeded by the bench', false,
               jsonb_build_array(jsonb_build_object('resource', (array['CONTACTS', 'AGENTS'])[1 + g % 2], 'actions', jsonb_build_array('READ'), 'conditions', '{}'::jsonb))
        from generate_series(1, greatest(0, ${target.sets}::int - (select count(*)::int from permission_sets where org_id = ${org}))) as g`,
  )

  await step(
    `members up to ${target.members}`,
    sql`with new_users as (
          insert into users (id, full_name, email, password_hash, email_confirmed_at, default_org_id, created_at)
          select gen_random_uuid()::text, ${SCALE_MEMBER_NAME} || ' ' || lpad(g::text, 5, '0'), ${SCALE_MEMBER_EMAIL_PREFIX} || lpad(g::text, 5, '0') || '@bench.test',
                 case when g % 10 = 0 then null else (select password_hash from users where email = 'admin@acme.test') end,
                 now(), ${org}, now() - g * interval '1 minute'
          from generate_series(1, greatest(0, ${target.members}::int - (select count(*)::int from memberships where org_id = ${org}))) as g
          returning id, created_at)
        insert into memberships (user_id, org_id, created_at) select id, ${org}, created_at from new_users`,
  )
  await step(
    'a set for each member without one',
    sql`with sets as (select array_agg(id order by name) as ids from permission_sets where org_id = ${org}),
             bare as (select m.user_id, row_number() over (order by m.user_id) as r from memberships m
                      where m.org_id = ${org} and not exists (select 1 from member_permission_sets s where s.user_id = m.user_id and s.org_id = m.org_id))
        insert into member_permission_sets (user_id, org_id, permission_set_id)
        select bare.user_id, ${org}, sets.ids[1 + (bare.r % cardinality(sets.ids))::int] from bare, sets`,
  )

  await step(
    `workspaces up to ${target.workspaces}`,
    sql`with orgs as (
          insert into organizations (id, name, waitlist_approved, signup_completed, created_by)
          select gen_random_uuid()::text, 'Scale Workspace ' || lpad(g::text, 4, '0'), true, true, ${admin}
          from generate_series(1, greatest(0, ${target.workspaces}::int - (select count(*)::int from memberships where user_id = ${admin}))) as g
          returning id),
        joined as (insert into memberships (user_id, org_id) select ${admin}, id from orgs returning org_id)
        insert into member_permission_sets (user_id, org_id, permission_set_id)
        select ${admin}, org_id, (select id from permission_sets where permission_set_key = 'SUPER_ADMIN') from joined`,
  )

  await bulk(
    'notifications',
    `notifications up to ${target.notifications}`,
    sql`insert into notifications (id, user_id, org_id, title, body, category, priority, created_at, read_at, seen_at, archived_at)
        select gen_random_uuid()::text, ${admin}, ${org}, 'Scale notification ' || g, 'Body of scale notification ' || g,
               (${textArray(NotificationCategories)})[1 + g % ${NotificationCategories.length}::int],
               case when g % 97 = 0 then 'high' else 'normal' end,
               t,
               case when g % 10 < 3 then null else t + interval '1 minute' end,
               case when g % 10 < 2 then null else t + interval '1 minute' end,
               case when g % 100 = 55 then t + interval '2 minutes' end
        from generate_series(1, greatest(0, ${target.notifications}::int - (select count(*)::int from notifications where user_id = ${admin} and org_id = ${org}))) as g,
             lateral (select now() - interval '1 day' - g * interval '30 seconds' as t) as at`,
  )

  await bulk(
    'audit_events',
    `audit entries up to ${target.auditEntries}`,
    // People are joined by number rather than picked from arrays: subscripting a 10,000-element
    // array detoasts it for every row.
    sql`with people as (
          select u.id, case when u.full_name <> '' then u.full_name else u.email end as label, (row_number() over (order by u.id) - 1)::int as k
          from memberships m join users u on u.id = m.user_id where m.org_id = ${org}),
        n as (select count(*)::int as n from people),
        me as (select full_name as label from users where id = ${admin})
        insert into audit_events (id, org_id, actor_id, actor_label, kind, target_id, target_label, details, ip_address, created_at)
        select gen_random_uuid()::text, ${org},
               case when g % 1000 = 999 then null when g % 10 = 0 then ${admin} else actor.id end,
               case when g % 1000 = 999 then 'System' when g % 10 = 0 then me.label else actor.label end,
               case when (g / 10) % 10 < 7 then 'auth.signed_in' else (${textArray(AuditKinds)})[1 + g % ${AuditKinds.length}::int] end,
               target.id, target.label,
               jsonb_build_object('seq', g), '203.0.113.' || (g % 250),
               now() - interval '1 hour' - g * interval '20 seconds'
        from generate_series(1, greatest(0, ${target.auditEntries}::int - (select count(*)::int from audit_events where org_id = ${org}))) as g
             cross join n cross join me
             join people actor on actor.k = g % n.n
             join people target on target.k = (g * 7) % n.n`,
  )

  await step('vacuum (analyze)', sql`vacuum (analyze)`)

  const counts = await one<SeededScale['counts']>(sql`select
      (select count(*)::int from memberships where org_id = ${org}) as members,
      (select count(*)::int from notifications where user_id = ${admin} and org_id = ${org}) as notifications,
      (select count(*)::int from notifications where user_id = ${admin} and org_id = ${org} and read_at is null and archived_at is null) as unread,
      (select count(*)::int from audit_events where org_id = ${org}) as "auditEntries",
      (select count(*)::int from memberships where user_id = ${admin}) as workspaces,
      (select count(*)::int from permission_sets where org_id = ${org}) as sets`)
  const seeded: SeededScale = { size, orgId: org, adminId: admin, counts, ms: Math.round(performance.now() - started) }
  console.log(JSON.stringify(seeded))
} finally {
  await handle.close()
}
