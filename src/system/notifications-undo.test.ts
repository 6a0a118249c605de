/**
 * A delete-all, and an archive, delete or snooze, shows a toast with 'Undo' for as long as it can
 * be undone; pressing Undo (the toast's action) brings the list back and nothing is ever sent. What
 * is held when the page goes away is sent by the browser side then.
 */
import { SimulatedClock, createActor, fromCallback, fromPromise } from 'xstate'
import { describe, expect, it } from 'vitest'
import type { DisplayText } from '../../contract/messages.ts'
import type { NotificationsPage } from '../../contract/notifications.ts'
import { makeNotification, pageOf } from '../../machines/notifications/notifications.fixtures.ts'
import type { NotificationChange } from '../../machines/notifications/notifications.list.ts'
import { notificationsMachine } from '../../machines/notifications/notifications.machine.ts'
import { DELETE_ALL_UNDO_MS, UNDO_WINDOW_MS } from '../../machines/notifications/notifications.types.ts'
import { selectVisible } from '../../machines/notifications/notifications.selectors.ts'
import { TOAST_LIFETIME_MS, toastsMachine } from '../../machines/toasts/toasts.machine.ts'
import { flush } from '../../machines/testing/stubs.ts'
import { ENGLISH } from '../i18n/catalogue.ts'
import { createTranslator } from '../i18n/translator.ts'
import { deletedAllText, heldText, sendHoldsWhenHidden, toastDeleteAllUndo, toastHoldUndo } from './notifications.ts'

/** A toast's texts as an English reader sees them. */
const english = createTranslator(ENGLISH)
const seen = (toast: { type: string; message: DisplayText; action?: { label: DisplayText } } | undefined) =>
  toast && { type: toast.type, message: english.text(toast.message), action: toast.action && { label: english.text(toast.action.label) } }

describe('delete all with Undo', () => {
  it('Scenario: the toast says how many went, its Undo restores them, and the window is the toast lifetime', async () => {
    expect(DELETE_ALL_UNDO_MS).toBe(TOAST_LIFETIME_MS)
    const clock = new SimulatedClock()
    const sent: NotificationChange[] = []
    const items = [makeNotification('n1', {}, 10), makeNotification('n2', { read: true }, 20)]
    const notifications = createActor(
      notificationsMachine.provide({
        actors: {
          watchAuth: fromCallback(() => () => {}),
          loadPage: fromPromise<NotificationsPage, { page: number; limit: number }>(async () => pageOf(items)),
          sendChange: fromPromise<void, NotificationChange>(async ({ input }) => void sent.push(input)),
        },
      }),
      { clock },
    ).start()
    const toasts = createActor(toastsMachine, { clock }).start()
    toastDeleteAllUndo(notifications, toasts)
    notifications.send({ type: 'auth.changed', orgId: 'o-acme' })
    await flush()
    notifications.send({ type: 'notifications.removeAll' })
    const [toast] = toasts.getSnapshot().context.toasts
    expect(seen(toast)).toMatchObject({ type: 'info', message: '2 notifications deleted', action: { label: 'Undo' } })
    expect(selectVisible(notifications.getSnapshot())).toEqual([])
    toasts.send({ type: 'toast.act', id: toast!.id })
    expect(selectVisible(notifications.getSnapshot())).toEqual(items)
    expect(toasts.getSnapshot().context.toasts).toEqual([])
    clock.increment(DELETE_ALL_UNDO_MS)
    await flush()
    expect(sent).toEqual([])
    expect([deletedAllText(1), deletedAllText(20)].map(english.text)).toEqual(['1 notification deleted', '20 notifications deleted'])
  })
})

describe('archive, delete and snooze with Undo', () => {
  const signedIn = async (clock: SimulatedClock, sent: NotificationChange[]) => {
    const items = [makeNotification('n1', {}, 10), makeNotification('n2', { read: true }, 20), makeNotification('n3', {}, 30)]
    const notifications = createActor(
      notificationsMachine.provide({
        actors: {
          watchAuth: fromCallback(() => () => {}),
          loadPage: fromPromise<NotificationsPage, { page: number; limit: number }>(async () => pageOf(items)),
          sendChange: fromPromise<void, NotificationChange>(async ({ input }) => void sent.push(input)),
        },
      }),
      { clock },
    ).start()
    notifications.send({ type: 'auth.changed', orgId: 'o-acme' })
    await flush()
    return { notifications, items }
  }

  it('Scenario: archiving two rows shows one toast whose Undo brings both back exactly, and nothing is sent', async () => {
    const clock = new SimulatedClock()
    const sent: NotificationChange[] = []
    const { notifications, items } = await signedIn(clock, sent)
    const toasts = createActor(toastsMachine, { clock }).start()
    toastHoldUndo(notifications, toasts)
    notifications.send({ type: 'notifications.applyWithUndo', action: 'archive', ids: ['n1', 'n2'] })
    const [toast] = toasts.getSnapshot().context.toasts
    expect(seen(toast)).toMatchObject({ type: 'info', message: '2 notifications archived', action: { label: 'Undo' } })
    expect(selectVisible(notifications.getSnapshot()).map((n) => n._id)).toEqual(['n3'])
    clock.increment(UNDO_WINDOW_MS - 1)
    toasts.send({ type: 'toast.act', id: toast!.id })
    expect(selectVisible(notifications.getSnapshot())).toEqual(items)
    clock.increment(UNDO_WINDOW_MS)
    await flush()
    expect(sent).toEqual([])
    expect(UNDO_WINDOW_MS).toBeGreaterThanOrEqual(TOAST_LIFETIME_MS)
    expect([heldText('remove', 1), heldText('snooze', 3)].map(english.text)).toEqual(['1 notification deleted', '3 notifications snoozed'])
  })

  it('Scenario: the page hidden or closed within the window sends what is held at once, and the actor never sends it again', async () => {
    const clock = new SimulatedClock()
    const sent: NotificationChange[] = []
    const { notifications } = await signedIn(clock, sent)
    const win = new EventTarget() as EventTarget & { document: EventTarget & { visibilityState: string } }
    win.document = Object.assign(new EventTarget(), { visibilityState: 'visible' })
    const flushed: NotificationChange[] = []
    const kept: Array<[string, ReadonlyArray<NotificationChange>]> = []
    sendHoldsWhenHidden(notifications, win as never, async (change) => void flushed.push(change), (orgId, changes) => void kept.push([orgId, changes]))
    notifications.send({ type: 'notifications.applyWithUndo', action: 'remove', ids: ['n1'] })
    notifications.send({ type: 'notifications.applyWithUndo', action: 'snooze', ids: ['n3'], until: '2030-01-01T09:00:00.000Z' })
    win.dispatchEvent(new Event('pagehide'))
    expect(flushed.map((c) => [c.kind, 'id' in c ? c.id : null])).toEqual([
      ['remove', 'n1'],
      ['snooze', 'n3'],
    ])
    // What was sent is handed over once, for the tab's next page (src/system/notifications-closing.ts).
    expect(kept.map(([orgId, changes]) => [orgId, changes.map((c) => c.kind)])).toEqual([[notifications.getSnapshot().context.orgId, ['remove', 'snooze']]])
    // A second signal (the tab hidden after pagehide) finds nothing held.
    win.document.visibilityState = 'hidden'
    win.document.dispatchEvent(new Event('visibilitychange'))
    expect(flushed).toHaveLength(2)
    expect(kept).toHaveLength(1)
    clock.increment(UNDO_WINDOW_MS)
    await flush()
    expect(sent).toEqual([])
    expect(selectVisible(notifications.getSnapshot()).map((n) => n._id)).toEqual(['n2'])
  })
})
