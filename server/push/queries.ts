/**
 * Push subscriptions in the database (SPEC.md §3 Push subscription, §7 web-push calls). One row
 * per user, org and device (`push_subscriptions`); every statement that serves a request also
 * tests membership of the org, so a non-member is told apart (403) from a device that is not
 * theirs (404) in one round trip.
 */
import { sql } from 'drizzle-orm'
import type { NotificationPreferences } from '../../contract/notifications.ts'
import type { PushDevice, SubscribeRequest } from '../../contract/push.ts'
import type { Database } from '../db/client.ts'
import { memberships, notificationPreferences, notifications, pushSubscriptions, users } from '../db/schema.ts'

/**
 * An "active" report older than this (s) no longer counts: a tab that closed without saying so
 * must not silence the device for good. The browser repeats its report while visible.
 */
export const ACTIVE_REPORT_TTL_S = 600

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows

const deviceJson = sql.raw(`json_build_object(
  'deviceIdentifier', s.device_id, 'browser', s.browser, 'os', s.os, 'device_type', s.device_type,
  'isCurrentlyActive', s.is_currently_active,
  'createdAt', to_char(s.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
  'updatedAt', to_char(s.updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))`)

/**
 * Upserts the caller's subscription for `deviceIdentifier` in the org. The endpoint is a
 * capability of one browser, so any other row holding the same endpoint under another user or
 * another device id of this user (storage cleared, someone else signed in on this browser) is
 * removed: the newest subscriber owns it, and nobody else's notifications reach that browser.
 * @returns the device and whether it was created, or undefined when not a member (nothing written).
 */
export async function upsertSubscription(db: Database, userId: string, orgId: string, body: SubscribeRequest): Promise<{ device: PushDevice; created: boolean } | undefined> {
  const { deviceIdentifier, subscription, deviceInfo } = body
  return db.transaction(async (tx) => {
    const result = await tx.execute(sql`
      with member as (select 1 from ${memberships} m where m.user_id = ${userId} and m.org_id = ${orgId}),
      upserted as (
        insert into ${pushSubscriptions} as s (id, user_id, org_id, device_id, endpoint, p256dh, auth, browser, os, user_agent, device_type, is_currently_active)
        select ${crypto.randomUUID()}, ${userId}, ${orgId}, ${deviceIdentifier}, ${subscription.endpoint}, ${subscription.keys.p256dh},
          ${subscription.keys.auth}, ${deviceInfo.browser}, ${deviceInfo.os}, ${deviceInfo.user_agent}, ${deviceInfo.device_type}, false
        from member
        on conflict (user_id, org_id, device_id) do update set endpoint = excluded.endpoint, p256dh = excluded.p256dh,
          auth = excluded.auth, browser = excluded.browser, os = excluded.os, user_agent = excluded.user_agent,
          device_type = excluded.device_type, updated_at = now()
        returning s.*, (xmax = 0) as created
      )
      select ${deviceJson} as device, s.created from upserted s`)
    const [row] = rowsOf<{ device: PushDevice; created: boolean }>(result)
    if (row === undefined) return undefined
    await tx.execute(sql`
      delete from ${pushSubscriptions}
      where endpoint = ${subscription.endpoint} and (user_id <> ${userId} or device_id <> ${deviceIdentifier})`)
    return { device: row.device, created: row.created }
  })
}

/** Outcome of a change to one device: `member` false → 403; `found` false → 404. */
export interface DeviceChange {
  readonly member: boolean
  readonly found: boolean
}

async function changeDevice(db: Database, userId: string, orgId: string, changed: ReturnType<typeof sql>): Promise<DeviceChange> {
  const result = await db.execute(sql`
    with member as (select 1 from ${memberships} m where m.user_id = ${userId} and m.org_id = ${orgId}),
    changed as (${changed})
    select exists (select 1 from member) as member, (select count(*)::int from changed) as changed`)
  const [row] = rowsOf<{ member: boolean; changed: number }>(result)
  return { member: row?.member ?? false, found: Number(row?.changed ?? 0) > 0 }
}

/** Deletes the caller's subscription of `deviceId` in the org. */
export function deleteSubscription(db: Database, userId: string, orgId: string, deviceId: string): Promise<DeviceChange> {
  return changeDevice(
    db,
    userId,
    orgId,
    sql`delete from ${pushSubscriptions} where user_id = ${userId} and org_id = ${orgId} and device_id = ${deviceId}
      and exists (select 1 from member) returning 1`,
  )
}

/** Records whether the app is in front on the caller's device (SPEC §4 device activity status). */
export function setDeviceStatus(db: Database, userId: string, orgId: string, deviceId: string, active: boolean): Promise<DeviceChange> {
  return changeDevice(
    db,
    userId,
    orgId,
    sql`update ${pushSubscriptions} set is_currently_active = ${active}, updated_at = now()
      where user_id = ${userId} and org_id = ${orgId} and device_id = ${deviceId} and exists (select 1 from member) returning 1`,
  )
}

/** The caller's devices in the org, most recently updated first; undefined when not a member. */
export async function listDevices(db: Database, userId: string, orgId: string): Promise<PushDevice[] | undefined> {
  const result = await db.execute(sql`
    select exists (select 1 from ${memberships} m where m.user_id = ${userId} and m.org_id = ${orgId}) as member,
      coalesce((select json_agg(${deviceJson} order by s.updated_at desc, s.device_id)
        from ${pushSubscriptions} s where s.user_id = ${userId} and s.org_id = ${orgId}), '[]'::json) as devices`)
  const [row] = rowsOf<{ member: boolean; devices: PushDevice[] }>(result)
  return row?.member ? row.devices : undefined
}

/** A subscription to send to. */
export interface SubscriptionTarget {
  readonly id: string
  readonly endpoint: string
  readonly p256dh: string
  readonly auth: string
}

/** A device of the caller for the test notification, and the caller's saved language (`users.language`). */
export interface TestTarget {
  /** false → 403. */
  readonly member: boolean
  /** undefined → 404. */
  readonly target: SubscriptionTarget | undefined
  readonly language: string | null
}

/** One device of the caller for the test notification, with the caller's language. */
export async function loadDevice(db: Database, userId: string, orgId: string, deviceId: string): Promise<TestTarget> {
  const result = await db.execute(sql`
    select exists (select 1 from ${memberships} m where m.user_id = ${userId} and m.org_id = ${orgId}) as member,
      (select json_build_object('id', s.id, 'endpoint', s.endpoint, 'p256dh', s.p256dh, 'auth', s.auth) from ${pushSubscriptions} s
        where s.user_id = ${userId} and s.org_id = ${orgId} and s.device_id = ${deviceId}) as target,
      (select u.language from ${users} u where u.id = ${userId}) as language`)
  const [row] = rowsOf<{ member: boolean; target: SubscriptionTarget | null; language: string | null }>(result)
  return { member: row?.member ?? false, target: row?.target ?? undefined, language: row?.language ?? null }
}

/** What delivering one notification needs, read in one statement. */
export interface DeliveryTarget {
  readonly notification: {
    readonly id: string
    readonly title: string
    readonly body: string
    readonly priority: string
    readonly category: string
    readonly action_url: string | null
    /** ms since the epoch. */
    readonly created_ms: number
  }
  /** The recipient's saved preferences, or null (defaults apply). */
  readonly preferences: NotificationPreferences | null
  /** The recipient's devices in the notification's org that are not currently active. */
  readonly subscriptions: ReadonlyArray<SubscriptionTarget>
}

/** The notification `id` with its recipient's preferences and inactive devices; undefined if it is gone. */
export async function loadDeliveryTarget(db: Database, id: string): Promise<DeliveryTarget | undefined> {
  const result = await db.execute(sql`
    select json_build_object('id', n.id, 'title', n.title, 'body', n.body, 'priority', n.priority, 'category', n.category,
        'action_url', n.action_url, 'created_ms', floor(extract(epoch from n.created_at) * 1000)::float8) as notification,
      p.preferences,
      coalesce((select json_agg(json_build_object('id', s.id, 'endpoint', s.endpoint, 'p256dh', s.p256dh, 'auth', s.auth) order by s.created_at)
        from ${pushSubscriptions} s
        where s.user_id = n.user_id and s.org_id = n.org_id
          and not (s.is_currently_active and s.updated_at > now() - make_interval(secs => ${ACTIVE_REPORT_TTL_S}))), '[]'::json) as subscriptions
    from ${notifications} n left join ${notificationPreferences} p on p.user_id = n.user_id
    where n.id = ${id}`)
  const [row] = rowsOf<DeliveryTarget>(result)
  return row
}

/** Removes a subscription the push service says is gone (404/410). */
export async function deleteSubscriptionById(db: Database, id: string): Promise<void> {
  await db.execute(sql`delete from ${pushSubscriptions} where id = ${id}`)
}

