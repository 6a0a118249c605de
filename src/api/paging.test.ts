import { describe, expect, it } from 'vitest'
import type { ApiClient, Endpoint } from './client.ts'
import { toQueryString } from './client.ts'
import { createEndpoints } from './endpoints.ts'
import { FIRST_PAGE, pageAt, pageOffset, pageQuery, toQueryValue } from './paging.ts'

describe('paging helper (SPEC §5)', () => {
  it('pages start at 1 and the offset is (page - 1) * size', () => {
    expect(FIRST_PAGE).toBe(1)
    expect(pageOffset({ page: 1, size: 20 })).toBe(0)
    expect(pageOffset({ page: 2, size: 20 })).toBe(20)
    expect(pageOffset({ page: 5, size: 10 })).toBe(40)
    expect(pageAt(40, 10)).toBe(5)
    expect(pageAt(0, 20)).toBe(1)
  })

  it('refuses page 0, negative or fractional pages and sizes', () => {
    expect(() => pageOffset({ page: 0, size: 20 })).toThrow(RangeError)
    expect(() => pageOffset({ page: -1, size: 20 })).toThrow(RangeError)
    expect(() => pageOffset({ page: 1.5, size: 20 })).toThrow(RangeError)
    expect(() => pageOffset({ page: 1, size: 0 })).toThrow(RangeError)
    expect(() => pageQuery({ page: 0, size: 20 })).toThrow(RangeError)
    expect(() => pageAt(-20, 20)).toThrow(RangeError)
  })

  it('sends list-valued filter params comma-joined, scalars as they are, undefined not at all', () => {
    expect(toQueryValue(['system', 'alert'])).toBe('system,alert')
    expect(toQueryValue([1, 2, 3])).toBe('1,2,3')
    expect(toQueryValue(true)).toBe('true')
    expect(pageQuery({ page: 2, size: 20 }, { category: ['system', 'alert'], unread: true, q: undefined })).toEqual({
      page: 2,
      limit: 20,
      category: 'system,alert',
      unread: 'true',
    })
  })

  it('the API client encodes every query value with it', () => {
    expect(toQueryString({ page: 1, limit: 20, category: ['system', 'alert'] })).toBe('?page=1&limit=20&category=system%2Calert')
  })

  it('the notifications list (where the client pages) asks for page and limit through it', async () => {
    const sent: Array<Endpoint<never>['query']> = []
    const client: ApiClient = {
      request: async (endpoint) => {
        sent.push(endpoint.query)
        return { notifications: [], unread_count: 0, hasMore: false } as never
      },
      download: async () => {
        throw new Error('not used')
      },
    }
    const api = createEndpoints(client)
    await api.notifications.list(3, 20)
    expect(sent).toEqual([{ page: 3, limit: 20 }])
    expect(() => api.notifications.list(0, 20)).toThrow(RangeError)
  })
})
