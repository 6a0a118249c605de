import { describe, expect, it, vi } from 'vitest'
import { createActor, fromCallback, fromPromise } from 'xstate'
import type { NotificationsPage } from '../../contract/notifications.ts'
import { flush } from '../../machines/testing/stubs.ts'
import { makeNotification } from '../../machines/notifications/notifications.fixtures.ts'
import { notificationsMachine } from '../../machines/notifications/notifications.machine.ts'
import type { TitleController } from '../platform/title.ts'
import { URGENT_SOUND_KEY } from '../platform/urgent-sound.ts'
import { type BadgeNavigator, connectAttention, createThrottle, setAppBadge, titlePrefix, URGENT_SOUND_INTERVAL_MS } from './attention.ts'

/** The notifications actor with page 1 answering `page` and nothing else running. */
function notificationsWith(page: NotificationsPage) {
  return createActor(
    notificationsMachine.provide({
      actors: {
        watchAuth: fromCallback(() => () => {}),
        loadPage: fromPromise(async () => page),
      } as never,
    }),
  ).start()
}

/** A title controller that only records its prefix. */
function fakeTitle() {
  const prefixes: string[] = []
  const title: TitleController = { page: () => 'Overview · Engage', setPage: () => () => {}, setPrefix: (p) => void prefixes.push(p), stop: () => {} }
  return { title, prefixes }
}

/** A Badging API that records its calls. */
function fakeNavigator(fail = false) {
  const calls: Array<number | 'clear'> = []
  const nav: BadgeNavigator = {
    setAppBadge: async (n) => {
      calls.push(n ?? 0)
      if (fail) throw new Error('NotAllowedError')
    },
    clearAppBadge: async () => {
      calls.push('clear')
      if (fail) throw new Error('NotAllowedError')
    },
  }
  return { nav, calls }
}

const memory = (entries: Record<string, string> = {}) => {
  const map = new Map(Object.entries(entries))
  return { getItem: (k: string) => map.get(k) ?? null, setItem: (k: string, v: string) => void map.set(k, v), removeItem: (k: string) => void map.delete(k) }
}

describe('titlePrefix (the unread count in the tab title)', () => {
  it('is empty for none, the count in brackets, capped like the bell at 99+', () => {
    expect(titlePrefix(0)).toBe('')
    expect(titlePrefix(3)).toBe('(3) ')
    expect(titlePrefix(99)).toBe('(99) ')
    expect(titlePrefix(120)).toBe('(99+) ')
  })
})

describe('setAppBadge (Badging API, feature-detected)', () => {
  it('sets the real count, clears at 0, and does nothing without the API', () => {
    const { nav, calls } = fakeNavigator()
    setAppBadge(nav, 120)
    setAppBadge(nav, 0)
    expect(calls).toEqual([120, 'clear'])
    expect(() => setAppBadge({}, 3)).not.toThrow()
    expect(() => setAppBadge(null, 3)).not.toThrow()
  })

  it('ignores rejections and throws', async () => {
    const { nav, calls } = fakeNavigator(true)
    const unhandled = vi.fn()
    process.on('unhandledRejection', unhandled)
    setAppBadge(nav, 2)
    setAppBadge(nav, 0)
    setAppBadge(
      {
        setAppBadge: () => {
          throw new Error('boom')
        },
      },
      1,
    )
    await flush()
    await new Promise((r) => setTimeout(r, 0))
    process.off('unhandledRejection', unhandled)
    expect(calls).toEqual([2, 'clear'])
    expect(unhandled).not.toHaveBeenCalled()
  })
})

describe('createThrottle (injectable clock)', () => {
  it('allows once per interval, counted from the last allowed', () => {
    let t = 1_000
    const throttle = createThrottle(10_000, () => t)
    expect(throttle.allow()).toBe(true)
    t += 9_999
    expect(throttle.allow()).toBe(false)
    t += 1
    expect(throttle.allow()).toBe(true)
    t += 5_000
    expect(throttle.allow()).toBe(false)
  })
})

describe('connectAttention', () => {
  it('Scenario: signed in with unread ones the title and badge show the count; they follow mark-all-read and sign-out', async () => {
    const actor = notificationsWith({ notifications: [makeNotification('n1'), makeNotification('n2', {}, 90)], unread_count: 2, hasMore: false })
    const { title, prefixes } = fakeTitle()
    const { nav, calls } = fakeNavigator()
    const stop = connectAttention(actor, { title, navigator: nav, storage: memory(), play: () => {}, now: () => 0 })
    // Signed out: no prefix, no badge.
    expect(prefixes).toEqual([''])
    actor.send({ type: 'auth.changed', orgId: 'o-acme' })
    await flush()
    expect(prefixes.at(-1)).toBe('(2) ')
    expect(calls.at(-1)).toBe(2)
    actor.send({ type: 'notifications.markAllRead' })
    expect(prefixes.at(-1)).toBe('')
    expect(calls.at(-1)).toBe('clear')
    actor.send({ type: 'auth.changed', orgId: null })
    expect(prefixes.at(-1)).toBe('')
    // Only changes are written.
    expect(prefixes).toEqual(['', '(2) ', ''])
    stop()
    actor.stop()
  })

  it('Scenario: an urgent arrival chimes only with the preference on, at most once per 10 s', async () => {
    const actor = notificationsWith({ notifications: [], unread_count: 0, hasMore: false })
    const storage = memory()
    let t = 0
    const play = vi.fn()
    const stop = connectAttention(actor, { title: null, navigator: null, storage, play, now: () => t })
    actor.send({ type: 'auth.changed', orgId: 'o-acme' })
    await flush()
    const receive = (id: string, priority: 'urgent' | 'normal') =>
      actor.send({ type: 'notifications.received', notification: makeNotification(id, { priority }) })
    // Off by default.
    receive('u1', 'urgent')
    expect(play).not.toHaveBeenCalled()
    storage.setItem(URGENT_SOUND_KEY, 'on')
    receive('n1', 'normal')
    expect(play).not.toHaveBeenCalled()
    receive('u2', 'urgent')
    expect(play).toHaveBeenCalledTimes(1)
    t += URGENT_SOUND_INTERVAL_MS - 1
    receive('u3', 'urgent')
    expect(play).toHaveBeenCalledTimes(1)
    t += 1
    receive('u4', 'urgent')
    expect(play).toHaveBeenCalledTimes(2)
    stop()
    actor.stop()
  })
})
