import { afterEach, describe, expect, it, vi } from 'vitest'
import { assign, createActor, setup } from 'xstate'
import { NOTIFICATIONS_CACHE_KEY } from '../../contract/notifications.ts'
import { makeNotification } from '../../machines/notifications/notifications.fixtures.ts'
import { memoryStorage } from '../platform/cookies.ts'
import { notificationsCacheReader } from './notifications.ts'

afterEach(() => vi.restoreAllMocks())

/** Runs the reader under a parent that records what it sends back. */
function readWith(storage: Storage, now = 1_000_000) {
  const parent = setup({
    types: { context: {} as { cached: number | null } },
    actors: { reader: notificationsCacheReader(storage, () => now) },
  }).createMachine({
    context: { cached: null },
    invoke: { src: 'reader', input: { orgId: 'o-acme' } },
    on: { 'notifications.cached': { actions: assign({ cached: ({ event }) => (event as unknown as { items: unknown[] }).items.length }) } },
  })
  return createActor(parent).start().getSnapshot().context.cached
}

describe('notifications cache load (SPEC §8: a failure is logged only)', () => {
  it('a fresh entry of the same org is handed to the machine', () => {
    const storage = memoryStorage({ [NOTIFICATIONS_CACHE_KEY]: JSON.stringify({ orgId: 'o-acme', savedAt: 999_000, items: [makeNotification('n1')] }) })
    expect(readWith(storage)).toBe(1)
  })

  it('unreadable JSON or a storage that throws is logged with console.warn, nothing is sent and nothing throws', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    expect(readWith(memoryStorage({ [NOTIFICATIONS_CACHE_KEY]: '{not json' }))).toBeNull()
    const throwing = { ...memoryStorage(), getItem: () => { throw new Error('SecurityError') } } as unknown as Storage
    expect(readWith(throwing)).toBeNull()
    expect(warn).toHaveBeenCalledTimes(2)
  })
})

describe('notifications window listener (SPEC §4 Polling: page 1 again on focus and online)', () => {
  it('sends notifications.refresh on window focus and on online, and stops listening when stopped', async () => {
    const { notificationsWindowListener } = await import('./notifications.ts')
    const target = new EventTarget()
    const win = { addEventListener: target.addEventListener.bind(target), removeEventListener: target.removeEventListener.bind(target) } as Pick<Window, 'addEventListener' | 'removeEventListener'>
    const parent = setup({
      types: { context: {} as { refreshes: number } },
      actors: { listener: notificationsWindowListener(win) },
    }).createMachine({
      context: { refreshes: 0 },
      initial: 'on',
      states: {
        on: { invoke: { src: 'listener' }, on: { stop: 'off' } },
        off: {},
      },
      on: { 'notifications.refresh': { actions: assign({ refreshes: ({ context }) => context.refreshes + 1 }) } },
    })
    const actor = createActor(parent).start()
    target.dispatchEvent(new Event('focus'))
    target.dispatchEvent(new Event('online'))
    target.dispatchEvent(new Event('resize'))
    expect(actor.getSnapshot().context.refreshes).toBe(2)
    actor.send({ type: 'stop' } as never)
    target.dispatchEvent(new Event('focus'))
    expect(actor.getSnapshot().context.refreshes).toBe(2)
  })
})
