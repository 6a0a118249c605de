// @vitest-environment jsdom
/**
 * One-click unsubscribe, /unsubscribe?token=…, over the real API client (msw answers it): the link is described
 * with a GET that changes nothing, and only the 'Unsubscribe' click posts.
 */
import { cleanup, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { UnsubscribeResponse } from '../../../contract/notifications.ts'
import { UNSUBSCRIBE_LINK_INVALID } from '../../../contract/notifications.ts'
import { API, errorBody, renderPage } from '../settings/testing.tsx'
import { UnsubscribePage } from './UnsubscribePage.tsx'

const server = setupServer()
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(() => {
  cleanup()
  server.resetHandlers()
})
afterAll(() => server.close())

const team: UnsubscribeResponse = { category: { id: 'team', name: 'Team Activity' }, email: 'ada@acme.test', unsubscribed: false }

interface Call {
  readonly method: string
  readonly token: string | null
  readonly authorization: string | null
}

/** Answers GET and POST /mail/unsubscribe as told and records each call. */
function mailApi(answers: { get?: () => Response; post?: () => Response }) {
  const calls: Call[] = []
  const record = (request: Request) =>
    calls.push({ method: request.method, token: new URL(request.url).searchParams.get('token'), authorization: request.headers.get('authorization') })
  server.use(
    http.get(`${API}/mail/unsubscribe`, ({ request }) => {
      record(request)
      return answers.get?.() ?? HttpResponse.json(team)
    }),
    http.post(`${API}/mail/unsubscribe`, ({ request }) => {
      record(request)
      return answers.post?.() ?? HttpResponse.json({ ...team, unsubscribed: true })
    }),
  )
  return calls
}

describe('/unsubscribe', () => {
  it('says what the link turns off, changes nothing until the click, then confirms and points to the preferences', async () => {
    const calls = mailApi({})
    renderPage(<UnsubscribePage token="tok.en/+=" />)
    const button = await screen.findByRole('button', { name: 'Unsubscribe' })
    expect(screen.getByRole('heading', { name: 'Unsubscribe from emails' })).toBeTruthy()
    expect(button.closest('main')?.textContent).toContain(
      "Stop emails about Team Activity to ada@acme.test? You'll still see these notifications in your Engage inbox.",
    )
    // The page's GET is what a mail scanner's visit would do: nothing is turned off by it.
    expect(calls).toEqual([{ method: 'GET', token: 'tok.en/+=', authorization: null }])
    expect(document.title).toBe('Unsubscribe from emails · Engage')

    await userEvent.click(button)
    expect((await screen.findByRole('status')).textContent).toBe("You won't get emails about Team Activity any more.")
    expect(calls.map((c) => [c.method, c.token, c.authorization])).toEqual([
      ['GET', 'tok.en/+=', null],
      ['POST', 'tok.en/+=', null],
    ])
    expect(screen.getByRole('link', { name: 'Notification preferences' }).getAttribute('href')).toBe('/app/notification-settings')
    expect(screen.queryByRole('button', { name: 'Unsubscribe' })).toBeNull()
  })

  it('a link whose emails are already off says so, without a button', async () => {
    mailApi({ get: () => HttpResponse.json({ ...team, unsubscribed: true }) })
    renderPage(<UnsubscribePage token="tok" />)
    expect(await screen.findByText(/You already don't get emails about/)).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Unsubscribe' })).toBeNull()
    expect(screen.getByRole('link', { name: 'Notification preferences' })).toBeTruthy()
  })

  it('a refused link (400) shows the plain message and the preferences link, no button', async () => {
    const calls = mailApi({ get: () => HttpResponse.json(errorBody('invalid_request', UNSUBSCRIBE_LINK_INVALID, [{ path: ['token'], message: 'bad' }]), { status: 400 }) })
    renderPage(<UnsubscribePage token="forged" />)
    expect((await screen.findByRole('alert')).textContent).toBe(UNSUBSCRIBE_LINK_INVALID)
    expect(screen.queryByRole('button')).toBeNull()
    expect(screen.getByRole('link', { name: 'Notification preferences' }).getAttribute('href')).toBe('/app/notification-settings')
    expect(calls.map((c) => c.method)).toEqual(['GET'])
  })

  it('a link without a token is invalid without a call', async () => {
    renderPage(<UnsubscribePage token="" />)
    expect((await screen.findByRole('alert')).textContent).toBe(UNSUBSCRIBE_LINK_INVALID)
  })

  it('server text is rendered as text, never as HTML', async () => {
    mailApi({ get: () => HttpResponse.json({ ...team, category: { id: 'team', name: '<img src=x onerror=alert(1)>Team' }, email: '<b>ada</b>@acme.test' }) })
    const { container } = renderPage(<UnsubscribePage token="tok" />)
    await screen.findByRole('button', { name: 'Unsubscribe' })
    expect(container.querySelector('img, b')).toBeNull()
    expect(container.textContent).toContain('Stop emails about <img src=x onerror=alert(1)>Team to <b>ada</b>@acme.test?')
  })

  it('a digest’s link names every notification email', async () => {
    mailApi({ get: () => HttpResponse.json({ ...team, category: { id: 'all', name: 'All notification emails' } }) })
    const { container } = renderPage(<UnsubscribePage token="tok" />)
    await screen.findByRole('button', { name: 'Unsubscribe' })
    expect(container.textContent).toContain('Stop all notification emails to ada@acme.test?')
  })

  it('a failed click keeps the question and offers Try again, which posts again', async () => {
    let posts = 0
    const calls = mailApi({
      post: () => (++posts === 1 ? HttpResponse.json(errorBody('internal_error', 'Something went wrong on our side.'), { status: 500 }) : HttpResponse.json({ ...team, unsubscribed: true })),
    })
    renderPage(<UnsubscribePage token="tok" />)
    await userEvent.click(await screen.findByRole('button', { name: 'Unsubscribe' }))
    expect((await screen.findByRole('alert')).textContent).toBe('Something went wrong on our side.')
    expect(screen.getByText(/Stop emails about/)).toBeTruthy()
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }))
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe("You won't get emails about Team Activity any more."))
    expect(calls.map((c) => c.method)).toEqual(['GET', 'POST', 'POST'])
  })

  it('a server that cannot be reached before loading offers Try again, which loads again', async () => {
    let gets = 0
    mailApi({ get: () => (++gets === 1 ? HttpResponse.error() : HttpResponse.json(team)) })
    renderPage(<UnsubscribePage token="tok" />)
    expect((await screen.findByRole('alert')).textContent).toContain('Could not reach the server')
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }))
    expect(await screen.findByRole('button', { name: 'Unsubscribe' })).toBeTruthy()
  })
})
