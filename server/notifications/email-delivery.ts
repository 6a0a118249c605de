/**
 * Emailing notifications ("The preference matrix", email-delivery bullets; table
 * `email_deliveries`, server/db/schema.ts; docs/api.md "Email delivery").
 *
 * On creation ({@link EmailDelivery.notificationCreated}, called after the commit by the code path
 * that created the notification, like push: docs/decisions.md "Push: delivery is an explicit call
 * after the insert"): the in-app list has it whatever happens here. When the recipient's
 * preferences of that moment let it out by email (contract `channelAllows(preferences, category,
 * 'email')`: `email_enabled`, the mapped preference category enabled, its email channel on), one
 * `email_deliveries` row is written:
 * - urgent: claimed at once and sent as a single notification email now, unless the moment is in
 *   the recipient's quiet hours: then it stays unclaimed and goes into the first digest after the
 *   window (docs/decisions.md "Email: urgent notifications and quiet hours");
 * - others: due at the next digest run.
 *
 * A digest run ({@link EmailDelivery.runDigests}, every EMAIL_DIGEST_INTERVAL_S seconds through
 * {@link EmailDelivery.start}) claims every due row not claimed by anyone (one UPDATE with
 * `FOR UPDATE SKIP LOCKED`, so two server processes never send the same notification), and per
 * recipient and org decides again from the preferences of that moment: not a member any more, or
 * email now off for it → outcome `refused`; in quiet hours → the claim is released and the rows
 * wait for a later run; already read in the app → `read`; the rest go out as ONE digest mail
 * ("3 new notifications in Acme Support"), outcome `digested`. Nothing is sent when everything was
 * read. A claim older than {@link STALE_CLAIM_MS} (its process stopped between claim and send) is
 * taken over, so a crash may at worst send a notification twice, never lose it. Each run also
 * deletes rows done more than {@link EMAIL_DELIVERY_RETENTION_MS} ago.
 *
 * Every message carries `List-Unsubscribe` / `List-Unsubscribe-Post` (RFC 8058) and a footer link
 * (server/mail/unsubscribe.ts): the single email unsubscribes from its preference category's
 * emails; a digest from its category when all its items share one, else from every notification
 * email (`email_enabled`; docs/decisions.md "Email: what a digest's unsubscribe link turns off").
 * The emails' own words are in the recipient's language (`users.language`: the outbox renders the
 * templates' drafts, server/mail/mailer.ts); titles, bodies and workspace names stay as written.
 */
import { sql } from 'drizzle-orm'
import { ALL_EMAIL_SCOPE, channelAllows, type NotificationPreferences, notificationActionHref, preferenceCategoryOf } from '../../contract/notifications.ts'
import { type Database, rowsOf } from '../db/client.ts'
import { emailDeliveries, memberships, notificationPreferences, notifications, organizations, users } from '../db/schema.ts'
import type { Mailer } from '../mail/mailer.ts'
import { digestMail, type MailedNotification, type NotificationMailFooter, notificationMail } from '../mail/templates/notification.tsx'
import { type UnsubscribeTokens, unsubscribeHeaders, unsubscribePageUrl } from '../mail/unsubscribe.ts'
import { periodicJob } from '../jobs/periodic.ts'
import { isInQuietHours } from '../preferences/quiet-hours.ts'
import { normalizePreferences } from '../preferences/normalize.ts'

/** A claim older than this (ms) is taken over by the next digest run: its process stopped. */
export const STALE_CLAIM_MS = 10 * 60_000
/** Most rows one digest run claims (the rest wait for the next run). */
export const DIGEST_CLAIM_LIMIT = 5_000
/**
 * How long a done row (`done_at` set: emailed, digested, read or refused) is kept, ms: 30 days, to
 * answer "was this emailed, and when?"; then a digest run deletes it. Rows not done are never
 * deleted this way (they go with their notification).
 */
export const EMAIL_DELIVERY_RETENTION_MS = 30 * 24 * 60 * 60_000
/** Most done rows one digest run deletes (a backlog goes over the next runs). */
export const EMAIL_DELIVERY_PRUNE_LIMIT = 5_000
/** The SPA paths the emails link to (src/navigation/routes.ts). */
export const INBOX_PATH = '/app/notifications'
export const PREFERENCES_PATH = '/app/notification-settings'

/** What {@link EmailDelivery.runDigests} does with a row, stored in `email_deliveries.outcome`. */
export type EmailOutcome = 'emailed' | 'digested' | 'read' | 'refused'

export interface EmailDeliveryDeps {
  readonly db: Database
  readonly mailer: Pick<Mailer, 'send'>
  /** Clock, ms since the epoch. */
  readonly now: () => number
  /** The public origin links are built from (APP_URL), e.g. `https://engage.example`. */
  readonly publicOrigin: () => string
  readonly unsubscribe: UnsubscribeTokens
  readonly logError: (message: string, error: unknown) => void
}

export interface EmailDelivery {
  /**
   * Decides and records the email delivery of notification `id` (see the module comment); sends it
   * at once when urgent. Never rejects: failures are logged. Tracked until {@link settled}.
   */
  notificationCreated(id: string): Promise<void>
  /** One digest run. @returns how many mails it sent (digests). Rejects only when the claim fails. */
  runDigests(): Promise<number>
  /** Runs digests every `intervalMs` (unref'd: never keeps the process alive); one run at a time. */
  start(intervalMs: number): void
  /** Stops the periodic runs (a run under way finishes; see {@link settled}). */
  stop(): void
  /** Resolves when every delivery and digest run started so far has finished (tests, shutdown). */
  settled(): Promise<void>
}

/** A notification as the emails need it. */
interface ItemRow {
  readonly id: string
  readonly title: string
  readonly body: string
  readonly category: string
  readonly read: boolean
  readonly action_url: string | null
  readonly action_text: string | null
  readonly metadata: Record<string, unknown> | null
}

/** The recipient, workspace and notifications of one (user, org). */
interface Recipient {
  readonly email: string
  readonly workspace: string
  readonly member: boolean
  readonly preferences: NotificationPreferences
  readonly items: ReadonlyArray<ItemRow>
}

const at = (ms: number) => new Date(ms).toISOString()
const idList = (ids: ReadonlyArray<string>) => sql`(select jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb))`

/** The recipient `userId` in `orgId` with notifications `ids` (newest first); undefined when the user or org is gone. */
async function loadRecipient(db: Database, userId: string, orgId: string, ids: ReadonlyArray<string>): Promise<Recipient | undefined> {
  const result = await db.execute(sql`
    select u.email, o.name as workspace, p.preferences,
      exists (select 1 from ${memberships} m where m.user_id = u.id and m.org_id = o.id) as member,
      coalesce((select json_agg(json_build_object('id', n.id, 'title', n.title, 'body', n.body, 'category', n.category,
          'read', n.read_at is not null, 'action_url', n.action_url, 'action_text', n.action_text, 'metadata', n.metadata)
          order by n.created_at desc, n.id desc)
        from ${notifications} n where n.id in ${idList(ids)} and n.user_id = u.id and n.org_id = o.id), '[]'::json) as items
    from ${users} u cross join ${organizations} o
    left join ${notificationPreferences} p on p.user_id = ${userId}
    where u.id = ${userId} and o.id = ${orgId}`)
  const [row] = rowsOf<{ email: string; workspace: string; preferences: NotificationPreferences | null; member: boolean; items: ItemRow[] }>(result)
  return row === undefined ? undefined : { ...row, preferences: normalizePreferences(row.preferences) }
}

/** Builds the email delivery service. */
export function createEmailDelivery(deps: EmailDeliveryDeps): EmailDelivery {
  const { db } = deps
  const inFlight = new Set<Promise<unknown>>()

  const track = <T>(run: Promise<T>): Promise<T> => {
    inFlight.add(run)
    void run.then(
      () => inFlight.delete(run),
      () => inFlight.delete(run),
    )
    return run
  }

  const origin = () => deps.publicOrigin().replace(/\/+$/, '')

  /** An absolute link for a notification: a same-origin path joined to the origin, a safe http(s) URL as is, else the inbox. */
  const itemOf = (n: ItemRow): MailedNotification => {
    const href = notificationActionHref({ actionUrl: n.action_url, metadata: n.metadata ?? {} })
    const fromMetadata = n.metadata?.['action_text']
    const label = n.action_text ?? (typeof fromMetadata === 'string' ? fromMetadata : null)
    return {
      title: n.title,
      body: n.body,
      href: href === null ? `${origin()}${INBOX_PATH}` : href.startsWith('/') ? `${origin()}${href}` : href,
      actionLabel: label !== null && label.trim() !== '' ? label : null,
    }
  }

  /** The footer and headers for `userId` unsubscribing from `scope` (a preference category id or "all"). */
  const unsubscribeFor = async (userId: string, scope: string) => {
    const token = await deps.unsubscribe.sign(userId, scope)
    const footer: NotificationMailFooter = {
      scope,
      unsubscribeUrl: unsubscribePageUrl(origin(), token),
      preferencesUrl: `${origin()}${PREFERENCES_PATH}`,
    }
    return { footer, headers: unsubscribeHeaders(origin(), token) }
  }

  /** Stamps rows `ids` done with `outcome` (only while this run's claim `claimedAt` holds them). */
  const finish = async (ids: ReadonlyArray<string>, outcome: EmailOutcome, claimedAt: string) => {
    if (ids.length === 0) return
    await db.execute(sql`
      update ${emailDeliveries} set done_at = ${at(deps.now())}::timestamptz, outcome = ${outcome}
      where notification_id in ${idList(ids)} and claimed_at = ${claimedAt}::timestamptz and done_at is null`)
  }

  /** Gives rows `ids` back to later runs. */
  const release = async (ids: ReadonlyArray<string>, claimedAt: string) => {
    if (ids.length === 0) return
    await db.execute(sql`
      update ${emailDeliveries} set claimed_at = null
      where notification_id in ${idList(ids)} and claimed_at = ${claimedAt}::timestamptz and done_at is null`)
  }

  /** Sends urgent notification `id`, already claimed at `claimedAt` by this process. */
  const sendSingle = async (id: string, userId: string, orgId: string, claimedAt: string) => {
    try {
      const recipient = await loadRecipient(db, userId, orgId, [id])
      const n = recipient?.items[0]
      if (recipient === undefined || n === undefined) return // deleted meanwhile: the row went with it
      const scope = preferenceCategoryOf(n.category)
      const { footer, headers } = await unsubscribeFor(userId, scope)
      // A draft: the outbox writes it in the recipient's language.
      const mail = notificationMail({ workspace: recipient.workspace, notification: itemOf(n), footer })
      await deps.mailer.send({ to: recipient.email, kind: 'notification', ...mail, headers })
      await finish([id], 'emailed', claimedAt)
    } catch (error) {
      // The next digest run takes it (it is due already).
      await release([id], claimedAt).catch(() => {})
      throw error
    }
  }

  const decide = async (id: string) => {
    const result = await db.execute(sql`
      select n.user_id, n.org_id, n.priority, n.category, p.preferences
      from ${notifications} n left join ${notificationPreferences} p on p.user_id = n.user_id
      where n.id = ${id}`)
    const [row] = rowsOf<{ user_id: string; org_id: string; priority: string; category: string; preferences: NotificationPreferences | null }>(result)
    if (row === undefined) return
    const preferences = normalizePreferences(row.preferences)
    if (!channelAllows(preferences, row.category, 'email')) return
    const nowMs = deps.now()
    const urgent = row.priority === 'urgent'
    const sendNow = urgent && !isInQuietHours(preferences.quiet_hours, nowMs)
    const claimedAt = at(nowMs)
    // An urgent one is written already claimed, so no digest run can take it before it is sent.
    const inserted = await db.execute(sql`
      insert into ${emailDeliveries} (notification_id, user_id, org_id, urgent, due_at, claimed_at)
      values (${id}, ${row.user_id}, ${row.org_id}, ${urgent}, ${claimedAt}::timestamptz, ${sendNow ? claimedAt : null}::timestamptz)
      on conflict (notification_id) do nothing
      returning notification_id`)
    if (sendNow && rowsOf(inserted).length > 0) await sendSingle(id, row.user_id, row.org_id, claimedAt)
  }

  /** One recipient's claimed rows: decide again, then send one digest of what is left. @returns mails sent (0 or 1). */
  const digestFor = async (userId: string, orgId: string, ids: ReadonlyArray<string>, claimedAt: string): Promise<number> => {
    const recipient = await loadRecipient(db, userId, orgId, ids)
    if (recipient === undefined) return 0 // user or org deleted: their rows went with them
    if (!recipient.member) {
      await finish(ids, 'refused', claimedAt)
      return 0
    }
    if (isInQuietHours(recipient.preferences.quiet_hours, deps.now())) {
      await release(ids, claimedAt)
      return 0
    }
    const read = recipient.items.filter((n) => n.read)
    const refused = recipient.items.filter((n) => !n.read && !channelAllows(recipient.preferences, n.category, 'email'))
    const send = recipient.items.filter((n) => !n.read && channelAllows(recipient.preferences, n.category, 'email'))
    await finish(
      read.map((n) => n.id),
      'read',
      claimedAt,
    )
    await finish(
      refused.map((n) => n.id),
      'refused',
      claimedAt,
    )
    if (send.length === 0) return 0
    try {
      const scopes = new Set(send.map((n) => preferenceCategoryOf(n.category)))
      const scope = scopes.size === 1 ? [...scopes][0]! : ALL_EMAIL_SCOPE.id
      const { footer, headers } = await unsubscribeFor(userId, scope)
      const mail = digestMail({ workspace: recipient.workspace, items: send.map(itemOf), inboxUrl: `${origin()}${INBOX_PATH}`, footer })
      await deps.mailer.send({ to: recipient.email, kind: 'digest', ...mail, headers })
    } catch (error) {
      await release(
        send.map((n) => n.id),
        claimedAt,
      ).catch(() => {})
      throw error
    }
    await finish(
      send.map((n) => n.id),
      'digested',
      claimedAt,
    )
    return 1
  }

  const digestRun = async (): Promise<number> => {
    const nowMs = deps.now()
    const claimedAt = at(nowMs)
    const claimed = await db.execute(sql`
      with due as (
        select notification_id from ${emailDeliveries}
        where done_at is null and due_at <= ${claimedAt}::timestamptz
          and (claimed_at is null or claimed_at < ${at(nowMs - STALE_CLAIM_MS)}::timestamptz)
        order by due_at
        limit ${DIGEST_CLAIM_LIMIT}
        for update skip locked
      )
      update ${emailDeliveries} d set claimed_at = ${claimedAt}::timestamptz
      from due where d.notification_id = due.notification_id
      returning d.notification_id, d.user_id, d.org_id`)
    const groups = new Map<string, { userId: string; orgId: string; ids: string[] }>()
    for (const row of rowsOf<{ notification_id: string; user_id: string; org_id: string }>(claimed)) {
      const key = `${row.user_id} ${row.org_id}`
      const group = groups.get(key) ?? { userId: row.user_id, orgId: row.org_id, ids: [] }
      group.ids.push(row.notification_id)
      groups.set(key, group)
    }
    let sent = 0
    for (const group of groups.values()) {
      try {
        sent += await digestFor(group.userId, group.orgId, group.ids, claimedAt)
      } catch (error) {
        // One recipient's failure does not hold the others back; theirs wait for the next run.
        deps.logError('Notification digest failed', error)
      }
    }
    await pruneDone(nowMs)
    return sent
  }

  /** Deletes up to {@link EMAIL_DELIVERY_PRUNE_LIMIT} rows done before the retention window. */
  const pruneDone = async (nowMs: number) => {
    await db.execute(sql`
      delete from ${emailDeliveries} where notification_id in (
        select notification_id from ${emailDeliveries}
        where done_at < ${at(nowMs - EMAIL_DELIVERY_RETENTION_MS)}::timestamptz
        limit ${EMAIL_DELIVERY_PRUNE_LIMIT}
        for update skip locked)`)
  }

  const runDigests = () => track(digestRun())
  // Each run is tracked by `settled` through `track`.
  const job = periodicJob(runDigests, (error) => deps.logError('Notification digest run failed', error))

  return {
    notificationCreated(id) {
      return track(decide(id).catch((error: unknown) => deps.logError(`Email delivery of notification ${id} failed`, error)))
    },
    runDigests,
    start: (intervalMs) => job.start(intervalMs),
    stop: () => job.stop(),
    async settled() {
      while (inFlight.size > 0) await Promise.allSettled([...inFlight])
    },
  }
}
