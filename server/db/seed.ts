/**
 * Database preparation at start: migrations, the system permission sets (upserted every start
 * so edits to `permissions/system-sets.ts` apply), and the demo tenants and users (first start
 * only, when there is no organisation yet, in one transaction).
 *
 * The demo data is relied on by the browser tests and docs; change it only together with them.
 * Every demo user's password is {@link DEMO_PASSWORD}.
 */
import { count, inArray, sql } from 'drizzle-orm'
import type { Role } from '../../contract/api.ts'
import { hashPassword } from '../auth/password.ts'
import { SYSTEM_PERMISSION_SETS } from '../permissions/system-sets.ts'
import type { Database, DatabaseHandle } from './client.ts'
import { memberPermissionSets, memberships, organizations, permissionSets, users } from './schema.ts'

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

/**
 * Everything the server needs before serving: migrations, system sets, demo data on first start.
 * @returns whether the demo data was seeded by this call.
 */
export async function prepareDatabase(handle: DatabaseHandle): Promise<{ seeded: boolean }> {
  await handle.migrate()
  await upsertSystemPermissionSets(handle.db)
  const [existing] = await handle.db.select({ n: count() }).from(organizations)
  // Checked here too so a normal restart does not pay for the password hash.
  if ((existing?.n ?? 0) > 0) return { seeded: false }
  return { seeded: await seedDemoData(handle.db) }
}

function mustFind<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`seed: ${what} not found`)
  return value
}
