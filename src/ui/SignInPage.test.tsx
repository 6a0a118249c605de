// @vitest-environment jsdom
/** The sign-in page's two forms and their addresses (/signup, tab titles). */
import { cleanup, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it } from 'vitest'
import { createActor } from 'xstate'
import { authMachine } from '../../machines/auth/auth.machine.ts'
import { AuthActorProvider } from '../system/react.tsx'
import { SignInPage, type SignInPageProps } from './SignInPage.tsx'

afterEach(cleanup)

function renderPage(props: Partial<SignInPageProps> = {}) {
  const auth = createActor(authMachine, {
    input: { hasStoredSession: false },
    snapshot: authMachine.resolveState({
      value: 'unauthenticated',
      context: {
        user: null,
        currentOrg: null,
        orgId: null,
        hasStoredSession: false,
        userInitiated: false,
        redirect: null,
        signOutUrl: '/signin',
        error: null,
        twoFactorToken: null,
      },
    }),
  }).start()
  render(
    <AuthActorProvider actor={auth}>
      <SignInPage redirect={null} {...props} />
    </AuthActorProvider>,
  )
}

describe('SignInPage', () => {
  it('/signin: the sign-in form, titled "Sign in · Engage", with the logo linking home', () => {
    renderPage()
    expect(screen.getByRole('heading', { level: 1, name: 'Sign in to Engage' })).toBeTruthy()
    expect(screen.getByRole('form', { name: 'Sign in' })).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Engage home' }).getAttribute('href')).toBe('/')
    expect(document.title).toBe('Sign in · Engage')
  })

  it("/signin: 'Create an account' switches to the sign-up form in place and renames the tab; 'Back to sign in' returns", async () => {
    renderPage()
    await userEvent.click(screen.getByRole('button', { name: 'Create an account' }))
    expect(screen.getByRole('form', { name: 'Create an account' })).toBeTruthy()
    expect(document.title).toBe('Create your account · Engage')
    await userEvent.click(screen.getByRole('button', { name: 'Back to sign in' }))
    expect(screen.getByRole('form', { name: 'Sign in' })).toBeTruthy()
    expect(document.title).toBe('Sign in · Engage')
  })

  it("/signup: the sign-up form first, titled 'Create your account · Engage', with a 'Sign in' link back", () => {
    renderPage({ initialMode: 'signUp', signInHref: '/signin' })
    expect(screen.getByRole('heading', { level: 1, name: 'Create your Engage account' })).toBeTruthy()
    expect(screen.getByLabelText('Full name')).toBeTruthy()
    expect(screen.getByLabelText('Workspace name')).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/signin')
    expect(screen.queryByRole('button', { name: 'Back to sign in' })).toBeNull()
    expect(document.title).toBe('Create your account · Engage')
  })

  it("'Forgot password?' under the password leads to /forgot-password with the address typed so far", async () => {
    renderPage()
    const link = () => screen.getByRole('link', { name: 'Forgot password?' })
    expect(link().getAttribute('href')).toBe('/forgot-password')
    await userEvent.type(screen.getByLabelText('Email'), 'ada+x@acme.test')
    expect(link().getAttribute('href')).toBe('/forgot-password?email=ada%2Bx%40acme.test')
  })
})
