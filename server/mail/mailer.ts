/**
 * Sending email: every message is written whole to the outbox (`mail_outbox`) first,
 * then, when SMTP_URL is configured, delivered by nodemailer in the background; the request that
 * caused it never waits for SMTP. Without SMTP_URL the outbox is where mail goes (status `kept`),
 * read with `npm run admin -- mail`.
 *
 * Retries: a temporary failure (an SMTP 4xx reply, or no connection: refused, reset, timed out,
 * DNS) is retried after {@link MAIL_RETRY_DELAYS_MS}; after the last one, or on a permanent 5xx
 * refusal, the message is `failed` with the SMTP server's answer, and `npm run admin -- mail
 * --retry <id>` queues it again. A message is claimed by one process per attempt (server/mail/
 * outbox.ts), and a periodic sweep sends what a stopped process left queued, so several servers
 * on one PostgreSQL database deliver each message once.
 */
import nodemailer from 'nodemailer'
import type { Database } from '../db/client.ts'
import { type MailKind, mailOutbox } from '../db/schema.ts'
import { periodicJob } from '../jobs/periodic.ts'
import { claimQueued, markFailed, markRetry, markSent, overdueQueued, requeue } from './outbox.ts'

/** Waits before the 2nd, 3rd, 4th and 5th attempt, ms (then the message is failed). */
export const MAIL_RETRY_DELAYS_MS: ReadonlyArray<number> = [2_000, 10_000, 60_000, 300_000]
/** How often each process sweeps for queued messages nobody is sending, ms. */
export const MAIL_SWEEP_INTERVAL_MS = 60_000

/** A message to send. `to` is one address; `headers` are extra header lines (List-Unsubscribe...). */
export interface OutgoingMail {
  readonly to: string
  readonly kind: MailKind
  readonly subject: string
  readonly html: string
  readonly text: string
  readonly headers?: Readonly<Record<string, string>>
}

/** The part of a nodemailer transport the mailer uses (tests may pass their own). */
export interface MailTransport {
  sendMail(message: { from: string; to: string; subject: string; html: string; text: string; headers: Record<string, string> }): Promise<unknown>
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
    options.transport ?? (options.smtpUrl === undefined ? undefined : nodemailer.createTransport(options.smtpUrl, { from: options.from }))
  const delays = options.retryDelaysMs ?? MAIL_RETRY_DELAYS_MS
  const inFlight = new Set<Promise<void>>()
  const timers = new Set<ReturnType<typeof setTimeout>>()

  const track = (run: Promise<void>) => {
    inFlight.add(run)
    void run.finally(() => inFlight.delete(run))
  }

  /** One attempt at message `id`, scheduling the next one on a temporary failure. */
  const attempt = async (id: string): Promise<void> => {
    if (transport === undefined) return
    const mail = await claimQueued(db, id)
    if (mail === undefined) return
    try {
      await transport.sendMail({ from: options.from, to: mail.toAddress, subject: mail.subject, html: mail.html, text: mail.text, headers: { ...mail.headers } })
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

  const sweep = async () => {
    if (transport === undefined) return
    // Overdue by a minute: the process that queued it would have tried by then.
    for (const id of await overdueQueued(db, new Date(now() - 60_000))) deliver(id)
  }
  const sweeper = periodicJob(sweep, (error) => logError('Mail sweep failed', error))
  if (transport !== undefined) sweeper.start(MAIL_SWEEP_INTERVAL_MS)

  return {
    destination: options.smtpUrl !== undefined ? smtpDestination(options.smtpUrl) : transport !== undefined ? 'SMTP (custom transport)' : 'the outbox (no SMTP_URL)',
    async send(mail) {
      const at = new Date(now())
      const [row] = await db
        .insert(mailOutbox)
        .values({
          toAddress: mail.to.trim().toLowerCase(),
          kind: mail.kind,
          subject: headerSafe(mail.subject),
          html: mail.html,
          text: mail.text,
          headers: Object.fromEntries(Object.entries(mail.headers ?? {}).map(([k, v]) => [k, headerSafe(v)])),
          status: transport === undefined ? 'kept' : 'queued',
          nextAttemptAt: transport === undefined ? null : at,
          createdAt: at,
        })
        .returning({ id: mailOutbox.id })
      if (row === undefined) throw new Error('The outbox did not return the new message')
      deliver(row.id)
      return row.id
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
