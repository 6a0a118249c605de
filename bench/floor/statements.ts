/**
 * The SQL of Engage's two hot calls, for the server floor (bench/floor/server.ts, issue #21).
 * Copied from the server, which keeps them private: server/notifications/queries.ts
 * `listStatement('inbox', false)` and server/users/queries.ts `MEMBER_CONTEXT_STATEMENT`. Other
 * names than the server's, so the two never share a prepared statement. bench/server.ts compares
 * both servers' answers in every run: a change to Engage's SQL not made here shows as a mismatch.
 */
import type { PreparedStatement } from '../../server/db/prepared.ts'

/** The inbox view's list statement, as server/notifications/queries.ts `listStatement('inbox', false)` builds it. */
export const LIST_STATEMENT: PreparedStatement = {
  name: 'floor_notifications_list_inbox',
  text: `select
  exists (select 1 from memberships m where m.user_id = $1 and m.org_id = $2) as member,
  (select count(*)::int from notifications u where u.user_id = $1 and u.org_id = $2 and u.read_at is null and u.archived_at is null and (u.snoozed_until is null or u.snoozed_until <= $5)) as unread,
  (select count(*)::int from notifications u where u.user_id = $1 and u.org_id = $2 and u.seen_at is null and u.archived_at is null and (u.snoozed_until is null or u.snoozed_until <= $5)) as unseen,
  (select coalesce(json_agg(p), '[]')::text from (
    select n.id, n.title, n.body, n.category, n.priority, n.read_at is not null as read,
      n.action_url, n.action_text, n.metadata, n.created_at,
      n.seen_at is not null as seen, n.archived_at is not null as archived, n.snoozed_until, n.group_key
    from notifications n
    where n.user_id = $1 and n.org_id = $2 and n.archived_at is null and (n.snoozed_until is null or n.snoozed_until <= $5)
    order by n.created_at desc nulls last, n.id desc nulls last
    limit $3 offset $4) p) as rows`,
}

/** verify-token's member-context statement, as server/users/queries.ts `MEMBER_CONTEXT_STATEMENT`. */
export const MEMBER_CONTEXT_STATEMENT: PreparedStatement = {
  name: 'floor_users_member_context',
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
