// @vitest-environment jsdom
/** The single sign-on pages as thin views of the ssoSignIn machine: what they show, and the events they send. */
import { cleanup, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import type { SignInResponse } from '../../../contract/api.ts'
import type { SsoCallbackResponse, SsoStartResponse } from '../../../contract/sso.ts'
import { type PasswordProof, type SsoSignInInput, ssoSignInMachine } from '../../../machines/ssoSignIn/ssoSignIn.machine.ts'
import { flush } from '../../../machines/testing/stubs.ts'
import { SsoCallbackView, SsoStartView } from './SsoPages.tsx'

afterEach(cleanup)

const tokens: SignInResponse = { access_token: 'a', refresh_token: 'r', expires_in: 300, org_id: 'o-umbrella' }

function actorFor(input: SsoSignInInput, calls: { start: string[]; proofs: PasswordProof[]; passkeys: number }) {
  return createActor(
    ssoSignInMachine.provide({
      actors: {
        startSso: fromPromise<SsoStartResponse, { email: string; redirect: string | null }>(async ({ input }) => {
          calls.start.push(input.email)
          throw { status: 404, code: 'not_found', message: 'No workspace uses single sign-on for example.com.', issues: [] }
        }),
        takeAttempt: fromPromise(async (): Promise<string | null> => 's'),
        exchangeCode: fromPromise(async (): Promise<SsoCallbackResponse> => ({ outcome: 'link_required', link_token: 'lt', email: 'sam@umbrella.test' })),
        linkWithPassword: fromPromise(async ({ input }) => {
          calls.proofs.push(input)
          throw { status: 401, code: 'invalid_credentials', message: 'Incorrect password.', issues: [{ path: ['password'], message: 'Incorrect password.' }] }
        }),
        linkWithPasskey: fromPromise(async () => {
          calls.passkeys += 1
          return tokens
        }),
      },
      actions: { goToProvider: () => {}, startSession: () => {}, goToSignIn: () => {} },
    }),
    { input },
  ).start()
}

describe('single sign-on pages', () => {
  it("/signin/sso: the email is sent on 'Continue'; the server's sentence shows in the alert", async () => {
    const calls = { start: [] as string[], proofs: [], passkeys: 0 }
    const actor = actorFor({ page: 'start', redirect: null }, calls)
    render(<SsoStartView actor={actor} redirect={null} />)
    expect(document.title).toBe('Continue with single sign-on · Engage')
    await userEvent.type(screen.getByLabelText('Email'), 'someone@example.com')
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }))
    await flush()
    expect(calls.start).toEqual(['someone@example.com'])
    expect((await screen.findByRole('alert')).textContent).toBe('No workspace uses single sign-on for example.com.')
  })

  it("/sso/callback: 'Link your account' sends the password, shows the refusal under it, and offers 'Use a passkey'", async () => {
    const calls = { start: [], proofs: [] as PasswordProof[], passkeys: 0 }
    const actor = actorFor({ page: 'callback', query: '?code=c&state=s', passkeySupported: true }, calls)
    render(<SsoCallbackView actor={actor} />)
    expect(await screen.findByRole('heading', { level: 1, name: 'Link your account' })).toBeTruthy()
    expect(screen.getByText(/An account with sam@umbrella.test already exists/)).toBeTruthy()
    await userEvent.type(screen.getByLabelText('Password'), 'wrong')
    await userEvent.click(screen.getByRole('button', { name: 'Link and sign in' }))
    await flush()
    expect(calls.proofs).toEqual([{ linkToken: 'lt', password: 'wrong' }])
    expect(await screen.findByText('Incorrect password.')).toBeTruthy()
    await userEvent.click(screen.getByRole('button', { name: 'Use a passkey' }))
    await flush()
    expect(calls.passkeys).toBe(1)
    expect(screen.getByRole('status').textContent).toBe('Signing you in…')
  })

  it("/sso/callback without WebAuthn: no 'Use a passkey'", async () => {
    const actor = actorFor({ page: 'callback', query: '?code=c&state=s' }, { start: [], proofs: [], passkeys: 0 })
    render(<SsoCallbackView actor={actor} />)
    expect(await screen.findByRole('heading', { level: 1, name: 'Link your account' })).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Use a passkey' })).toBeNull()
  })

  it('/sso/callback opened bare: nothing to complete, a way to sign in', () => {
    const actor = actorFor({ page: 'callback', query: '' }, { start: [], proofs: [], passkeys: 0 })
    render(<SsoCallbackView actor={actor} />)
    expect(screen.getByText('There is no single sign-on to complete here. Start it from the sign-in page.')).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/signin')
  })
})
