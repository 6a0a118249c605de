import { describe, expect, it } from 'vitest'
import { safeActionUrl } from './notifications.ts'

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
