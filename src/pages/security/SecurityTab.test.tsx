// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { TWO_FACTOR_MESSAGES } from '../../../contract/twoFactor.ts'
import { threeSessions } from '../../../machines/sessions/sessions.fixtures.ts'
import { enrolment, recoveryCodes, statusOff, statusOn } from '../../../machines/twoFactor/twoFactor.fixtures.ts'
import { useTwoFactorActor } from '../../system/twoFactor.ts'
import { API, errorBody, renderPage } from '../settings/testing.tsx'
import { SessionsSection } from './SessionsSection.tsx'
import { TwoFactorView } from './TwoFactorSection.tsx'

const seen: Array<{ method: string; url: string; authorization: string | null; org: string | null }> = []
const server = setupServer(
  http.get(`${API}/users/sessions`, () => HttpResponse.json({ sessions: threeSessions })),
  http.get(`${API}/users/me/two-factor`, () => HttpResponse.json(statusOff)),
)
beforeAll(() => {
  server.listen({ onUnhandledRequest: 'error' })
  server.events.on('request:start', ({ request }) =>
    seen.push({ method: request.method, url: request.url, authorization: request.headers.get('authorization'), org: request.headers.get('x-org-id') }),
  )
})
afterEach(() => {
  cleanup()
  server.resetHandlers()
  seen.length = 0
})
afterAll(() => server.close())

/** The two-factor section without the auth actor (the download's email is optional). */
function TwoFactor() {
  return <TwoFactorView actor={useTwoFactorActor()} />
}

const rowOf = (label: string) => screen.getByText(label).closest('li') as HTMLElement

describe('Security tab: Sessions', () => {
  it('Scenario: the sessions are listed with this device marked, over bearer + x-org-id', async () => {
    renderPage(<SessionsSection />)
    const list = await screen.findByRole('list', { name: 'Signed-in sessions' })
    expect(within(list).getAllByRole('listitem')).toHaveLength(3)
    expect(within(rowOf('Chrome 126 on macOS')).getByText('This device')).toBeTruthy()
    expect(within(rowOf('Chrome 126 on macOS')).queryByRole('button', { name: 'Sign out' })).toBeNull()
    expect(within(rowOf('Unknown device')).getByText('Location unknown')).toBeTruthy()
    expect(seen[0]).toEqual({ method: 'GET', url: `${API}/users/sessions`, authorization: 'Bearer access-1', org: 'o-acme' })
  })

  it('Scenario: a refused sign-out puts the row back and toasts the server’s message (rollback)', async () => {
    server.use(http.delete(`${API}/users/sessions/s-phone`, () => HttpResponse.json(errorBody('internal', 'Something went wrong on our side.'), { status: 500 })))
    const user = userEvent.setup()
    const { toastMessages } = renderPage(<SessionsSection />)
    await screen.findByRole('list', { name: 'Signed-in sessions' })
    await user.click(within(rowOf('Safari 18 on iOS')).getByRole('button', { name: 'Sign out' }))
    await waitFor(() => expect(toastMessages()).toEqual(['error: Something went wrong on our side.']))
    expect(within(screen.getByRole('list', { name: 'Signed-in sessions' })).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      expect.stringContaining('Chrome 126 on macOS'),
      expect.stringContaining('Safari 18 on iOS'),
      expect.stringContaining('Unknown device'),
    ])
  })

  it('Scenario: signing out a session removes its row with a toast', async () => {
    server.use(http.delete(`${API}/users/sessions/s-phone`, () => new HttpResponse(null, { status: 204 })))
    const user = userEvent.setup()
    const { toastMessages } = renderPage(<SessionsSection />)
    await screen.findByRole('list', { name: 'Signed-in sessions' })
    await user.click(within(rowOf('Safari 18 on iOS')).getByRole('button', { name: 'Sign out' }))
    await waitFor(() => expect(toastMessages()).toEqual(['success: Signed out of Safari 18 on iOS']))
    expect(screen.queryByText('Safari 18 on iOS')).toBeNull()
  })

  it('Scenario: signing out of all other sessions asks first, then sends others=true', async () => {
    server.use(http.delete(`${API}/users/sessions`, ({ request }) => HttpResponse.json({ revoked: new URL(request.url).searchParams.get('others') === 'true' ? 2 : 0 })))
    const user = userEvent.setup()
    const { toastMessages } = renderPage(<SessionsSection />)
    await screen.findByRole('list', { name: 'Signed-in sessions' })
    await user.click(screen.getByRole('button', { name: 'Sign out of all other sessions' }))
    const confirm = await screen.findByRole('alertdialog', { name: 'Sign out of all other sessions?' })
    await user.click(within(confirm).getByRole('button', { name: 'Sign out others' }))
    await waitFor(() => expect(toastMessages()).toEqual(['success: Signed out of 2 other sessions']))
    expect(within(screen.getByRole('list', { name: 'Signed-in sessions' })).getAllByRole('listitem')).toHaveLength(1)
  })

  it('Scenario: no connection shows the reason and Try again loads the list', async () => {
    server.use(http.get(`${API}/users/sessions`, () => HttpResponse.error(), { once: true }))
    const user = userEvent.setup()
    renderPage(<SessionsSection />)
    expect((await screen.findByRole('alert')).textContent).toBe('Could not reach the server. Check your connection and try again.')
    await user.click(screen.getByRole('button', { name: 'Try again' }))
    expect(await screen.findByRole('list', { name: 'Signed-in sessions' })).toBeTruthy()
  })
})

describe('Security tab: Two-factor authentication', () => {
  it('Scenario: turning it on: the QR code as an image, a wrong code on the field, 429 above it, then the ten codes once', async () => {
    let confirms = 0
    const bodies: unknown[] = []
    server.use(
      http.post(`${API}/users/me/two-factor/enrol`, () => HttpResponse.json(enrolment)),
      http.post(`${API}/users/me/two-factor/confirm`, async ({ request }) => {
        bodies.push(await request.json())
        confirms++
        if (confirms === 1) return HttpResponse.json(errorBody('invalid_request', TWO_FACTOR_MESSAGES.wrongCode, [{ path: ['code'], message: TWO_FACTOR_MESSAGES.wrongCode }]), { status: 400 })
        if (confirms === 2) return HttpResponse.json(errorBody('rate_limited', 'Too many attempts. Try again in 15 minutes.'), { status: 429 })
        return HttpResponse.json({ recovery_codes: recoveryCodes })
      }),
    )
    const user = userEvent.setup()
    const { toastMessages } = renderPage(<TwoFactor />)
    await user.click(await screen.findByRole('button', { name: 'Turn on' }))
    const qr = await screen.findByRole('img', { name: 'QR code for your authenticator app' })
    expect(qr.getAttribute('src')).toBe(enrolment.qr_data_url)
    expect(screen.getByLabelText('Secret key').textContent).toBe('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP')

    const field = screen.getByRole('textbox', { name: 'Authentication code' })
    await user.type(field, '111 111')
    await user.click(screen.getByRole('button', { name: 'Confirm' }))
    expect(await screen.findByText(TWO_FACTOR_MESSAGES.wrongCode)).toBeTruthy()
    expect(field.getAttribute('aria-invalid')).toBe('true')
    expect(bodies).toEqual([{ code: '111111' }])

    await user.click(screen.getByRole('button', { name: 'Confirm' }))
    expect((await screen.findByRole('alert')).textContent).toBe('Too many attempts. Try again in 15 minutes.')

    server.use(http.get(`${API}/users/me/two-factor`, () => HttpResponse.json({ ...statusOn, recovery_codes_left: 10 })))
    await user.click(screen.getByRole('button', { name: 'Confirm' }))
    const codes = await screen.findByRole('list', { name: 'Recovery codes' })
    expect(within(codes).getAllByRole('listitem').map((li) => li.textContent)).toEqual([...recoveryCodes])
    expect(toastMessages()).toEqual(['success: Two-factor authentication is on'])
    await user.click(screen.getByRole('button', { name: 'I saved them' }))
    expect(await screen.findByText(/10 recovery codes left\./)).toBeTruthy()
    expect(screen.queryByRole('list', { name: 'Recovery codes' })).toBeNull()
  })

  it('Scenario: turning it off with a used recovery code shows the server’s message on the field', async () => {
    server.use(
      http.get(`${API}/users/me/two-factor`, () => HttpResponse.json(statusOn)),
      http.post(`${API}/users/me/two-factor/disable`, () =>
        HttpResponse.json(errorBody('invalid_request', TWO_FACTOR_MESSAGES.wrongRecoveryCode, [{ path: ['code'], message: TWO_FACTOR_MESSAGES.wrongRecoveryCode }]), { status: 400 }),
      ),
    )
    const user = userEvent.setup()
    renderPage(<TwoFactor />)
    await user.click(await screen.findByRole('button', { name: 'Turn off' }))
    await user.type(screen.getByRole('textbox', { name: 'Authentication or recovery code' }), 'abcde-23456')
    await user.click(screen.getByRole('button', { name: 'Turn off' }))
    expect(await screen.findByText(TWO_FACTOR_MESSAGES.wrongRecoveryCode)).toBeTruthy()
  })
})
