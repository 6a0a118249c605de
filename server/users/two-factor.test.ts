/**
 * Two-factor authentication over HTTP: enrolment with
 * one confirming code, the second sign-in step with a code or a recovery code, each used once,
 * a challenge that completes one sign-in only, and turning it off with a current code.
 */
import { generate } from 'otplib'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { ApiErrorBody, type SignInResponse, type TwoFactorChallenge } from '../../contract/api.ts'
import type { RecoveryCodesResponse, TwoFactorEnrolment } from '../../contract/twoFactor.ts'
import { DEMO_PASSWORD } from '../admin/seed.ts'
import { startTestServer, type TestServer } from '../test/harness.ts'

let server: TestServer
let headers: Record<string, string>
beforeAll(async () => {
  server = await startTestServer()
  const session = await server.signIn('newbie@initech.test')
  headers = server.authHeaders(session.access_token, session.org_id)
})
afterAll(() => server.close())

/** The TOTP code of `secret` at the test clock, `steps` time steps later. */
const codeAt = (secret: string, steps = 0) => generate({ secret, epoch: Math.floor(server.clock.ms / 1000) + steps * 30 })

const post = (path: string, body: unknown, extra: Record<string, string> = headers) => server.request('POST', path, { body, headers: extra })

async function passwordStep(): Promise<TwoFactorChallenge> {
  const response = await post('/api/users/signin', { email: 'newbie@initech.test', password: DEMO_PASSWORD, bot_check_proof: await server.proof() }, {})
  expect(response.status).toBe(200)
  const body = (await response.json()) as TwoFactorChallenge & Partial<SignInResponse>
  expect(body.access_token).toBeUndefined()
  expect(body.two_factor_required).toBe(true)
  return body
}

describe('two-factor authentication', () => {
  let secret = ''
  let recovery: readonly string[] = []

  test('Scenario: enrolment shows a QR code and the key, and only a right code turns it on, answering ten recovery codes', async () => {
    expect(await (await server.request('GET', '/api/users/me/two-factor', { headers })).json()).toMatchObject({ enabled: false })
    const enrolled = (await (await post('/api/users/me/two-factor/enrol', {})).json()) as TwoFactorEnrolment
    expect(enrolled.qr_data_url).toMatch(/^data:image\/svg\+xml;base64,/)
    expect(enrolled.otpauth_url).toContain(`secret=${enrolled.secret}`)
    secret = enrolled.secret

    const wrong = await post('/api/users/me/two-factor/confirm', { code: '000000' })
    expect(wrong.status).toBe(400)
    expect(((await wrong.json()) as ApiErrorBody).error.issues.map((i) => i.path)).toEqual([['code']])

    const confirmed = await post('/api/users/me/two-factor/confirm', { code: await codeAt(secret) })
    expect(confirmed.status).toBe(200)
    recovery = ((await confirmed.json()) as RecoveryCodesResponse).recovery_codes
    expect(recovery).toHaveLength(10)
    expect(await (await server.request('GET', '/api/users/me/two-factor', { headers })).json()).toMatchObject({ enabled: true, recovery_codes_left: 10 })
  })

  test('Scenario: the password alone earns a challenge; a code completes the sign-in once; the same challenge cannot start a second session', async () => {
    const challenge = await passwordStep()
    server.clock.ms += 30_000
    const done = await post('/api/users/signin/two-factor', { two_factor_token: challenge.two_factor_token, code: await codeAt(secret) }, {})
    expect(done.status).toBe(200)
    expect(((await done.json()) as SignInResponse).access_token.split('.')).toHaveLength(3)

    // The same code again is refused (a code works once), and a newer code cannot reuse the challenge.
    server.clock.ms += 30_000
    const again = await post('/api/users/signin/two-factor', { two_factor_token: challenge.two_factor_token, code: await codeAt(secret) }, {})
    expect(again.status).toBe(401)
    expect(((await again.json()) as ApiErrorBody).error.code).toBe('two_factor_expired')
    // That refused attempt did not use the code up: a fresh challenge takes it.
    const fresh = await passwordStep()
    expect((await post('/api/users/signin/two-factor', { two_factor_token: fresh.two_factor_token, code: await codeAt(secret) }, {})).status).toBe(200)
  })

  test('Scenario: a recovery code signs in once; a wrong one is a 400 on its field', async () => {
    const challenge = await passwordStep()
    const wrong = await post('/api/users/signin/two-factor', { two_factor_token: challenge.two_factor_token, recovery_code: 'aaaaa-aaaaa' }, {})
    expect(wrong.status).toBe(400)
    expect(((await wrong.json()) as ApiErrorBody).error.issues.map((i) => i.path)).toEqual([['recovery_code']])
    const code = recovery[0] ?? ''
    expect((await post('/api/users/signin/two-factor', { two_factor_token: challenge.two_factor_token, recovery_code: code.toUpperCase() }, {})).status).toBe(200)
    const next = await passwordStep()
    expect((await post('/api/users/signin/two-factor', { two_factor_token: next.two_factor_token, recovery_code: code }, {})).status).toBe(400)
    expect(await (await server.request('GET', '/api/users/me/two-factor', { headers })).json()).toMatchObject({ recovery_codes_left: 9 })
  })

  test('Scenario: an expired or forged challenge is a 401 two_factor_expired; a body with both or neither proof is a 400', async () => {
    const challenge = await passwordStep()
    expect((await post('/api/users/signin/two-factor', { two_factor_token: `${challenge.two_factor_token}x`, code: '123456' }, {})).status).toBe(401)
    expect((await post('/api/users/signin/two-factor', { two_factor_token: challenge.two_factor_token }, {})).status).toBe(400)
    expect((await post('/api/users/signin/two-factor', { two_factor_token: challenge.two_factor_token, code: '123456', recovery_code: 'aaaaa-aaaaa' }, {})).status).toBe(400)
    server.clock.ms += (challenge.expires_in + 1) * 1000
    const late = await post('/api/users/signin/two-factor', { two_factor_token: challenge.two_factor_token, code: await codeAt(secret) }, {})
    expect([late.status, ((await late.json()) as ApiErrorBody).error.code]).toEqual([401, 'two_factor_expired'])
  })

  test('Scenario: turning it off needs a current code; then the password alone signs in again', async () => {
    // The clock has moved past the first access token: sign in again, with the second step.
    server.clock.ms += 60_000
    const challenge = await passwordStep()
    const session = (await (await post('/api/users/signin/two-factor', { two_factor_token: challenge.two_factor_token, code: await codeAt(secret) }, {})).json()) as SignInResponse
    headers = server.authHeaders(session.access_token, session.org_id)
    expect((await post('/api/users/me/two-factor/disable', { code: '000000' })).status).toBe(400)
    server.clock.ms += 60_000
    expect((await post('/api/users/me/two-factor/disable', { code: await codeAt(secret) })).status).toBe(200)
    const response = await post('/api/users/signin', { email: 'newbie@initech.test', password: DEMO_PASSWORD, bot_check_proof: await server.proof() }, {})
    expect(((await response.json()) as SignInResponse).access_token).toBeDefined()
  })
})
