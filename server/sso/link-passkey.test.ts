/**
 * Proving an account with one of its own passkeys before single sign-on is linked to it
 * (`POST /users/sso/link/passkey/options`, `POST /users/sso/link/passkey`), over HTTP against the
 * real demo provider with a software authenticator: the account's own passkey links and signs in;
 * another person's passkey, a used challenge, a sign-in challenge and bad bodies are refused, and
 * none of them links anything.
 */
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { type ApiErrorBody, SignInResponse } from '../../contract/api.ts'
import { AuthenticationOptionsResponse } from '../../contract/passkeys.ts'
import { validate } from '../../contract/validate.ts'
import { hashPassword } from '../auth/password.ts'
import { passkeys, sessions, ssoIdentities, users } from '../db/schema.ts'
import { SoftwareAuthenticator } from '../test/webauthn-authenticator.ts'
import { callback, startSso, startSsoWorld, throughProvider, type SsoWorld } from './sso.fixtures.ts'

let world: SsoWorld
let samId: string
const samKey = new SoftwareAuthenticator('http://localhost', 'localhost')
const samOtherKey = new SoftwareAuthenticator('http://localhost', 'localhost')
const adaKey = new SoftwareAuthenticator('http://localhost', 'localhost')

const db = () => world.server.handle.db
const post = (path: string, body: unknown) => world.server.request('POST', path, { body })
const errorOf = async (response: Response) => ((await response.json()) as ApiErrorBody).error

/** Stores `key` as a passkey of `userId`, as registering it would. */
async function holdPasskey(userId: string, key: SoftwareAuthenticator): Promise<void> {
  await db()
    .insert(passkeys)
    .values({ userId, credentialId: key.id, publicKey: key.coseKey().toString('base64url'), counter: 0, transports: ['internal'], deviceType: 'singleDevice', name: 'Laptop' })
}

/** Sam through the provider for the first time: the `link_token` of the wait. */
async function samWaitsToLink(): Promise<string> {
  await db().delete(ssoIdentities).where(eq(ssoIdentities.userId, samId))
  const url = await startSso(world.server, 'sam@umbrella.test')
  const response = await callback(world.server, await throughProvider(url, { email: 'sam@umbrella.test', password: 'sam-password' }))
  const body = (await response.json()) as { outcome: string; link_token: string }
  expect(body.outcome).toBe('link_required')
  return body.link_token
}

async function linkOptions(linkToken: string) {
  const response = await post('/api/users/sso/link/passkey/options', { link_token: linkToken })
  expect(response.status).toBe(200)
  const decoded = validate(AuthenticationOptionsResponse, await response.json())
  if (!decoded.ok) throw new Error(JSON.stringify(decoded.issues))
  return decoded.value
}

const linked = async () => db().select().from(ssoIdentities).where(eq(ssoIdentities.userId, samId))

beforeAll(async () => {
  world = await startSsoWorld()
  const [sam] = await db()
    .insert(users)
    .values({ email: 'sam@umbrella.test', fullName: 'Sam Umbrella', passwordHash: await hashPassword('sam-own-password') })
    .returning({ id: users.id })
  samId = sam?.id ?? ''
  await holdPasskey(samId, samKey)
  await holdPasskey(samId, samOtherKey)
  const [ada] = await db().select({ id: users.id }).from(users).where(eq(users.email, 'admin@acme.test'))
  await holdPasskey(ada?.id ?? '', adaKey)
}, 30_000)
afterAll(() => world.close())

describe('single sign-on: proving the account with a passkey', () => {
  test("Scenario: the options offer only the account's own passkeys, with user verification", async () => {
    const o = await linkOptions(await samWaitsToLink())
    expect(o.options).toMatchObject({ rpId: 'localhost', userVerification: 'required' })
    expect((o.options.allowCredentials ?? []).map((c) => c.id).sort()).toEqual([samKey.id, samOtherKey.id].sort())
  })

  test("Scenario: the account's own passkey links single sign-on and signs in (an sso session); the next time the provider alone signs in", async () => {
    const linkToken = await samWaitsToLink()
    const o = await linkOptions(linkToken)
    const response = await post('/api/users/sso/link/passkey', { link_token: linkToken, challenge_id: o.challenge_id, response: samKey.assert(o.options) })
    expect(response.status).toBe(200)
    const body = validate(SignInResponse, await response.json())
    expect(body.ok && body.value.org_id).toBe(world.umbrellaId)
    expect(await linked()).toHaveLength(1)
    const [session] = await db().select().from(sessions).where(eq(sessions.userId, samId)).orderBy(sessions.createdAt)
    expect(session?.method).toBe('sso')
    // The wait is used up.
    expect((await post('/api/users/sso/link/passkey/options', { link_token: linkToken })).status).toBe(400)
    const url = await startSso(world.server, 'sam@umbrella.test')
    const again = (await (await callback(world.server, await throughProvider(url, { email: 'sam@umbrella.test', password: 'sam-password' }))).json()) as { outcome: string }
    expect(again.outcome).toBe('signed_in')
  })

  test("Scenario: another person's passkey is refused (401) and links nothing", async () => {
    const linkToken = await samWaitsToLink()
    const o = await linkOptions(linkToken)
    const response = await post('/api/users/sso/link/passkey', { link_token: linkToken, challenge_id: o.challenge_id, response: adaKey.assert(o.options) })
    expect(response.status).toBe(401)
    expect(await errorOf(response)).toMatchObject({ code: 'invalid_credentials', message: 'Use one of your own passkeys.' })
    expect(await linked()).toEqual([])
  })

  test('Scenario: a challenge is used once: the same answer replayed, or another answer to a used challenge, is refused (400)', async () => {
    const linkToken = await samWaitsToLink()
    const o = await linkOptions(linkToken)
    // A refused answer uses the challenge up too.
    expect((await post('/api/users/sso/link/passkey', { link_token: linkToken, challenge_id: o.challenge_id, response: adaKey.assert(o.options) })).status).toBe(401)
    const late = await post('/api/users/sso/link/passkey', { link_token: linkToken, challenge_id: o.challenge_id, response: samKey.assert(o.options) })
    expect(late.status).toBe(400)
    expect((await errorOf(late)).message).toBe('This passkey prompt has expired. Try again.')
    expect(await linked()).toEqual([])

    // A good answer, then the same request again for a new wait.
    const fresh = await linkOptions(linkToken)
    const answer = { link_token: linkToken, challenge_id: fresh.challenge_id, response: samKey.assert(fresh.options) }
    expect((await post('/api/users/sso/link/passkey', answer)).status).toBe(200)
    const nextToken = await samWaitsToLink()
    const replay = await post('/api/users/sso/link/passkey', { ...answer, link_token: nextToken })
    expect(replay.status).toBe(400)
    expect(await linked()).toEqual([])
  })

  test('Scenario: a sign-in challenge (anyone\'s passkey) does not prove an account', async () => {
    const linkToken = await samWaitsToLink()
    const signIn = validate(AuthenticationOptionsResponse, await (await post('/api/users/signin/passkey/options', {})).json())
    if (!signIn.ok) throw new Error('no options')
    const response = await post('/api/users/sso/link/passkey', { link_token: linkToken, challenge_id: signIn.value.challenge_id, response: samKey.assert(signIn.value.options) })
    expect(response.status).toBe(400)
    expect(await linked()).toEqual([])
  })

  test('Scenario: an account without passkeys is told so (404); an unknown or used link token is 400', async () => {
    const url = await startSso(world.server, 'intruder@umbrella.test')
    const waiting = (await (await callback(world.server, await throughProvider(url, { email: 'admin@acme.test', password: 'intruder-password' }))).json()) as { link_token: string }
    // Ada has a passkey: her own is offered, and it alone would do.
    expect((await linkOptions(waiting.link_token)).options.allowCredentials?.map((c) => c.id)).toEqual([adaKey.id])
    await db().delete(passkeys).where(eq(passkeys.credentialId, adaKey.id))
    const none = await post('/api/users/sso/link/passkey/options', { link_token: waiting.link_token })
    expect(none.status).toBe(404)
    expect((await errorOf(none)).message).toBe('This account has no passkeys. Enter its password instead.')
    await holdPasskey((await db().select({ id: users.id }).from(users).where(eq(users.email, 'admin@acme.test')))[0]?.id ?? '', adaKey)
    const unknown = await post('/api/users/sso/link/passkey/options', { link_token: 'not-a-link-token' })
    expect(unknown.status).toBe(400)
    expect((await errorOf(unknown)).issues).toEqual([{ path: ['link_token'], message: 'Expired' }])
  })

  test('Scenario: bad bodies are 400 (NUL, lone surrogate, oversize, not a challenge, not an answer)', async () => {
    const linkToken = await samWaitsToLink()
    const o = await linkOptions(linkToken)
    const good = { link_token: linkToken, challenge_id: o.challenge_id, response: samKey.assert(o.options) }
    for (const body of [
      { link_token: 'a\u0000b' },
      { link_token: 'a\uD800b' },
      { link_token: 'x'.repeat(300) },
      {},
    ]) {
      expect((await post('/api/users/sso/link/passkey/options', body)).status).toBe(400)
    }
    for (const body of [
      { ...good, challenge_id: 'short' },
      { ...good, response: { ...good.response, response: { ...good.response.response, signature: 'not base64url!' } } },
      { ...good, response: { ...good.response, id: 'a'.repeat(2000) } },
      { link_token: linkToken, challenge_id: o.challenge_id },
      { ...good, link_token: '' },
    ]) {
      const response = await post('/api/users/sso/link/passkey', body)
      expect(response.status).toBe(400)
    }
    expect(await linked()).toEqual([])
  })
})
