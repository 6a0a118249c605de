/**
 * Sending email: every message is written whole to the outbox (`mail_outbox`) first,
 * then, when SMTP_URL is configured, delivered by nodemailer in the background; the request that
 * caused it never waits for SMTP. A message that belongs to something a request creates (an
 * invitation, a reset or confirmation link) is written by {@link Mailer.queue} in that request's
 * transaction, so what the request acknowledged always has its message: a crash after the commit
 * leaves a queued row for the sweep, never a link nobody is told about. Without SMTP_URL the outbox is where mail goes (status `kept`),
 * read with `npm run admin -- mail`.
 *
 * Retries: a temporary failure (an SMTP 4xx reply, or no connection: refused, reset, timed out,
 * DNS) is retried after {@link MAIL_RETRY_DELAYS_MS}; after the last one, or on a permanent 5xx
 * refusal, the message is `failed` with the SMTP server's answer, and `npm run admin -- mail
 * --retry <id>` queues it again. A message is claimed by one process per attempt (server/mail/
 * outbox.ts) under a lease of {@link MAIL_LEASE_MS}, and a periodic sweep sends what a stopped
 * process left: queued messages, and claims whose lease ran out (a process killed mid-send). Every
 * attempt carries the Message-ID chosen when the row was written, so the rare message the SMTP
 * server accepted just before such a kill, sent again, is the same message to the receiving side
 * (docs/decisions.md "Mail: at least once, one Message-ID").
 */
import { randomUUID } from 'node:crypto'
import nodemailer from 'nodemailer'
import type { Database } from '../db/client.ts'
import { type MailKind, mailOutbox } from '../db/schema.ts'
import { periodicJob } from '../jobs/periodic.ts'
import { claimQueued, markFailed, markRetry, markSent, overdueQueued, requeue } from './outbox.ts'
import type { MailDraft, RenderedMail } from './templates/render.ts'
import { recipientLanguage } from './translate.ts'

/** Waits before the 2nd, 3rd, 4th and 5th attempt, ms (then the message is failed). */
export const MAIL_RETRY_DELAYS_MS: ReadonlyArray<number> = [2_000, 10_000, 60_000, 300_000]
/** How often each process sweeps for queued messages nobody is sending, ms (at most: a shorter lease sweeps as often as it lasts). */
export const MAIL_SWEEP_INTERVAL_MS = 60_000
/**
 * How long one attempt owns a message, ms (MAIL_LEASE_S): past it, another process may send it
 * again. Longer than an attempt can last with {@link SMTP_TIMEOUTS_MS}.
 */
export const MAIL_LEASE_MS = 300_000
/** nodemailer's limits on one attempt, ms: connecting, the greeting, and silence on the socket. */
export const SMTP_TIMEOUTS_MS = { connectionTimeout: 30_000, greetingTimeout: 30_000, socketTimeout: 60_000 } as const

/**
 * A message to send. `to` is one address; `headers` are extra header lines (List-Unsubscribe...).
 * The body is rendered already, or a template's draft: the outbox writes a draft in the language of
 * the account with address `to` (`users.language`; English without an account or a language).
 */
export type OutgoingMail = {
  readonly to: string
  readonly kind: MailKind
  readonly headers?: Readonly<Record<string, string>>
} & (RenderedMail | MailDraft)

/** The part of a nodemailer transport the mailer uses (tests may pass their own). */
export interface MailTransport {
  sendMail(message: { from: string; to: string; subject: string; html: string; text: string; headers: Record<string, string>; messageId?: string }): Promise<unknown>
  close?(): void
}

/** How mail is configured: server/config.ts reads SMTP_URL and MAIL_FROM. */
export interface MailOptions {
  /** `smtp://user:pass@host:port` or `smtps://...`; absent: the outbox only. */
  readonly smtpUrl?: string
  /** The From header, e.g. `Engage <no-reply@example.com>`. */
  readonly from: string
  /** Replaces the nodemailer transport built from `smtpUrl` (tests). */
  readonly transport?: MailTransport
  /** Replaces {@link MAIL_RETRY_DELAYS_MS} (tests). */
  readonly retryDelaysMs?: ReadonlyArray<number>
  /** Replaces {@link MAIL_LEASE_MS} (MAIL_LEASE_S; tests use a few seconds). */
  readonly leaseMs?: number
}

export interface Mailer {
  /** Where mail goes, for the start banner: `smtp://host:port` (no credentials) or the outbox. */
  readonly destination: string
  /**
   * Writes `mail` to the outbox and, with SMTP, starts delivering it without waiting.
   * @returns the outbox id. Rejects only when the database refuses the row.
   */
  send(mail: OutgoingMail): Promise<string>
  /**
   * Writes `mail` to the outbox inside `tx`, the transaction that creates what it belongs to;
   * nothing is sent yet. After the commit, {@link dispatch} its id (or leave it to the sweep).
   * @returns the outbox id. Rejects when the database refuses the row (and so the transaction).
   */
  queue(tx: Database, mail: OutgoingMail): Promise<string>
  /** Starts delivering messages written by {@link queue}, once their transaction has committed. */
  dispatch(ids: ReadonlyArray<string>): void
  /**
   * Runs `compose` (look up, render, {@link send}) in the background, tracked by {@link settled}:
   * the answer to a request never waits for it, nor takes longer when a message is written (an
   * unknown address answers as fast as a known one). Failures are logged.
   */
  defer(compose: () => Promise<unknown>): void
  /** Queues a failed message again and delivers it; false when `id` is not a failed or kept message. */
  retry(id: string): Promise<boolean>
  /** Sends queued messages whose attempt is overdue (a stopped process's); the periodic sweep calls it. */
  sweep(): Promise<void>
  /** Resolves when every delivery started so far has finished (tests, shutdown). */
  settled(): Promise<void>
  /** Stops the sweep and closes the SMTP connection. */
  close(): void
}

/** Header values never carry a line break: user text (a workspace name) could otherwise add headers. */
const headerSafe = (text: string) => text.replace(/[\r\n\u0000-\u001f\u007f]+/g, ' ').trim()

/** Whether an SMTP failure is worth another try: 4xx replies and network failures. */
export function isTemporaryFailure(error: unknown): boolean {
  const e = error as { responseCode?: unknown; code?: unknown } | undefined
  if (typeof e?.responseCode === 'number') return e.responseCode >= 400 && e.responseCode < 500
  return ['ECONNECTION', 'ETIMEDOUT', 'ESOCKET', 'ECONNREFUSED', 'ECONNRESET', 'EDNS', 'EGREETING'].includes(String(e?.code))
}

const describeFailure = (error: unknown) => {
  const e = error as { response?: unknown; code?: unknown; message?: unknown } | undefined
  const text = typeof e?.response === 'string' ? e.response : typeof e?.message === 'string' ? e.message : String(error)
  return text.slice(0, 500)
}

/** The SMTP address without its credentials, for logs and the banner. */
export function smtpDestination(smtpUrl: string): string {
  const url = new URL(smtpUrl)
  return `${url.protocol}//${url.host}`
}

/**
 * Builds the mailer. Starts the periodic sweep when SMTP is configured (unref'd: it never keeps
 * the process alive).
 * @param logInfo receives one line per sent or failed message (outbox id and kind; no addresses in the message text).
 */
export function createMailer(
  db: Database,
  options: MailOptions,
  now: () => number,
  logError: (message: string, error: unknown) => void,
  logInfo: (message: string, fields?: Readonly<Record<string, unknown>>) => void = () => {},
): Mailer {
  const transport: MailTransport | undefined =
    options.transport ?? (options.smtpUrl === undefined ? undefined : nodemailer.createTransport(options.smtpUrl, { from: options.from, ...SMTP_TIMEOUTS_MS }))
  const delays = options.retryDelaysMs ?? MAIL_RETRY_DELAYS_MS
  const leaseMs = options.leaseMs ?? MAIL_LEASE_MS
  // The domain of MAIL_FROM names the messages' Message-IDs (RFC 5322 §3.6.4: unique on the left, the sender's domain on the right).
  const messageIdDomain = /@([^\s@<>]+)>?\s*$/.exec(options.from)?.[1] ?? 'localhost'
  const inFlight = new Set<Promise<void>>()
  const timers = new Set<ReturnType<typeof setTimeout>>()

  const track = (run: Promise<void>) => {
    inFlight.add(run)
    void run.finally(() => inFlight.delete(run))
  }

  /** One attempt at message `id`, scheduling the next one on a temporary failure. */
  const attempt = async (id: string): Promise<void> => {
    if (transport === undefined) return
    const mail = await claimQueued(db, id, new Date(now()), leaseMs)
    if (mail === undefined) return
    try {
      await transport.sendMail({
        from: options.from,
        to: mail.toAddress,
        subject: mail.subject,
        html: mail.html,
        text: mail.text,
        headers: { ...mail.headers },
        ...(mail.messageId === null ? {} : { messageId: mail.messageId }),
      })
      await markSent(db, id, new Date(now()))
      logInfo('Mail sent', { event: 'mail', outboxId: id, attempts: mail.attempts })
    } catch (error) {
      const why = describeFailure(error)
      const delay = delays[mail.attempts - 1]
      if (isTemporaryFailure(error) && delay !== undefined) {
        await markRetry(db, id, why, new Date(now() + delay))
        const timer = setTimeout(() => {
          timers.delete(timer)
          track(attempt(id).catch((e: unknown) => logError('Mail delivery failed', e)))
        }, delay)
        timer.unref?.()
        timers.add(timer)
      } else {
        await markFailed(db, id, why)
        logError(`Mail ${id} failed after ${mail.attempts} attempt(s)`, error)
      }
    }
  }

  const deliver = (id: string) => track(attempt(id).catch((error: unknown) => logError('Mail delivery failed', error)))

  // A minute, or the lease when shorter: the process that queued a message would have tried by then.
  const sweepEveryMs = Math.min(MAIL_SWEEP_INTERVAL_MS, leaseMs)
  const sweep = async () => {
    if (transport === undefined) return
    const at = now()
    for (const id of await overdueQueued(db, new Date(at - sweepEveryMs), new Date(at))) deliver(id)
  }
  const sweeper = periodicJob(sweep, (error) => logError('Mail sweep failed', error))
  if (transport !== undefined) sweeper.start(sweepEveryMs)

  const queue = async (tx: Database, mail: OutgoingMail) => {
    // Read in `tx`: an account created by the same transaction (an invitation's) is seen.
    const body = 'render' in mail ? await mail.render(await recipientLanguage(tx, mail.to)) : mail
    const at = new Date(now())
    const [row] = await tx
      .insert(mailOutbox)
      .values({
        toAddress: mail.to.trim().toLowerCase(),
        kind: mail.kind,
        subject: headerSafe(body.subject),
        html: body.html,
        text: body.text,
        headers: Object.fromEntries(Object.entries(mail.headers ?? {}).map(([k, v]) => [k, headerSafe(v)])),
        status: transport === undefined ? 'kept' : 'queued',
        nextAttemptAt: transport === undefined ? null : at,
        messageId: `<${randomUUID()}@${messageIdDomain}>`,
        createdAt: at,
      })
      .returning({ id: mailOutbox.id })
    if (row === undefined) throw new Error('The outbox did not return the new message')
    return row.id
  }

  return {
    destination: options.smtpUrl !== undefined ? smtpDestination(options.smtpUrl) : transport !== undefined ? 'SMTP (custom transport)' : 'the outbox (no SMTP_URL)',
    async send(mail) {
      const id = await queue(db, mail)
      deliver(id)
      return id
    },
    queue,
    dispatch(ids) {
      for (const id of ids) deliver(id)
    },
    defer(compose) {
      // A macrotask later, so the request's answer is on its way before any of this work starts.
      track(new Promise<void>((resolve) => setImmediate(resolve)).then(compose).then(
        () => undefined,
        (error: unknown) => logError('Composing an email failed', error),
      ))
    },
    async retry(id) {
      // Without SMTP there is nowhere to send it: it stays in the outbox as it is.
      if (transport === undefined || !(await requeue(db, id, new Date(now())))) return false
      const run = attempt(id).catch((error: unknown) => logError('Mail delivery failed', error))
      track(run)
      await run
      return true
    },
    sweep,
    async settled() {
      while (inFlight.size > 0) await Promise.all([...inFlight])
    },
    close() {
      sweeper.stop()
      for (const timer of timers) clearTimeout(timer)
      timers.clear()
      transport?.close?.()
    },
  }
}
