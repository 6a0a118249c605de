/**
 * Common passwords refused wherever a password is chosen (server/auth/common-passwords.ts, docs/api.md):
 * sign-up, password reset, an invitation's set-password and a password change each answer 400
 * `invalid_request` with the message on the password field, change nothing, and take a strong
 * password afterwards.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { ApiErrorBody } from '../../contract/api.ts'
import { validate } from '../../contract/validate.ts'
import { DEMO_PASSWORD } from '../admin/seed.ts'
import { COMMON_PASSWORD_MESSAGE, isCommonPassword } from '../auth/common-passwords.ts'
import { startTestServer, type TestServer } from '../test/harness.ts'

let server: TestServer
let acme: string
beforeAll(async () => {
  server = await startTestServer()
  acme = await server.orgId('Acme Support')
})
afterAll(() => server.close())

const STRONG = 'violet-harbour-kettle-42'

async function errorOf(response: Response) {
  const body = validate(ApiErrorBody, await response.json())
  if (!body.ok) throw new Error('not an error body')
  return body.value.error
}

/**
 * Sends `send` and expects the refusal at `field`, with every table as it was before, except
 * `bot_check_tokens` when `proofAttempt`: a sign-up's bot-check proof is admitted first and
 * counts the attempt (one of its five), as for a taken email.
 */
async function expectRefused(send: () => Promise<Response>, field: string, proofAttempt = false) {
  await server.mailer.settled()
  const snapshot = async () => {
    const { bot_check_tokens, ...rest } = await server.snapshot()
    return proofAttempt ? rest : { ...rest, bot_check_tokens }
  }
  const before = await snapshot()
  const response = await send()
  expect(response.status).toBe(400)
  expect(await errorOf(response)).toEqual({
    code: 'invalid_request',
    message: COMMON_PASSWORD_MESSAGE,
    issues: [{ path: [field], message: COMMON_PASSWORD_MESSAGE }],
  })
  await server.mailer.settled()
  expect(await snapshot()).toEqual(before)
}

describe('isCommonPassword', () => {
  test('Scenario: the list is compared trimmed and case-insensitively; the demo password and a passphrase are not on it', async () => {
    for (const common of ['password123', 'qwertyuiop', '1234567890', '  PassWord123 ', 'Basketball']) expect(await isCommonPassword(common), common).toBe(true)
    for (const fine of [DEMO_PASSWORD, STRONG, 'correct horse battery', '']) expect(await isCommonPassword(fine), fine).toBe(false)
  })
})

describe('a common password is refused, a strong one accepted', () => {
  test('Scenario: POST /users/signup', async () => {
    const body = (password: string) => server.withProof({ fullName: 'Cora Common', email: 'cora@example.test', password, org_name: 'Cora Labs' })
    // The proof is made first: its key is written on first use.
    const refused = await body('Password123')
    await expectRefused(() => server.request('POST', '/api/users/signup', { body: refused }), 'password', true)
    expect((await server.request('POST', '/api/users/signup', { body: await body(STRONG) })).status).toBe(201)
  })

  test('Scenario: POST /users/password-reset/confirm leaves the link usable', async () => {
    expect((await server.request('POST', '/api/users/password-reset', { body: { email: 'newbie@initech.test' } })).status).toBe(202)
    const token = await server.tokenMailedTo('newbie@initech.test', '/reset-password')
    await expectRefused(() => server.request('POST', '/api/users/password-reset/confirm', { body: { token, password: ' 1234567890 ' } }), 'password')
    expect((await server.request('POST', '/api/users/password-reset/confirm', { body: { token, password: STRONG } })).status).toBe(200)
  })

  test('Scenario: POST /users/set-password (an invitation) leaves the link usable', async () => {
    const admin = await server.signIn('admin@acme.test')
    const sets = await server.handle.db.query.permissionSets.findMany()
    const teamMember = sets.find((s) => s.permissionSetKey === 'TEAM_MEMBER')
    const invited = await server.request('POST', '/api/organizations/members/invite', {
      headers: server.authHeaders(admin.access_token, acme),
      body: { email: 'ivy@example.test', fullName: 'Ivy Invited', permission_set_ids: [teamMember?.id] },
    })
    expect(invited.status).toBe(201)
    const token = await server.tokenMailedTo('ivy@example.test', '/set-password')
    await expectRefused(() => server.request('POST', '/api/users/set-password', { body: { token, password: 'qwertyuiop' } }), 'password')
    expect((await server.request('POST', '/api/users/set-password', { body: { token, password: STRONG } })).status).toBe(200)
  })

  test('Scenario: POST /users/me/password keeps the old password and every session', async () => {
    const agent = await server.signIn('agent@acme.test')
    const headers = server.authHeaders(agent.access_token, agent.org_id)
    const change = (newPassword: string) => server.request('POST', '/api/users/me/password', { headers, body: { currentPassword: DEMO_PASSWORD, newPassword } })
    await expectRefused(() => change('Basketball'), 'newPassword')
    expect((await server.request('GET', '/api/users/sessions', { headers })).status).toBe(200)
    expect((await change(STRONG)).status).toBe(200)
  })
})
