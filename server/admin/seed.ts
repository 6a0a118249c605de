/**
 * Database preparation at start: migrations, the system permission sets (upserted every start
 * so edits to `permissions/system-sets.ts` apply), the demo tenants and users (first start
 * only, when there is no organisation yet, in one transaction), and the demo credits: plans and
 * this month's usage (whenever no org has a plan yet, so data directories created before credits
 * existed get them too), and the demo notifications (whenever the notifications table is empty:
 * server/notifications/seed.ts).
 *
 * The demo data is relied on by the browser tests and docs; change it only together with them.
 * Every demo user's password is {@link DEMO_PASSWORD}.
 */
import { count, inArray, sql } from 'drizzle-orm'
import type { Role } from '../../contract/api.ts'
import { hashPassword } from '../auth/password.ts'
import { SYSTEM_PERMISSION_SETS } from '../permissions/system-sets.ts'
import type { Database, DatabaseHandle } from '../db/client.ts'
import { STARTER_PLAN, creditPeriod, type Plan } from '../billing/credits.ts'
import { seedNotifications } from '../notifications/seed.ts'
import { creditLedger, memberPermissionSets, memberships, orgPlans, organizations, permissionSets, users, type CreditEntryKind } from '../db/schema.ts'

export const DEMO_PASSWORD = 'demo-password'

/** The demo organisations, by name. */
export const DEMO_ORGS = [
  { name: 'Acme Support', waitlistApproved: true, signupCompleted: true, isSsoEnabled: false },
  { name: 'Globex', waitlistApproved: true, signupCompleted: true, isSsoEnabled: false },
  { name: 'Initech', waitlistApproved: true, signupCompleted: false, isSsoEnabled: false },
  { name: 'Waitlist Labs', waitlistApproved: false, signupCompleted: false, isSsoEnabled: false },
  { name: 'Umbrella', waitlistApproved: true, signupCompleted: true, isSsoEnabled: true },
] as const

type DemoOrgName = (typeof DEMO_ORGS)[number]['name']

/** The custom (per-organisation) permission set of the demo. */
export const SUPPORT_AGENT_SET = {
  org: 'Acme Support',
  name: 'Support Agent',
  description: 'Views contacts and agents.',
  permissions: [
    { resource: 'CONTACTS', actions: ['READ'], conditions: {} },
    { resource: 'AGENTS', actions: ['READ'], conditions: {} },
  ],
} as const satisfies { org: DemoOrgName; [key: string]: unknown }

/** A membership of a demo user: the org and the sets held there (a role key or 'Support Agent'). */
interface DemoMembership {
  readonly org: DemoOrgName
  readonly sets: ReadonlyArray<Role | typeof SUPPORT_AGENT_SET.name>
}

/** The demo users; the first membership is the default org. */
export const DEMO_USERS: ReadonlyArray<{ email: string; fullName: string; memberships: ReadonlyArray<DemoMembership> }> = [
  {
    email: 'admin@acme.test',
    fullName: 'Ada Admin',
    memberships: [
      { org: 'Acme Support', sets: ['SUPER_ADMIN'] },
      { org: 'Globex', sets: ['TEAM_MEMBER'] },
    ],
  },
  { email: 'agent@acme.test', fullName: 'Sam Agent', memberships: [{ org: 'Acme Support', sets: ['Support Agent'] }] },
  { email: 'newbie@initech.test', fullName: 'Nina Newbie', memberships: [{ org: 'Initech', sets: ['SUPER_ADMIN'] }] },
  { email: 'waiting@waitlist.test', fullName: 'Walt Waiting', memberships: [{ org: 'Waitlist Labs', sets: ['SUPER_ADMIN'] }] },
  { email: 'sso@umbrella.test', fullName: 'Sara Sso', memberships: [{ org: 'Umbrella', sets: ['SUPER_ADMIN'] }] },
]

/**
 * Inserts or updates every system permission set by key, in one statement. Ids of existing
 * sets are kept, so assignments survive.
 */
export async function upsertSystemPermissionSets(db: Database): Promise<void> {
  await db
    .insert(permissionSets)
    .values(
      SYSTEM_PERMISSION_SETS.map((set) => ({
        orgId: null,
        permissionSetKey: set.key,
        name: set.name,
        description: set.description,
        isSystem: true,
        permissions: [...set.permissions],
      })),
    )
    .onConflictDoUpdate({
      target: permissionSets.permissionSetKey,
      set: {
        name: sql`excluded.name`,
        description: sql`excluded.description`,
        isSystem: sql`excluded.is_system`,
        permissions: sql`excluded.permissions`,
      },
    })
}

/**
 * Creates the demo organisations, users, memberships and permission-set assignments if the
 * database has no organisation yet. Needs the system sets in place (see
 * {@link upsertSystemPermissionSets}).
 * @returns true if it seeded, false if data already existed.
 */
export async function seedDemoData(db: Database): Promise<boolean> {
  // Hashing first, outside the transaction: it is the slow part (one scrypt, shared by all users).
  const passwordHash = await hashPassword(DEMO_PASSWORD)
  return db.transaction(async (tx) => {
    const [existing] = await tx.select({ n: count() }).from(organizations)
    if ((existing?.n ?? 0) > 0) return false

    const orgRows = await tx
      .insert(organizations)
      .values(DEMO_ORGS.map((org) => ({ ...org, layout: 'DEFAULT' as const })))
      .returning({ id: organizations.id, name: organizations.name })
    const orgId = (name: string) => mustFind(orgRows.find((org) => org.name === name)?.id, `org ${name}`)

    const [customSet] = await tx
      .insert(permissionSets)
      .values({
        orgId: orgId(SUPPORT_AGENT_SET.org),
        permissionSetKey: null,
        name: SUPPORT_AGENT_SET.name,
        description: SUPPORT_AGENT_SET.description,
        isSystem: false,
        permissions: SUPPORT_AGENT_SET.permissions.map((p) => ({ ...p, actions: [...p.actions] })),
      })
      .returning({ id: permissionSets.id })
    const roleKeys = DEMO_USERS.flatMap((u) => u.memberships.flatMap((m) => m.sets)).filter((s) => s !== SUPPORT_AGENT_SET.name)
    const systemRows = await tx
      .select({ id: permissionSets.id, key: permissionSets.permissionSetKey })
      .from(permissionSets)
      .where(inArray(permissionSets.permissionSetKey, roleKeys))
    const setId = (name: string) =>
      name === SUPPORT_AGENT_SET.name ? mustFind(customSet?.id, 'custom set') : mustFind(systemRows.find((s) => s.key === name)?.id, `set ${name}`)

    const userRows = await tx
      .insert(users)
      .values(
        DEMO_USERS.map((u) => ({
          email: u.email,
          fullName: u.fullName,
          passwordHash,
          // The demo people's addresses count as confirmed (the profile shows it).
          emailConfirmedAt: new Date(),
          defaultOrgId: orgId(mustFind(u.memberships[0], `${u.email} membership`).org),
        })),
      )
      .returning({ id: users.id, email: users.email })
    const userId = (email: string) => mustFind(userRows.find((u) => u.email === email)?.id, `user ${email}`)

    const pairs = DEMO_USERS.flatMap((u) => u.memberships.map((m) => ({ userId: userId(u.email), orgId: orgId(m.org), sets: m.sets })))
    await tx.insert(memberships).values(pairs.map(({ userId, orgId }) => ({ userId, orgId })))
    await tx
      .insert(memberPermissionSets)
      .values(pairs.flatMap(({ userId, orgId, sets }) => sets.map((set) => ({ userId, orgId, permissionSetId: setId(set) }))))
    return true
  })
}

/** The demo plans by org name; every other org gets {@link STARTER_PLAN}. */
export const DEMO_PLANS: Readonly<Partial<Record<DemoOrgName, Plan>>> = {
  'Acme Support': { planName: 'Growth', monthlyCredits: 10_000 },
  Globex: { planName: 'Enterprise', monthlyCredits: null },
}

/**
 * The demo's credit use in the current month, by org name: Acme Support has used 2,500 of its
 * 10,000 (ai 2,000, voice 400, messaging 100). Spread over several ledger rows so the ledger
 * looks like real use; the rows are dated between the month's start and now, never later.
 */
export const DEMO_USAGE_THIS_MONTH: Readonly<Partial<Record<DemoOrgName, ReadonlyArray<{ category: string; credits: number }>>>> = {
  'Acme Support': [
    { category: 'ai', credits: 1200 },
    { category: 'voice', credits: 250 },
    { category: 'ai', credits: 800 },
    { category: 'messaging', credits: 100 },
    { category: 'voice', credits: 150 },
  ],
  Globex: [
    { category: 'ai', credits: 5400 },
    { category: 'voice', credits: 1200 },
    { category: 'messaging', credits: 320 },
  ],
}

/** Acme Support's use last month: shows that a month's credits reset (it is not counted now). */
export const DEMO_ACME_USAGE_LAST_MONTH = { category: 'ai', credits: 3000 } as const

/**
 * Gives every org a plan (the demo plans by name, Starter otherwise) and the demo's ledger
 * rows, if no org has a plan yet; in one transaction.
 * @param nowMs the current time: this month's rows are dated between the month's start and it.
 * @returns true if it seeded, false if plans already existed.
 */
export async function seedCredits(db: Database, nowMs: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [existing] = await tx.select({ n: count() }).from(orgPlans)
    if ((existing?.n ?? 0) > 0) return false
    const orgs = await tx.select({ id: organizations.id, name: organizations.name }).from(organizations)
    if (orgs.length === 0) return false
    await tx.insert(orgPlans).values(
      orgs.map((org) => {
        const plan = DEMO_PLANS[org.name as DemoOrgName] ?? STARTER_PLAN
        return { orgId: org.id, planName: plan.planName, monthlyCredits: plan.monthlyCredits }
      }),
    )

    const { start } = creditPeriod(nowMs)
    const elapsed = nowMs - start.getTime()
    const rows: Array<{ orgId: string; occurredAt: Date; category: string; credits: number; kind: CreditEntryKind }> = []
    for (const org of orgs) {
      const usage = DEMO_USAGE_THIS_MONTH[org.name as DemoOrgName] ?? []
      // Evenly spaced strictly inside [start of month, now]: never in the future.
      usage.forEach((use, i) => {
        const occurredAt = new Date(start.getTime() + Math.floor((elapsed * (i + 1)) / (usage.length + 1)))
        rows.push({ orgId: org.id, occurredAt, category: use.category, credits: use.credits, kind: 'usage' })
      })
      if (org.name === 'Acme Support') {
        // Mid-way through the previous month.
        const occurredAt = new Date(start.getTime() - 15 * 24 * 60 * 60 * 1000)
        rows.push({ orgId: org.id, occurredAt, ...DEMO_ACME_USAGE_LAST_MONTH, kind: 'usage' })
      }
    }
    if (rows.length > 0) await tx.insert(creditLedger).values(rows)
    return true
  })
}

/**
 * Everything the server needs before serving: migrations, system sets, demo data on first start,
 * demo credits while no org has a plan, then (PGlite) a vacuum and analyze pass.
 * @param options.now the clock in ms (defaults to `Date.now()`): dates this month's demo credit use.
 * @returns whether the demo data was seeded by this call.
 */
export async function prepareDatabase(handle: DatabaseHandle, options: { now?: number } = {}): Promise<{ seeded: boolean }> {
  // Hosts starting together on one empty PostgreSQL take turns: the first migrates
  // and seeds, the next finds it done. Without the lock both ran the same DDL and inserts, and one
  // died on a unique-key violation.
  return handle.exclusively(() => prepareUnderLock(handle, options))
}

async function prepareUnderLock(handle: DatabaseHandle, options: { now?: number }): Promise<{ seeded: boolean }> {
  await handle.migrate()
  await upsertSystemPermissionSets(handle.db)
  const [existing] = await handle.db.select({ n: count() }).from(organizations)
  // Checked here too so a normal restart does not pay for the password hash.
  const seeded = (existing?.n ?? 0) > 0 ? false : await seedDemoData(handle.db)
  const [plans] = await handle.db.select({ n: count() }).from(orgPlans)
  if ((plans?.n ?? 0) === 0) await seedCredits(handle.db, options.now ?? Date.now())
  await seedNotifications(handle.db, options.now ?? Date.now())
  // PGlite runs no autovacuum: without statistics the planner guessed one row per table and read
  // the notifications list through the org index plus a sort, and without the visibility map the
  // unread count's index-only scan fetched every heap row. One pass at start fixes both (a few
  // ms on the demo data); PostgreSQL's autovacuum does this by itself.
  if (handle.driver === 'pglite') await handle.db.execute(sql`vacuum (analyze)`)
  return { seeded }
}

function mustFind<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`seed: ${what} not found`)
  return value
}
