/**
 * The audit log's person filter choices (docs/api.md "GET /api/organizations/audit-log/actors") on
 * the database itself: the same choices as their definition read the long way (every member, and
 * every distinct actor of the log who is not one), for names that sort in awkward places, with
 * every search and limit; the people who left by each way out (removed after acting, removed
 * without acting, an invitation declined, a removed member who joined again, an account deleted);
 * and the plan: members off the name index, the others off the log's actors by label, never a read
 * of the log itself. On embedded PGlite always, and on PostgreSQL when TEST_DATABASE_URL is set
 * (`node --import tsx scripts/with-postgres.ts node_modules/.bin/vitest run <this file>`).
 */
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { SignInResponse } from '../../contract/api.ts'
import { AUDIT_ACTORS_LIMIT, AuditActorsResponse, type AuditActor } from '../../contract/audit.ts'
import { PendingInvitationList } from '../../contract/workspaces.ts'
import { validate } from '../../contract/validate.ts'
import { DEMO_PASSWORD } from '../admin/seed.ts'
import { createApp } from '../app.ts'
import { recordAudit } from '../audit-trail/record.ts'
import { loadSigningKey } from '../auth/access-token.ts'
import { type Database, type DatabaseHandle, rowsOf } from '../db/client.ts'
import { TEST_CONFIG } from '../test/harness.ts'
import { preparedPglite, preparedPostgres } from '../test/databases.ts'
import { postgresUnavailableBecause, throwAwayDatabase } from '../test/local-postgres.ts'
import { auditActorsQuery, listAuditActors } from './queries.ts'

const ORG = 'ns-org'
const OTHER_ORG = 'ns-other-org'

/** Members' names that sort in awkward places: prefixes of each other, characters below `(`, no name, case and accents, many alike. */
const NAMES = [
  'Ann',
  'Ann !',
  'Ann (a)',
  'ann',
  'ANN b',
  'Ann\tTab',
  '',
  '',
  'a',
  'A',
  'Émile',
  'émile',
  'Zoë',
  '_under',
  '%pct',
  'Zed',
  ...Array<string>(25).fill('Bob'),
]

/**
 * The choices by their definition, the long way: every member matching, and every distinct actor of
 * the log who is not a member, by the label of their latest entry, matching; by label without
 * case, then id.
 */
async function byDefinition(db: Database, orgId: string, search: string, limit: number): Promise<AuditActor[]> {
  const pattern = search === '' ? null : `%${search.replace(/[\\%_]/g, '\\$&')}%`
  const rows = rowsOf<AuditActor>(
    await db.execute(sql`
      select id, label from (
        select u.id, case when u.full_name <> '' then u.full_name || ' (' || u.email || ')' else u.email end as label
          from memberships m join users u on u.id = m.user_id
         where m.org_id = ${orgId} and (${pattern}::text is null or lower(u.full_name) like lower(${pattern}::text) or u.email like lower(${pattern}::text))
        union all
        select actor.id, actor.label from (
          select d.actor_id as id,
                 (select a.actor_label from audit_events a where a.org_id = ${orgId} and a.actor_id = d.actor_id order by a.created_at desc, a.id desc limit 1) as label
            from (select distinct actor_id from audit_events where org_id = ${orgId} and actor_id is not null) d
           where not exists (select 1 from memberships m where m.org_id = ${orgId} and m.user_id = d.actor_id)
        ) actor
         where ${pattern}::text is null or lower(actor.label) like lower(${pattern}::text)
      ) people
      order by lower(label), id
      limit ${limit}`),
  )
  return rows.map((row) => ({ id: row.id, label: row.label }))
}

/**
 * A workspace of awkward names, and people who left it as the server records leaving: each
 * removal (`member.removed`, or `invitation.revoked` of a new account) names them as its target;
 * declining names the person as actor and target.
 */
async function seedNameSort(db: Database): Promise<void> {
  await db.execute(
    sql`insert into organizations (id, name, signup_completed, waitlist_approved) values (${ORG}, 'Namesort', true, true), (${OTHER_ORG}, 'Othersort', true, true)`,
  )
  const people: Array<[id: string, name: string, email: string]> = NAMES.map((name, i) => [`ns-${String(i).padStart(2, '0')}`, name, `p${i}@ns.test`])
  people.push(['ns-gone', 'Aaron Gone', 'gone@ns.test'], ['ns-revoked', 'Rev Oked', 'revoked@ns.test'], ['ns-decliner', 'Dee Cliner', 'decliner@ns.test'])
  people.push(['ns-quiet', 'Quiet Person', 'quiet@ns.test'], ['ns-back', 'Back Again', 'back@ns.test'], ['ns-deleted', 'Del Eted', 'deleted@ns.test'])
  people.push(['ns-elsewhere', 'Else Where', 'elsewhere@ns.test'])
  for (const [id, name, email] of people)
    await db.execute(sql`insert into users (id, full_name, email, password_hash) values (${id}, ${name}, ${email}, '!seeded')`)
  const members = [...people.slice(0, NAMES.length).map(([id]) => id), 'ns-back']
  for (const id of members) await db.execute(sql`insert into memberships (user_id, org_id) values (${id}, ${ORG})`)
  await db.execute(sql`insert into memberships (user_id, org_id) values ('ns-00', ${OTHER_ORG})`)

  let second = 0
  const at = () => new Date(Date.UTC(2026, 0, 1, 0, 0, second++))
  const acted = (actorId: string, actorLabel: string, orgId = ORG) =>
    recordAudit(db, { orgId, actorId, actorLabel, kind: 'auth.signed_in', targetId: actorId, at: at() })
  const left = (targetId: string, kind: 'member.removed' | 'invitation.revoked', orgId = ORG) =>
    recordAudit(db, { orgId, actorId: 'ns-00', actorLabel: 'p0@ns.test', kind, targetId, targetLabel: `${targetId}@ns.test`, at: at() })
  // Members act (their entries never make them a second choice).
  for (const id of members.slice(0, 10)) await acted(id, `${id} label`)
  // Removed after acting, under several labels: the latest counts, and labels that sort before every member's.
  await acted('ns-gone', 'zz old label')
  await acted('ns-gone', '  aaron (gone@ns.test)')
  await left('ns-gone', 'member.removed')
  // A new account's invitation taken back, after it had acted (single sign-on, since removed).
  await acted('ns-revoked', 'Ann (revoked@ns.test)')
  await left('ns-revoked', 'invitation.revoked')
  // Never a member: declined an invitation.
  await recordAudit(db, { orgId: ORG, actorId: 'ns-decliner', actorLabel: 'decliner@ns.test', kind: 'invitation.declined', targetId: 'ns-decliner', at: at() })
  // Removed without ever acting: no choice.
  await left('ns-quiet', 'member.removed')
  // Removed after acting, then a member again: a member's choice only.
  await acted('ns-back', 'AAA back')
  await left('ns-back', 'member.removed')
  // Removed after acting, then the account deleted: its entries name nobody any more.
  await acted('ns-deleted', 'a deleted person')
  await left('ns-deleted', 'member.removed')
  await db.execute(sql`delete from users where id = 'ns-deleted'`)
  // Another workspace's former member: not this workspace's choice.
  await acted('ns-elsewhere', 'a elsewhere', OTHER_ORG)
  await left('ns-elsewhere', 'member.removed', OTHER_ORG)
  // Two entries of the same microsecond: the one with the larger id is the latest.
  const same = new Date(Date.UTC(2026, 0, 2))
  await db.execute(sql`insert into audit_events (id, org_id, actor_id, actor_label, kind, created_at) values
    ('ns-tie-b', ${ORG}, 'ns-decliner', 'Ann (decliner, later id)', 'invitation.declined', ${same.toISOString()}::timestamptz),
    ('ns-tie-a', ${ORG}, 'ns-decliner', 'decliner, earlier id', 'invitation.declined', ${same.toISOString()}::timestamptz)`)
}

interface Setup {
  readonly handle: DatabaseHandle
  readonly app: ReturnType<typeof createApp>
  readonly acmeId: string
  readonly admin: Record<string, string>
  readonly teamMemberSet: string
}

/** The scenarios both drivers run, on a handle opened, migrated and seeded by `open`. */
function actorScenarios(open: () => Promise<DatabaseHandle>, close: () => Promise<void> = async () => {}) {
  let setup: Setup

  const signIn = async (email: string): Promise<SignInResponse> => {
    const response = await setup.app.request('/api/users/signin', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: DEMO_PASSWORD }),
    })
    expect(response.status, email).toBe(200)
    return (await response.json()) as SignInResponse
  }
  const headersOf = (session: SignInResponse, orgId: string) => ({ authorization: `Bearer ${session.access_token}`, 'x-org-id': orgId })
  const call = async (headers: Record<string, string>, method: string, path: string, body?: unknown) => {
    const response = await setup.app.request(path, {
      method,
      headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    })
    const text = await response.text()
    return { status: response.status, body: text === '' ? undefined : (JSON.parse(text) as unknown) }
  }
  const choices = async (q = ''): Promise<AuditActor[]> => {
    const { status, body } = await call(setup.admin, 'GET', `/api/organizations/audit-log/actors${q === '' ? '' : `?q=${encodeURIComponent(q)}`}`)
    expect(status, JSON.stringify(body)).toBe(200)
    const decoded = validate(AuditActorsResponse, body)
    if (!decoded.ok) throw new Error(JSON.stringify(decoded.issues))
    return [...decoded.value.actors]
  }
  const userId = async (email: string) => rowsOf<{ id: string }>(await setup.handle.db.execute(sql`select id from users where email = ${email}`))[0]?.id ?? ''

  beforeAll(async () => {
    const handle = await open()
    const signingKey = await loadSigningKey(handle.db, undefined)
    const app = createApp({
      db: handle.db,
      driver: handle.driver,
      config: TEST_CONFIG,
      signingKey,
      botCheck: { provider: 'off' },
      rateLimits: { enabled: false, trustProxy: false },
      logError: () => {},
    })
    setup = { handle, app, acmeId: '', admin: {}, teamMemberSet: '' }
    const session = await signIn('admin@acme.test')
    const admin = headersOf(session, session.org_id)
    const sets = (await call(admin, 'GET', '/api/permissions/permission-sets')).body as Array<{ _id: string; permission_set_key: string | null }>
    setup = { handle, app, acmeId: session.org_id, admin, teamMemberSet: sets.find((s) => s.permission_set_key === 'TEAM_MEMBER')?._id ?? '' }
    await seedNameSort(handle.db)
  }, 120_000)
  afterAll(async () => {
    await setup?.handle.close()
    await close()
  })

  test('Scenario: the choices are those of their definition for every search and limit, names that sort in awkward places included', async () => {
    const db = setup.handle.db
    const searches = ['', 'ann', 'AN', 'a', ' (', '(', '!', '\t', '@', 'ns.test', 'bob', 'émile', 'zz', 'gone', 'decliner', 'later', '%', '_', 'nobody here']
    for (const search of searches) {
      for (const limit of [1, 2, 7, AUDIT_ACTORS_LIMIT, 24, 100]) {
        const label = `${JSON.stringify(search)} limit ${limit}`
        expect(await listAuditActors(db, ORG, { search, limit }), label).toEqual(await byDefinition(db, ORG, search, limit))
      }
    }
    // What the fixture is for: the people who left, the way each left.
    const all = await listAuditActors(db, ORG, { limit: 100 })
    expect(all.filter((a) => !a.id.match(/^ns-\d\d$/))).toEqual([
      { id: 'ns-gone', label: '  aaron (gone@ns.test)' },
      { id: 'ns-decliner', label: 'Ann (decliner, later id)' },
      { id: 'ns-revoked', label: 'Ann (revoked@ns.test)' },
      { id: 'ns-back', label: 'Back Again (back@ns.test)' },
    ])
    expect(all).toHaveLength(NAMES.length + 4)
    // The log's actors, kept by the database as entries arrive (out of time order and tied ones
    // included), are exactly each actor's latest entry read from the log.
    expect(await db.execute(sql`select org_id, user_id, label, last_id from audit_actors order by org_id, user_id`).then(rowsOf)).toEqual(
      await db
        .execute(
          sql`select distinct on (org_id, actor_id) org_id, actor_id as user_id, actor_label as label, id as last_id from audit_events
               where actor_id is not null order by org_id, actor_id, created_at desc, id desc`,
        )
        .then(rowsOf),
    )
  })

  test('Scenario: through the API, a member removed after acting stays a choice by their latest label; one removed without acting, or whose account is deleted, is none', async () => {
    const agentId = await userId('agent@acme.test')
    await signIn('agent@acme.test')
    expect(await choices('agent')).toEqual([{ id: agentId, label: 'Sam Agent (agent@acme.test)' }])

    // A new account invited and removed before it ever signed in.
    const invited = await call(setup.admin, 'POST', '/api/organizations/members/invite', {
      email: 'quiet@acme.test',
      permission_set_ids: [setup.teamMemberSet],
    })
    expect(invited.status).toBe(201)
    const quietId = await userId('quiet@acme.test')
    expect((await call(setup.admin, 'DELETE', `/api/organizations/members/${quietId}`)).status).toBe(204)
    expect((await call(setup.admin, 'DELETE', `/api/organizations/members/${agentId}`)).status).toBe(204)

    // The agent's latest entry in Acme is their sign-in, labelled with their email then.
    expect(await choices('agent')).toEqual([{ id: agentId, label: 'agent@acme.test' }])
    expect(await choices('quiet')).toEqual([])
    expect((await choices()).map((a) => a.id)).toContain(agentId)
    expect(await listAuditActors(setup.handle.db, setup.acmeId, { limit: 100 })).toEqual(await byDefinition(setup.handle.db, setup.acmeId, '', 100))

    // A new account's invitation taken back: the account goes, and with it any choice.
    expect(
      (await call(setup.admin, 'POST', '/api/organizations/members/invite', { email: 'brief@acme.test', permission_set_ids: [setup.teamMemberSet] })).status,
    ).toBe(201)
    const briefId = await userId('brief@acme.test')
    expect((await call(setup.admin, 'DELETE', `/api/organizations/members/${briefId}/invitation`)).status).toBe(204)
    expect(await userId('brief@acme.test')).toBe('')
    expect(await choices('brief')).toEqual([])

    // No route deletes an account that has acted; if one is deleted, its entries name nobody and it is no choice.
    await setup.handle.db.execute(sql`delete from users where id = ${agentId}`)
    expect(await choices('agent')).toEqual([])
    expect(await listAuditActors(setup.handle.db, setup.acmeId, { limit: 100 })).toEqual(await byDefinition(setup.handle.db, setup.acmeId, '', 100))
  })

  test('Scenario: someone who declined an invitation is a choice; once they accept a later one, they are a member and listed once', async () => {
    const ninaId = await userId('newbie@initech.test')
    const ninaSession = await signIn('newbie@initech.test')
    const nina = headersOf(ninaSession, ninaSession.org_id)
    const pending = async () => {
      const { body } = await call(nina, 'GET', '/api/users/invitations')
      const decoded = validate(PendingInvitationList, body)
      if (!decoded.ok) throw new Error(JSON.stringify(decoded.issues))
      return decoded.value.invitations.filter((i) => i.org_id === setup.acmeId)
    }
    const invite = () =>
      call(setup.admin, 'POST', '/api/organizations/members/invite', { email: 'newbie@initech.test', permission_set_ids: [setup.teamMemberSet] })

    expect((await invite()).status).toBe(201)
    const [first] = await pending()
    expect((await call(nina, 'POST', `/api/users/invitations/${first?.id}/decline`)).status).toBe(204)
    expect(await choices('nina')).toEqual([])
    expect(await choices('newbie')).toEqual([{ id: ninaId, label: 'newbie@initech.test' }])

    expect((await invite()).status).toBe(201)
    const [second] = await pending()
    expect((await call(nina, 'POST', `/api/users/invitations/${second?.id}/accept`)).status).toBe(200)
    expect(await choices('newbie')).toEqual([{ id: ninaId, label: 'Nina Newbie (newbie@initech.test)' }])
    expect(await listAuditActors(setup.handle.db, setup.acmeId, { limit: 100 })).toEqual(await byDefinition(setup.handle.db, setup.acmeId, '', 100))
  })

  /** The plan's nodes, depth first. */
  type PlanNode = { 'Node Type': string; 'Relation Name'?: string; 'Index Name'?: string; 'Index Cond'?: string; Plans?: PlanNode[] }
  const nodesOf = (plan: PlanNode): PlanNode[] => [plan, ...(plan.Plans ?? []).flatMap(nodesOf)]

  test('Scenario: EXPLAIN shows members read off the name index up to a bound, and the others off the log\'s actors by label, never the log', async () => {
    const db = setup.handle.db
    // A workspace of a thousand members and a log of thousands of entries, settled as autovacuum leaves them.
    await db.execute(
      sql`insert into users (id, full_name, email, password_hash) select 'ns-big-' || i, 'Big ' || lpad(i::text, 4, '0'), 'big' || i || '@ns.test', '!seeded' from generate_series(1, 1000) i`,
    )
    await db.execute(sql`insert into memberships (user_id, org_id) select 'ns-big-' || i, ${ORG} from generate_series(1, 1000) i`)
    await db.execute(sql`
      insert into audit_events (id, org_id, actor_id, actor_label, kind, target_id, created_at)
      select 'ns-e-' || g, ${ORG}, 'ns-big-' || (1 + g % 1000), 'Big', case when g % 10 = 0 then 'member.removed' else 'auth.signed_in' end,
             'ns-big-' || (1 + (g * 7) % 1000), '2026-03-01'::timestamptz - g * interval '1 second'
        from generate_series(1, 20000) g`)
    await db.execute(sql`vacuum analyze`)
    for (const search of ['', 'big 00']) {
      const [row] = rowsOf<{ 'QUERY PLAN': Array<{ Plan: PlanNode }> }>(
        await db.execute(sql`explain (format json) ${auditActorsQuery(ORG, { search, limit: AUDIT_ACTORS_LIMIT })}`),
      )
      const nodes = nodesOf(row!['QUERY PLAN'][0]!.Plan)
      const label = `${JSON.stringify(search)}: ${nodes.map((n) => `${n['Node Type']}${n['Index Name'] === undefined ? '' : ` ${n['Index Name']}`}`).join(' > ')}`
      // The others: the log's actors in label order, each checked by one membership probe; the log itself is not read.
      expect(nodes.filter((n) => n['Relation Name'] === 'audit_events'), label).toEqual([])
      expect(nodes.filter((n) => n['Relation Name'] === 'audit_actors' && n['Node Type'] === 'Seq Scan'), label).toEqual([])
      expect(nodes.filter((n) => n['Index Name'] === 'audit_actors_org_label_idx'), label).toHaveLength(2)
      if (search !== '') continue
      // Without a search: the users in name order, then the range up to the bound as an index condition (plain or bitmap).
      expect(
        nodes.filter((n) => n['Relation Name'] === 'users' && n['Node Type'] === 'Seq Scan'),
        label,
      ).toEqual([])
      const byName = nodes.filter((n) => n['Index Name'] === 'users_name_order_idx')
      expect(byName, label).toHaveLength(2)
      expect(byName[1]?.['Index Cond'], label).toContain('<=')
      // And the others' labels up to the same bound, as an index condition.
      const byLabel = nodes.filter((n) => n['Index Name'] === 'audit_actors_org_label_idx')
      expect(byLabel, label).toHaveLength(2)
      expect(byLabel[1]?.['Index Cond'], label).toContain('<=')
    }
    expect(await listAuditActors(db, ORG, { limit: AUDIT_ACTORS_LIMIT })).toEqual(await byDefinition(db, ORG, '', AUDIT_ACTORS_LIMIT))
  }, 120_000)
}

describe('audit log person filter choices on PGlite', () => {
  actorScenarios(preparedPglite)
})

const adminUrl = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL
const skipReason = await postgresUnavailableBecause(adminUrl)
if (skipReason !== undefined) console.warn(`Skipping the audit log person filter tests on PostgreSQL: ${skipReason}`)

describe.skipIf(skipReason !== undefined)('audit log person filter choices on PostgreSQL', () => {
  const database = throwAwayDatabase(adminUrl, 'engage_actors')
  const { open, close } = preparedPostgres(database)
  actorScenarios(open, close)
})
