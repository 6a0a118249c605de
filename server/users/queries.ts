/**
 * The reads behind the user endpoints, each folded into one SQL statement because they sit on
 * hot paths (verify-token runs on every app start and org switch) and PGlite executes queries one
 * at a time (about 0.25 ms each).
 */
import { and, asc, eq, sql } from 'drizzle-orm'
import { Roles, type LayoutType, type Role, type WorkspaceItem } from '../../contract/api.ts'
import type { Database } from '../db/client.ts'
import { runPrepared, type PreparedStatement } from '../db/prepared.ts'
import { memberPermissionSets, memberships, organizations, permissionSets, users } from '../db/schema.ts'

/**
 * A sign-in candidate: the stored hash (null while an invited person has not set a password) and
 * the org to start in (null if the user has none).
 */
export interface Account {
  readonly userId: string
  readonly passwordHash: string | null
  readonly orgId: string | null
}

/**
 * SQL for the org a user starts in after sign-in: their default org while they are still a
 * member of it, else their oldest membership (ties broken by org name, then id). One definition
 * for sign-in and for the workspace list's `is_default`, so the two always agree.
 */
const startingOrgId = sql<string | null>`coalesce(
  (select m.org_id from ${memberships} m where m.user_id = ${users.id} and m.org_id = ${users.defaultOrgId}),
  (select m.org_id from ${memberships} m join ${organizations} o on o.id = m.org_id
    where m.user_id = ${users.id} order by m.created_at, o.name, o.id limit 1)
)`

/** The account for an email (already lower-cased by the contract), with its starting org. */
export async function findAccountByEmail(db: Database, email: string): Promise<Account | undefined> {
  const [row] = await db.select({ userId: users.id, passwordHash: users.passwordHash, orgId: startingOrgId }).from(users).where(eq(users.email, email))
  return row
}

/** One permission set a member holds: system sets are named by key, custom sets by id. */
export interface HeldSet {
  readonly id: string
  readonly key: string | null
  readonly system: boolean
}

/**
 * SQL for the permission sets held by the membership row in scope, as a JSON array (system sets
 * first, then by name). A correlated subquery rather than joins plus GROUP BY: PostgreSQL plans it
 * in about two thirds of the time, and planning dominates these tiny queries on PGlite.
 */
export const heldSets = sql<HeldSet[]>`(
  select coalesce(json_agg(json_build_object('id', ps.id, 'key', ps.permission_set_key, 'system', ps.is_system)
    order by ps.is_system desc, ps.name, ps.id), '[]'::json)
  from ${memberPermissionSets} mps join ${permissionSets} ps on ps.id = mps.permission_set_id
  where mps.user_id = ${memberships.userId} and mps.org_id = ${memberships.orgId}
)`

/** Who is calling and as which member of which org (SPEC.md §3 Auth state). */
export interface MemberContext {
  readonly user: {
    readonly id: string
    readonly fullName: string
    readonly email: string
    readonly image: string | null
    /** Issue #17: the address was confirmed through an emailed link. */
    readonly emailConfirmed: boolean
  }
  readonly org: {
    readonly id: string
    readonly name: string
    readonly isSsoEnabled: boolean
    readonly signupCompleted: boolean
    readonly waitlistApproved: boolean
    readonly layout: LayoutType
    /** Issue #19: the org requires two-factor authentication of its members. */
    readonly requireTwoFactor: boolean
  }
  /** Issue #19: the user has two-factor authentication on. */
  readonly twoFactorEnabled: boolean
  /** SPEC.md §3 Current org `roles`: keys of the system sets held in this org. */
  readonly roles: ReadonlyArray<Role>
  /** SPEC.md §3 Current org `permission_sets`: key for system sets, `_id` for custom sets. */
  readonly permissionSets: ReadonlyArray<string>
}

/**
 * The caller's user, org and permission sets in `orgId`, in one query; undefined when the user
 * is not a member of that org, or either does not exist (the caller answers 403 for both).
 */
export async function findMemberContext(db: Database, userId: string, orgId: string): Promise<MemberContext | undefined> {
  const [row] = await runPrepared(db, MEMBER_CONTEXT_STATEMENT, [userId, orgId])
  if (row === undefined) return undefined
  const sets = JSON.parse(row.sets ?? '[]') as HeldSet[]
  return {
    user: {
      id: row.user_id as string,
      fullName: row.full_name as string,
      email: row.email as string,
      image: row.image ?? null,
      emailConfirmed: row.email_confirmed === 't',
    },
    org: {
      id: row.org_id as string,
      name: row.org_name as string,
      isSsoEnabled: row.is_sso_enabled === 't',
      signupCompleted: row.signup_completed === 't',
      waitlistApproved: row.waitlist_approved === 't',
      layout: row.layout as LayoutType,
      requireTwoFactor: row.require_two_factor === 't',
    },
    twoFactorEnabled: row.two_factor_enabled === 't',
    roles: rolesOf(sets),
    permissionSets: sets.map((set) => (set.system && set.key !== null ? set.key : set.id)),
  }
}

/**
 * {@link findMemberContext}'s query (`$1` user id, `$2` org id) as a named prepared statement
 * ({@link runPrepared}): verify-token runs on every app start and org switch, and building the
 * query through Drizzle cost more CPU than running it (bench: about 9% of the server's CPU on
 * verify-token). The held sets are {@link heldSets}' subquery written out; the
 * users/tenancy tests run it. Values come back in text form (`'t'`/`'f'` for booleans).
 */
export const MEMBER_CONTEXT_STATEMENT: PreparedStatement = {
  name: 'users_member_context',
  text: `select u.id as user_id, u.full_name, u.email, u.image,
  o.id as org_id, o.name as org_name, o.is_sso_enabled, o.signup_completed, o.waitlist_approved, o.layout,
  o.require_two_factor, (u.two_factor_enabled_at is not null) as two_factor_enabled,
  (u.email_confirmed_at is not null) as email_confirmed,
  (select coalesce(json_agg(json_build_object('id', ps.id, 'key', ps.permission_set_key, 'system', ps.is_system)
      order by ps.is_system desc, ps.name, ps.id), '[]'::json)
    from member_permission_sets mps join permission_sets ps on ps.id = mps.permission_set_id
    where mps.user_id = m.user_id and mps.org_id = m.org_id)::text as sets
from memberships m
join users u on u.id = m.user_id
join organizations o on o.id = m.org_id
where m.user_id = $1 and m.org_id = $2`,
}

/** One of the caller's workspaces (SPEC.md §3 Workspace list item, plus what the switcher needs). */
export interface Workspace {
  readonly orgId: string
  readonly orgName: string
  readonly roles: ReadonlyArray<Role>
  readonly waitlistApproved: boolean
  readonly signupCompleted: boolean
  readonly isDefault: boolean
}

/**
 * Every org the user is a member of, sorted by name (case-insensitive), in one query. `isDefault`
 * marks the org sign-in starts in.
 */
export function listWorkspaces(db: Database, userId: string): Promise<Workspace[]> {
  return selectWorkspaces(db, userId)
}

/**
 * One of the user's workspaces (as in {@link listWorkspaces}), in one query; undefined when the
 * user is not a member of `orgId`. Answers the workspace endpoints (create-new, complete-signup,
 * rename) with exactly what the workspace list would show.
 */
export async function findWorkspace(db: Database, userId: string, orgId: string): Promise<Workspace | undefined> {
  const [workspace] = await selectWorkspaces(db, userId, orgId)
  return workspace
}

async function selectWorkspaces(db: Database, userId: string, orgId?: string): Promise<Workspace[]> {
  const rows = await db
    .select({
      orgId: organizations.id,
      orgName: organizations.name,
      waitlistApproved: organizations.waitlistApproved,
      signupCompleted: organizations.signupCompleted,
      isDefault: sql<boolean>`${organizations.id} = ${startingOrgId}`,
      sets: heldSets,
    })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .innerJoin(organizations, eq(organizations.id, memberships.orgId))
    .where(and(eq(memberships.userId, userId), orgId === undefined ? undefined : eq(memberships.orgId, orgId)))
    .orderBy(sql`lower(${organizations.name})`, asc(organizations.id))

  return rows.map(({ sets, ...row }) => ({ ...row, roles: rolesOf(sets) }))
}

/** A workspace as the contract's `WorkspaceItem` (SPEC.md §3 Workspace list item). */
export function toWorkspaceItem(w: Workspace): WorkspaceItem {
  return {
    org_id: w.orgId,
    org_name: w.orgName,
    roles: [...w.roles],
    waitlist_approved: w.waitlistApproved,
    signup_completed: w.signupCompleted,
    is_default: w.isDefault,
  }
}

const ROLES: ReadonlySet<string> = new Set(Roles)

/** System sets whose key is a contract role; anything else is not a role the client knows. */
export function rolesOf(sets: ReadonlyArray<HeldSet>): Role[] {
  return sets.filter((set) => set.system && set.key !== null && ROLES.has(set.key)).map((set) => set.key as Role)
}
