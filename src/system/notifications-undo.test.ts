/**
 * A delete-all shows a toast with 'Undo' for as long as it can be undone; pressing
 * Undo (the toast's action) brings the list back and nothing is ever sent.
 */
import { SimulatedClock, createActor, fromCallback, fromPromise } from 'xstate'
import { describe, expect, it } from 'vitest'
import type { NotificationsPage } from '../../contract/notifications.ts'
import { makeNotification, pageOf } from '../../machines/notifications/notifications.fixtures.ts'
import type { NotificationChange } from '../../machines/notifications/notifications.list.ts'
import { notificationsMachine } from '../../machines/notifications/notifications.machine.ts'
import { DELETE_ALL_UNDO_MS } from '../../machines/notifications/notifications.types.ts'
import { selectVisible } from '../../machines/notifications/notifications.selectors.ts'
import { TOAST_LIFETIME_MS, toastsMachine } from '../../machines/toasts/toasts.machine.ts'
import { flush } from '../../machines/testing/stubs.ts'
import { deletedAllText, toastDeleteAllUndo } from './notifications.ts'

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
    expect(toast).toMatchObject({ type: 'info', message: '2 notifications deleted', action: { label: 'Undo' } })
    expect(selectVisible(notifications.getSnapshot())).toEqual([])
    toasts.send({ type: 'toast.act', id: toast!.id })
    expect(selectVisible(notifications.getSnapshot())).toEqual(items)
    expect(toasts.getSnapshot().context.toasts).toEqual([])
    clock.increment(DELETE_ALL_UNDO_MS)
    await flush()
    expect(sent).toEqual([])
    expect([deletedAllText(1), deletedAllText(20)]).toEqual(['1 notification deleted', '20 notifications deleted'])
  })
})
