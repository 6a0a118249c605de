/**
 * Scenario-test harness of the notifications machine: an actor with its calls stubbed
 * (`controllable`: each call waits for the test to settle it), signed in to one org.
 */
import { SimulatedClock, createActor, fromCallback } from 'xstate'
import type { NotificationCounts, NotificationsPage } from '../../contract/notifications.ts'
import { controllable } from '../testing/stubs.ts'
import { makeNotification } from './notifications.fixtures.ts'
import type { NotificationChange } from './notifications.list.ts'
import { notificationsMachine } from './notifications.machine.ts'
import { type LoadViewInput, type NotificationsEmitted } from './notifications.types.ts'
import { selectVisible } from './notifications.selectors.ts'

/** Unread n1 (newest), read n2, unread n3 (oldest). */
export const n1 = makeNotification('n1', {}, 10)
export const n2 = makeNotification('n2', { read: true }, 20)
export const n3 = makeNotification('n3', {}, 30)

/** `n1`, `n2:r`: a notification's id, marked when read. */
const label = (n: { _id: string; read: boolean }) => `${n._id}${n.read ? ':r' : ''}`

/** A started actor, signed out, with `loadPage` and `sendChange` stubbed and its emitted events kept. */
export function start(clock?: SimulatedClock) {
  const load = controllable<NotificationsPage, { page: number; limit: number }>()
  const send = controllable<void, NotificationChange>()
  const emitted: NotificationsEmitted[] = []
  const actor = createActor(
    notificationsMachine.provide({
      actors: { watchAuth: fromCallback(() => () => {}), loadPage: load.logic, sendChange: send.logic },
    }),
    clock ? { clock } : {},
  )
  actor.on('*', (e) => void emitted.push(e as NotificationsEmitted))
  actor.start()
  return {
    actor,
    load,
    send,
    emitted,
    /** The machine's list (held items included). */
    ids: () => actor.getSnapshot().context.items.map(label),
    /** What the person sees under the current filter. */
    shown: () => selectVisible(actor.getSnapshot()).map(label),
  }
}

/** {@link start}, signed in with `page` as page 1. */
export async function signedInWith(page: NotificationsPage) {
  const t = start()
  t.actor.send({ type: 'auth.changed', orgId: 'o-acme' })
  await t.load.resolve(page)
  return t
}

export async function signedInInbox(page: NotificationsPage) {
  const load = controllable<NotificationsPage, { page: number; limit: number }>()
  const view = controllable<NotificationsPage, LoadViewInput>()
  const counts = controllable<NotificationCounts>()
  const send = controllable<void, NotificationChange>()
  const emitted: NotificationsEmitted[] = []
  const clock = new SimulatedClock()
  const actor = createActor(
    notificationsMachine.provide({
      actors: { watchAuth: fromCallback(() => () => {}), loadPage: load.logic, loadView: view.logic, loadCounts: counts.logic, sendChange: send.logic },
    }),
    { clock },
  )
  actor.on('*', (e) => void emitted.push(e as NotificationsEmitted))
  actor.start()
  actor.send({ type: 'auth.changed', orgId: 'o-acme' })
  await load.resolve(page)
  return { actor, load, view, counts, clock, send, emitted, shown: () => selectVisible(actor.getSnapshot()).map(label) }
}

