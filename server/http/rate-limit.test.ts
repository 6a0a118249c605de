/**
 * Rate limits (docs/api.md "Rate limits"): the documented numbers, 429 with the error
 * shape and Retry-After, nothing written by a limited request, and X-Forwarded-For trusted only
 * with TRUST_PROXY.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { ApiErrorBody, ErrorCode } from '../../contract/api.ts'
import { validate } from '../../contract/validate.ts'
import { createApp } from '../app.ts'
import { requester, startTestServer, TEST_CONFIG, type TestServer } from '../test/harness.ts'
import { BOT_CHECK_REQUIRED_ERROR_CODE } from '../../contract/botcheck.ts'
import { RATE_LIMITS, SIGN_IN_SLOWDOWN, type RateLimitOptions, signInFailureDelayMs } from './rate-limit.ts'

let server: TestServer
/** Other apps on the same database, with other options (a second PGlite would cost seconds). */
let untrusted: Requester
let disabled: Requester
let nextAddress = 1
/** A fresh client address per scenario (TRUST_PROXY is on in `server`). */
const freshAddress = () => ({ 'x-forwarded-for': `198.51.100.${nextAddress++}` })

type Requester = Pick<TestServer, 'request'>

function sibling(rateLimits: RateLimitOptions): Requester {
  const app = createApp({ db: server.handle.db, driver: server.handle.driver, config: TEST_CONFIG, signingKey: server.signingKey, rateLimits })
  return { request: requester(app) }
}

/** The failed sign-in slowdowns the server asked for, ms (recorded instead of waited). */
const slept: number[] = []

beforeAll(async () => {
  server = await startTestServer({}, () => ({
    rateLimits: { enabled: true, trustProxy: true, sleep: async (ms: number) => void slept.push(ms) },
  }))
  untrusted = sibling({ enabled: true, trustProxy: false })
  disabled = sibling({ enabled: false, trustProxy: true })
}, 120_000)
afterAll(() => server.close())

/** A sign-in with a fresh bot-check proof, or with `proof` when given. */
const signIn = async (s: Requester, headers: Record<string, string>, email = 'agent@acme.test', password = 'demo-password', proof?: string) =>
  s.request('POST', '/api/users/signin', { body: { email, password, bot_check_proof: proof ?? (await server.proof()) }, headers })

async function expectLimited(response: Response) {
  expect(response.status).toBe(429)
  expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0)
  const body: unknown = await response.json()
  expect(validate(ApiErrorBody, body).ok).toBe(true)
  expect((body as ApiErrorBody).error.code).toBe(ErrorCode.rateLimited)
  expect((body as ApiErrorBody).error.message).toMatch(/^Too many attempts\. Try again in \d+ seconds?\.$/)
}

describe('rate limits', () => {
  test(`Scenario: sign-in allows ${RATE_LIMITS.signInPerAddress.points} attempts per address per minute, then 429`, async () => {
    const address = freshAddress()
    for (let i = 0; i < RATE_LIMITS.signInPerAddress.points; i++) {
      // A new email each time: failures per email have their own, lower limit.
      expect((await signIn(server, address, `nobody${i}@example.test`, 'wrong')).status).toBe(401)
    }
    await expectLimited(await signIn(server, address))
    // Another address is not affected.
    expect((await signIn(server, freshAddress())).status).toBe(200)
  })

  // No lockout (it would let anyone lock any account out by failing on purpose): nobody is
  // refused the right password; past the threshold each attempt needs a proof never used
  // before, and each failure is answered after a growing delay.
  test(`Scenario: past ${RATE_LIMITS.signInFailuresPerEmail.points} failed sign-ins for one email, the right password with a fresh proof still signs in`, async () => {
    const threshold = RATE_LIMITS.signInFailuresPerEmail.points
    slept.length = 0
    for (let i = 0; i < threshold; i++) {
      expect((await signIn(server, freshAddress(), 'waiting@waitlist.test', 'wrong')).status).toBe(401)
    }
    // Up to the threshold nobody is slowed down.
    expect(slept.filter((ms) => ms > 0)).toEqual([])

    // A proof already presented once (for a wrong password) is no longer enough for this email.
    const reused = await server.proof()
    expect((await signIn(server, freshAddress(), 'waiting@waitlist.test', 'wrong', reused)).status).toBe(401)
    const refused = await signIn(server, freshAddress(), 'waiting@waitlist.test', 'demo-password', reused)
    expect(refused.status).toBe(403)
    expect(((await refused.json()) as ApiErrorBody).error.code).toBe(BOT_CHECK_REQUIRED_ERROR_CODE)

    // Failures past the threshold are slowed down, doubling up to the cap.
    for (let i = 0; i < 4; i++) expect((await signIn(server, freshAddress(), 'waiting@waitlist.test', 'wrong')).status).toBe(401)
    expect(slept.filter((ms) => ms > 0)).toEqual([1, 2, 3, 4, 5].map((past) => signInFailureDelayMs(threshold + past)))
    expect(Math.max(...slept)).toBeLessThanOrEqual(SIGN_IN_SLOWDOWN.maxMs)

    // The person with the right password and a fresh check is never locked out.
    expect((await signIn(server, freshAddress(), 'waiting@waitlist.test')).status).toBe(200)
    // Other accounts were never affected.
    expect((await signIn(server, freshAddress(), 'admin@acme.test')).status).toBe(200)
  })

  test('Scenario: the slowdown starts after the threshold, doubles and is capped', () => {
    const threshold = RATE_LIMITS.signInFailuresPerEmail.points
    expect(signInFailureDelayMs(threshold)).toBe(0)
    expect(signInFailureDelayMs(threshold + 1)).toBe(SIGN_IN_SLOWDOWN.firstMs)
    expect(signInFailureDelayMs(threshold + 2)).toBe(SIGN_IN_SLOWDOWN.firstMs * 2)
    expect(signInFailureDelayMs(threshold + 1000)).toBe(SIGN_IN_SLOWDOWN.maxMs)
  })

  test('Scenario: a successful sign-in clears the failures counted for its email', async () => {
    const fails = RATE_LIMITS.signInFailuresPerEmail.points - 1
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < fails; i++) expect((await signIn(server, freshAddress(), 'newbie@initech.test', 'wrong')).status).toBe(401)
      expect((await signIn(server, freshAddress(), 'newbie@initech.test')).status).toBe(200)
    }
  })

  test('Scenario: sign-up is limited per address and a limited request writes nothing', async () => {
    const address = freshAddress()
    for (let i = 0; i < RATE_LIMITS.signUpPerAddress.points; i++) {
      // Invalid bodies still count: the limit is on attempts, not on accounts made.
      expect((await server.request('POST', '/api/users/signup', { body: {}, headers: address })).status).toBe(400)
    }
    const before = await server.rowCounts()
    const body = { fullName: 'Rate Limited', email: 'limited@example.test', password: 'long-enough-password', orgName: 'Limited Co' }
    await expectLimited(await server.request('POST', '/api/users/signup', { body, headers: address }))
    expect(await server.rowCounts()).toEqual(before)
  })

  test('Scenario: the bot check, bug reports, upload URLs and password changes are limited per address', async () => {
    for (const [path, limit] of [
      ['/api/users/verify-turnstile', RATE_LIMITS.botCheckPerAddress],
      ['/api/cms/report-bug', RATE_LIMITS.bugReportPerAddress],
      ['/api/data-storage/get-presigned-url', RATE_LIMITS.uploadUrlPerAddress],
      ['/api/users/me/password', RATE_LIMITS.passwordChangePerAddress],
    ] as const) {
      const address = freshAddress()
      for (let i = 0; i < limit.points; i++) {
        expect((await server.request('POST', path, { body: {}, headers: address })).status, path).not.toBe(429)
      }
      await expectLimited(await server.request('POST', path, { body: {}, headers: address }))
    }
  })

  test('Scenario: without TRUST_PROXY, X-Forwarded-For does not buy a fresh allowance', async () => {
    for (let i = 0; i < RATE_LIMITS.signInPerAddress.points; i++) {
      expect((await signIn(untrusted, freshAddress(), `stranger${i}@example.test`, 'wrong')).status).toBe(401)
    }
    await expectLimited(await signIn(untrusted, freshAddress()))
  })

  test('Scenario: RATE_LIMITS=off counts nothing', async () => {
    const address = freshAddress()
    for (let i = 0; i < RATE_LIMITS.signInPerAddress.points + 5; i++) {
      expect((await signIn(disabled, address, 'nobody@example.test', 'wrong')).status).toBe(401)
    }
  })
})
