/** Relative times: the wording at each size, and one formatter per locale. */
import { afterEach, describe, expect, it } from 'vitest'
import { relativeTime } from './relative-time.ts'

describe('relativeTime', () => {
  const Original = Intl.RelativeTimeFormat
  /** Intl's properties are read-only in the types, writable at run time. */
  const intl = Intl as { RelativeTimeFormat: typeof Intl.RelativeTimeFormat }
  afterEach(() => {
    intl.RelativeTimeFormat = Original
  })
  const nowMs = Date.UTC(2026, 0, 1)
  const at = (secondsAgo: number) => nowMs / 1000 - secondsAgo

  it('says now under a minute, then minutes, hours, yesterday, and future times', () => {
    expect(relativeTime(at(30), nowMs, 'en')).toBe('now')
    expect(relativeTime(at(5 * 60), nowMs, 'en')).toBe('5 minutes ago')
    expect(relativeTime(at(3 * 3600), nowMs, 'en')).toBe('3 hours ago')
    expect(relativeTime(at(86_400), nowMs, 'en')).toBe('yesterday')
    expect(relativeTime(at(-2 * 3600), nowMs, 'en')).toBe('in 2 hours')
  })

  it('builds one formatter per locale and keeps locales apart', () => {
    let built = 0
    intl.RelativeTimeFormat = class extends Original {
      constructor(...args: ConstructorParameters<typeof Intl.RelativeTimeFormat>) {
        super(...args)
        built++
      }
    }
    // A locale no other test used: its formatter is not cached yet.
    const texts = Array.from({ length: 50 }, (_, i) => relativeTime(at(60 * (i + 2)), nowMs, 'fr'))
    expect(built).toBe(1)
    expect(texts[0]).toBe('il y a 2 minutes')
    expect(relativeTime(at(120), nowMs, 'de')).toBe('vor 2 Minuten')
    expect(built).toBe(2)
    expect(relativeTime(at(120), nowMs, 'fr')).toBe('il y a 2 minutes')
    expect(built).toBe(2)
  })
})
