/**
 * The list's `cursor` over HTTP (docs/api.md "Notifications"): a page's `next_cursor` brings the
 * next page; anything else given as `cursor` (garbled, forged, another view's, too long, NUL or
 * lone surrogates, or beside a `page` other than 1) answers 400 `invalid_request` with an issue
 * at its parameter and a clear message, and changes nothing. The paging itself is in paging.test.ts.
 */
import { describe, expect, test } from 'vitest'
import type { ApiErrorBody } from '../../contract/api.ts'
import { acmeId, adminId, as, BASE, list, resetNotifications, server, useInboxServer } from './inbox.fixtures.ts'
import { encodeNotificationCursor } from './cursor.ts'

useInboxServer()

const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64url')

describe('GET /notifications?cursor', () => {
  test('Scenario: next_cursor brings the next page, which continues where the first ended', async () => {
    const ids = await resetNotifications(adminId, acmeId, 45)
    const headers = await as(adminId, acmeId)
    const first = await list(headers, '?limit=20')
    expect(first.next_cursor).toEqual(expect.any(String))
    const second = await list(headers, `?limit=20&cursor=${first.next_cursor}`)
    const third = await list(headers, `?limit=20&page=1&cursor=${second.next_cursor}`)
    expect([...first.notifications, ...second.notifications, ...third.notifications].map((n) => n._id)).toEqual([...ids].reverse())
    expect([third.hasMore, third.next_cursor]).toEqual([false, null])
  })

  test('Scenario: a cursor this list did not hand out answers 400 invalid_request at cursor, and nothing is written', async () => {
    await resetNotifications(adminId, acmeId, 3)
    const headers = await as(adminId, acmeId)
    const snoozedCursor = encodeNotificationCursor({ order: 's', at: '2026-01-01T00:00:00.000000Z', id: 'x' })
    const inboxCursor = encodeNotificationCursor({ order: 'c', at: '2026-01-01T00:00:00.000000Z', id: 'x' })
    const before = await server.snapshot()
    // [query, the issue's path]; NUL and lone surrogates are refused before the route, as in every query.
    const bad: Array<[string, ReadonlyArray<string>]> = [
      ['cursor=not%20a%20cursor', ['cursor']],
      ['cursor=', ['cursor']],
      [`cursor=${'A'.repeat(300)}`, ['cursor']],
      ['cursor=%00', ['query', 'cursor']],
      ['cursor=%ED%A0%80', ['query', 'cursor']],
      [`cursor=${b64('not json')}`, ['cursor']],
      [`cursor=${b64('["c","2026-01-01T00:00:00Z","x"]')}`, ['cursor']],
      [`cursor=${b64('["c","2026-01-01T00:00:00.000000Z",""]')}`, ['cursor']],
      [`cursor=${b64('["c","2026-01-01T00:00:00.000000Z","a\\u0000b"]')}`, ['cursor']],
      [`cursor=${b64('["x","2026-01-01T00:00:00.000000Z","x"]')}`, ['cursor']],
      [`cursor=${b64('{"at":"2026-01-01T00:00:00.000000Z","id":"x"}')}`, ['cursor']],
      // Another view's order: the snoozed view's cursor in the inbox, the inbox's in the snoozed view.
      [`cursor=${snoozedCursor}`, ['cursor']],
      [`view=snoozed&cursor=${inboxCursor}`, ['cursor']],
      // A cursor says where the page starts; a page number beside it would say it twice.
      [`page=2&cursor=${inboxCursor}`, ['page']],
    ]
    for (const [query, at] of bad) {
      const response = await server.request('GET', `${BASE}?${query}`, { headers })
      expect(response.status, query).toBe(400)
      const body = (await response.json()) as ApiErrorBody
      expect(body.error.code, query).toBe('invalid_request')
      if (at[0] !== 'query') expect(body.error.message, query).toMatch(/cursor the next_cursor of a page of the same view/)
      expect(body.error.issues.map((i) => i.path), query).toContainEqual(at)
    }
    expect(await server.snapshot()).toEqual(before)
  })

  test('Scenario: the issue names the cursor plainly', async () => {
    const headers = await as(adminId, acmeId)
    const response = await server.request('GET', `${BASE}?cursor=${b64('["c","nope","x"]')}`, { headers })
    expect(((await response.json()) as ApiErrorBody).error.issues).toEqual([{ path: ['cursor'], message: 'Not a cursor from this list' }])
  })
})
