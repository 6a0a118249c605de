/**
 * Making a workspace (tenant) and its owner's place in it, shared by sign-up
 * (`POST /users/signup`) and `POST /organizations/create-new` (SPEC.md §1: users can create a
 * new workspace; §4 Creating a workspace).
 *
 * A new workspace gets, in the caller's transaction: the organisation row (owned by its creator:
 * `created_by`), the creator's membership holding the super-admin permission set (SPEC.md §3:
 * the set that sees everything, so the creator can manage roles and invite people), and its
 * plan (server/billing/credits.ts): the one chosen at sign-up, Starter otherwise.
 */
import { eq, sql } from 'drizzle-orm'
import { SUPER_ADMIN_SET_KEY } from '../../contract/api.ts'
import { STARTER_PLAN, type Plan } from '../billing/credits.ts'
import type { Database } from '../db/client.ts'
import { memberPermissionSets, memberships, orgPlans, organizations, permissionSets, users } from '../db/schema.ts'

/** How many workspaces one person may own (create, sign-up included). Beyond: 409 `conflict`. */
export const MAX_OWNED_WORKSPACES = 20

/** Longest workspace name (contract `WorkspaceName`). */
const MAX_NAME_LENGTH = 80

export interface NewWorkspace {
  /** The creator: owner and first member (super admin). */
  readonly ownerId: string
  /** Already validated (contract `WorkspaceName`). */
  readonly name: string
  readonly waitlistApproved: boolean
  readonly signupCompleted: boolean
  readonly now: Date
  /** The plan it starts on; {@link STARTER_PLAN} when absent. */
  readonly plan?: Plan
}

/**
 * Inserts the workspace, the owner's membership with the super-admin set, and its plan (Starter
 * unless `workspace.plan` says otherwise).
 * Call inside a transaction (the owner's user row must exist).
 * @returns the new org's id.
 * @throws Error if the system sets were not upserted (the server does that at every start).
 */
export async function insertWorkspace(tx: Database, workspace: NewWorkspace): Promise<string> {
  const [superAdmin] = await tx.select({ id: permissionSets.id }).from(permissionSets).where(eq(permissionSets.permissionSetKey, SUPER_ADMIN_SET_KEY))
  if (superAdmin === undefined) throw new Error('insertWorkspace: the super-admin permission set is missing')
  const [org] = await tx
    .insert(organizations)
    .values({
      name: workspace.name,
      waitlistApproved: workspace.waitlistApproved,
      signupCompleted: workspace.signupCompleted,
      createdBy: workspace.ownerId,
      createdAt: workspace.now,
    })
    .returning({ id: organizations.id })
  if (org === undefined) throw new Error('insertWorkspace: the organisation insert returned no row')
  await tx.insert(memberships).values({ userId: workspace.ownerId, orgId: org.id, createdAt: workspace.now })
  await tx.insert(memberPermissionSets).values({ userId: workspace.ownerId, orgId: org.id, permissionSetId: superAdmin.id, createdAt: workspace.now })
  const plan = workspace.plan ?? STARTER_PLAN
  await tx.insert(orgPlans).values({ orgId: org.id, planName: plan.planName, monthlyCredits: plan.monthlyCredits })
  return org.id
}

/** What decides a new workspace's name, status and whether it may be created at all. */
export interface CreatorFacts {
  readonly fullName: string
  /** Workspaces the person created (`created_by`). */
  readonly owned: number
  /** Whether they are a member of at least one waitlist-approved workspace. */
  readonly inApprovedWorkspace: boolean
  /** Lower-cased names of every workspace they are a member of. */
  readonly memberOfNames: ReadonlyArray<string>
}

/**
 * Locks the user's row for the rest of the transaction (so two concurrent creations by the same
 * person cannot both pass the limit) and reads the facts above, in one query.
 * @returns undefined when the user no longer exists.
 */
export async function lockCreator(tx: Database, userId: string): Promise<CreatorFacts | undefined> {
  // Qualified by hand: in a single-table select Drizzle renders `users.id` as a bare "id", which
  // inside these subqueries would bind to the organisation's id instead.
  const userRowId = sql`${users}.${sql.identifier('id')}`
  const [row] = await tx
    .select({
      fullName: users.fullName,
      owned: sql<number>`(select count(*)::int from ${organizations} o where o.created_by = ${userRowId})`,
      inApprovedWorkspace: sql<boolean>`exists (select 1 from ${memberships} m join ${organizations} o on o.id = m.org_id
        where m.user_id = ${userRowId} and o.waitlist_approved)`,
      memberOfNames: sql<string[]>`(select coalesce(json_agg(lower(o.name)), '[]'::json) from ${memberships} m
        join ${organizations} o on o.id = m.org_id where m.user_id = ${userRowId})`,
    })
    .from(users)
    .where(eq(users.id, userId))
    .for('update')
  return row
}

/**
 * The name a workspace gets when its creator gives none: "<first name>'s workspace", or
 * "<first name>'s workspace 2", 3... when one of their workspaces already has that name
 * (ignoring case), so two unnamed workspaces can be told apart in the switcher. The first name
 * is the first word of `fullName` ("My workspace" when there is none), shortened so the result
 * fits the 80-character limit.
 * @param taken lower-cased names of the creator's workspaces.
 */
export function defaultWorkspaceName(fullName: string, taken: ReadonlyArray<string>): string {
  const first = fullName.trim().split(/\s+/)[0] ?? ''
  // Room for "'s workspace" and a suffix of up to " 9999".
  const base = first === '' ? 'My workspace' : `${first.slice(0, MAX_NAME_LENGTH - "'s workspace 9999".length)}'s workspace`
  const used = new Set(taken)
  if (!used.has(base.toLowerCase())) return base
  for (let n = 2; ; n++) {
    const candidate = `${base} ${n}`
    if (!used.has(candidate.toLowerCase())) return candidate
  }
}
