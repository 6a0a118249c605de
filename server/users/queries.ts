/**
 * The reads behind the user endpoints, each folded into one SQL statement because they sit on
 * hot paths (verify-token runs on every app start and org switch) and PGlite executes queries one
 * at a time (about 0.25 ms each).
 */
import { eq } from 'drizzle-orm'
import { Roles } from '../../contract/api.ts'
import type { Database } from '../db/client.ts'
import { runPrepared, type PreparedStatement } from '../db/prepared.ts'
import { users } from '../db/schema.ts'
import { startingOrgId } from '../members/workspaces.ts'

/**
 * A sign-in candidate: the stored hash (null while an invited person has not set a password) and
 * the org to start in (null if the user has none).
 */
export interface Account {
  readonly userId: string
  readonly passwordHash: string | null
  readonly orgId: string | null
}

/** The account for an email (already lower-cased by the contract), with its starting org. */
export async function findAccountByEmail(db: Database, email: string): Promise<Account | undefined> {
  const [row] = await db.select({ userId: users.id, passwordHash: users.passwordHash, orgId: startingOrgId }).from(users).where(eq(users.email, email))
  return row
}

/** The contract roles as an SQL list (`'SUPER_ADMIN', 'ADMIN', ...`): constant identifiers, checked here. */
const ROLES_SQL = Roles.map((role) => {
  if (!/^[A-Z_]+$/.test(role)) throw new Error(`A role key must be capital letters and underscores: ${role}`)
  return `'${role}'`
}).join(', ')

/**
 * `GET /users/verify-token`'s answer (contract `VerifyTokenResponse`, SPEC.md §3 Auth state) for
 * `userId` as a member of `orgId`, as JSON text ready to send (written by the statement,
 * nothing parsed or stringified here); undefined when the user is not a member of that org, or
 * either does not exist (the caller answers 403 for both). See {@link MEMBER_CONTEXT_STATEMENT}.
 */
export async function verifyTokenAnswer(db: Database, userId: string, orgId: string, sessionId?: string): Promise<string | undefined> {
  const [row] = await runPrepared(db, MEMBER_CONTEXT_STATEMENT, [userId, orgId, sessionId ?? null])
  return row?.answer ?? undefined
}

/**
 * {@link verifyTokenAnswer}'s query (`$1` user id, `$2` org id, `$3` the token's session id or null) as a named prepared statement
 * ({@link runPrepared}): verify-token runs on every app start and org switch, and building the
 * query through Drizzle cost more CPU than running it (bench: about 9% of the server's CPU on
 * verify-token). One column, `answer`: the contract's JSON, compact, its keys in the contract's
 * order, strings escaped by `to_json` (as `JSON.stringify` escapes them):
 *
 * - `user`: `_id`, `fullName`, `email`, `image` (null when none), `email_confirmed`, `language` (null when none chosen),
 *   `time_zone` (the quiet hours' zone of the person's notification preferences; null when none is saved);
 * - `currentOrgData`: `org_id`, `org_name`, `roles` (the keys of the system sets held that are
 *   contract roles), `is_sso_enabled`, `signup_completed`, `waitlist_approved`, `layout`,
 *   `permission_sets` (key for a system set, id for a custom one), the org's
 *   two-factor rule: `require_two_factor` and `two_factor_required_setup` (the org requires it and the user has not
 *   turned it on: the app blocks them until they do), and `default_language` (null when none);
 * - `session_method`: how the session `$3` began (`sessions.method`), null without one.
 *
 * The held sets in both lists are in one order: system sets first, then by name, then id. No row
 * when the membership does not exist. The users/tenancy tests run it.
 */
export const MEMBER_CONTEXT_STATEMENT: PreparedStatement = {
  name: 'users_verify_token_answer',
  text: `select '{"user":{"_id":' || to_json(u.id)::text || ',"fullName":' || to_json(u.full_name)::text
  || ',"email":' || to_json(u.email)::text || ',"image":' || coalesce(to_json(u.image)::text, 'null')
  || ',"email_confirmed":' || case when u.email_confirmed_at is not null then 'true' else 'false' end
  || ',"language":' || coalesce(to_json(u.language)::text, 'null')
  || ',"time_zone":' || coalesce((select to_json(np.preferences->'quiet_hours'->>'timezone')::text from notification_preferences np where np.user_id = u.id), 'null')
  || '},"currentOrgData":{"org_id":' || to_json(o.id)::text || ',"org_name":' || coalesce(to_json(o.name)::text, 'null')
  || ',"roles":[' || coalesce(held.roles, '') || '],"is_sso_enabled":' || case when o.is_sso_enabled then 'true' else 'false' end
  || ',"signup_completed":' || case when o.signup_completed then 'true' else 'false' end
  || ',"waitlist_approved":' || case when o.waitlist_approved then 'true' else 'false' end
  || ',"layout":' || coalesce(to_json(o.layout)::text, 'null')
  || ',"permission_sets":[' || coalesce(held.sets, '') || ']'
  || ',"require_two_factor":' || case when o.require_two_factor then 'true' else 'false' end
  || ',"two_factor_required_setup":' || case when o.require_two_factor and u.two_factor_enabled_at is null then 'true' else 'false' end
  || ',"default_language":' || coalesce(to_json(o.default_language)::text, 'null')
  || '},"session_method":' || coalesce((select to_json(s.method)::text from sessions s where s.id = $3::text and s.user_id = m.user_id), 'null')
  || '}' as answer
from memberships m
join users u on u.id = m.user_id
join organizations o on o.id = m.org_id
cross join lateral (
  select string_agg(to_json(ps.permission_set_key)::text, ',' order by ps.is_system desc, ps.name, ps.id)
      filter (where ps.is_system and ps.permission_set_key in (${ROLES_SQL})) as roles,
    string_agg(to_json(case when ps.is_system and ps.permission_set_key is not null then ps.permission_set_key else ps.id end)::text, ','
      order by ps.is_system desc, ps.name, ps.id) as sets
  from member_permission_sets mps join permission_sets ps on ps.id = mps.permission_set_id
  where mps.user_id = m.user_id and mps.org_id = m.org_id) held
where m.user_id = $1 and m.org_id = $2`,
}
