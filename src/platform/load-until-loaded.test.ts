import { afterEach, describe, expect, it, vi } from 'vitest'
import { loadUntilLoaded } from './load-until-loaded.ts'

/** A window with fake timers and an 'online' event the test fires. */
function fakeWindow() {
  const target = new EventTarget()
  return {
    addEventListener: target.addEventListener.bind(target),
    removeEventListener: target.removeEventListener.bind(target),
    setTimeout: (fn: () => void, ms: number) => setTimeout(fn, ms),
    clearTimeout: (id: number) => clearTimeout(id),
    goOnline: () => target.dispatchEvent(new Event('online')),
  }
}

afterEach(() => vi.useRealTimers())

describe('loadUntilLoaded', () => {
  it('retries a failed load after 2, 4, 8 s (capped) and resolves with the first success; it never rejects', async () => {
    vi.useFakeTimers()
    const win = fakeWindow()
    let calls = 0
    const loaded = loadUntilLoaded(
      async () => {
        calls++
        if (calls < 4) throw new TypeError('Failed to fetch dynamically imported module')
        return 'module'
      },
      win as never,
      { firstDelayMs: 2000, maxDelayMs: 4000 },
    )
    await vi.advanceTimersByTimeAsync(0)
    expect(calls).toBe(1)
    await vi.advanceTimersByTimeAsync(1999)
    expect(calls).toBe(1)
    await vi.advanceTimersByTimeAsync(1)
    expect(calls).toBe(2)
    await vi.advanceTimersByTimeAsync(4000)
    expect(calls).toBe(3)
    // Capped at 4 s, not 8.
    await vi.advanceTimersByTimeAsync(4000)
    expect(calls).toBe(4)
    await expect(loaded).resolves.toBe('module')
  })

  it('retries at once when the browser comes back online, and only once per failure', async () => {
    vi.useFakeTimers()
    const win = fakeWindow()
    let calls = 0
    const loaded = loadUntilLoaded(async () => {
      calls++
      if (calls === 1) throw new TypeError('offline')
      return 42
    }, win as never)
    await vi.advanceTimersByTimeAsync(0)
    win.goOnline()
    await vi.advanceTimersByTimeAsync(0)
    expect(calls).toBe(2)
    await expect(loaded).resolves.toBe(42)
    // The timer of the failed attempt was cleared: nothing loads again later.
    await vi.advanceTimersByTimeAsync(60_000)
    win.goOnline()
    expect(calls).toBe(2)
  })
})
