/**
 * A workspace's webhook endpoints under `/api/organizations/webhooks` (contract/developers.ts
 * `webhooksApi`, docs/api.md "Webhooks"): WEBHOOKS read (list, delivery log), create, update
 * (change, rotate the secret), delete, and execute ('Send test event', 'Resend').
 *
 * Order of answers: 401 / 400 (no x-org-id) / 403 (not a member, missing permission), all before
 * the body is read; then 400 for a bad body or a URL the endpoint policy refuses (issue at
 * `["url"]`); then 404 for an endpoint or delivery id that is not this workspace's (another
 * workspace's answers exactly like an unknown one); then 409. A refused request writes nothing.
 * Changes write audit entries in the same transaction.
 */
import { randomUUID } from 'node:crypto'
import { and, count, eq, inArray, sql } from 'drizzle-orm'
import { Hono } from 'hono'
import { WEBHOOK_SECRET_OVERLAP_HOURS, WEBHOOK_TEST_EVENT, webhooksApi as api, type WebhookWithSecret } from '../../contract/developers.ts'
import { auditActor, auditAddress, type ClientAddress } from '../audit-trail/actor.ts'
import { recordAudit } from '../audit-trail/record.ts'
import type { SigningKey } from '../auth/access-token.ts'
import type { Database } from '../db/client.ts'
import { organizations, webhookDeliveries, webhookEndpoints } from '../db/schema.ts'
import { requireAccessToken } from '../http/auth.ts'
import { conflict, invalidRequest, notFound } from '../http/errors.ts'
import { contractRoutes } from '../http/route.ts'
import { accessControl, type AccessVariables } from '../members/access.ts'
import { checkEndpoint, type EndpointPolicy } from '../http/endpoint-policy.ts'
import type { WebhookDeliveryService } from './delivery.ts'
import {
  decodeDeliveryCursor,
  deliveriesJson,
  deliveryPage,
  endpointJson,
  findDelivery,
  findEndpoint,
  listEndpoints,
  MAX_ENDPOINTS_PER_WORKSPACE,
} from './endpoints.ts'
import { enqueueWebhookEvent } from '../webhook-events/events.ts'
import { createWebhookSecretBox, newSigningSecret, type WebhookSecretBox } from './secret.ts'

export interface WebhookRoutesDeps {
  readonly db: Database
  readonly signingKey: SigningKey
  /** Clock in ms since the epoch. */
  readonly now: () => number
  /** The endpoint rule (WEBHOOK_ENDPOINT_ALLOW_HOSTS), the same the delivery service applies. */
  readonly policy: EndpointPolicy
  /** Kicked when a test event or a resend is queued, so it goes at once. */
  readonly delivery?: Pick<WebhookDeliveryService, 'kick'>
  /** Signing secrets at rest; defaults to one over `db`. */
  readonly secrets?: WebhookSecretBox
  /** The client address (RateLimiters.address), for audit entries. */
  readonly address?: ClientAddress
}

/** What the test event carries. */
const TEST_EVENT_MESSAGE = 'This is a test event from Engage.'

const endpointNotFound = () => notFound('This workspace has no such webhook endpoint.')

/** 400 with the policy's reason at `["url"]`, or the parsed URL's text. */
function allowedUrl(url: string, policy: EndpointPolicy): string {
  const check = checkEndpoint(url, policy)
  if (!check.ok) {
    const reason = check.reason.replace(/^The endpoint/, 'The URL')
    throw invalidRequest(`${reason}.`, [{ path: ['url'], message: reason }])
  }
  return url
}

/** Mount at `/organizations`. */
export function webhookRoutes(deps: WebhookRoutesDeps): Hono<{ Variables: AccessVariables }> {
  const { db, policy } = deps
  const app = new Hono<{ Variables: AccessVariables }>()
  const route = contractRoutes(app, '/organizations')
  const authenticated = requireAccessToken(deps.signingKey, deps.now)
  const { requirePermission } = accessControl(db)
  const may = (action: 'READ' | 'CREATE' | 'UPDATE' | 'DELETE' | 'EXECUTE') => [authenticated, requirePermission('WEBHOOKS', action)]
  const secrets = deps.secrets ?? createWebhookSecretBox(db)

  route(api.list, may('READ'), async (c) => {
    const rows = await listEndpoints(db, c.var.orgId)
    return { items: rows.map((row) => endpointJson(row, deps.now())) }
  })

  /*
   * The count and the insert run with the workspace's row locked, so two creates at once cannot
   * pass the limit together. The secret is sealed with the new id before the transaction.
   */
  route(api.create, may('CREATE'), async (c, { body }) => {
    const { userId, orgId } = c.var
    const url = allowedUrl(body.url, policy)
    const now = new Date(deps.now())
    const id = randomUUID()
    const secret = newSigningSecret()
    const sealed = await secrets.seal(id, secret)
    const row = await db.transaction(async (tx) => {
      await tx.select({ id: organizations.id }).from(organizations).where(eq(organizations.id, orgId)).for('update')
      const [existing] = await tx.select({ n: count() }).from(webhookEndpoints).where(eq(webhookEndpoints.orgId, orgId))
      if ((existing?.n ?? 0) >= MAX_ENDPOINTS_PER_WORKSPACE) {
        const message = `A workspace can have at most ${MAX_ENDPOINTS_PER_WORKSPACE} webhook endpoints. Delete one first.`
        throw conflict(message, [{ path: ['url'], message }])
      }
      const [inserted] = await tx
        .insert(webhookEndpoints)
        .values({
          id,
          orgId,
          url,
          description: body.description ?? '',
          eventTypes: [...body.event_types],
          enabled: body.enabled ?? true,
          secret: sealed,
          createdBy: userId,
          createdAt: now,
          updatedAt: now,
        })
        .returning()
      if (inserted === undefined) throw new Error('The new webhook endpoint was not returned')
      await recordAudit(tx, {
        orgId,
        ...(await auditActor(tx, userId)),
        kind: 'webhook.created',
        targetId: id,
        targetLabel: url,
        details: { url, event_types: [...body.event_types], enabled: inserted.enabled },
        ipAddress: auditAddress(deps.address, c),
        at: now,
      })
      return inserted
    })
    const answer: WebhookWithSecret = { endpoint: endpointJson(row, now.getTime()), secret }
    return answer
  })

  /* Turning an endpoint on clears why it was off and its run of failures: it gets three fresh days. */
  route(api.update, may('UPDATE'), async (c, { params, body }) => {
    const { userId, orgId } = c.var
    if (body.url !== undefined) allowedUrl(body.url, policy)
    const now = new Date(deps.now())
    const row = await db.transaction(async (tx) => {
      const [before] = await tx
        .select()
        .from(webhookEndpoints)
        .where(and(eq(webhookEndpoints.id, params.id), eq(webhookEndpoints.orgId, orgId)))
        .for('update')
      if (before === undefined) throw endpointNotFound()
      const turnedOn = body.enabled === true && !before.enabled
      const [after] = await tx
        .update(webhookEndpoints)
        .set({
          ...(body.url !== undefined && { url: body.url }),
          ...(body.description !== undefined && { description: body.description }),
          ...(body.event_types !== undefined && { eventTypes: [...body.event_types] }),
          ...(body.enabled !== undefined && { enabled: body.enabled }),
          ...(body.enabled === true && { disabledReason: null }),
          ...(turnedOn && { failingSince: null }),
          updatedAt: now,
        })
        .where(eq(webhookEndpoints.id, before.id))
        .returning()
      if (after === undefined) throw endpointNotFound()
      const changes: Record<string, unknown> = {}
      if (after.url !== before.url) changes.url = { from: before.url, to: after.url }
      if (after.description !== before.description) changes.description = { from: before.description, to: after.description }
      if (JSON.stringify(after.eventTypes) !== JSON.stringify(before.eventTypes)) changes.event_types = { from: [...before.eventTypes], to: [...after.eventTypes] }
      if (after.enabled !== before.enabled) changes.enabled = { from: before.enabled, to: after.enabled }
      if (Object.keys(changes).length > 0) {
        await recordAudit(tx, {
          orgId,
          ...(await auditActor(tx, userId)),
          kind: 'webhook.updated',
          targetId: after.id,
          targetLabel: after.url,
          details: changes,
          ipAddress: auditAddress(deps.address, c),
          at: now,
        })
      }
      return after
    })
    return endpointJson(row, now.getTime())
  })

  route(api.remove, may('DELETE'), async (c, { params }) => {
    const { userId, orgId } = c.var
    const now = new Date(deps.now())
    await db.transaction(async (tx) => {
      const [removed] = await tx
        .delete(webhookEndpoints)
        .where(and(eq(webhookEndpoints.id, params.id), eq(webhookEndpoints.orgId, orgId)))
        .returning({ id: webhookEndpoints.id, url: webhookEndpoints.url })
      if (removed === undefined) throw endpointNotFound()
      await recordAudit(tx, {
        orgId,
        ...(await auditActor(tx, userId)),
        kind: 'webhook.removed',
        targetId: removed.id,
        targetLabel: removed.url,
        details: { url: removed.url },
        ipAddress: auditAddress(deps.address, c),
        at: now,
      })
    })
  })

  /*
   * The new secret signs from now on; the one it replaces keeps signing too (a second signature in
   * `webhook-signature`) for WEBHOOK_SECRET_OVERLAP_HOURS, so receivers can switch without losing
   * a delivery. A rotation during an overlap drops the older secret.
   */
  route(api.rotateSecret, may('UPDATE'), async (c, { params }) => {
    const { userId, orgId } = c.var
    const now = new Date(deps.now())
    const secret = newSigningSecret()
    const sealed = await secrets.seal(params.id, secret)
    const row = await db.transaction(async (tx) => {
      const [rotated] = await tx
        .update(webhookEndpoints)
        .set({
          previousSecret: sql`${webhookEndpoints.secret}`,
          previousSecretExpiresAt: new Date(now.getTime() + WEBHOOK_SECRET_OVERLAP_HOURS * 3_600_000),
          secret: sealed,
          updatedAt: now,
        })
        .where(and(eq(webhookEndpoints.id, params.id), eq(webhookEndpoints.orgId, orgId)))
        .returning()
      if (rotated === undefined) throw endpointNotFound()
      await recordAudit(tx, {
        orgId,
        ...(await auditActor(tx, userId)),
        kind: 'webhook.secret_rotated',
        targetId: rotated.id,
        targetLabel: rotated.url,
        details: { previous_secret_expires_at: rotated.previousSecretExpiresAt?.toISOString() ?? null },
        ipAddress: auditAddress(deps.address, c),
        at: now,
      })
      return rotated
    })
    const answer: WebhookWithSecret = { endpoint: endpointJson(row, now.getTime()), secret }
    return answer
  })

  /* To this endpoint only, whatever it subscribes to and even while it is off; sent at once. */
  route(api.sendTest, may('EXECUTE'), async (c, { params }) => {
    const { orgId } = c.var
    const now = new Date(deps.now())
    const endpoint = await findEndpoint(db, orgId, params.id)
    if (endpoint === undefined) throw endpointNotFound()
    const ids = await db.transaction((tx) =>
      enqueueWebhookEvent(tx, orgId, WEBHOOK_TEST_EVENT, { endpoint_id: endpoint.id, message: TEST_EVENT_MESSAGE }, { now, endpointId: endpoint.id }),
    )
    // Queued before it is read back: the worker may already have claimed it (status `sending`).
    const rows = ids.length === 0 ? [] : await db.select().from(webhookDeliveries).where(inArray(webhookDeliveries.id, ids))
    const [delivery] = await deliveriesJson(db, rows)
    if (delivery === undefined) throw endpointNotFound()
    deps.delivery?.kick()
    return delivery
  })

  route(api.deliveries, may('READ'), async (c, { params }) => {
    const before = c.req.query('before')
    const cursor = before === undefined ? undefined : decodeDeliveryCursor(before)
    if (before !== undefined && cursor === undefined) {
      throw invalidRequest('The page cursor is not valid. Start from the first page.', [{ path: ['before'], message: 'Not a cursor from this list' }])
    }
    const endpoint = await findEndpoint(db, c.var.orgId, params.id)
    if (endpoint === undefined) throw endpointNotFound()
    const page = await deliveryPage(db, endpoint.id, cursor)
    return { items: await deliveriesJson(db, page.rows), next_cursor: page.next }
  })

  /*
   * The same message (same `webhook-id` and body) once more, at once, with a fresh set of
   * attempts. A delivery being sent right now, or to an endpoint that is off, is a 409.
   */
  route(api.resend, may('EXECUTE'), async (c, { params }) => {
    const { orgId } = c.var
    const now = new Date(deps.now())
    const endpoint = await findEndpoint(db, orgId, params.id)
    if (endpoint === undefined) throw endpointNotFound()
    const delivery = await findDelivery(db, orgId, endpoint.id, params.deliveryId)
    if (delivery === undefined) throw notFound('This endpoint has no such delivery.')
    if (!endpoint.enabled && delivery.eventType !== WEBHOOK_TEST_EVENT) throw conflict('Turn the endpoint on to resend its deliveries.')
    const d = webhookDeliveries
    const [requeued] = await db
      .update(d)
      .set({ status: 'pending', attempts: 0, nextAttemptAt: now, claimedUntil: null, finishedAt: null })
      .where(and(eq(d.id, delivery.id), sql`${d.status} <> 'sending'`))
      .returning()
    if (requeued === undefined) throw conflict('This delivery is being sent right now.')
    const [answer] = await deliveriesJson(db, [requeued])
    if (answer === undefined) throw new Error('The delivery resent was not read back')
    deps.delivery?.kick()
    return answer
  })

  return app
}
