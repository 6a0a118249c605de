import { describe, expect, it } from 'vitest'
import { isPublicPath } from './paths.ts'
import { routeFor } from './routes.ts'
import { SHARE_FALLBACK, SHARE_PAGES, sharePageFor } from './share.ts'
import { shareMessages } from './share.messages.ts'

describe('/share/ pages (SPEC §2.5)', () => {
  it('lists the three shown pages and three event-specific ones of our choosing', () => {
    expect(SHARE_PAGES.filter((p) => !p.eventSpecific).map((p) => p.pattern)).toEqual(['/share/tc/*', '/share/c/*', '/share/sms-consent/*'])
    expect(SHARE_PAGES.filter((p) => p.eventSpecific)).toHaveLength(3)
    expect(new Set(SHARE_PAGES.map((p) => p.pattern)).size).toBe(SHARE_PAGES.length)
  })

  it.each(SHARE_PAGES.map((p) => [p.pattern, p.pattern.replace('*', 'abc123')]))('%s is public, outside the /app access table, and has its own page', (pattern, path) => {
    expect(isPublicPath(path)).toBe(true)
    expect(routeFor(path)).toBeUndefined()
    expect(sharePageFor(path)?.pattern).toBe(pattern)
  })

  it('an event page does not catch its longer siblings, and other /share paths get the generic page', () => {
    expect(sharePageFor('/share/event-registration/7')?.title).toBe(shareMessages.eventRegistrationTitle)
    expect(sharePageFor('/share/event/7')?.title).toBe(shareMessages.eventTitle)
    expect(sharePageFor('/share/unknown/7')).toBeUndefined()
    expect(isPublicPath('/share/unknown/7')).toBe(true)
    expect(SHARE_FALLBACK.title).toBe(shareMessages.contentTitle)
  })
})
