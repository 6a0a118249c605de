/**
 * Reading a workspace's webhook endpoints and deliveries as the API answers them (contract/
 * developers.ts). Every lookup is by id AND org: another workspace's id finds nothing, exactly
 * like an unknown one (the routes answer 404 for both).
 */
import { and, asc, desc, eq, inArray, lt, or, sql } from 'drizzle-orm'
import type { WebhookAttempt, WebhookDelivery, WebhookEndpoint } from '../../contract/developers.ts'
import type { Database } from '../db/client.ts'
import { webhookAttempts, webhookDeliveries, webhookEndpoints } from '../db/schema.ts'

type EndpointRow = typeof webhookEndpoints.$inferSelect
type DeliveryRow = typeof webhookDeliveries.$inferSelect

/** Deliveries per page of the delivery log. */
export const DELIVERIES_PAGE_SIZE = 20

/** The most endpoints one workspace may have. */
export const MAX_ENDPOINTS_PER_WORKSPACE = 20

/** An endpoint row as the API shows it (never its secrets). A previous secret past its overlap is not mentioned. */
export function endpointJson(row: EndpointRow, nowMs: number): WebhookEndpoint {
  const previousUntil = row.previousSecret !== null && row.previousSecretExpiresAt !== null && row.previousSecretExpiresAt.getTime() > nowMs ? row.previousSecretExpiresAt : null
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    event_types: [...row.eventTypes],
    enabled: row.enabled,
    disabled_reason: row.disabledReason === 'failing' ? 'failing' : null,
    failing_since: row.failingSince?.toISOString() ?? null,
    previous_secret_expires_at: previousUntil?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
  }
}

/** The org's endpoints, oldest first (the order they were added). */
export async function listEndpoints(db: Database, orgId: string): Promise<EndpointRow[]> {
  return db.select().from(webhookEndpoints).where(eq(webhookEndpoints.orgId, orgId)).orderBy(asc(webhookEndpoints.createdAt), asc(webhookEndpoints.id))
}

/** Endpoint `id` of `orgId`; undefined for an unknown id or another workspace's. */
export async function findEndpoint(db: Database, orgId: string, id: string): Promise<EndpointRow | undefined> {
  const [row] = await db
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.orgId, orgId)))
  return row
}

/** Deliveries with their attempts (oldest first) as the API shows them, in the order given. */
export async function deliveriesJson(db: Database, rows: ReadonlyArray<DeliveryRow>): Promise<WebhookDelivery[]> {
  const ids = rows.map((row) => row.id)
  const attempts =
    ids.length === 0
      ? []
      : await db
          .select()
          .from(webhookAttempts)
          .where(inArray(webhookAttempts.deliveryId, ids))
          .orderBy(asc(webhookAttempts.createdAt), asc(webhookAttempts.id))
  const byDelivery = new Map<string, WebhookAttempt[]>()
  for (const a of attempts) {
    const list = byDelivery.get(a.deliveryId) ?? []
    list.push({ at: a.createdAt.toISOString(), status_code: a.statusCode, duration_ms: a.durationMs, error: a.error, response_excerpt: a.responseExcerpt })
    byDelivery.set(a.deliveryId, list)
  }
  return rows.map((row) => ({
    id: row.id,
    message_id: row.messageId,
    event_type: row.eventType,
    status: row.status as WebhookDelivery['status'],
    attempts: byDelivery.get(row.id) ?? [],
    next_attempt_at: row.status === 'pending' || row.status === 'sending' ? (row.nextAttemptAt?.toISOString() ?? null) : null,
    created_at: row.createdAt.toISOString(),
    payload: row.payload,
  }))
}

/** Delivery `deliveryId` of endpoint `endpointId` in `orgId`; undefined otherwise. */
export async function findDelivery(db: Database, orgId: string, endpointId: string, deliveryId: string): Promise<DeliveryRow | undefined> {
  const [row] = await db
    .select()
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.endpointId, endpointId), eq(webhookDeliveries.orgId, orgId)))
  return row
}

/** A position in the delivery log: `(created_at, id)` of a page's last delivery, as base64url JSON; microseconds kept. */
interface DeliveryCursor {
  readonly at: string
  readonly id: string
}

const CURSOR_AT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/

/** The cursor handed out as `next_cursor`. */
export const encodeDeliveryCursor = (cursor: DeliveryCursor): string => Buffer.from(JSON.stringify([cursor.at, cursor.id]), 'utf8').toString('base64url')

/** Reads a `before` cursor; undefined when it is not one this server handed out (the route answers 400). */
export function decodeDeliveryCursor(text: string): DeliveryCursor | undefined {
  if (!/^[A-Za-z0-9_-]{1,200}$/.test(text)) return undefined
  let parsed: unknown
  try {
    parsed = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'))
  } catch {
    return undefined
  }
  if (!Array.isArray(parsed) || parsed.length !== 2) return undefined
  const [at, id] = parsed as unknown[]
  if (typeof at !== 'string' || !CURSOR_AT.test(at) || Number.isNaN(Date.parse(at))) return undefined
  if (typeof id !== 'string' || !/^[0-9a-f-]{1,64}$/.test(id)) return undefined
  return { at, id }
}

/**
 * One page of endpoint `endpointId`'s deliveries, newest first, {@link DELIVERIES_PAGE_SIZE} a
 * page, strictly older than `before`; `next` is the cursor of the following page (null at the end).
 */
export async function deliveryPage(db: Database, endpointId: string, before: DeliveryCursor | undefined): Promise<{ rows: DeliveryRow[]; next: string | null }> {
  const d = webhookDeliveries
  const rows = await db
    .select({ row: d, at: sql<string>`to_char(${d.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')` })
    .from(d)
    .where(
      and(
        eq(d.endpointId, endpointId),
        before === undefined
          ? undefined
          : or(lt(d.createdAt, sql`${before.at}::timestamptz`), and(eq(d.createdAt, sql`${before.at}::timestamptz`), lt(d.id, before.id))),
      ),
    )
    .orderBy(desc(d.createdAt), desc(d.id))
    .limit(DELIVERIES_PAGE_SIZE + 1)
  const page = rows.slice(0, DELIVERIES_PAGE_SIZE)
  const last = page.at(-1)
  return { rows: page.map((r) => r.row), next: rows.length > DELIVERIES_PAGE_SIZE && last !== undefined ? encodeDeliveryCursor({ at: last.at, id: last.row.id }) : null }
}
