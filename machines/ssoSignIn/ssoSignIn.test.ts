import { createActor, fromPromise } from 'xstate'
import { describe, expect, it } from 'vitest'
import type { SignInResponse } from '../../contract/api.ts'
import { SSO_ERROR_MESSAGES, type SsoCallbackResponse, type SsoErrorReason, type SsoStartResponse } from '../../contract/sso.ts'
import { promptError } from '../passkeys/passkeys.fixtures.ts'
import { PROMPT_CANCELLED_MESSAGE } from '../passkeys/passkeys.errors.ts'
import { flush } from '../testing/stubs.ts'
import { type PasswordProof, SSO_ENTER_PASSWORD_MESSAGE, type SsoSignInInput, ssoSignInMachine } from './ssoSignIn.machine.ts'
import { callbackFailure, isProviderUrl, readProviderReturn, stateOf } from './ssoSignIn.return.ts'
import { selectAsksCode, selectFormError, selectIsStarting, selectView } from './ssoSignIn.selectors.ts'

const tokens: SignInResponse = { access_token: 'a', refresh_token: 'r', expires_in: 300, org_id: 'o-umbrella' }

interface Stubs {
  start?: (input: { email: string; redirect: string | null }) => Promise<SsoStartResponse>
  attempt?: string | null
  exchange?: () => Promise<SsoCallbackResponse>
  password?: (proof: PasswordProof) => Promise<SignInResponse>
  passkey?: () => Promise<SignInResponse>
}

function run(input: SsoSignInInput, stubs: Stubs = {}) {
  const log = { provider: [] as string[], sessions: [] as Array<{ response: SignInResponse; redirect: string | null }>, backTo: [] as SsoErrorReason[], proofs: [] as PasswordProof[] }
  const actor = createActor(
    ssoSignInMachine.provide({
      actors: {
        startSso: fromPromise(({ input }) => (stubs.start ?? (() => Promise.reject(new Error('no start'))))(input)),
        takeAttempt: fromPromise(async () => stubs.attempt ?? null),
        exchangeCode: fromPromise(() => (stubs.exchange ?? (() => Promise.reject(new Error('no exchange'))))()),
        linkWithPassword: fromPromise(({ input }) => {
          log.proofs.push(input)
          return (stubs.password ?? (() => Promise.resolve(tokens)))(input)
        }),
        linkWithPasskey: fromPromise(() => (stubs.passkey ?? (() => Promise.resolve(tokens)))()),
      },
      actions: {
        goToProvider: (_, p) => log.provider.push(`${p.url} ${p.state}`),
        startSession: (_, p) => log.sessions.push(p),
        goToSignIn: (_, p) => log.backTo.push(p.reason),
      },
    }),
    { input },
  ).start()
  return { actor, log }
}

const callbackInput = (query: string): SsoSignInInput => ({ page: 'callback', query, passkeySupported: true })

describe('ssoSignIn', () => {
  it('Scenario: a valid email goes to the provider, remembering the attempt; the form stays busy as the browser leaves', async () => {
    const { actor, log } = run({ page: 'start', redirect: null }, { start: async () => ({ url: 'https://idp.example.com/auth?state=abc' }) })
    expect(selectView(actor.getSnapshot())).toBe('start')
    actor.send({ type: 'sso.changeEmail', value: ' sso@umbrella.test ' })
    actor.send({ type: 'sso.submit' })
    expect(selectIsStarting(actor.getSnapshot())).toBe(true)
    await flush()
    expect(log.provider).toEqual(['https://idp.example.com/auth?state=abc abc'])
    expect(actor.getSnapshot().value).toBe('redirecting')
  })

  it('Scenario: an invalid email is a field error and nothing is sent; the server\'s sentence (unknown domain) shows above the form', async () => {
    let sent = 0
    const { actor } = run({ page: 'start', redirect: null }, {
      start: async () => {
        sent += 1
        throw { status: 404, code: 'not_found', message: 'No workspace uses single sign-on for example.com.', issues: [] }
      },
    })
    actor.send({ type: 'sso.changeEmail', value: 'nope' })
    actor.send({ type: 'sso.submit' })
    expect(actor.getSnapshot().context.emailError).not.toBeNull()
    expect(sent).toBe(0)
    actor.send({ type: 'sso.changeEmail', value: 'someone@example.com' })
    expect(actor.getSnapshot().context.emailError).toBeNull()
    actor.send({ type: 'sso.submit' })
    await flush()
    expect(selectFormError(actor.getSnapshot())).toBe('No workspace uses single sign-on for example.com.')
    expect(actor.getSnapshot().value).toBe('entering')
  })

  it('Scenario: a provider that is down (502) says so; no connection says the provider could not be reached; a URL that is not http(s) is never opened', async () => {
    const down = run({ page: 'start', redirect: null }, { start: async () => Promise.reject({ status: 502, code: 'internal_error', message: 'The identity provider did not answer.', issues: [] }) })
    down.actor.send({ type: 'sso.changeEmail', value: 'sso@umbrella.test' })
    down.actor.send({ type: 'sso.submit' })
    await flush()
    expect(selectFormError(down.actor.getSnapshot())).toBe('The identity provider did not answer.')
    const offline = run({ page: 'start', redirect: null }, { start: async () => Promise.reject(new TypeError('Failed to fetch')) })
    offline.actor.send({ type: 'sso.changeEmail', value: 'sso@umbrella.test' })
    offline.actor.send({ type: 'sso.submit' })
    await flush()
    expect(selectFormError(offline.actor.getSnapshot())).toBe(SSO_ERROR_MESSAGES.provider_unavailable)
    const evil = run({ page: 'start', redirect: null }, { start: async () => ({ url: 'javascript:alert(1)//?state=x' }) })
    evil.actor.send({ type: 'sso.changeEmail', value: 'sso@umbrella.test' })
    evil.actor.send({ type: 'sso.submit' })
    await flush()
    expect(evil.log.provider).toEqual([])
    expect(selectFormError(evil.actor.getSnapshot())).toBe(SSO_ERROR_MESSAGES.provider_unavailable)
  })

  it("Scenario: the provider's return signs in with its redirect, once its state is this tab's", async () => {
    const { actor, log } = run(callbackInput('?code=c&state=s'), { attempt: 's', exchange: async () => ({ outcome: 'signed_in', ...tokens, redirect: '/app/team' }) })
    await flush()
    expect(log.sessions).toEqual([{ response: expect.objectContaining({ access_token: 'a' }), redirect: '/app/team' }])
    expect(selectView(actor.getSnapshot())).toBe('completing')
  })

  it('Scenario: a return this tab did not start, a cancelled consent and a refused exchange go back to /signin with their reasons', async () => {
    const mismatch = run(callbackInput('?code=c&state=s'), { attempt: 'other' })
    const denied = run(callbackInput('?error=access_denied&state=s'), { attempt: 's' })
    const refused = run(callbackInput('?code=c&state=s'), { attempt: 's', exchange: async () => Promise.reject({ status: 403, code: 'forbidden', message: 'x', issues: [] }) })
    await flush()
    expect([mismatch.log.backTo, denied.log.backTo, refused.log.backTo]).toEqual([['state_mismatch'], ['denied'], ['not_member']])
  })

  it('Scenario: /sso/callback opened bare has nothing to complete and sends nothing', () => {
    const { actor, log } = run(callbackInput(''))
    expect(selectView(actor.getSnapshot())).toBe('nothing')
    expect(log.backTo).toEqual([])
  })

  it('Scenario: linking with the password asks for the two-factor code when the server does, then signs in', async () => {
    const { actor, log } = run(callbackInput('?code=c&state=s'), {
      attempt: 's',
      exchange: async () => ({ outcome: 'link_required', link_token: 'lt', email: 'sam@umbrella.test' }),
      password: async (proof) => (proof.code === undefined ? Promise.reject({ status: 400, code: 'invalid_request', message: 'Enter the code.', issues: [{ path: ['code'], message: 'Enter the code from your authenticator app.' }] }) : tokens),
    })
    await flush()
    expect(selectView(actor.getSnapshot())).toBe('link')
    actor.send({ type: 'sso.link' })
    expect(actor.getSnapshot().context.passwordError).toBe(SSO_ENTER_PASSWORD_MESSAGE)
    actor.send({ type: 'sso.changePassword', value: 'demo-password' })
    actor.send({ type: 'sso.link' })
    await flush()
    expect(selectAsksCode(actor.getSnapshot())).toBe(true)
    expect(actor.getSnapshot().context.codeError).toBe('Enter the code from your authenticator app.')
    actor.send({ type: 'sso.changeCode', value: '123456' })
    actor.send({ type: 'sso.link' })
    await flush()
    expect(log.proofs).toEqual([{ linkToken: 'lt', password: 'demo-password' }, { linkToken: 'lt', password: 'demo-password', code: '123456' }])
    expect(log.sessions).toHaveLength(1)
    expect(actor.getSnapshot().context.password).toBe('')
  })

  it("Scenario: linking with a passkey: a closed prompt says nothing, another person's passkey says why, an expired wait goes back to /signin", async () => {
    const answers: Array<() => Promise<SignInResponse>> = [
      () => Promise.reject(promptError('NotAllowedError')),
      () => Promise.reject({ status: 401, code: 'invalid_credentials', message: 'Use one of your own passkeys.', issues: [] }),
      () => Promise.reject({ status: 400, code: 'invalid_request', message: 'Expired', issues: [{ path: ['link_token'], message: 'Expired' }] }),
    ]
    const { actor, log } = run(callbackInput('?code=c&state=s'), {
      attempt: 's',
      exchange: async () => ({ outcome: 'link_required', link_token: 'lt', email: 'sam@umbrella.test' }),
      passkey: () => answers.shift()!(),
    })
    await flush()
    actor.send({ type: 'sso.usePasskey' })
    await flush()
    expect(selectFormError(actor.getSnapshot())).toBeNull()
    expect(selectFormError(actor.getSnapshot())).not.toBe(PROMPT_CANCELLED_MESSAGE)
    actor.send({ type: 'sso.usePasskey' })
    await flush()
    expect(selectFormError(actor.getSnapshot())).toBe('Use one of your own passkeys.')
    actor.send({ type: 'sso.usePasskey' })
    await flush()
    expect(log.backTo).toEqual(['expired'])
  })

  it('Scenario: without WebAuthn, the link form offers no passkey', async () => {
    const { actor } = run({ page: 'callback', query: '?code=c&state=s' }, { attempt: 's', exchange: async () => ({ outcome: 'link_required', link_token: 'lt', email: 'sam@umbrella.test' }) })
    await flush()
    actor.send({ type: 'sso.usePasskey' })
    expect(actor.getSnapshot().matches({ linking: 'editing' })).toBe(true)
  })
})

describe('ssoSignIn rules (ssoSignIn.return.ts)', () => {
  it('Scenario: only an http(s) URL is opened as the provider', () => {
    expect(isProviderUrl('https://idp.example.com/auth?state=s')).toBe(true)
    expect(isProviderUrl('http://127.0.0.1:3001/auth')).toBe(true)
    for (const url of ['javascript:alert(1)', 'data:text/html,x', '/relative', 'not a url']) expect(isProviderUrl(url)).toBe(false)
    expect(stateOf('https://idp.example.com/auth?state=abc')).toBe('abc')
    expect(stateOf('nope')).toBeNull()
  })

  it("Scenario: the provider's return is exchanged only when its state is this tab's", () => {
    const query = new URLSearchParams({ code: 'c', state: 's', iss: 'https://idp.example.com' })
    expect(readProviderReturn(query, 's')).toEqual({ kind: 'exchange', body: { code: 'c', state: 's', iss: 'https://idp.example.com' } })
    expect(readProviderReturn(query, 'other')).toEqual({ kind: 'failed', reason: 'state_mismatch' })
    expect(readProviderReturn(query, null)).toEqual({ kind: 'failed', reason: 'state_mismatch' })
    expect(readProviderReturn(new URLSearchParams({ code: 'c' }), 's')).toEqual({ kind: 'failed', reason: 'state_mismatch' })
  })

  it("Scenario: a provider's error is a fixed reason, never its text", () => {
    expect(readProviderReturn(new URLSearchParams({ error: 'access_denied', state: 's' }), 's')).toEqual({ kind: 'failed', reason: 'denied' })
    const other = readProviderReturn(new URLSearchParams({ error: 'server_error', error_description: '<img src=x onerror=alert(1)>', state: 's' }), 's')
    expect(other).toEqual({ kind: 'failed', reason: 'provider_error' })
    expect(readProviderReturn(new URLSearchParams({ state: 's' }), 's')).toEqual({ kind: 'failed', reason: 'provider_error' })
  })

  it('Scenario: a refused callback maps to a reason by its status', () => {
    expect(callbackFailure({ status: 400 })).toBe('expired')
    expect(callbackFailure({ status: 401 })).toBe('rejected')
    expect(callbackFailure({ status: 403 })).toBe('not_member')
    expect(callbackFailure({ status: 502 })).toBe('provider_unavailable')
    expect(callbackFailure(new TypeError('offline'))).toBe('provider_unavailable')
  })
})
