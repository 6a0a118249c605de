/**
 * Single sign-on sign-in (machines/ssoSignIn): /signin/sso and /sso/callback in each state a
 * person can see, each started from a saved state (`resolveState`) with calls that never answer
 * and navigation that goes nowhere.
 */
import type { Meta, StoryObj } from '@storybook/react-vite'
import { useState } from 'react'
import { expect, within } from 'storybook/test'
import { createActor, fromPromise, type StateValue } from 'xstate'
import type { SignInResponse } from '../contract/api.ts'
import type { SsoCallbackResponse, SsoStartResponse } from '../contract/sso.ts'
import { PASSKEY_MESSAGES } from '../contract/passkeys.ts'
import { type SsoSignInContext, ssoSignInMachine } from '../machines/ssoSignIn/ssoSignIn.machine.ts'
import { SsoCallbackView, SsoStartView } from '../src/ui/sso/SsoPages.tsx'

const meta: Meta = { title: 'Machines/ssoSignIn' }
export default meta
type Story = StoryObj

const pending = <T,>() => new Promise<T>(() => {})

const defaults: SsoSignInContext = {
  page: 'start',
  redirect: null,
  email: '',
  emailError: null,
  formError: null,
  query: '',
  passkeySupported: true,
  answer: null,
  link: null,
  password: '',
  code: '',
  askCode: false,
  passwordError: null,
  codeError: null,
  reason: null,
}

const waiting = { token: 'link-token', email: 'sam@umbrella.test' }

function ssoStory(value: StateValue, context: Partial<SsoSignInContext>, play?: Story['play']): Story {
  const create = () => {
    const machine = ssoSignInMachine.provide({
      actors: {
        startSso: fromPromise<SsoStartResponse, { email: string; redirect: string | null }>(() => pending()),
        takeAttempt: fromPromise(() => pending<string | null>()),
        exchangeCode: fromPromise(() => pending<SsoCallbackResponse>()),
        linkWithPassword: fromPromise(() => pending<SignInResponse>()),
        linkWithPasskey: fromPromise(() => pending<SignInResponse>()),
      },
      actions: { goToProvider: () => {}, startSession: () => {}, goToSignIn: () => {} },
    })
    const full = { ...defaults, ...context }
    const input = full.page === 'start' ? { page: 'start' as const, redirect: full.redirect } : { page: 'callback' as const, query: full.query, passkeySupported: full.passkeySupported }
    return createActor(machine, { input, snapshot: machine.resolveState({ value, context: full }) }).start()
  }
  return {
    parameters: { machineState: { machine: 'ssoSignIn', state: value } },
    render: function Render() {
      const [actor] = useState(create)
      return actor.getSnapshot().context.page === 'start' ? <SsoStartView actor={actor} redirect={null} /> : <SsoCallbackView actor={actor} />
    },
    ...(play ? { play } : {}),
  }
}

const callback = { page: 'callback' as const, query: '?code=c&state=s' }

// /signin/sso -------------------------------------------------------------------------------

/** entering: 'Email' and 'Continue'. */
export const StartEntering = ssoStory('entering', {}, async ({ canvasElement }) => {
  const canvas = within(canvasElement)
  await expect(canvas.getByRole('heading', { level: 1, name: 'Continue with single sign-on' })).toBeVisible()
  await expect(canvas.getByLabelText('Email')).toBeVisible()
})
/** entering with the field's error: not an email (nothing was sent). */
export const StartInvalidEmail = ssoStory('entering', { email: 'sam@', emailError: 'Enter a valid email address' })
/** entering after the server's answer: no workspace has the domain. */
export const StartUnknownDomain = ssoStory('entering', { email: 'someone@example.com', formError: 'No workspace uses single sign-on for example.com.' }, async ({ canvasElement }) => {
  await expect(within(canvasElement).getByRole('alert')).toHaveTextContent('No workspace uses single sign-on for example.com.')
})
/** entering after the provider could not be reached. */
export const StartProviderDown = ssoStory('entering', { email: 'sso@umbrella.test', formError: 'The identity provider could not be reached. Try again in a moment.' })
/** starting: the server asks the workspace's provider; the form is busy. */
export const StartStarting = ssoStory('starting', { email: 'sso@umbrella.test' })
/** redirecting: the browser is leaving for the provider; the form stays busy. */
export const StartRedirecting = ssoStory('redirecting', { email: 'sso@umbrella.test' })

// /sso/callback -----------------------------------------------------------------------------

/** nothingToComplete: /sso/callback opened without a provider's answer. */
export const CallbackNothingToComplete = ssoStory('nothingToComplete', { page: 'callback', query: '' }, async ({ canvasElement }) => {
  await expect(within(canvasElement).getByText('There is no single sign-on to complete here. Start it from the sign-in page.')).toBeVisible()
})
/** checking: the return against this tab's attempt ('Signing you in…'). */
export const CallbackChecking = ssoStory('checking', callback)
/** exchanging: the server exchanges the code with the provider. */
export const CallbackExchanging = ssoStory('exchanging', callback, async ({ canvasElement }) => {
  await expect(within(canvasElement).getByRole('status')).toHaveTextContent('Signing you in…')
})
/** linking.editing: 'Link your account', with 'Use a passkey' in a browser that has WebAuthn. */
export const LinkEditing = ssoStory({ linking: 'editing' }, { ...callback, link: waiting }, async ({ canvasElement }) => {
  const canvas = within(canvasElement)
  await expect(canvas.getByRole('heading', { level: 1, name: 'Link your account' })).toBeVisible()
  await expect(canvas.getByRole('button', { name: 'Use a passkey' })).toBeVisible()
})
/** linking.editing without WebAuthn: the password alone. */
export const LinkEditingNoPasskey = ssoStory({ linking: 'editing' }, { ...callback, link: waiting, passkeySupported: false })
/** linking.editing after a wrong password. */
export const LinkWrongPassword = ssoStory({ linking: 'editing' }, { ...callback, link: waiting, password: 'wrong', passwordError: 'Incorrect password.' })
/** linking.editing when the account has two-factor on: its code too. */
export const LinkCodeAsked = ssoStory(
  { linking: 'editing' },
  { ...callback, link: waiting, password: 'demo-password', askCode: true, codeError: 'Enter the code from your authenticator app.' },
)
/** linking.editing after another person's passkey was used. */
export const LinkPasskeyRefused = ssoStory({ linking: 'editing' }, { ...callback, link: waiting, formError: PASSKEY_MESSAGES.notYours })
/** linking.proving.password: the password (and code) are checked. */
export const LinkProvingPassword = ssoStory({ linking: { proving: 'password' } }, { ...callback, link: waiting, password: 'demo-password' })
/** linking.proving.passkey: the browser's prompt for one of the account's passkeys is open. */
export const LinkProvingPasskey = ssoStory({ linking: { proving: 'passkey' } }, { ...callback, link: waiting })
/** signedIn: the auth machine has the session and moves on ('Signing you in…'). */
export const CallbackSignedIn = ssoStory('signedIn', callback)
/** failed: on the way back to /signin with the reason ('Signing you in…' for an instant). */
export const CallbackFailed = ssoStory('failed', { ...callback, reason: 'state_mismatch' })
