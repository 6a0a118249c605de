/**
 * Run as a child process by bench/memory.ts: `node --expose-gc --import tsx
 * bench/lib/poll-memory.ts <new|same> <cycles>`. Drives the notifications machine
 * (machines/notifications/notifications.machine.ts) signed in to one org through `cycles` poll
 * cycles on xstate's SimulatedClock (each cycle: the clock moves one poll interval, the `polling`
 * state's `loadPage` answers from memory, the list is back in `idle`), and prints one JSON line:
 * heap used after a full gc (bytes) at cycle 100 and at the last cycle, the loaded items, and the
 * pending timers / scheduled events / child actors at the end (constant unless something leaks).
 *
 * - `new`: every poll answers 10 notifications never seen before (the app keeps each one it has
 *   seen until a reload, so the list grows by 10 per cycle by design);
 * - `same`: every poll answers the same newest 10 (nothing new): any growth is a leak.
 *
 * @throws (exit 1) when a cycle does not end back in `list.idle`, so the figure never comes from a
 *   machine that stopped polling.
 */
import { SimulatedClock, createActor, fromCallback, fromPromise } from 'xstate'
import { NOTIFICATIONS_POLL_INTERVAL_MS, type Notification, type NotificationsPage } from '../../contract/notifications.ts'
import { notificationsMachine } from '../../machines/notifications/notifications.machine.ts'

const [mode = 'new', cyclesArg = '1000'] = process.argv.slice(2)
const cycles = Number(cyclesArg)
const gc = (globalThis as { gc?: () => void }).gc
if (gc === undefined) throw new Error('run with --expose-gc')
if (mode !== 'new' && mode !== 'same') throw new Error(`mode must be new or same, not ${mode}`)

const BASE_S = 1_767_225_600
let serial = 0
/** A notification in the canonical shape (contract Notification), newer than every one before it. */
function nextNotification(): Notification {
  serial++
  const created = BASE_S + serial
  return {
    _id: `bench-${serial}`,
    title: `Bench notification ${serial}`,
    body: `Body of bench notification ${serial}, about as long as a real one.`,
    read: false,
    status: 'unread',
    priority: 'normal',
    category: 'system',
    created_at_timestamp: created,
    createdAt: new Date(created * 1000).toISOString(),
    actionUrl: null,
    actionText: null,
    metadata: {},
  }
}

const firstPage = Array.from({ length: 20 }, nextNotification).reverse()
const newest = firstPage.slice(0, 10)
const loadPage = fromPromise<NotificationsPage, { page: number; limit: number }>(async ({ input }) => {
  if (input.limit === 20) return { notifications: firstPage, hasMore: false, unread_count: 20 }
  const notifications = mode === 'new' ? Array.from({ length: input.limit }, nextNotification).reverse() : newest
  return { notifications, hasMore: false, unread_count: 20 }
})

const clock = new SimulatedClock()
const actor = createActor(
  notificationsMachine.provide({
    actors: {
      watchAuth: fromCallback(() => () => {}),
      loadPage,
      sendChange: fromPromise(async () => {}),
    },
  }),
  { clock },
)
actor.start()
actor.send({ type: 'auth.changed', orgId: 'org-bench' })

const settle = () => new Promise<void>((resolve) => setImmediate(resolve))
const listState = () => {
  const value = actor.getSnapshot().value as { signedIn?: { list?: string } }
  return value.signedIn?.list
}
const heapAfterGc = () => {
  gc()
  gc()
  return process.memoryUsage().heapUsed
}

await settle()
if (listState() !== 'idle') throw new Error(`after sign-in the list is ${listState()}, not idle`)
let heapAt100 = 0
let itemsAt100 = 0
for (let cycle = 1; cycle <= cycles; cycle++) {
  clock.increment(NOTIFICATIONS_POLL_INTERVAL_MS)
  await settle()
  await settle()
  if (listState() !== 'idle') throw new Error(`cycle ${cycle} ended in ${listState()}, not idle`)
  if (cycle === 100) {
    heapAt100 = heapAfterGc()
    itemsAt100 = actor.getSnapshot().context.items.length
  }
}
const heapAtEnd = heapAfterGc()
// Structural counts that would grow with a leak in the machine or its clock: pending timers,
// scheduled delayed events, child actors.
const system = actor.system as unknown as { getSnapshot(): { _scheduledEvents?: Record<string, unknown> } }
const structure = {
  timers: (clock as unknown as { timeouts: Map<unknown, unknown> }).timeouts.size,
  scheduledEvents: Object.keys(system.getSnapshot()._scheduledEvents ?? {}).length,
  children: Object.keys(actor.getSnapshot().children).length,
}
console.log(JSON.stringify({ mode, cycles, heapAt100, heapAtEnd, itemsAt100, itemsAtEnd: actor.getSnapshot().context.items.length, structure }))
actor.stop()
