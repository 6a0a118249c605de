/**
 * A person's notification preferences in the database (SPEC.md §3 Notification preferences): the
 * notifications routes read and save them inside an org, the unsubscribe link
 * (server/mail/unsubscribe-routes.ts) changes them outside any org. Every answer is in the
 * server's canonical shape (./normalize.ts).
 */
import { sql } from 'drizzle-orm'
import { DEFAULT_PREFERENCES, type NotificationPreferences } from '../../contract/notifications.ts'
import { type Database, rowsOf } from '../db/client.ts'
import { memberships, notificationPreferences, users } from '../db/schema.ts'
import { normalizePreferences } from './normalize.ts'

/**
 * The caller's preferences in the server's canonical shape (./normalize.ts
 * `normalizePreferences`: every category, `channels` filled), {@link DEFAULT_PREFERENCES} when
 * none are saved; membership of the org is checked in the same query.
 * @returns undefined when the user is not a member of the org (→ 403); else the answer and the
 *   document as stored (null when none), which a PUT merges with.
 */
export async function loadPreferences(
  db: Database,
  userId: string,
  orgId: string,
): Promise<{ readonly preferences: NotificationPreferences; readonly saved: NotificationPreferences | null } | undefined> {
  const result = await db.execute(sql`
    select p.preferences from ${memberships} m
    left join ${notificationPreferences} p on p.user_id = m.user_id
    where m.user_id = ${userId} and m.org_id = ${orgId}`)
  const [row] = rowsOf<{ preferences: NotificationPreferences | null }>(result)
  if (row === undefined) return undefined
  return { preferences: normalizePreferences(row.preferences), saved: row.preferences }
}

/**
 * Saves the caller's (already validated and normalized) preferences, replacing any saved ones;
 * written only if the caller is a member of the org (one statement).
 * @returns the saved preferences (normalized), or undefined when not a member (nothing written → 403).
 */
export async function savePreferences(
  db: Database,
  userId: string,
  orgId: string,
  preferences: NotificationPreferences,
): Promise<NotificationPreferences | undefined> {
  const json = JSON.stringify(preferences)
  const result = await db.execute(sql`
    insert into ${notificationPreferences} (user_id, preferences, updated_at)
    select m.user_id, ${json}::jsonb, now() from ${memberships} m where m.user_id = ${userId} and m.org_id = ${orgId}
    on conflict (user_id) do update set preferences = excluded.preferences, updated_at = excluded.updated_at
    returning preferences`)
  const [row] = rowsOf<{ preferences: NotificationPreferences }>(result)
  return row === undefined ? undefined : normalizePreferences(row.preferences)
}

/**
 * Changes one person's preferences outside any org (the unsubscribe link), in one
 * transaction with the row locked, so a concurrent save is not lost: `change` gets the current
 * preferences (normalized; the defaults when none are saved) and returns the new ones.
 * @returns the user's email and the preferences now stored, or undefined when there is no such user.
 */
export async function updateUserPreferences(
  db: Database,
  userId: string,
  change: (current: NotificationPreferences) => NotificationPreferences,
): Promise<{ readonly email: string; readonly preferences: NotificationPreferences } | undefined> {
  return db.transaction(async (tx) => {
    const found = await tx.execute(sql`
      select u.email, p.preferences from ${users} u
      left join ${notificationPreferences} p on p.user_id = u.id
      where u.id = ${userId}
      for update of u`)
    const [row] = rowsOf<{ email: string; preferences: NotificationPreferences | null }>(found)
    if (row === undefined) return undefined
    const next = normalizePreferences(change(normalizePreferences(row.preferences)))
    await tx.execute(sql`
      insert into ${notificationPreferences} (user_id, preferences, updated_at)
      values (${userId}, ${JSON.stringify(next)}::jsonb, now())
      on conflict (user_id) do update set preferences = excluded.preferences, updated_at = excluded.updated_at`)
    return { email: row.email, preferences: next }
  })
}

/** One person's email and preferences (normalized), outside any org; undefined when there is no such user. */
export async function loadUserPreferences(
  db: Database,
  userId: string,
): Promise<{ readonly email: string; readonly preferences: NotificationPreferences } | undefined> {
  const found = await db.execute(sql`
    select u.email, p.preferences from ${users} u
    left join ${notificationPreferences} p on p.user_id = u.id
    where u.id = ${userId}`)
  const [row] = rowsOf<{ email: string; preferences: NotificationPreferences | null }>(found)
  return row === undefined ? undefined : { email: row.email, preferences: normalizePreferences(row.preferences) }
}
