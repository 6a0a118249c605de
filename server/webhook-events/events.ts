/**
 * Queuing webhook events (docs/api.md "Webhooks"): the writer of an event calls
 * {@link enqueueWebhookEvent} inside the transaction that makes it, so a delivery exists exactly
 * when the change was committed (the outbox pattern, as mail does it). The rows are sent later by
 * server/webhooks/delivery.ts.
 */
import { randomBytes } from 'node:crypto'
import { sql } from 'drizzle-orm'
import type { WebhookEventType, WebhookPayload } from '../../contract/developers.ts'
import { WEBHOOKS_CHANNEL } from '../db/channels.ts'
import { type Database, rowsOf } from '../db/client.ts'
import { webhookDeliveries, webhookEndpoints } from '../db/schema.ts'

/** A Standard Webhooks message id (`webhook-id`): `msg_` + 24 random base64url characters (144 bits). */
export const newMessageId = (): string => `msg_${randomBytes(18).toString('base64url')}`

/** The exact JSON body of a delivery (contract `WebhookPayload`); it is stored as signed. */
export function webhookPayload(type: string, data: Record<string, unknown>, at: Date): string {
  const payload: WebhookPayload = { type, timestamp: at.toISOString(), data }
  return JSON.stringify(payload)
}

/** Options of {@link enqueueWebhookEvent}. */
export interface EnqueueOptions {
  /** The event's moment (payload `timestamp`, first attempt); default now. */
  readonly now?: Date
  /**
   * Only this endpoint, whatever event types it subscribes to and whether it is enabled ('Send
   * test event'); it must belong to the org.
   */
  readonly endpointId?: string
}

/**
 * Queues `type` with `data` for every enabled endpoint of `orgId` that subscribes to it: one
 * `webhook_deliveries` row each (status `pending`, due now), all carrying the same message id and
 * body, written by one INSERT … SELECT (on `webhook_endpoints_org_idx`, so an org without
 * endpoints costs one index probe). Call it with the transaction that makes the event; a
 * `pg_notify` on {@link WEBHOOKS_CHANNEL} (delivered at commit) wakes the delivery workers when
 * rows were queued.
 * @param data the event's facts (ids, emails, names; never secrets or tokens), JSON-serialisable.
 * @returns the ids of the deliveries queued (none when no endpoint wants the event).
 */
export async function enqueueWebhookEvent(
  tx: Database,
  orgId: string,
  type: WebhookEventType | 'webhook.test',
  data: Record<string, unknown>,
  options: EnqueueOptions = {},
): Promise<string[]> {
  const now = options.now ?? new Date()
  const payload = webhookPayload(type, data, now)
  const at = now.toISOString()
  const wanted =
    options.endpointId === undefined
      ? sql`e.enabled and e.event_types @> ${JSON.stringify([type])}::jsonb`
      : sql`e.id = ${options.endpointId}`
  const result = await tx.execute(sql`
    with queued as (
      insert into ${webhookDeliveries} (id, org_id, endpoint_id, message_id, event_type, payload, status, next_attempt_at, created_at)
      select gen_random_uuid()::text, e.org_id, e.id, ${newMessageId()}, ${type}, ${payload}, 'pending', ${at}::timestamptz, ${at}::timestamptz
      from ${webhookEndpoints} e
      where e.org_id = ${orgId} and ${wanted}
      returning id
    )
    select q.id, (select pg_notify(${WEBHOOKS_CHANNEL}, '') from (select 1) one) as woken
    from queued q`)
  return rowsOf<{ id: string }>(result).map((row) => row.id)
}
