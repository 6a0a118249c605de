import { describe, expect, it } from 'vitest'
import { notificationActionHref, safeActionUrl } from './notifications.ts'

describe('safeActionUrl (SPEC §2.6, §4: click targets)', () => {
  it.each([
    ['/app/contacts/timeline/1', '/app/contacts/timeline/1'],
    ['https://docs.engage.dev/x', 'https://docs.engage.dev/x'],
    ['http://example.com/', 'http://example.com/'],
  ])('keeps %s', (raw, expected) => expect(safeActionUrl(raw)).toBe(expected))
  it.each(['javascript:alert(1)', 'JAVASCRIPT:alert(1)', 'data:text/html,<b>x</b>', '//evil.test', '/\\evil.test', 'vbscript:x', 'ftp://x', '', ' javascript:alert(1)', '\tjavascript:alert(1)'])(
    'drops %s',
    (raw) => expect(safeActionUrl(raw)).toBeNull(),
  )
})

describe('notificationActionHref (SPEC §3/§4: one rule for the panel and system notifications)', () => {
  it('prefers actionUrl, falls back to a string metadata.action_url, and refuses unsafe ones', () => {
    expect(notificationActionHref({ actionUrl: '/app/contacts', metadata: { action_url: '/app/billing' } })).toBe('/app/contacts')
    expect(notificationActionHref({ actionUrl: null, metadata: { action_url: '/app/billing' } })).toBe('/app/billing')
    expect(notificationActionHref({ actionUrl: null, metadata: { action_url: 42 } })).toBeNull()
    expect(notificationActionHref({ actionUrl: null, metadata: { action_url: 'javascript:alert(1)' } })).toBeNull()
    expect(notificationActionHref({ actionUrl: 'javascript:alert(1)', metadata: { action_url: '/app/billing' } })).toBeNull()
    expect(notificationActionHref({ actionUrl: null, metadata: {} })).toBeNull()
  })
})
