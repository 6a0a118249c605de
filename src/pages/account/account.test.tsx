// @vitest-environment jsdom
/**
 * The account recovery and address confirmation pages over the real API client (msw answers it): /forgot-password, /reset-password,
 * /confirm-email, and the Profile tab's address confirmation.
 */
import { cleanup, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { ACCOUNT_MESSAGES, PASSWORD_RESET_SENT } from '../../../contract/account.ts'
import type { User } from '../../../contract/api.ts'
import { createActor } from 'xstate'
import { authMachine } from '../../../machines/auth/auth.machine.ts'
import { memoryTheme } from '../../platform/theme.ts'
import { AuthActorProvider } from '../../system/react.tsx'
import { ThemeProvider } from '../../system/theme.tsx'
import { ProfileTab } from '../ProfileTab.tsx'
import { API, errorBody, renderPage } from '../settings/testing.tsx'
import { ConfirmEmailPage } from './ConfirmEmailPage.tsx'
import { ForgotPasswordPage } from './ForgotPasswordPage.tsx'
import { ResetPasswordPage } from './ResetPasswordPage.tsx'

const server = setupServer()
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(() => {
  cleanup()
  server.resetHandlers()
})
afterAll(() => server.close())

/** Records each body posted to `path` and answers with `answer`. */
function post(path: string, answer: () => Response) {
  const bodies: unknown[] = []
  server.use(
    http.post(`${API}${path}`, async ({ request }) => {
      bodies.push(await request.json())
      return answer()
    }),
  )
  return bodies
}

describe('/forgot-password', () => {
  it('sends the address as the contract reads it (lower-case) and shows the server’s one answer, with the way back to sign in', async () => {
    const bodies = post('/users/password-reset', () => HttpResponse.json({ message: PASSWORD_RESET_SENT }, { status: 202 }))
    renderPage(<ForgotPasswordPage email="Ada@Acme.TEST" />)
    expect(screen.getByLabelText('Email')).toHaveProperty('value', 'Ada@Acme.TEST')
    await userEvent.click(screen.getByRole('button', { name: 'Send link' }))
    expect(await screen.findByText(PASSWORD_RESET_SENT)).toBeTruthy()
    expect(bodies).toEqual([{ email: 'ada@acme.test' }])
    expect(screen.getByRole('link', { name: 'Back to sign in' }).getAttribute('href')).toBe('/signin')
    expect(document.title).toBe('Reset your password · Engage')
  })

  it('a malformed address gets the field error and no call', async () => {
    const bodies = post('/users/password-reset', () => HttpResponse.json({ message: PASSWORD_RESET_SENT }, { status: 202 }))
    renderPage(<ForgotPasswordPage />)
    await userEvent.type(screen.getByLabelText('Email'), 'ada@')
    await userEvent.click(screen.getByRole('button', { name: 'Send link' }))
    expect(await screen.findByText('Enter a valid email address')).toBeTruthy()
    expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).toBe('true')
    expect(bodies).toEqual([])
  })

  it('a 429 shows the server’s message above the form and keeps the address', async () => {
    post('/users/password-reset', () => HttpResponse.json(errorBody('rate_limited', 'Too many attempts. Try again in 60 seconds.'), { status: 429, headers: { 'retry-after': '60' } }))
    renderPage(<ForgotPasswordPage email="ada@acme.test" />)
    await userEvent.click(screen.getByRole('button', { name: 'Send link' }))
    expect((await screen.findByRole('alert')).textContent).toBe('Too many attempts. Try again in 60 seconds.')
    expect(screen.getByLabelText('Email')).toHaveProperty('value', 'ada@acme.test')
  })
})

describe('/reset-password', () => {
  const choose = async (password: string, confirmation = password) => {
    await userEvent.type(screen.getByLabelText('New password'), password)
    await userEvent.type(screen.getByLabelText('Confirm password'), confirmation)
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }))
  }

  it('sets the new password with the link’s token, then says so with "Sign in"', async () => {
    const bodies = post('/users/password-reset/confirm', () => HttpResponse.json({ ok: true }))
    renderPage(<ResetPasswordPage token="tok-1" />)
    await choose('a-brand-new-password')
    expect(await screen.findByText(ACCOUNT_MESSAGES.passwordResetDone)).toBeTruthy()
    expect(bodies).toEqual([{ token: 'tok-1', password: 'a-brand-new-password' }])
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/signin')
  })

  it('a different confirmation is refused on its field without a call', async () => {
    const bodies = post('/users/password-reset/confirm', () => HttpResponse.json({ ok: true }))
    renderPage(<ResetPasswordPage token="tok-1" />)
    await choose('a-brand-new-password', 'another-password')
    expect(await screen.findByText('The passwords do not match')).toBeTruthy()
    expect(bodies).toEqual([])
  })

  it('a refused link shows the server’s message and a way to a new link', async () => {
    post('/users/password-reset/confirm', () => HttpResponse.json(errorBody('invalid_request', ACCOUNT_MESSAGES.linkInvalid), { status: 400 }))
    renderPage(<ResetPasswordPage token="used" />)
    await choose('a-brand-new-password')
    expect((await screen.findByRole('alert')).textContent).toBe(ACCOUNT_MESSAGES.linkInvalid)
    expect(screen.getByRole('link', { name: 'Get a new link' }).getAttribute('href')).toBe('/forgot-password')
  })

  it('a link without a token is refused at once', () => {
    renderPage(<ResetPasswordPage token="" />)
    expect(screen.getByRole('alert').textContent).toBe(ACCOUNT_MESSAGES.linkInvalid)
    expect(screen.queryByLabelText('New password')).toBeNull()
  })
})

describe('/confirm-email', () => {
  it('posts the token once on arrival and shows the address confirmed, with the way on', async () => {
    const bodies = post('/users/confirm-email', () => HttpResponse.json({ email: 'ada@acme.test' }))
    renderPage(<ConfirmEmailPage token="tok-2" signedIn={false} />)
    expect(screen.getByRole('heading', { name: 'Confirming your email address…' })).toBeTruthy()
    expect(await screen.findByText(ACCOUNT_MESSAGES.emailConfirmed)).toBeTruthy()
    expect(screen.getByText('ada@acme.test')).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/signin')
    expect(bodies).toEqual([{ token: 'tok-2' }])
  })

  it('signed in, the way on is the app', async () => {
    post('/users/confirm-email', () => HttpResponse.json({ email: 'ada@acme.test' }))
    renderPage(<ConfirmEmailPage token="tok-3" signedIn />)
    expect((await screen.findByRole('link', { name: 'Continue to Engage' })).getAttribute('href')).toBe('/app')
  })

  it('a refused link says so; an unreachable server offers to try again', async () => {
    post('/users/confirm-email', () => HttpResponse.json(errorBody('invalid_request', ACCOUNT_MESSAGES.linkInvalid), { status: 400 }))
    renderPage(<ConfirmEmailPage token="used" signedIn={false} />)
    expect((await screen.findByRole('alert')).textContent).toBe(ACCOUNT_MESSAGES.linkInvalid)
    cleanup()
    server.use(http.post(`${API}/users/confirm-email`, () => HttpResponse.error()))
    renderPage(<ConfirmEmailPage token="tok-4" signedIn={false} />)
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeTruthy()
  })
})

describe('Profile tab: address confirmation', () => {
  const ada: User = { _id: 'u-ada', fullName: 'Ada Admin', email: 'admin@acme.test', image: null }
  const renderTab = (user: User) => {
    const auth = createActor(authMachine, { input: { hasStoredSession: false } }).start()
    return renderPage(
      <AuthActorProvider actor={auth}>
        <ThemeProvider controller={memoryTheme('system')}>
          <ProfileTab user={user} />
        </ThemeProvider>
      </AuthActorProvider>,
    )
  }

  it('without `email_confirmed` nothing is said', () => {
    renderTab(ada)
    expect(screen.queryByText('Confirmed')).toBeNull()
    expect(screen.queryByText('Not confirmed')).toBeNull()
  })

  it('confirmed: the badge, no button', () => {
    renderTab({ ...ada, email_confirmed: true })
    expect(screen.getByText('Confirmed')).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Resend confirmation email' })).toBeNull()
  })

  it('not confirmed: "Resend confirmation email" posts and says a link was sent; a 409 turns it confirmed', async () => {
    const bodies = post('/users/me/confirm-email/resend', () => HttpResponse.json({ ok: true }, { status: 202 }))
    renderTab({ ...ada, email_confirmed: false })
    expect(screen.getByText('Not confirmed')).toBeTruthy()
    await userEvent.click(screen.getByRole('button', { name: 'Resend confirmation email' }))
    expect(await screen.findByText(ACCOUNT_MESSAGES.confirmationSent)).toBeTruthy()
    expect(bodies).toHaveLength(1)
    server.use(http.post(`${API}/users/me/confirm-email/resend`, () => HttpResponse.json(errorBody('conflict', ACCOUNT_MESSAGES.alreadyConfirmed), { status: 409 })))
    await userEvent.click(screen.getByRole('button', { name: 'Resend confirmation email' }))
    expect(await screen.findByText(ACCOUNT_MESSAGES.alreadyConfirmed)).toBeTruthy()
    await waitFor(() => expect(screen.getByText('Confirmed')).toBeTruthy())
  })
})
