import { describe, expect, it, vi } from 'vitest'
import { createActor, setup } from 'xstate'
import { makeNotification } from '../../machines/notifications/notifications.fixtures.ts'
import type { NotificationsEvent } from '../../machines/notifications/notifications.machine.ts'
import { STREAM_RECONNECT_MS, notificationsStream } from './notifications.ts'

/** A stand-in EventSource the test drives: open, deliver events, close. */
class FakeEventSource extends EventTarget {
  static readonly CONNECTING = 0
  static readonly OPEN = 1
  static readonly CLOSED = 2
  static instances: FakeEventSource[] = []
  readyState = FakeEventSource.CONNECTING
  constructor(readonly url: string) {
    super()
    FakeEventSource.instances.push(this)
  }
  open() {
    this.readyState = FakeEventSource.OPEN
    this.dispatchEvent(new Event('open'))
  }
  deliver(data: string) {
    this.dispatchEvent(new MessageEvent('notification', { data }))
  }
  fail(closed: boolean) {
    this.readyState = closed ? FakeEventSource.CLOSED : FakeEventSource.CONNECTING
    this.dispatchEvent(new Event('error'))
  }
  close() {
    this.readyState = FakeEventSource.CLOSED
  }
}

function run(token: () => string | null) {
  const received: NotificationsEvent[] = []
  const parent = setup({
    types: { events: {} as NotificationsEvent },
    actors: {
      stream: notificationsStream({ apiBaseUrl: 'https://app.test/api', accessToken: token, EventSource: FakeEventSource as unknown as typeof EventSource }),
    },
  }).createMachine({
    invoke: { src: 'stream', input: { orgId: 'o-acme' } },
    on: { '*': { actions: ({ event }) => void received.push(event) } },
  })
  const actor = createActor(parent).start()
  return { actor, received }
}

describe('notificationsStream', () => {
  it('Scenario: opens the stream with the token and org in the query; decoded notifications become notifications.received', () => {
    FakeEventSource.instances = []
    const { actor, received } = run(() => 'tok-1')
    const es = FakeEventSource.instances[0]!
    expect(es.url).toBe('https://app.test/api/common-services/notifications/stream?access_token=tok-1&org_id=o-acme')
    es.open()
    const n = makeNotification('n1')
    es.deliver(JSON.stringify(n))
    es.deliver('{"not":"a notification"}')
    es.deliver('not json')
    expect(received).toEqual([{ type: 'notifications.received', notification: n }])
    actor.stop()
    expect(es.readyState).toBe(FakeEventSource.CLOSED)
  })

  it('Scenario: a closed stream reopens after 5 s with the current token, and a reopened stream refreshes page 1', () => {
    vi.useFakeTimers()
    try {
      FakeEventSource.instances = []
      let token = 'tok-1'
      const { actor, received } = run(() => token)
      FakeEventSource.instances[0]!.open()
      // Reconnecting on its own: the browser retries; nothing to do.
      FakeEventSource.instances[0]!.fail(false)
      expect(FakeEventSource.instances).toHaveLength(1)
      token = 'tok-2'
      FakeEventSource.instances[0]!.fail(true)
      vi.advanceTimersByTime(STREAM_RECONNECT_MS - 1)
      expect(FakeEventSource.instances).toHaveLength(1)
      vi.advanceTimersByTime(1)
      expect(FakeEventSource.instances[1]!.url).toContain('access_token=tok-2')
      FakeEventSource.instances[1]!.open()
      expect(received).toEqual([{ type: 'notifications.refresh' }])
      actor.stop()
    } finally {
      vi.useRealTimers()
    }
  })

  it('Scenario: without a token nothing is opened (polling still runs)', () => {
    FakeEventSource.instances = []
    run(() => null).actor.stop()
    expect(FakeEventSource.instances).toEqual([])
  })
})
