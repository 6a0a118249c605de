/**
 * Email with a real SMTP server. The app sends through nodemailer to smtp-server on a
 * local port; mailparser reads what arrives. Invitation, password reset and address confirmation
 * arrive with links that work; a refusing server gets each message once; a server that is down
 * loses nothing (the outbox shows the failure and a retry delivers it). An invitation's and a
 * sign-up's email are in the outbox by the time the request is answered.
 */
import type { ParsedMail } from 'mailparser'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { ACCOUNT_MESSAGES, PASSWORD_RESET_SENT, PASSWORD_RESET_TTL_S } from '../../contract/account.ts'
import { listOutbox } from './outbox.ts'
import { users } from '../db/schema.ts'
import { linkToken, startTestServer, type TestServer } from '../test/harness.ts'
import { startSmtpServer, type TestSmtpServer } from '../test/smtp.ts'

let smtp: TestSmtpServer
let server: TestServer
let acme: string
let admin: Record<string, string>

const json = async (response: Response) => ({ status: response.status, body: (await response.json()) as unknown })
const post = (path: string, body: unknown, headers: Record<string, string> = {}) => server.request('POST', path, { body, headers })

/** The token of the link to `path` in a received message's text part. */
function mailedToken(mail: ParsedMail | undefined, path: string): string {
  const token = linkToken(mail?.text ?? '', path)
  if (token === undefined) throw new Error(`no ${path} link in ${JSON.stringify(mail?.text)}`)
  return token
}

const lastTo = (email: string) => smtp.received.findLast((m) => m.to !== undefined && JSON.stringify(m.to).includes(email))

beforeAll(async () => {
  smtp = await startSmtpServer()
  server = await startTestServer({}, () => ({
    mail: { smtpUrl: smtp.url, from: 'Engage <no-reply@engage.test>', retryDelaysMs: [50, 50, 50] },
    publicOrigin: () => 'https://engage.example.com',
  }))
  acme = await server.orgId('Acme Support')
  admin = server.authHeaders((await server.signIn('admin@acme.test')).access_token, acme)
})
afterAll(async () => {
  server.mailer.close()
  await server.close()
  await smtp.close()
})

describe('the invitation email', () => {
  test('Scenario: inviting a new person emails them a set-password link on APP_URL that works once', async () => {
    const before = smtp.received.length
    const [teamMember] = (await server.handle.db.query.permissionSets.findMany()).filter((s) => s.permissionSetKey === 'TEAM_MEMBER')
    const response = await post('/api/organizations/members/invite', { email: 'mia@example.test', fullName: 'Mia Moss', permission_set_ids: [teamMember?.id] }, admin)
    expect(response.status).toBe(201)
    const [mail] = (await smtp.waitFor(before + 1)).slice(before)
    expect(mail?.subject).toBe("You're invited to Acme Support on Engage")
    expect(mail?.from?.value).toEqual([{ name: 'Engage', address: 'no-reply@engage.test' }])
    expect(mail?.html).toContain('https://engage.example.com/set-password?token=')
    expect(mail?.text).toContain('Ada Admin invited you to join Acme Support on Engage')
    const token = mailedToken(mail, '/set-password')
    expect(await json(await post('/api/users/set-password', { token, password: 'mia-password-42' }))).toEqual({ status: 200, body: { ok: true } })
    expect((await post('/api/users/set-password', { token, password: 'mia-password-43' })).status).toBe(400)
    const [entry] = await server.mailTo('mia@example.test')
    expect(entry).toMatchObject({ status: 'sent', attempts: 1, lastError: null })
  })
})

describe('forgot password', () => {
  test('Scenario: a known and an unknown address get the same answer; only the known one gets mail', async () => {
    const before = smtp.received.length
    const known = await json(await post('/api/users/password-reset', { email: 'agent@acme.test' }))
    const unknown = await json(await post('/api/users/password-reset', { email: 'nobody@acme.test' }))
    expect(known).toEqual({ status: 202, body: { message: PASSWORD_RESET_SENT } })
    expect(unknown).toEqual(known)
    await server.mailer.settled()
    await smtp.waitFor(before + 1)
    expect(smtp.received.slice(before).map((m) => m.subject)).toEqual(['Reset your Engage password'])
    expect(await server.mailTo('nobody@acme.test')).toEqual([])
  })

  test('Scenario: the link sets a new password, signs out every session, and works once', async () => {
    const session = await server.signIn('agent@acme.test')
    await post('/api/users/password-reset', { email: 'Agent@Acme.test' })
    await server.mailer.settled()
    const token = mailedToken(lastTo('agent@acme.test'), '/reset-password')
    expect(lastTo('agent@acme.test')?.text).toContain('expires in 30 minutes')
    expect(await json(await post('/api/users/password-reset/confirm', { token, password: 'a-brand-new-password' }))).toEqual({ status: 200, body: { ok: true } })
    // The session from before the reset is gone.
    expect((await post('/api/users/refresh-token', { refresh_token: session.refresh_token })).status).toBe(401)
    const signIn = async (password: string) => post('/api/users/signin', { email: 'agent@acme.test', password, bot_check_proof: await server.proof() })
    expect((await signIn('a-brand-new-password')).status).toBe(200)
    expect((await signIn('demo-password')).status).toBe(401)
    const again = await json(await post('/api/users/password-reset/confirm', { token, password: 'yet-another-password' }))
    expect(again).toEqual({ status: 400, body: { error: { code: 'invalid_request', message: ACCOUNT_MESSAGES.linkInvalid, issues: [{ path: ['token'], message: ACCOUNT_MESSAGES.linkInvalid }] } } })
  })

  test('Scenario: a reset link expires after 30 minutes, and an invitation link is no reset link', async () => {
    await post('/api/users/password-reset', { email: 'newbie@initech.test' })
    await server.mailer.settled()
    const token = mailedToken(lastTo('newbie@initech.test'), '/reset-password')
    const start = server.clock.ms
    server.clock.ms = start + PASSWORD_RESET_TTL_S * 1000 + 1_000
    try {
      expect((await post('/api/users/password-reset/confirm', { token, password: 'late-password-123' })).status).toBe(400)
    } finally {
      server.clock.ms = start
    }
    // The set-password endpoint takes invitation links only.
    expect((await post('/api/users/set-password', { token, password: 'late-password-123' })).status).toBe(400)
  })

  test('Scenario: with the rate limits on, past three links in 15 minutes nothing more is mailed, and an address gets 429 like sign-in', async () => {
    const limited = await startTestServer({}, () => ({ rateLimits: { enabled: true, trustProxy: false } }))
    try {
      const request = (email: string) => limited.request('POST', '/api/users/password-reset', { body: { email } })
      for (let i = 0; i < 5; i++) expect(await json(await request('sso@umbrella.test'))).toEqual({ status: 202, body: { message: PASSWORD_RESET_SENT } })
      expect(await limited.mailTo('sso@umbrella.test', 'password_reset')).toHaveLength(3)
      for (let i = 5; i < 20; i++) expect((await request(`someone${i}@example.test`)).status).toBe(202)
      const refused = await request('sso@umbrella.test')
      expect(refused.status).toBe(429)
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
    } finally {
      await limited.close()
    }
  })

  test('Scenario: hostile input is a 400 that sends nothing', async () => {
    const before = (await listOutbox(server.handle.db, { limit: 500 })).length
    for (const body of [{ email: 'a\u0000b@acme.test' }, { email: '\ud800@acme.test' }, { email: 'x'.repeat(300) }, {}, 'not json', [1]]) {
      expect((await post('/api/users/password-reset', body)).status).toBe(400)
    }
    expect((await post('/api/users/password-reset/confirm', { token: 'x'.repeat(5000), password: 'long-enough-password' })).status).toBe(400)
    expect((await post('/api/users/confirm-email', { token: 'x'.repeat(5000) })).status).toBe(400)
    expect((await post('/api/users/password-reset', { email: `${'a'.repeat(70_000)}@acme.test` })).status).toBe(413)
    await server.mailer.settled()
    expect(await listOutbox(server.handle.db, { limit: 500 })).toHaveLength(before)
  })
})

describe('address confirmation', () => {
  test('Scenario: sign-up sends a confirmation link; following it confirms the address', async () => {
    const response = await post('/api/users/signup', await server.withProof({ fullName: 'Cleo Confirm', email: 'cleo@example.test', password: 'cleo-password-42', org_name: 'Cleo Co' }))
    expect(response.status).toBe(201)
    const { access_token, org_id } = (await response.json()) as { access_token: string; org_id: string }
    const headers = server.authHeaders(access_token, org_id)
    const me = async () => ((await (await server.request('GET', '/api/users/me', { headers })).json()) as { user: { email_confirmed: boolean } }).user
    expect((await me()).email_confirmed).toBe(false)
    await server.mailer.settled()
    const mail = lastTo('cleo@example.test')
    expect(mail?.subject).toBe('Confirm your email address for Engage')
    // 'Resend' while unconfirmed mails a fresh link.
    expect(await json(await post('/api/users/me/confirm-email/resend', {}, headers))).toEqual({ status: 202, body: { ok: true } })
    await server.mailer.settled()
    expect(await server.mailTo('cleo@example.test', 'email_confirmation')).toHaveLength(2)
    expect(await json(await post('/api/users/confirm-email', { token: mailedToken(mail, '/confirm-email') }))).toEqual({ status: 200, body: { email: 'cleo@example.test' } })
    expect((await me()).email_confirmed).toBe(true)
    const verify = (await (await server.request('GET', '/api/users/verify-token', { headers })).json()) as { user: { email_confirmed: boolean } }
    expect(verify.user.email_confirmed).toBe(true)
    expect((await post('/api/users/me/confirm-email/resend', {}, headers)).status).toBe(409)
    expect((await post('/api/users/confirm-email', { token: 'not-a-token' })).status).toBe(400)
  })

  test('Scenario: resending needs a session', async () => {
    expect((await post('/api/users/me/confirm-email/resend', {})).status).toBe(401)
  })
})

describe('in the recipient’s language', () => {
  const invite = async (email: string) => {
    const [teamMember] = (await server.handle.db.query.permissionSets.findMany()).filter((s) => s.permissionSetKey === 'TEAM_MEMBER')
    const response = await post('/api/organizations/members/invite', { email, permission_set_ids: [teamMember?.id] }, admin)
    expect(response.status).toBe(201)
    return ((await response.json()) as { user_id: string }).user_id
  }
  const speaks = (email: string, language: 'de' | 'ar') => server.handle.db.update(users).set({ language }).where(eq(users.email, email))

  test('Scenario: a German reader gets the invitation and the reset link in German; the links work', async () => {
    // A new address has no account to read a language from: English.
    const userId = await invite('greta@example.test')
    await server.mailer.settled()
    expect(lastTo('greta@example.test')?.subject).toBe("You're invited to Acme Support on Engage")
    await speaks('greta@example.test', 'de')

    expect((await post(`/api/organizations/members/${userId}/invitation/resend`, {}, admin)).status).toBe(200)
    await server.mailer.settled()
    const invitation = lastTo('greta@example.test')
    expect(invitation?.subject).toBe('Du bist zu Acme Support auf Engage eingeladen')
    expect(invitation?.from?.value).toEqual([{ name: 'Engage', address: 'no-reply@engage.test' }])
    expect(invitation?.html).toContain('<html dir="ltr" lang="de"')
    expect(invitation?.text).toContain('Ada Admin hat dich eingeladen, Acme Support auf Engage beizutreten. Wähle ein Passwort, um dich anzumelden.')
    expect(invitation?.text).toContain('Der Link funktioniert einmal und läuft in 7 Tagen ab.')
    expect(await json(await post('/api/users/set-password', { token: mailedToken(invitation, '/set-password'), password: 'greta-password-42' }))).toEqual({ status: 200, body: { ok: true } })

    await post('/api/users/password-reset', { email: 'greta@example.test' })
    await server.mailer.settled()
    const reset = lastTo('greta@example.test')
    expect(reset?.subject).toBe('Setze dein Engage-Passwort zurück')
    expect(reset?.text).toContain('Oder füge diese Adresse in deinen Browser ein: https://engage.example.com/reset-password?token=')
    expect(reset?.text).toContain('läuft in 30 Minuten ab')
    expect(reset?.text).not.toContain('Reset your password')
    expect((await post('/api/users/password-reset/confirm', { token: mailedToken(reset, '/reset-password'), password: 'greta-password-43' })).status).toBe(200)
  })

  test('Scenario: an Arabic reader’s message is right to left, in Arabic, with its link intact', async () => {
    await invite('amal@example.test')
    await speaks('amal@example.test', 'ar')
    await post('/api/users/password-reset', { email: 'amal@example.test' })
    await server.mailer.settled()
    const reset = lastTo('amal@example.test')
    expect(reset?.subject).toBe('أعد تعيين كلمة مرور Engage')
    expect(reset?.html).toContain('<html dir="rtl" lang="ar"')
    expect(reset?.html).toContain('<body dir="rtl"')
    expect(reset?.text).toContain('خلال 30 دقيقة')
    expect(reset?.text).toContain('أو الصق هذا العنوان في متصفحك: https://engage.example.com/reset-password?token=')
    expect(mailedToken(reset, '/reset-password')).not.toBe('')
  })
})

describe('written with what it belongs to', () => {
  // Read straight from the outbox, without waiting for anything in the background: a message
  // written after the answer would not be there yet, and a crash at that moment would lose it.
  const outboxNow = async (email: string) => (await listOutbox(server.handle.db, { to: email })).map((m) => m.kind)

  test('Scenario: when an invitation is answered 201, its email is already in the outbox', async () => {
    const [teamMember] = (await server.handle.db.query.permissionSets.findMany()).filter((s) => s.permissionSetKey === 'TEAM_MEMBER')
    const response = await post('/api/organizations/members/invite', { email: 'otto@example.test', permission_set_ids: [teamMember?.id] }, admin)
    expect(response.status).toBe(201)
    expect(await outboxNow('otto@example.test')).toEqual(['invitation'])
  })

  test('Scenario: when a sign-up is answered 201, its confirmation email is already in the outbox', async () => {
    const response = await post('/api/users/signup', await server.withProof({ fullName: 'Sid Signup', email: 'sid@example.test', password: 'sid-password-42', org_name: 'Sid Co' }))
    expect(response.status).toBe(201)
    expect(await outboxNow('sid@example.test')).toEqual(['email_confirmation'])
  })

  test('Scenario: a sign-up whose confirmation email cannot be written is refused whole: no account, no link without its email', async () => {
    // The database refuses this one address's outbox row.
    await server.handle.db.execute(sql`alter table mail_outbox add constraint refuse_one check (to_address <> 'unmailable@example.test')`)
    try {
      const response = await post('/api/users/signup', await server.withProof({ fullName: 'Una Mailable', email: 'unmailable@example.test', password: 'una-password-42', org_name: 'Una Co' }))
      expect(response.status).toBe(500)
      await server.mailer.settled()
      const [account] = await server.handle.db.select().from(users).where(eq(users.email, 'unmailable@example.test'))
      expect(account).toBeUndefined()
    } finally {
      await server.handle.db.execute(sql`alter table mail_outbox drop constraint refuse_one`)
    }
  })
})

describe('delivery', () => {
  test('Scenario: a server that refuses (451) and then accepts gets the message exactly once', async () => {
    const before = smtp.received.length
    let refusals = 1
    smtp.refuse = () => (refusals-- > 0 ? 451 : undefined)
    try {
      const id = await server.mailer.send({ to: 'once@example.test', kind: 'email_confirmation', subject: 'Once', html: '<p>Once</p>', text: 'Once' })
      await smtp.waitFor(before + 1)
      await new Promise((resolve) => setTimeout(resolve, 300))
      expect(smtp.received.slice(before).map((m) => m.subject)).toEqual(['Once'])
      const [entry] = await server.mailTo('once@example.test')
      expect(entry).toMatchObject({ id, status: 'sent', attempts: 2 })
    } finally {
      smtp.refuse = undefined
    }
  })

  test('Scenario: a permanent refusal (550) is failed at once, with the server’s answer', async () => {
    smtp.refuse = () => 550
    try {
      await server.mailer.send({ to: 'bounce@example.test', kind: 'email_confirmation', subject: 'Bounce', html: '<p>x</p>', text: 'x' })
      await server.mailer.settled()
      const [entry] = await server.mailTo('bounce@example.test')
      expect(entry).toMatchObject({ status: 'failed', attempts: 1 })
      expect(entry?.lastError).toMatch(/550/)
    } finally {
      smtp.refuse = undefined
    }
  })
})

describe('a server that is down', () => {
  test('Scenario: nothing is lost: the outbox shows the message failed, and a retry delivers it', async () => {
    // A port nobody listens on: take a free one and give it back.
    const probe = await startSmtpServer()
    const port = Number(new URL(probe.url).port)
    await probe.close()
    const down = await startTestServer({}, () => ({ mail: { smtpUrl: `smtp://127.0.0.1:${port}`, from: 'Engage <no-reply@engage.test>', retryDelaysMs: [20, 20] } }))
    try {
      const response = await down.request('POST', '/api/users/password-reset', { body: { email: 'admin@acme.test' } })
      expect(response.status).toBe(202)
      // The request answered; delivery goes on in the background: three attempts, then failed.
      let [entry] = await down.mailTo('admin@acme.test')
      for (let i = 0; i < 100 && entry?.status !== 'failed'; i++) {
        await new Promise((resolve) => setTimeout(resolve, 20))
        ;[entry] = await down.mailTo('admin@acme.test')
      }
      expect(entry).toMatchObject({ kind: 'password_reset', status: 'failed', attempts: 3 })
      expect(entry?.lastError).toMatch(/ECONNREFUSED|connect/i)
      const back = await startSmtpServer(port)
      try {
        expect(await down.mailer.retry(entry?.id ?? '')).toBe(true)
        const [mail] = await back.waitFor(1)
        expect(mail?.subject).toBe('Reset your Engage password')
        expect((await down.mailTo('admin@acme.test'))[0]).toMatchObject({ status: 'sent', attempts: 1 })
        expect(await down.mailer.retry(entry?.id ?? '')).toBe(false)
      } finally {
        await back.close()
      }
    } finally {
      down.mailer.close()
      await down.close()
    }
  })
})
