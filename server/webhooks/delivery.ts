/**
 * Delivering webhooks (docs/api.md "Webhooks"): the outbox rows server/webhook-events/events.ts writes
 * are POSTed to their endpoints in the background, signed per Standard Webhooks (the
 * `standardwebhooks` package), like the mail outbox (server/mail/mailer.ts) sends email.
 *
 * - Claiming: one conditional UPDATE over `FOR UPDATE SKIP LOCKED` takes a batch of due rows
 *   (status `sending`, a lease in `claimed_until`), so processes and hosts sharing the database
 *   never send a row at the same moment; a row whose lease ran out (its process was killed) is due
 *   again. Delivery is at least once: a receiver deduplicates by `webhook-id`.
 * - Sending: 10 s timeout, redirects never followed, the endpoint policy of push endpoints
 *   (server/http/endpoint-policy.ts) with its own allow-list (WEBHOOK_ENDPOINT_ALLOW_HOSTS); each
 *   attempt is logged in `webhook_attempts`.
 * - A 2xx answer succeeds and clears the endpoint's `failing_since`; anything else is retried after
 *   {@link WEBHOOK_RETRY_DELAYS_MS}, then `failed`. An endpoint failing for
 *   WEBHOOK_DISABLE_AFTER_DAYS is disabled, its waiting deliveries failed, and the members who may
 *   change webhooks are told by an in-app notification.
 * - Waking: a periodic sweep ({@link WebhookDeliveryService.start}), the `pg_notify` of a queued
 *   event when the database can LISTEN, and {@link WebhookDeliveryService.kick} ('Send test
 *   event', 'Resend').
 */
import http from 'node:http'
import https from 'node:https'
import { sql } from 'drizzle-orm'
import { Webhook } from 'standardwebhooks'
import { WEBHOOK_DISABLE_AFTER_DAYS, WEBHOOK_TEST_EVENT } from '../../contract/developers.ts'
import { can } from '../../contract/permissions.ts'
import { announceSql, WEBHOOKS_CHANNEL } from '../db/channels.ts'
import { type Database, type ListenFn, rowsOf } from '../db/client.ts'
import { memberships, notifications, webhookAttempts, webhookDeliveries, webhookEndpoints } from '../db/schema.ts'
import { loadMemberAccess } from '../members/access.ts'
import { checkEndpoint, type EndpointPolicy, guardedLookup } from '../http/endpoint-policy.ts'
import { periodicJob } from '../jobs/periodic.ts'
import { enqueueWebhookEvent } from '../webhook-events/events.ts'
import { createWebhookSecretBox, type WebhookSecretBox } from './secret.ts'

/** Waits before the 2nd … 8th attempt, ms (5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h); after the 8th the delivery is failed. */
export const WEBHOOK_RETRY_DELAYS_MS: ReadonlyArray<number> = [5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 36_000_000]
/** How long one attempt may take, ms. */
export const WEBHOOK_REQUEST_TIMEOUT_MS = 10_000
/** How long a claimed delivery stays claimed, ms: longer than an attempt can take, so only a dead process loses its claim. */
export const WEBHOOK_LEASE_MS = 60_000
/** How often main.ts sweeps for due deliveries, ms (the first retry waits 5 s). */
export const WEBHOOK_SWEEP_INTERVAL_MS = 5_000
/** Deliveries claimed (and sent concurrently) at once. */
export const WEBHOOK_BATCH_SIZE = 10
/** Characters of the answer kept per attempt. */
export const RESPONSE_EXCERPT_CHARS = 500
/** The user-agent of every delivery. */
export const WEBHOOK_USER_AGENT = 'Engage-Webhooks/1.0'

/** One request to an endpoint. */
export interface WebhookRequest {
  /** The endpoint, already checked against the policy. */
  readonly url: URL
  /** Whether its host is on the allow-list: only then may it resolve to a private address. */
  readonly allowListed: boolean
  readonly headers: Readonly<Record<string, string>>
  /** The exact JSON text signed. */
  readonly body: string
  /** ms */
  readonly timeoutMs: number
}

/** The endpoint's answer: its status and the start of its body (at most {@link RESPONSE_EXCERPT_CHARS} characters). */
export interface WebhookAnswer {
  readonly statusCode: number
  readonly excerpt: string
}

/** Sends one request; resolves with any HTTP answer, rejects on no answer (refused, timed out, address not allowed). */
export type SendWebhook = (request: WebhookRequest) => Promise<WebhookAnswer>

/** Reads at most this many bytes of an answer (enough for the excerpt in any UTF-8). */
const MAX_ANSWER_BYTES = RESPONSE_EXCERPT_CHARS * 4

/**
 * The real sender: node's http(s) client (which never follows redirects: a 3xx is an answer like
 * any other, and not a success), names resolved through {@link guardedLookup} unless allow-listed,
 * the whole exchange bounded by `timeoutMs`.
 */
export const sendWebhook: SendWebhook = (request) => {
  const transport = request.url.protocol === 'http:' ? http : https
  return new Promise<WebhookAnswer>((resolve, reject) => {
    let settled = false
    const req = transport.request(
      request.url,
      {
        method: 'POST',
        headers: { ...request.headers, 'content-length': String(Buffer.byteLength(request.body)) },
        agent: false,
        ...(request.allowListed ? {} : { lookup: guardedLookup }),
      },
      (response) => {
        const chunks: Buffer[] = []
        let size = 0
        const finish = () => {
          if (settled) return
          settled = true
          clearTimeout(timer)
          const text = Buffer.concat(chunks).subarray(0, MAX_ANSWER_BYTES).toString('utf8')
          resolve({ statusCode: response.statusCode ?? 0, excerpt: [...text].slice(0, RESPONSE_EXCERPT_CHARS).join('') })
          // Nothing past the excerpt is wanted: close instead of reading a large answer to the end.
          if (!response.complete) req.destroy()
        }
        response.on('data', (chunk: Buffer) => {
          chunks.push(chunk)
          size += chunk.length
          if (size >= MAX_ANSWER_BYTES) finish()
        })
        response.on('end', finish)
        response.on('error', (error) => (settled ? undefined : fail(error)))
      },
    )
    const fail = (error: Error) => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      req.destroy()
      reject(error)
    }
    const timer = setTimeout(() => fail(new Error(`No answer within ${request.timeoutMs / 1000} s`)), request.timeoutMs)
    req.on('error', fail)
    req.end(request.body)
  })
}

/** Why an attempt got no answer, in words for the delivery log. */
function describeFailure(error: unknown): string {
  const e = error as { code?: unknown; message?: unknown } | undefined
  switch (e?.code) {
    case 'ECONNREFUSED':
      return 'Connection refused'
    case 'ECONNRESET':
      return 'Connection reset'
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return 'The host name did not resolve'
    case 'EPUSHADDRESS':
      return 'The host resolves to a private or reserved address'
    default:
      return (typeof e?.message === 'string' ? e.message : String(error)).slice(0, 300)
  }
}

export interface WebhookDeliveryDeps {
  readonly db: Database
  /** Clock, ms since the epoch: due times, `webhook-timestamp`, the three days of failing. */
  readonly now: () => number
  readonly logError: (message: string, error: unknown) => void
  /** The endpoint rule (WEBHOOK_ENDPOINT_ALLOW_HOSTS); the routes check URLs with the same one. */
  readonly policy: EndpointPolicy
  /** Replaces the real sender (tests). */
  readonly send?: SendWebhook
  /** Signing secrets at rest; defaults to one over `db`. */
  readonly secrets?: WebhookSecretBox
  /** LISTEN (DatabaseHandle.listen): queued events wake the worker at once. Absent: the sweep and kicks only. */
  readonly listen?: ListenFn
  /** Told of each in-app notification this service creates, so it is pushed and emailed like any other. */
  readonly onNotificationCreated?: (id: string) => void
  /** Replace {@link WEBHOOK_RETRY_DELAYS_MS}, {@link WEBHOOK_REQUEST_TIMEOUT_MS}, {@link WEBHOOK_LEASE_MS}, {@link WEBHOOK_BATCH_SIZE} (tests). */
  readonly retryDelaysMs?: ReadonlyArray<number>
  readonly timeoutMs?: number
  readonly leaseMs?: number
  readonly batchSize?: number
}

export interface WebhookDeliveryService {
  /** Sweeps every `intervalMs` for due deliveries (and LISTENs when it can); a second call does nothing. */
  start(intervalMs: number): void
  /** Stops the sweep and the LISTEN; deliveries under way finish (see {@link settled}). */
  stop(): Promise<void>
  /** Starts a run now without waiting for it ('Send test event', 'Resend'); a run under way runs once more. */
  kick(): void
  /** Sends everything due now, batch after batch, until nothing is due; resolves when done. */
  runDue(): Promise<void>
  /** {@link runDue}, then waits for every run started so far (tests). */
  drain(): Promise<void>
  /** Resolves when the runs under way have finished (shutdown). */
  settled(): Promise<void>
}

/** A claimed delivery with what sending it needs. */
interface Claimed {
  id: string
  org_id: string
  endpoint_id: string
  message_id: string
  event_type: string
  payload: string
  attempts: number
  url: string
  secret: string
  previous_secret: string | null
  previous_secret_expires_at: string | Date | null
}

const asDate = (value: string | Date | null): Date | null => (value === null ? null : value instanceof Date ? value : new Date(value))

/** Builds the delivery service. Nothing runs until {@link WebhookDeliveryService.start}, a kick or a run. */
export function createWebhookDelivery(deps: WebhookDeliveryDeps): WebhookDeliveryService {
  const { db, now, logError } = deps
  const send = deps.send ?? sendWebhook
  const secrets = deps.secrets ?? createWebhookSecretBox(db)
  const delays = deps.retryDelaysMs ?? WEBHOOK_RETRY_DELAYS_MS
  const timeoutMs = deps.timeoutMs ?? WEBHOOK_REQUEST_TIMEOUT_MS
  const leaseMs = deps.leaseMs ?? WEBHOOK_LEASE_MS
  const batchSize = deps.batchSize ?? WEBHOOK_BATCH_SIZE
  const d = webhookDeliveries
  const e = webhookEndpoints

  /**
   * Claims up to `batchSize` due deliveries: pending and due, or sending with a lapsed lease. A
   * delivery of a disabled endpoint waits (it goes once the endpoint is on again), except a test event.
   */
  const claim = async (): Promise<Claimed[]> => {
    const at = new Date(now()).toISOString()
    const until = new Date(now() + leaseMs).toISOString()
    const result = await db.execute(sql`
      with claimed as (
        update ${d} set status = 'sending', claimed_until = ${until}::timestamptz, attempts = ${d.attempts} + 1
        where ${d.id} in (
          select q.id from ${d} q join ${e} ep on ep.id = q.endpoint_id
          where q.status in ('pending', 'sending') and q.next_attempt_at <= ${at}::timestamptz
            and (q.status = 'pending' or q.claimed_until <= ${at}::timestamptz)
            and (ep.enabled or q.event_type = ${WEBHOOK_TEST_EVENT})
          order by q.next_attempt_at
          limit ${batchSize}
          for update of q skip locked
        )
        returning ${d.id}, ${d.orgId}, ${d.endpointId}, ${d.messageId}, ${d.eventType}, ${d.payload}, ${d.attempts}
      )
      select c.*, ep.url, ep.secret, ep.previous_secret, ep.previous_secret_expires_at
      from claimed c join ${e} ep on ep.id = c.endpoint_id`)
    return rowsOf<Claimed>(result)
  }

  /** The `webhook-signature` value: the current secret's signature, and the previous one's during its overlap. */
  const signature = async (row: Claimed, timestamp: Date): Promise<string> => {
    const current = await secrets.open(row.endpoint_id, row.secret)
    const signatures = [new Webhook(current).sign(row.message_id, timestamp, row.payload)]
    const previousUntil = asDate(row.previous_secret_expires_at)
    if (row.previous_secret !== null && previousUntil !== null && previousUntil.getTime() > timestamp.getTime()) {
      const previous = await secrets.open(row.endpoint_id, row.previous_secret)
      signatures.push(new Webhook(previous).sign(row.message_id, timestamp, row.payload))
    }
    return signatures.join(' ')
  }

  /** One attempt at a claimed delivery, recorded; then the delivery and its endpoint move on. */
  const attempt = async (row: Claimed): Promise<void> => {
    const startedMs = now()
    const started = performance.now()
    let statusCode: number | null = null
    let excerpt = ''
    let error: string | null = null
    try {
      const check = checkEndpoint(row.url, deps.policy)
      if (!check.ok) throw Object.assign(new Error(check.reason), { code: 'EPOLICY' })
      // Standard Webhooks: the timestamp is the attempt's, in whole seconds.
      const timestamp = new Date(Math.floor(startedMs / 1000) * 1000)
      const answer = await send({
        url: check.url,
        allowListed: check.allowListed,
        body: row.payload,
        timeoutMs,
        headers: {
          'content-type': 'application/json',
          'user-agent': WEBHOOK_USER_AGENT,
          'webhook-id': row.message_id,
          'webhook-timestamp': String(timestamp.getTime() / 1000),
          'webhook-signature': await signature(row, timestamp),
        },
      })
      statusCode = answer.statusCode
      excerpt = answer.excerpt
    } catch (failure) {
      error = describeFailure(failure)
    }
    const durationMs = Math.max(0, Math.round(performance.now() - started))
    const ok = statusCode !== null && statusCode >= 200 && statusCode < 300
    if (!ok && error === null) error = `The endpoint answered ${statusCode}`
    await finish(row, { ok, statusCode, excerpt, error, durationMs, at: new Date(startedMs) })
  }

  /**
   * Records the attempt and moves the delivery on, in one transaction; only while this process
   * still holds the claim (same attempt number, still `sending`), so a claim lost to a lapsed lease
   * changes nothing twice.
   */
  const finish = async (row: Claimed, outcome: { ok: boolean; statusCode: number | null; excerpt: string; error: string | null; durationMs: number; at: Date }) => {
    const at = new Date(now())
    const delay = delays[row.attempts - 1]
    // An endpoint failing since before this moment is disabled.
    const disableBefore = new Date(at.getTime() - WEBHOOK_DISABLE_AFTER_DAYS * 86_400_000)
    const disabled = await db.transaction(async (tx) => {
      const moved = await tx.execute(sql`
        update ${d} set
          status = ${outcome.ok ? 'succeeded' : delay === undefined ? 'failed' : 'pending'},
          next_attempt_at = ${outcome.ok || delay === undefined ? null : new Date(at.getTime() + delay).toISOString()}::timestamptz,
          claimed_until = null,
          finished_at = ${outcome.ok || delay === undefined ? at.toISOString() : null}::timestamptz
        where ${d.id} = ${row.id} and ${d.status} = 'sending' and ${d.attempts} = ${row.attempts}
        returning ${d.id}`)
      if (rowsOf(moved).length === 0) return undefined
      await tx.insert(webhookAttempts).values({
        deliveryId: row.id,
        statusCode: outcome.statusCode,
        durationMs: outcome.durationMs,
        error: outcome.error,
        responseExcerpt: outcome.excerpt,
        createdAt: outcome.at,
      })
      if (outcome.ok) {
        await tx.execute(sql`update ${e} set failing_since = null where ${e.id} = ${row.endpoint_id} and ${e.failingSince} is not null`)
        return undefined
      }
      // A test event says nothing about the endpoint's health: it neither starts nor ends a run of failures.
      if (row.event_type === WEBHOOK_TEST_EVENT) return undefined
      const endpoint = await tx.execute(sql`
        update ${e} set failing_since = coalesce(${e.failingSince}, ${outcome.at.toISOString()}::timestamptz)
        where ${e.id} = ${row.endpoint_id}
        returning ${e.enabled} as enabled, ${e.disabledReason} as disabled_reason, ${e.failingSince} as failing_since`)
      const [state] = rowsOf<{ enabled: boolean; disabled_reason: string | null; failing_since: string | Date }>(endpoint)
      if (state === undefined) return undefined
      if (!state.enabled) {
        // Claimed in the batch whose failure turned the endpoint off: it ends like the endpoint's other waiting deliveries.
        if (state.disabled_reason === 'failing') await failWaiting(tx, row.endpoint_id, at, row.id)
        return undefined
      }
      if ((asDate(state.failing_since)?.getTime() ?? Infinity) > disableBefore.getTime()) return undefined
      return disableEndpoint(tx, row.org_id, row.endpoint_id, at)
    })
    if (disabled !== undefined) for (const id of disabled) deps.onNotificationCreated?.(id)
  }

  /** Fails the deliveries of an endpoint turned off for failing that wait for a retry (or just this one). */
  const failWaiting = async (tx: Database, endpointId: string, at: Date, deliveryId?: string) => {
    await tx.execute(sql`
      update ${d} set status = 'failed', next_attempt_at = null, claimed_until = null, finished_at = ${at.toISOString()}::timestamptz
      where ${d.endpointId} = ${endpointId} and ${d.status} = 'pending' ${deliveryId === undefined ? sql`` : sql`and ${d.id} = ${deliveryId}`}`)
  }

  /**
   * Turns off an endpoint that has failed for WEBHOOK_DISABLE_AFTER_DAYS (once: the UPDATE is
   * conditional), fails its waiting deliveries, and notifies each member who may change webhooks.
   * @returns the notifications created (none when another process disabled it first).
   */
  const disableEndpoint = async (tx: Database, orgId: string, endpointId: string, at: Date): Promise<string[]> => {
    const turnedOff = await tx.execute(sql`
      update ${e} set enabled = false, disabled_reason = 'failing', updated_at = ${at.toISOString()}::timestamptz
      where ${e.id} = ${endpointId} and ${e.enabled}
      returning ${e.url} as url`)
    const [endpoint] = rowsOf<{ url: string }>(turnedOff)
    if (endpoint === undefined) return []
    await failWaiting(tx, endpointId, at)
    const members = await tx.select({ userId: memberships.userId }).from(memberships).where(sql`${memberships.orgId} = ${orgId}`)
    const created: string[] = []
    for (const { userId } of members) {
      const access = await loadMemberAccess(tx, userId, orgId)
      if (access === undefined || !can(access.permissions, 'WEBHOOKS', 'UPDATE')) continue
      const id = crypto.randomUUID()
      const title = 'Webhook endpoint turned off'
      const body = `Deliveries to ${endpoint.url} have failed for ${WEBHOOK_DISABLE_AFTER_DAYS} days, so the endpoint was turned off. Fix the receiver, then turn the endpoint on again.`
      await tx.execute(sql`
        with n as (
          insert into ${notifications} (id, user_id, org_id, title, body, category, priority, action_url, action_text, created_at)
          values (${id}, ${userId}, ${orgId}, ${title}, ${body}, 'alert', 'high', '/app/developers?tab=webhooks', 'Open webhooks', ${at.toISOString()}::timestamptz)
          returning id, user_id, org_id
        )
        select ${sql.raw(announceSql('n'))} as notified from n`)
      await enqueueWebhookEvent(
        tx,
        orgId,
        'notification.created',
        { id, user_id: userId, title, category: 'alert', priority: 'high', created_at: at.toISOString() },
        { now: at },
      )
      created.push(id)
    }
    return created
  }

  let running: Promise<void> | undefined
  let again = false
  // Set by stop(): a run under way finishes its batch and claims no more.
  let stopped = false

  /** Claims and sends batch after batch until a claim comes back empty. */
  const loop = async () => {
    while (!stopped) {
      const batch = await claim()
      if (batch.length === 0) return
      await Promise.all(batch.map((row) => attempt(row).catch((error: unknown) => logError('A webhook delivery attempt failed', error))))
    }
  }

  const runDue = (): Promise<void> => {
    if (running !== undefined) {
      again = true
      return running
    }
    const run = (async () => {
      try {
        do {
          again = false
          await loop()
        } while (again)
      } finally {
        running = undefined
      }
    })()
    running = run
    return run
  }

  const sweeper = periodicJob(runDue, (error) => logError('The webhook delivery sweep failed', error))
  let unlisten: Promise<(() => Promise<void>) | undefined> | undefined

  const kick = () => {
    runDue().catch((error: unknown) => logError('Webhook delivery failed', error))
  }

  return {
    start(intervalMs) {
      stopped = false
      sweeper.start(intervalMs)
      if (deps.listen !== undefined && unlisten === undefined) {
        unlisten = deps.listen(WEBHOOKS_CHANNEL, kick).catch((error: unknown) => {
          logError('Could not LISTEN for queued webhooks; the sweep delivers them', error)
          return undefined
        })
      }
      kick()
    },
    async stop() {
      stopped = true
      sweeper.stop()
      const stopListening = await unlisten
      unlisten = undefined
      await stopListening?.()
    },
    kick,
    runDue,
    async drain() {
      await runDue()
      while (running !== undefined) await running
    },
    async settled() {
      while (running !== undefined) await running.catch(() => undefined)
    },
  }
}
