import { createActor } from 'xstate'
import { describe, expect, it } from 'vitest'
import type { SignInResponse } from '../../contract/api.ts'
import type { SsoCallbackResponse, SsoErrorReason, SsoStartResponse } from '../../contract/sso.ts'
import { validate } from '../../contract/validate.ts'
import { Email } from '../../contract/api.ts'
import { promptError } from '../passkeys/passkeys.fixtures.ts'
import { transitionsAtStart, walkEveryTransition, type WalkResult } from '../testing/model-walk.ts'
import { controllable, settleActorEvent } from '../testing/stubs.ts'
import { type PasswordProof, type ProviderAnswer, type SsoSignInEvent, type SsoSignInInput, ssoSignInMachine } from './ssoSignIn.machine.ts'
import { selectView } from './ssoSignIn.selectors.ts'

const tokens: SignInResponse = { access_token: 'a', refresh_token: 'r', expires_in: 300, org_id: 'o-umbrella' }
const signedIn: SsoCallbackResponse = { outcome: 'signed_in', ...tokens, redirect: '/app/team' }
const linkRequired: SsoCallbackResponse = { outcome: 'link_required', link_token: 'lt', email: 'sam@umbrella.test' }
const providerUrl: SsoStartResponse = { url: 'https://idp.example.com/auth?state=st' }
const notProvider: SsoStartResponse = { url: 'javascript:alert(1)' }
const unknownDomain = { status: 404, code: 'not_found', message: 'No workspace uses single sign-on for example.com.', issues: [] }
const badEmail = { status: 400, code: 'invalid_request', message: 'Invalid', issues: [{ path: ['email'], message: 'Enter a valid email address' }] }
const wrongPassword = { status: 401, code: 'invalid_credentials', message: 'Incorrect password.', issues: [{ path: ['password'], message: 'Incorrect password.' }] }
const codeNeeded = { status: 400, code: 'invalid_request', message: 'Enter the code.', issues: [{ path: ['code'], message: 'Enter the code from your authenticator app.' }] }
const linkExpired = { status: 400, code: 'invalid_request', message: 'Expired.', issues: [{ path: ['link_token'], message: 'Expired' }] }
const notYours = { status: 401, code: 'invalid_credentials', message: 'Use one of your own passkeys.', issues: [] }

type ModelEvent = SsoSignInEvent | { type: `xstate.${string}`; output?: unknown; error?: unknown }
const done = (id: string, output: unknown) => ({ type: `xstate.done.actor.${id}`, output }) as const
const error = (id: string, e: unknown) => ({ type: `xstate.error.actor.${id}`, error: e }) as const

const START_EVENTS: ModelEvent[] = [
  { type: 'sso.changeEmail', value: 'sso@umbrella.test' },
  { type: 'sso.changeEmail', value: 'not an email' },
  { type: 'sso.submit' },
  done('startSso', providerUrl),
  done('startSso', notProvider),
  error('startSso', unknownDomain),
  error('startSso', badEmail),
  error('startSso', new TypeError('Failed to fetch')),
]

const CALLBACK_EVENTS: ModelEvent[] = [
  done('takeAttempt', 'st'),
  done('takeAttempt', 'another-tab'),
  error('takeAttempt', new Error('storage refused')),
  done('exchangeCode', signedIn),
  done('exchangeCode', linkRequired),
  error('exchangeCode', { status: 401, code: 'invalid_credentials', message: 'No.', issues: [] }),
  { type: 'sso.changePassword', value: 'demo-password' },
  { type: 'sso.changePassword', value: '' },
  { type: 'sso.changeCode', value: '123456' },
  { type: 'sso.link' },
  { type: 'sso.usePasskey' },
  done('linkWithPassword', tokens),
  error('linkWithPassword', wrongPassword),
  error('linkWithPassword', codeNeeded),
  error('linkWithPassword', linkExpired),
  done('linkWithPasskey', tokens),
  error('linkWithPasskey', promptError('NotAllowedError')),
  error('linkWithPasskey', notYours),
  error('linkWithPasskey', linkExpired),
]

const START: SsoSignInInput = { page: 'start', redirect: '/app/team' }
const CALLBACK: SsoSignInInput = { page: 'callback', query: '?code=c&state=st&iss=https%3A%2F%2Fidp.example.com', passkeySupported: true }
const BARE: SsoSignInInput = { page: 'callback', query: '', passkeySupported: true }

function walk(input: SsoSignInInput, events: ModelEvent[]): Promise<WalkResult> {
  return walkEveryTransition({
    machine: ssoSignInMachine,
    input,
    events: events as never,
    // Guards read what is typed and whether the code is asked for.
    serializeState: (s) => JSON.stringify([s.value, s.context.email, s.context.password, s.context.askCode]),
    start: (inspect) => {
      const startSso = controllable<SsoStartResponse, { email: string; redirect: string | null }>()
      const takeAttempt = controllable<string | null, void>()
      const exchangeCode = controllable<SsoCallbackResponse, ProviderAnswer>()
      const linkWithPassword = controllable<SignInResponse, PasswordProof>()
      const linkWithPasskey = controllable<SignInResponse, { linkToken: string }>()
      const stubs = { startSso, takeAttempt, exchangeCode, linkWithPassword, linkWithPasskey }
      const wentTo: string[] = []
      const sessions: Array<{ response: SignInResponse; redirect: string | null }> = []
      const backTo: SsoErrorReason[] = []
      const actor = createActor(
        ssoSignInMachine.provide({
          actors: {
            startSso: startSso.logic,
            takeAttempt: takeAttempt.logic,
            exchangeCode: exchangeCode.logic,
            linkWithPassword: linkWithPassword.logic,
            linkWithPasskey: linkWithPasskey.logic,
          },
          actions: {
            goToProvider: (_, params) => wentTo.push(`${params.url} ${params.state}`),
            startSession: (_, params) => sessions.push(params),
            goToSignIn: (_, params) => backTo.push(params.reason),
          },
        }),
        { input, inspect },
      )
      actor.start()
      return {
        actor,
        exec: async (event) => {
          const e = event as ModelEvent
          if (!(await settleActorEvent(e, stubs))) actor.send(e as SsoSignInEvent)
        },
        check: (s) => {
          const c = s.context
          expect(selectView(s)).toBeDefined()
          // The browser goes to the provider once, only to an http(s) URL, remembering its state.
          expect(wentTo).toEqual(s.matches('redirecting') ? [`${providerUrl.url} st`] : [])
          // Only a well-formed email is sent.
          for (const sent of startSso.calls) {
            expect(validate(Email, sent.email).ok).toBe(true)
            expect(sent.redirect).toBe('/app/team')
          }
          // The code is exchanged only when the return's state is this tab's.
          for (const sent of exchangeCode.calls) expect(sent).toEqual({ code: 'c', state: 'st', iss: 'https://idp.example.com' })
          // A session is handed over once, on signing in.
          if (s.matches('signedIn')) {
            expect(sessions).toHaveLength(1)
            expect(sessions[0]?.response).toMatchObject({ access_token: 'a', org_id: 'o-umbrella' })
          } else expect(sessions).toEqual([])
          // Failure goes back to /signin once, with a reason.
          expect(backTo).toEqual(s.matches('failed') && c.reason !== null ? [c.reason] : [])
          // The password is sent only when typed, with the code only when asked.
          for (const sent of linkWithPassword.calls) {
            expect(sent.password).not.toBe('')
            expect(sent.linkToken).toBe('lt')
            if (sent.code !== undefined) expect(c.askCode).toBe(true)
          }
          // Typed secrets do not outlive the link form.
          if (!s.matches('linking')) expect([c.password, c.code]).toEqual(['', ''])
          if (s.matches('linking')) expect(c.link).toEqual({ token: 'lt', email: 'sam@umbrella.test' })
        },
        stop: () => actor.stop(),
      }
    },
  })
}

describe('ssoSignIn (model)', () => {
  it('walks every transition of both pages: only a checked return is exchanged, a session is handed over once, every failure goes back with a reason', async () => {
    const start = await walk(START, START_EVENTS)
    const callback = await walk(CALLBACK, CALLBACK_EVENTS)
    expect(start.failures).toEqual([])
    expect(callback.failures).toEqual([])
    // The bare callback resolves to a final state at once: the walk starts no actor for it.
    const atStart = transitionsAtStart(ssoSignInMachine, BARE)
    expect(atStart).toEqual(['ssoSignIn.opening (always) #0'])
    const walked = new Set([...start.walked, ...callback.walked, ...atStart])
    expect(start.defined.filter((k) => !walked.has(k))).toEqual([])
    expect(start.paths + callback.paths).toBeGreaterThan(30)
  })
})
