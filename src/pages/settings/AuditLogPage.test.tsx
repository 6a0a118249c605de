// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { acmeAuditActors, firstAuditPage, lastAuditPage } from '../../../machines/auditLog/auditLog.fixtures.ts'
import type { AuditLogFilters } from '../../../machines/auditLog/auditLog.machine.ts'
import { AuditLogPage } from './AuditLogPage.tsx'
import { API, errorBody, renderPage } from './testing.tsx'

const pageQueries: string[] = []
const server = setupServer(
  http.get(`${API}/organizations/audit-log`, ({ request }) => {
    const url = new URL(request.url)
    pageQueries.push(url.search)
    return HttpResponse.json(url.searchParams.get('before') === 'cursor-2' ? lastAuditPage : firstAuditPage)
  }),
  http.get(`${API}/organizations/audit-log/actors`, () => HttpResponse.json({ actors: acmeAuditActors })),
)
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(() => {
  cleanup()
  server.resetHandlers()
  pageQueries.length = 0
  vi.restoreAllMocks()
})
afterAll(() => server.close())

describe('AuditLogPage', () => {
  it('Scenario: the entries are listed with when, who, action, target, details and address', async () => {
    renderPage(<AuditLogPage />)
    const table = await screen.findByRole('grid', { name: 'Audit log entries' })
    expect(within(table).getAllByRole('columnheader').map((c) => c.textContent)).toEqual(['When', 'Who', 'Action', 'Target', 'Details', 'IP address'])
    const rows = within(table).getAllByRole('row').slice(1)
    expect(rows).toHaveLength(3)
    expect(rows[1]?.textContent).toContain('Permission set created')
    expect(rows[1]?.textContent).toContain('Billing Viewer')
    expect(rows[1]?.textContent).toContain('Grants View Billing')
    expect(rows[1]?.textContent).toContain('203.0.113.7')
    // The exact time is the relative time's title.
    expect(rows[0]?.querySelector('time')?.getAttribute('datetime')).toBe(firstAuditPage.items[0]?.created_at)
    expect(rows[0]?.querySelector('time')?.getAttribute('title')).not.toBe('')
    expect(pageQueries).toEqual([''])
  })

  it('Scenario: "Load more" asks for the page after the last one and appends it', async () => {
    const user = userEvent.setup()
    renderPage(<AuditLogPage />)
    await user.click(await screen.findByRole('button', { name: 'Load more' }))
    await waitFor(() => expect(screen.getAllByRole('row')).toHaveLength(6))
    expect(pageQueries).toEqual(['', '?before=cursor-2'])
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull()
  })

  it('Scenario: picking an action filters the list and hands the filters to the address', async () => {
    const user = userEvent.setup()
    const changes: AuditLogFilters[] = []
    renderPage(<AuditLogPage onFiltersChange={(f) => changes.push(f)} />)
    await screen.findByRole('grid', { name: 'Audit log entries' })
    await user.click(screen.getByRole('button', { name: /Action$/ }))
    await user.click(await screen.findByRole('option', { name: 'Member invited' }))
    await waitFor(() => expect(pageQueries.at(-1)).toBe('?kind=member.invited'))
    expect(changes).toEqual([{ actor: null, kind: 'member.invited' }])
  })

  it('Scenario: the page opens on the address’s filters, and the person filter names them', async () => {
    renderPage(<AuditLogPage filters={{ actor: 'u-sam', kind: 'auth.signed_in' }} />)
    await screen.findByRole('grid', { name: 'Audit log entries' })
    expect(pageQueries).toEqual(['?actor=u-sam&kind=auth.signed_in'])
    await waitFor(() => expect((screen.getByRole('combobox', { name: 'Person' }) as HTMLInputElement).value).toContain('agent@acme.test'))
    expect(screen.getByRole('button', { name: /Action$/ }).textContent).toContain('Signed in')
  })

  it('Scenario: the person filter asks the server for people matching what is typed, and a pick filters the list', async () => {
    const searched: Array<string | null> = []
    server.use(
      http.get(`${API}/organizations/audit-log/actors`, ({ request }) => {
        const q = new URL(request.url).searchParams.get('q')
        searched.push(q)
        return HttpResponse.json({ actors: acmeAuditActors.filter((a) => q === null || a.label.toLowerCase().includes(q.toLowerCase())) })
      }),
    )
    const user = userEvent.setup()
    renderPage(<AuditLogPage />)
    await screen.findByRole('grid', { name: 'Audit log entries' })
    const person = screen.getByRole('combobox', { name: 'Person' })
    await user.clear(person)
    await user.type(person, 'agent')
    await waitFor(() => expect(searched.at(-1)).toBe('agent'))
    // One question for the first choices, one once typing paused: not one per key.
    expect(searched.filter((q) => q !== null && q !== '')).toEqual(['agent'])
    await user.click(await screen.findByRole('option', { name: /agent@acme\.test/ }))
    await waitFor(() => expect(pageQueries.at(-1)).toBe('?actor=u-sam'))
  })

  it('Scenario: a refused read shows the server’s message, and "Try again" reads again', async () => {
    server.use(http.get(`${API}/organizations/audit-log`, () => HttpResponse.json(errorBody('forbidden', 'You need the View permission on Workspace to do this.'), { status: 403 }), { once: true }))
    const user = userEvent.setup()
    renderPage(<AuditLogPage />)
    expect(await screen.findByText('You need the View permission on Workspace to do this.')).toBeTruthy()
    await user.click(screen.getByRole('button', { name: 'Try again' }))
    expect(await screen.findByRole('grid', { name: 'Audit log entries' })).toBeTruthy()
  })

  it('Scenario: filters that match nothing say so and can be cleared', async () => {
    server.use(http.get(`${API}/organizations/audit-log`, ({ request }) => {
      pageQueries.push(new URL(request.url).search)
      return HttpResponse.json(new URL(request.url).searchParams.has('kind') ? { items: [], next_cursor: null } : firstAuditPage)
    }))
    const user = userEvent.setup()
    renderPage(<AuditLogPage filters={{ actor: null, kind: 'session.revoked' }} />)
    expect(await screen.findByRole('heading', { name: 'No audit entries match these filters' })).toBeTruthy()
    await user.click(screen.getByRole('button', { name: 'Clear filters' }))
    expect(await screen.findByRole('grid', { name: 'Audit log entries' })).toBeTruthy()
  })

  it('Scenario: "Export CSV" fetches the file with the session’s headers (no token in the URL) and saves it under the server’s name', async () => {
    let seen: { url: string; authorization: string | null; org: string | null } | undefined
    server.use(
      http.get(`${API}/organizations/audit-log.csv`, ({ request }) => {
        seen = { url: request.url, authorization: request.headers.get('authorization'), org: request.headers.get('x-org-id') }
        return new HttpResponse('\uFEFFWhen (UTC),Who\r\n2026-11-25T11:58:00.000Z,admin@acme.test\r\n', {
          headers: { 'content-type': 'text/csv; charset=utf-8', 'content-disposition': 'attachment; filename="audit-log-2026-11-25.csv"' },
        })
      }),
    )
    const saved: Array<{ name: string; blob: Blob }> = []
    const blobs = new Map<string, Blob>()
    Object.assign(URL, {
      createObjectURL: (blob: Blob) => {
        const url = `blob:test/${blobs.size}`
        blobs.set(url, blob)
        return url
      },
      revokeObjectURL: () => {},
    })
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ name: this.download, blob: blobs.get(this.href) as Blob })
    })
    const user = userEvent.setup()
    const { toastMessages } = renderPage(<AuditLogPage filters={{ actor: 'u-sam', kind: null }} />)
    await screen.findByRole('grid', { name: 'Audit log entries' })
    await user.click(screen.getByRole('button', { name: 'Export CSV' }))
    await waitFor(() => expect(toastMessages()).toEqual(['success: Audit log exported']))
    expect(seen).toEqual({ url: `${API}/organizations/audit-log.csv?actor=u-sam`, authorization: 'Bearer access-1', org: 'o-acme' })
    expect(saved.map((s) => s.name)).toEqual(['audit-log-2026-11-25.csv'])
    expect(await saved[0]?.blob.text()).toContain('When (UTC),Who')
  })

  it('Scenario: a refused export saves nothing and shows the server’s message', async () => {
    server.use(http.get(`${API}/organizations/audit-log.csv`, () => HttpResponse.json(errorBody('forbidden', 'You need the View permission on Workspace to do this.'), { status: 403 })))
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {})
    const user = userEvent.setup()
    const { toastMessages } = renderPage(<AuditLogPage />)
    await user.click(await screen.findByRole('button', { name: 'Export CSV' }))
    await waitFor(() => expect(toastMessages()).toEqual(['error: You need the View permission on Workspace to do this.']))
    expect(click).not.toHaveBeenCalled()
  })
})
