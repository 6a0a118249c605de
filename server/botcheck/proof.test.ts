/**
 * Bot-check proofs (the human-verification gate was only in the browser, so
 * `POST /users/signin` and `/users/signup` succeeded without it). Each refusal here passed before.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { ApiErrorBody } from '../../contract/api.ts'
import { BOT_CHECK_PROOF_TTL_S, BOT_CHECK_REQUIRED_ERROR_CODE } from '../../contract/botcheck.ts'
import { createApp } from '../app.ts'
import { requester, startTestServer, TEST_CONFIG, type TestServer } from '../test/harness.ts'
import { BOT_CHECK_PROOF_MAX_ATTEMPTS, issueProof, proofKeyFrom, verifyProof } from './proof.ts'

let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server.close())

const credentials = { email: 'agent@acme.test', password: 'demo-password' }
const signIn = (body: unknown) => server.request('POST', '/api/users/signin', { body })

async function expectProofRefused(response: Response, message: RegExp) {
  expect(response.status).toBe(403)
  const body = (await response.json()) as ApiErrorBody
  expect(body.error.code).toBe(BOT_CHECK_REQUIRED_ERROR_CODE)
  expect(body.error.message).toMatch(message)
}

describe('bot-check proofs', () => {
  test('Scenario: a proof verifies until it expires; a changed one never does', () => {
    const key = proofKeyFrom(new Uint8Array(32).fill(7))
    const now = Date.UTC(2026, 10, 25, 12)
    const { proof } = issueProof(key, now)
    expect(verifyProof(key, proof, now)).toMatchObject({ ok: true })
    expect(verifyProof(key, proof, now + BOT_CHECK_PROOF_TTL_S * 1000)).toEqual({ ok: false, reason: 'expired' })
    const [, id, expiry, signature] = proof.split('.') as [string, string, string, string]
    // A later expiry, another id, another key, junk: all forged.
    expect(verifyProof(key, `p1.${id}.${Number(expiry) + 3600}.${signature}`, now)).toEqual({ ok: false, reason: 'forged' })
    expect(verifyProof(key, `p1.${'A'.repeat(22)}.${expiry}.${signature}`, now)).toEqual({ ok: false, reason: 'forged' })
    expect(verifyProof(proofKeyFrom(new Uint8Array(32).fill(8)), proof, now)).toEqual({ ok: false, reason: 'forged' })
    expect(verifyProof(key, 'p1.x.y.z', now)).toEqual({ ok: false, reason: 'forged' })
    expect(verifyProof(key, undefined, now)).toEqual({ ok: false, reason: 'missing' })
  })

  test('Scenario: sign-in without a proof, or with a forged or expired one, is refused and writes nothing', async () => {
    await server.proof() // the proof key exists (made on first use), so only the refusals could write
    const before = await server.snapshot()
    await expectProofRefused(await signIn(credentials), /Confirm you are human/)
    await expectProofRefused(await signIn({ ...credentials, bot_check_proof: 'p1.forged' }), /not valid/)
    const expired = issueProof(proofKeyFrom(new Uint8Array(32)), server.clock.ms - BOT_CHECK_PROOF_TTL_S * 1000).proof
    await expectProofRefused(await signIn({ ...credentials, bot_check_proof: expired }), /not valid/)
    expect(await server.snapshot()).toEqual(before)
  })

  test('Scenario: sign-up without a proof is refused before anything is written', async () => {
    const before = await server.rowCounts()
    const body = { fullName: 'No Proof', email: 'noproof@example.test', password: 'long-enough-password', org_name: 'No Proof Co' }
    await expectProofRefused(await server.request('POST', '/api/users/signup', { body }), /Confirm you are human/)
    expect(await server.rowCounts()).toEqual(before)
  })

  test(`Scenario: one proof covers up to ${BOT_CHECK_PROOF_MAX_ATTEMPTS} attempts (a mistyped password), and a success spends it`, async () => {
    const proof = await server.proof()
    for (let i = 0; i < BOT_CHECK_PROOF_MAX_ATTEMPTS - 1; i++) {
      expect((await signIn({ ...credentials, password: 'wrong', bot_check_proof: proof })).status).toBe(401)
    }
    expect((await signIn({ ...credentials, bot_check_proof: proof })).status).toBe(200)
    await expectProofRefused(await signIn({ ...credentials, bot_check_proof: proof }), /already used/)
  })

  test('Scenario: a proof past its attempts is refused even with the right password', async () => {
    const proof = await server.proof()
    for (let i = 0; i < BOT_CHECK_PROOF_MAX_ATTEMPTS; i++) {
      expect((await signIn({ ...credentials, password: 'wrong', bot_check_proof: proof })).status).toBe(401)
    }
    await expectProofRefused(await signIn({ ...credentials, bot_check_proof: proof }), /already used/)
  })

  test('Scenario: two sign-ins racing with one proof: exactly one session', async () => {
    const proof = await server.proof()
    const answers = await Promise.all([signIn({ ...credentials, bot_check_proof: proof }), signIn({ ...credentials, bot_check_proof: proof })])
    expect(answers.map((r) => r.status).sort()).toEqual([200, 403])
  })

  test('Scenario: a sign-up refused for a taken email leaves its proof for the next try', async () => {
    const proof = await server.proof()
    const body = (email: string) => ({ fullName: 'Proof Keeper', email, password: 'long-enough-password', org_name: 'Proof Keeper Co', bot_check_proof: proof })
    expect((await server.request('POST', '/api/users/signup', { body: body('admin@acme.test') })).status).toBe(409)
    expect((await server.request('POST', '/api/users/signup', { body: body('keeper@example.test') })).status).toBe(201)
    await expectProofRefused(await server.request('POST', '/api/users/signup', { body: body('keeper2@example.test') }), /already used/)
  })

  test('Scenario: with BOT_CHECK=off (development only) no proof is needed', async () => {
    const app = createApp({ db: server.handle.db, driver: server.handle.driver, config: TEST_CONFIG, signingKey: server.signingKey, botCheck: { provider: 'off' } })
    expect((await requester(app)('POST', '/api/users/signin', { body: credentials })).status).toBe(200)
  })
})
