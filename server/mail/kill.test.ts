/**
 * Fault: the server killed (`kill -9`) while it is inviting people and mailing their links
 * (docs/decisions.md "Mail: at least once, one Message-ID"). The real server as a child process on
 * PostgreSQL, a real SMTP server that answers slowly, 40 invitations: the kill lands with emails
 * claimed and in flight and invitations just acknowledged. After a restart every invitation has
 * its one email (the outbox row commits with the invitation; a claim's lease runs out and the
 * sweep sends it again), and a mailbox that deduplicates by Message-ID has each message once.
 * Runs against PostgreSQL (TEST_DATABASE_URL, set by `npm test` when PostgreSQL is installed:
 * scripts/with-postgres.ts); skipped with a note otherwise.
 */
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { openDatabase, type DatabaseHandle } from '../db/client.ts'
import * as schema from '../db/schema.ts'
import { freshRequest, startServer, type Running } from '../test/child-server.ts'
import { postgresUnavailableBecause, throwAwayDatabase } from '../test/local-postgres.ts'
import { startSmtpServer, type TestSmtpServer } from '../test/smtp.ts'

const adminUrl = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL
const skipReason = await postgresUnavailableBecause(adminUrl)
if (skipReason !== undefined) console.warn(`Skipping the mail kill -9 test: ${skipReason}`)

const INVITATIONS = 40
/** Acknowledged invitations before the kill: about half. */
const KILL_AFTER = 18
/** Invitations sent at once. */
const CONCURRENCY = 6
/** How long the SMTP server takes per message, ms: the server is still sending when it dies. */
const SMTP_ANSWER_MS = 150
const LEASE_S = 2

const invitee = (n: number) => `crash-invitee-${String(n).padStart(2, '0')}@example.test`

describe.skipIf(skipReason !== undefined)('invitation email under kill -9', () => {
  const database = throwAwayDatabase(adminUrl, 'engage_mail_kill')
  const root = mkdtempSync(path.join(tmpdir(), 'engage-mail-kill-'))
  let smtp: TestSmtpServer
  let handle: DatabaseHandle | undefined
  const servers: Running[] = []

  beforeAll(async () => {
    await database.create()
    smtp = await startSmtpServer()
    smtp.answerDelayMs = SMTP_ANSWER_MS
  }, 60_000)

  afterAll(async () => {
    for (const server of servers) if (server.child.exitCode === null) server.child.kill('SIGKILL')
    await handle?.close()
    await smtp?.close()
    await database.drop()
    rmSync(root, { recursive: true, force: true })
  })

  const env = () => ({
    DATABASE_URL: database.url,
    DATA_DIR: path.join(root, 'data'),
    INTERNAL_API_KEY: randomBytes(24).toString('hex'),
    SMTP_URL: smtp.url,
    MAIL_FROM: 'Engage <no-reply@engage.test>',
    MAIL_LEASE_S: String(LEASE_S),
    RATE_LIMITS: 'off',
  })

  const signIn = async (server: Running) => {
    const response = await freshRequest(`${server.url}/api/users/signin`, 'POST', { email: 'admin@acme.test', password: 'demo-password' })
    expect(response.status).toBe(200)
    const session = JSON.parse(response.body) as { access_token: string; org_id: string }
    return { authorization: `Bearer ${session.access_token}`, 'x-org-id': session.org_id }
  }

  /** The Message-ID a delivered mail carries, as its receiver would deduplicate by. */
  const messageIdsTo = (address: string) => new Set(smtp.received.filter((m) => m.to && JSON.stringify(m.to).includes(address)).map((m) => m.messageId))

  test(
    `Scenario: ${INVITATIONS} invitations, kill -9 mid-way, restart: every invitation's email arrives, each Message-ID once after deduplication`,
    async () => {
      const first = await startServer(env())
      servers.push(first)
      handle = await openDatabase({ databaseUrl: database.url, dataDir: '/nonexistent' })
      const headers = await signIn(first)
      const [set] = await handle.db
        .select({ id: schema.permissionSets.id })
        .from(schema.permissionSets)
        .innerJoin(schema.organizations, eq(schema.organizations.id, schema.permissionSets.orgId))
        .where(and(eq(schema.organizations.name, 'Acme Support'), eq(schema.permissionSets.name, 'Support Agent')))
      const invite = (server: Running, h: Record<string, string>, n: number) =>
        freshRequest(`${server.url}/api/organizations/members/invite`, 'POST', { email: invitee(n), permission_set_ids: [set?.id] }, h)

      // Invitations, a few at a time, until the kill: each either acknowledged (201) or cut off.
      const acknowledged = new Set<number>()
      const cutOff = new Set<number>()
      let next = 0
      let killed = false
      const sender = async () => {
        while (next < INVITATIONS) {
          const n = next++
          if (killed) {
            cutOff.add(n)
            continue
          }
          const answer = await invite(first, headers, n).catch(() => undefined)
          if (answer?.status === 201) acknowledged.add(n)
          else cutOff.add(n)
          if (!killed && acknowledged.size >= KILL_AFTER) {
            killed = true
            first.child.kill('SIGKILL')
          }
        }
      }
      await Promise.all(Array.from({ length: CONCURRENCY }, sender))
      await new Promise((resolve) => (first.child.exitCode === null && first.child.signalCode === null ? first.child.once('exit', resolve) : resolve(undefined)))
      // The kill landed mid-way: acknowledged invitations whose email had not gone yet.
      const deliveredAtKill = new Set(smtp.received.map((m) => m.messageId)).size
      expect(acknowledged.size).toBeGreaterThanOrEqual(KILL_AFTER)
      expect(deliveredAtKill).toBeLessThan(acknowledged.size)
      // ...and claims it died holding: only their leases running out lets them go.
      const claimedAtKill = await handle.db.select({ id: schema.mailOutbox.id }).from(schema.mailOutbox).where(eq(schema.mailOutbox.status, 'sending'))
      expect(claimedAtKill.length).toBeGreaterThan(0)

      const second = await startServer(env())
      servers.push(second)
      const again = await signIn(second)
      // The rest; one cut off by the kill may have committed (409: already a member): its email is due too.
      for (const n of cutOff) {
        const answer = await invite(second, again, n)
        expect([201, 409]).toContain(answer.status)
      }

      // Every invitation's email arrives: one distinct Message-ID per invitee.
      await expect
        .poll(() => new Set(smtp.received.map((m) => m.messageId)).size, { timeout: 60_000, interval: 200 })
        .toBe(INVITATIONS)
      for (let n = 0; n < INVITATIONS; n++) expect(messageIdsTo(invitee(n)).size, invitee(n)).toBe(1)
      // None twice: a message sent again carries the Message-ID of its first try, so the mailbox
      // deduplicates it; only messages claimed when the server died can have been sent again.
      const outbox = await handle.db.select().from(schema.mailOutbox).where(eq(schema.mailOutbox.kind, 'invitation'))
      expect(outbox).toHaveLength(INVITATIONS)
      expect(outbox.every((row) => row.status === 'sent')).toBe(true)
      expect(new Set(outbox.map((row) => row.messageId))).toEqual(new Set(smtp.received.map((m) => m.messageId)))
      expect(smtp.received.length - INVITATIONS).toBeLessThanOrEqual(claimedAtKill.length)
      await second.stop()
    },
    180_000,
  )
})
