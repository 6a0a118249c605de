import { afterEach, describe, expect, it, vi } from 'vitest'
import { WAITLIST_CHECK_INTERVAL_MS, checkForApproval } from './waitlist.ts'

afterEach(() => vi.useRealTimers())

describe('waitlist page', () => {
  it('Scenario: while shown it asks for a verification on window focus and every 30 s, and stops when it goes (SPEC §2.2)', () => {
    vi.useFakeTimers()
    const sent: unknown[] = []
    const win = new EventTarget() as EventTarget & Pick<Window, 'setInterval' | 'clearInterval'>
    win.setInterval = ((fn: () => void, ms: number) => setInterval(fn, ms)) as unknown as Window['setInterval']
    win.clearInterval = ((id: Parameters<typeof clearInterval>[0]) => clearInterval(id)) as unknown as Window['clearInterval']
    const stop = checkForApproval({ send: (e) => void sent.push(e) }, win)

    expect(WAITLIST_CHECK_INTERVAL_MS).toBe(30_000)
    vi.advanceTimersByTime(29_999)
    expect(sent).toEqual([])
    vi.advanceTimersByTime(1)
    win.dispatchEvent(new Event('focus'))
    expect(sent).toEqual([
      { type: 'auth.verify', userInitiated: false },
      { type: 'auth.verify', userInitiated: false },
    ])

    stop()
    vi.advanceTimersByTime(60_000)
    win.dispatchEvent(new Event('focus'))
    expect(sent).toHaveLength(2)
  })
})
