// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { createActor } from 'xstate'
import type { SsoSettings } from '../../../contract/sso.ts'
import { authMachine } from '../../../machines/auth/auth.machine.ts'
import { acmeConnection, acmeDiscovery, notConfigured } from '../../../machines/singleSignOn/singleSignOn.fixtures.ts'
import { acme, ada } from '../../../machines/testing/fixtures.ts'
import { AuthActorProvider } from '../../system/react.tsx'
import { WorkspaceSettingsPage } from '../WorkspaceSettingsPage.tsx'
import { SingleSignOnSection, SSO_TEXT } from './SingleSignOnSection.tsx'
import { API, errorBody, renderPage } from './testing.tsx'

const server = setupServer()
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(() => {
  cleanup()
  server.resetHandlers()
})
afterAll(() => server.close())

/** Serves GET /organizations/sso with `settings`, counting the reads. */
function serveSettings(settings: SsoSettings) {
  const reads = { count: 0 }
  server.use(
    http.get(`${API}/organizations/sso`, () => {
      reads.count++
      return HttpResponse.json(settings)
    }),
  )
  return reads
}

function signedInAda() {
  const machine = authMachine
  return createActor(machine, {
    input: { hasStoredSession: false },
    snapshot: machine.resolveState({
      value: 'authenticated',
      context: { user: ada, currentOrg: acme, orgId: acme.org_id, hasStoredSession: true, userInitiated: false, redirect: null, signOutUrl: '/signin', error: null, twoFactorToken: null },
    }),
  }).start()
}

const field = (name: string) => screen.getByLabelText(new RegExp(`^${name}`)) as HTMLInputElement | HTMLTextAreaElement

describe('Workspace Settings › Single sign-on', () => {
  it('Scenario: a member without ORGANIZATIONS update does not see the section, and nothing is asked of the server', async () => {
    const reads = serveSettings(acmeConnection)
    renderPage(
      <AuthActorProvider actor={signedInAda()}>
        <WorkspaceSettingsPage />
      </AuthActorProvider>,
      { refs: ['TEAM_MEMBER'] },
    )
    expect(screen.getByRole('heading', { name: 'Workspace Settings' })).toBeTruthy()
    expect(screen.queryByRole('heading', { name: SSO_TEXT.title })).toBeNull()
    await new Promise((r) => setTimeout(r, 50))
    expect(reads.count).toBe(0)
  })

  it('Scenario: an admin sees the saved connection on the page: never the secret, the domains as saved, the redirect URI', async () => {
    serveSettings(acmeConnection)
    renderPage(
      <AuthActorProvider actor={signedInAda()}>
        <WorkspaceSettingsPage />
      </AuthActorProvider>,
    )
    const section = (await screen.findByRole('heading', { name: SSO_TEXT.title })).closest('section') as HTMLElement
    await waitFor(() => expect(field('Issuer URL').value).toBe('https://login.acme.example'))
    expect(field('Client ID').value).toBe('engage-acme')
    const secret = field('Client secret')
    expect(secret.value).toBe('')
    expect(secret.type).toBe('password')
    expect(secret.placeholder).toBe(SSO_TEXT.secretKept)
    expect(field('Email domains').value).toBe('acme.test\nacme-support.example')
    expect((screen.getByRole('switch', { name: SSO_TEXT.requireLabel }) as HTMLInputElement).checked).toBe(false)
    expect(within(section).getByText(acmeConnection.redirect_uri)).toBeTruthy()
    expect(within(section).getByText('Set up')).toBeTruthy()
    // Nothing changed yet: nothing to save.
    expect(within(section).getByRole('button', { name: 'Save' }).hasAttribute('disabled')).toBe(true)
  })

  it('Scenario: a first connection: Test connection shows the provider’s failure, then a save sends the form and says Saved', async () => {
    serveSettings(notConfigured)
    const sent: { test: unknown[]; save: unknown[] } = { test: [], save: [] }
    server.use(
      http.post(`${API}/organizations/sso/test`, async ({ request }) => {
        const body = (await request.json()) as { issuer: string }
        sent.test.push(body)
        if (body.issuer === 'https://127.0.0.1:1') {
          return HttpResponse.json(errorBody('internal_error', 'The identity provider could not be reached.'), { status: 502 })
        }
        return HttpResponse.json(acmeDiscovery)
      }),
      http.put(`${API}/organizations/sso`, async ({ request }) => {
        sent.save.push(await request.json())
        return HttpResponse.json(acmeConnection)
      }),
    )
    const user = userEvent.setup()
    const { toastMessages } = renderPage(<SingleSignOnSection />)
    await screen.findByLabelText(/^Issuer URL/)
    expect(field('Client secret').placeholder).toBe('')

    await user.type(field('Issuer URL'), 'https://127.0.0.1:1')
    await user.click(screen.getByRole('button', { name: 'Test connection' }))
    expect(await screen.findByText('The identity provider could not be reached.')).toBeTruthy()

    await user.clear(field('Issuer URL'))
    await user.type(field('Issuer URL'), 'https://login.acme.example')
    await user.click(screen.getByRole('button', { name: 'Test connection' }))
    expect(await screen.findByText('Connected to https://login.acme.example')).toBeTruthy()

    await user.type(field('Client ID'), 'engage-acme')
    await user.type(field('Client secret'), 'top-secret')
    await user.type(field('Email domains'), 'acme.test, acme-support.example')
    await user.click(screen.getByRole('button', { name: 'Save' }))
    expect(await screen.findByText('Saved')).toBeTruthy()
    expect(sent.save).toEqual([
      { issuer: 'https://login.acme.example', client_id: 'engage-acme', client_secret: 'top-secret', domains: ['acme.test', 'acme-support.example'], require_sso: false },
    ])
    expect(field('Client secret').value).toBe('')
    expect(field('Client secret').placeholder).toBe(SSO_TEXT.secretKept)
    expect(field('Email domains').value).toBe('acme.test\nacme-support.example')
    expect(toastMessages()).toEqual(['success: Single sign-on saved'])
  })

  it('Scenario: the server’s issue sits under its field: a domain another workspace has', async () => {
    serveSettings(acmeConnection)
    const message = 'umbrella.test is already used by another workspace.'
    server.use(http.put(`${API}/organizations/sso`, () => HttpResponse.json(errorBody('conflict', message, [{ path: ['domains'], message }]), { status: 409 })))
    const user = userEvent.setup()
    renderPage(<SingleSignOnSection />)
    await waitFor(() => expect(field('Email domains').value).not.toBe(''))
    await user.clear(field('Email domains'))
    await user.type(field('Email domains'), 'umbrella.test')
    await user.click(screen.getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(field('Email domains').getAttribute('aria-invalid')).toBe('true'))
    expect(screen.getByText(message)).toBeTruthy()
  })

  it('Scenario: Remove single sign-on asks first, then empties the form', async () => {
    serveSettings(acmeConnection)
    let removed = 0
    server.use(
      http.delete(`${API}/organizations/sso`, () => {
        removed++
        return new HttpResponse(null, { status: 204 })
      }),
    )
    const user = userEvent.setup()
    const { toastMessages } = renderPage(<SingleSignOnSection />)
    await user.click(await screen.findByRole('button', { name: 'Remove single sign-on' }))
    const dialog = await screen.findByRole('alertdialog', { name: SSO_TEXT.removeTitle })
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }))
    await waitFor(() => expect(toastMessages()).toEqual(['success: Single sign-on removed']))
    expect(removed).toBe(1)
    expect(field('Issuer URL').value).toBe('')
    expect(screen.queryByRole('button', { name: 'Remove single sign-on' })).toBeNull()
  })

  it('Scenario: a failed load says why and Try again loads again', async () => {
    let calls = 0
    server.use(
      http.get(`${API}/organizations/sso`, () => {
        calls++
        return calls === 1 ? HttpResponse.json(errorBody('internal_error', 'Something went wrong on our side.'), { status: 500 }) : HttpResponse.json(notConfigured)
      }),
    )
    const user = userEvent.setup()
    renderPage(<SingleSignOnSection />)
    expect(await screen.findByText('Something went wrong on our side.')).toBeTruthy()
    await user.click(screen.getByRole('button', { name: 'Try again' }))
    expect(await screen.findByLabelText(/^Issuer URL/)).toBeTruthy()
  })
})
