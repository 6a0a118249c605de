/**
 * The bot check end to end through the app (SPEC.md §2.6, §4 Human verification, §7
 * `POST /users/verify-turnstile`): ALTCHA solved for real with altcha-lib (at a tiny cost),
 * replayed, forged and expired tokens, malformed bodies, BOT_CHECK=off, and Turnstile against a
 * fake siteverify.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { solveChallenge } from 'altcha-lib'
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2'
import { count } from 'drizzle-orm'
import { AltchaChallenge, BOT_CHECK_FAILED_ERROR_CODE, BOT_CHECK_PROOF_TTL_S, BotCheckConfigResponse, TURNSTILE_ACTION } from '../../contract/botcheck.ts'
import { validate } from '../../contract/validate.ts'
import { createApp } from '../app.ts'
import { loadSigningKey } from '../auth/access-token.ts'
import { openDatabase, type DatabaseHandle } from '../db/client.ts'
import { botCheckTokens } from '../db/schema.ts'
import { prepareDatabase } from '../admin/seed.ts'
import { TEST_CONFIG } from '../test/harness.ts'
import { ALTCHA_CHALLENGE_TTL_S } from './altcha.ts'
import type { BotCheckConfig } from './config.ts'
import { TURNSTILE_ORIGIN } from './csp.ts'
import { botCheckStartupLine } from './routes.ts'
import { SITEVERIFY_URL } from './turnstile.ts'

const CHALLENGE = '/api/users/bot-check/challenge'
const CONFIG = '/api/users/bot-check/config'
const VERIFY = '/api/users/verify-turnstile'

let handle: DatabaseHandle
// Starts at the real time: altcha-lib checks expiry against Date.now() as well as the app's clock.
const clock = { ms: Date.now() }
const loggedErrors: unknown[] = []

beforeAll(async () => {
  handle = await openDatabase({ memory: true })
  await prepareDatabase(handle)
})
afterAll(() => handle.close())

async function appWith(botCheck: BotCheckConfig, botCheckFetch?: typeof fetch) {
  const signingKey = await loadSigningKey(handle.db, undefined)
  const app = createApp({
    db: handle.db,
    driver: handle.driver,
    config: TEST_CONFIG,
    signingKey,
    botCheck,
    botCheckFetch,
    now: () => clock.ms,
    logError: (_message, error) => loggedErrors.push(error),
  })
  return {
    app,
    get: (path: string) => Promise.resolve(app.request(path)),
    verify: (body: unknown, url = VERIFY) =>
      Promise.resolve(app.request(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: typeof body === 'string' ? body : JSON.stringify(body) })),
  }
}

// A tiny cost: the real work is the same code path, only fewer iterations.
const ALTCHA: BotCheckConfig = { provider: 'altcha', cost: 10, counterMax: 20 }

/** A passed check's answer: the proof sign-in and sign-up require, and its lifetime. */
const PASSED = { verified: true, proof: expect.stringMatching(/^p1\./) as string, expires_in: BOT_CHECK_PROOF_TTL_S }

const encode = (payload: unknown) => Buffer.from(JSON.stringify(payload)).toString('base64')

/** Fetches a challenge and solves it as the widget does; returns the challenge, solution and token. */
async function solved(get: (path: string) => Promise<Response>) {
  const response = await get(CHALLENGE)
  expect(response.status).toBe(200)
  const decoded = validate(AltchaChallenge, await response.json())
  if (!decoded.ok) throw new Error(JSON.stringify(decoded.issues))
  const challenge = decoded.value
  const solution = await solveChallenge({ challenge: structuredClone(challenge) as never, deriveKey })
  if (solution === null) throw new Error('could not solve')
  return { challenge, solution, token: encode({ challenge, solution }) }
}

async function expectFailed(response: Response, message: RegExp) {
  expect(response.status).toBe(403)
  const body = (await response.json()) as { error: { code: string; message: string; issues: unknown[] } }
  expect(body.error.code).toBe(BOT_CHECK_FAILED_ERROR_CODE)
  expect(body.error.message).toMatch(message)
  expect(body.error.issues).toEqual([])
}

const tokenRows = async () => (await handle.db.select({ n: count() }).from(botCheckTokens))[0]?.n ?? -1

describe('bot check: ALTCHA (the embedded default)', () => {
  test('Scenario: the config names ALTCHA and no site key; a challenge is signed and expires in 300 s', async () => {
    const { get } = await appWith(ALTCHA)
    const config = await (await get(CONFIG)).json()
    expect(validate(BotCheckConfigResponse, config)).toEqual({ ok: true, value: { provider: 'altcha', turnstileSiteKey: null } })
    const response = await get(CHALLENGE)
    expect(response.headers.get('cache-control')).toBe('no-store')
    const challenge = (await response.json()) as AltchaChallenge
    expect(challenge.parameters).toMatchObject({ algorithm: 'PBKDF2/SHA-256', cost: 10, expiresAt: Math.floor(clock.ms / 1000) + ALTCHA_CHALLENGE_TTL_S })
    expect(challenge.signature).toMatch(/^[0-9a-f]{64}$/)
    expect(challenge.parameters.keySignature).toMatch(/^[0-9a-f]{64}$/)
    // Two challenges never share a nonce.
    const other = (await (await get(CHALLENGE)).json()) as AltchaChallenge
    expect(other.parameters.nonce).not.toBe(challenge.parameters.nonce)
  })

  test('Scenario: a solved challenge verifies once; the same token again is refused, re-encoded or not', async () => {
    const { get, verify } = await appWith(ALTCHA)
    const before = await tokenRows()
    const { challenge, solution, token } = await solved(get)
    const first = await verify({ token })
    expect(first.status).toBe(200)
    expect(await first.json()).toEqual(PASSED)
    expect(await tokenRows()).toBe(before + 1)

    await expectFailed(await verify({ token }), /already used/)
    // The same challenge and solution, encoded differently (key order, spacing), is the same token.
    const reencoded = Buffer.from(JSON.stringify({ solution, challenge: { signature: challenge.signature, parameters: challenge.parameters } }, null, 2)).toString('base64')
    expect(reencoded).not.toBe(token)
    await expectFailed(await verify({ token: reencoded }), /already used/)
    expect(await tokenRows()).toBe(before + 1)
  })

  test('Scenario: forged tokens are refused: tampered signature, tampered parameters, wrong solution, foreign key, test-mode payload, junk', async () => {
    const { get, verify } = await appWith(ALTCHA)
    const { challenge, solution } = await solved(get)
    const flip = (hex: string) => (hex[0] === '0' ? '1' : '0') + hex.slice(1)

    await expectFailed(await verify({ token: encode({ challenge: { ...challenge, signature: flip(challenge.signature) }, solution }) }), /not one this server issued/)
    await expectFailed(
      await verify({ token: encode({ challenge: { ...challenge, parameters: { ...challenge.parameters, cost: 1 } }, solution }) }),
      /not one this server issued/,
    )
    await expectFailed(
      await verify({ token: encode({ challenge: { ...challenge, parameters: { ...challenge.parameters, expiresAt: challenge.parameters.expiresAt! + 3600 } }, solution }) }),
      /not one this server issued/,
    )
    await expectFailed(await verify({ token: encode({ challenge, solution: { ...solution, derivedKey: flip(solution.derivedKey) } }) }), /does not solve/)
    await expectFailed(await verify({ token: encode({ challenge, solution: { counter: solution.counter, derivedKey: '00'.repeat(32) } }) }), /does not solve/)

    // A challenge made with another server's key, solved correctly, is still not ours.
    const foreign = await appWithForeignKey()
    const elsewhere = await solved(foreign.get)
    await expectFailed(await verify({ token: elsewhere.token }), /not one this server issued/)

    // The widget's test mode (a client-made token) and junk.
    await expectFailed(await verify({ token: encode({ challenge: null, solution: null, test: true }) }), /not one this server issued/)
    await expectFailed(await verify({ token: 'not base64 json' }), /not one this server issued/)
    await expectFailed(await verify({ token: encode({ challenge: { ...challenge, parameters: { ...challenge.parameters, algorithm: 'SHA-1' } }, solution }) }), /not one this server issued/)
    // The genuine solution still works after all those attempts (nothing was consumed by them).
    const genuine = await verify({ token: encode({ challenge, solution }) })
    expect(genuine.status).toBe(200)
  })

  test('Scenario: an expired challenge is refused; expired rows are pruned on the next use', async () => {
    const { get, verify } = await appWith(ALTCHA)
    const start = clock.ms
    try {
      const late = await solved(get)
      const used = await solved(get)
      expect((await verify({ token: used.token })).status).toBe(200)
      const rowsWithUsed = await tokenRows()

      clock.ms = start + ALTCHA_CHALLENGE_TTL_S * 1000 + 1000
      await expectFailed(await verify({ token: late.token }), /expired/)
      await expectFailed(await verify({ token: used.token }), /expired/)

      const fresh = await solved(get)
      expect((await verify({ token: fresh.token })).status).toBe(200)
      // Every row that expired before now is gone (the used token's included); the fresh one is there.
      expect(await tokenRows()).toBeLessThan(rowsWithUsed + 1)
      const remaining = await handle.db.select({ expiresAt: botCheckTokens.expiresAt }).from(botCheckTokens)
      expect(remaining.every((r) => r.expiresAt.getTime() >= clock.ms)).toBe(true)
    } finally {
      clock.ms = start
    }
  })

  test('Scenario: a malformed body is 400 invalid_request with its issues', async () => {
    const { verify, app } = await appWith(ALTCHA)
    const cases: Array<[unknown, unknown[]]> = [
      [{}, ['token']],
      [{ token: 42 }, ['token']],
      [{ token: '' }, ['token']],
      [{ token: 'x'.repeat(4097) }, ['token']],
    ]
    for (const [body, path] of cases) {
      const response = await verify(body)
      expect(response.status).toBe(400)
      const json = (await response.json()) as { error: { code: string; issues: Array<{ path: unknown[] }> } }
      expect(json.error.code).toBe('invalid_request')
      expect(json.error.issues.map((i) => i.path)).toContainEqual(path)
    }
    expect((await verify('{not json')).status).toBe(400)
    const form = await app.request(VERIFY, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'token=abc' })
    expect(form.status).toBe(400)
  })
})

async function appWithForeignKey() {
  // Another database means another generated HMAC key.
  const other = await openDatabase({ memory: true })
  await prepareDatabase(other)
  const app = createApp({ db: other.db, driver: other.driver, config: TEST_CONFIG, signingKey: await loadSigningKey(other.db, undefined), botCheck: ALTCHA, now: () => clock.ms })
  afterAll(() => other.close())
  return { get: (path: string) => Promise.resolve(app.request(path)) }
}

describe('bot check: BOT_CHECK=off (development only)', () => {
  test('Scenario: the config says off, there is no challenge, and any well-formed body passes; the start-up line says so', async () => {
    const { get, verify } = await appWith({ provider: 'off' })
    expect(await (await get(CONFIG)).json()).toEqual({ provider: 'off', turnstileSiteKey: null })
    expect((await get(CHALLENGE)).status).toBe(404)
    const response = await verify({ token: 'anything' })
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual(PASSED)
    expect((await verify({})).status).toBe(400)
    expect(botCheckStartupLine({ provider: 'off' })).toMatch(/bot check OFF \(BOT_CHECK=off\).*local development only/)
    expect(botCheckStartupLine(ALTCHA)).toMatch(/ALTCHA/)
  })
})

describe('bot check: Cloudflare Turnstile', () => {
  const TURNSTILE: BotCheckConfig = { provider: 'turnstile', siteKey: 'site-key-1', secretKey: 'secret-key-1', expectedHostname: 'app.example.test' }

  /** A fake siteverify: answers `answer` (or throws), and records what it was sent. */
  function fakeSiteverify(answer: (token: string) => unknown | Error, status = 200) {
    const calls: Array<{ url: string; secret: string | null; response: string | null }> = []
    const fetchFake = (async (url: string | URL | Request, init?: RequestInit) => {
      const form = new URLSearchParams(String(init?.body))
      const token = form.get('response') ?? ''
      calls.push({ url: String(url), secret: form.get('secret'), response: form.get('response') })
      const result = answer(token)
      if (result instanceof Error) throw result
      return new Response(JSON.stringify(result), { status, headers: { 'content-type': 'application/json' } })
    }) as typeof fetch
    return { fetch: fetchFake, calls }
  }
  const good = { success: true, hostname: 'app.example.test', action: TURNSTILE_ACTION, 'error-codes': [] }

  test('Scenario: the config hands out the site key; ALTCHA challenges are not served', async () => {
    const { get } = await appWith(TURNSTILE, fakeSiteverify(() => good).fetch)
    expect(await (await get(CONFIG)).json()).toEqual({ provider: 'turnstile', turnstileSiteKey: 'site-key-1' })
    expect((await get(CHALLENGE)).status).toBe(404)
  })

  test('Scenario: a token siteverify accepts for our hostname and action passes once; siteverify gets the secret and the token', async () => {
    const fake = fakeSiteverify(() => good)
    const { verify } = await appWith(TURNSTILE, fake.fetch)
    const response = await verify({ token: 'ts-token-1' })
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual(PASSED)
    expect(fake.calls).toEqual([{ url: SITEVERIFY_URL, secret: 'secret-key-1', response: 'ts-token-1' }])
    await expectFailed(await verify({ token: 'ts-token-1' }), /already used/)
  })

  test('Scenario: hostname and action mismatches and a failed check are refused', async () => {
    const answers: Record<string, unknown> = {
      'other-host': { ...good, hostname: 'evil.example' },
      'no-host': { success: true, action: TURNSTILE_ACTION },
      'other-action': { ...good, action: 'login' },
      rejected: { success: false, 'error-codes': ['invalid-input-response'] },
    }
    const { verify } = await appWith(TURNSTILE, fakeSiteverify((token) => answers[token]).fetch)
    await expectFailed(await verify({ token: 'other-host' }), /another site/)
    await expectFailed(await verify({ token: 'no-host' }), /another site/)
    await expectFailed(await verify({ token: 'other-action' }), /another action/)
    await expectFailed(await verify({ token: 'rejected' }), /did not pass/)
    expect(await tokenRows()).toBeGreaterThanOrEqual(0)
  })

  test('Scenario: without TURNSTILE_EXPECTED_HOSTNAME the request Host is expected', async () => {
    const { verify } = await appWith({ ...TURNSTILE, expectedHostname: undefined }, fakeSiteverify(() => good).fetch)
    expect((await verify({ token: 'host-a' }, `http://app.example.test${VERIFY}`)).status).toBe(200)
    await expectFailed(await verify({ token: 'host-b' }, `http://other.example.test:8080${VERIFY}`), /another site/)
  })

  test('Scenario: siteverify down or answering nonsense is 502 bot_check_unavailable, logged', async () => {
    const down = await appWith(TURNSTILE, fakeSiteverify(() => new TypeError('fetch failed')).fetch)
    const before = loggedErrors.length
    const response = await down.verify({ token: 'while-down' })
    expect(response.status).toBe(502)
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe('bot_check_unavailable')
    expect(loggedErrors.length).toBe(before + 1)
    const broken = await appWith(TURNSTILE, fakeSiteverify(() => ({ unexpected: true })).fetch)
    expect((await broken.verify({ token: 'nonsense' })).status).toBe(502)
    const erroring = await appWith(TURNSTILE, fakeSiteverify(() => good, 500).fetch)
    expect((await erroring.verify({ token: 'status-500' })).status).toBe(502)
  })

  test('Scenario: the content security policy lets Turnstile load only when it is configured', async () => {
    const turnstile = await appWith(TURNSTILE, fakeSiteverify(() => good).fetch)
    const withTurnstile = (await turnstile.get('/signin')).headers.get('content-security-policy') ?? ''
    expect(withTurnstile).toMatch(new RegExp(`script-src 'self' ${TURNSTILE_ORIGIN}`))
    expect(withTurnstile).toContain(`frame-src 'self' ${TURNSTILE_ORIGIN}`)
    const altcha = await appWith(ALTCHA)
    expect((await altcha.get('/signin')).headers.get('content-security-policy')).not.toContain(TURNSTILE_ORIGIN)
  })
})
