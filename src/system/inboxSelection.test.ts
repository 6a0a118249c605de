// @vitest-environment jsdom
/**
 * The notifications page's keys and bulk actions (src/system/inboxSelection.tsx) on
 * real actors: each key does its one thing, none fires while typing, with a modifier, or while a
 * dialog is open; actions apply to the ticked rows, else the cursor's row, and clear the selection.
 */
import { createActor, fromCallback, fromPromise } from 'xstate'
import { afterEach, describe, expect, it } from 'vitest'
import type { NotificationsPage } from '../../contract/notifications.ts'
import { inboxSelectionMachine } from '../../machines/inboxSelection/inboxSelection.machine.ts'
import { makeNotification, pageOf } from '../../machines/notifications/notifications.fixtures.ts'
import type { NotificationChange } from '../../machines/notifications/notifications.list.ts'
import { notificationsMachine } from '../../machines/notifications/notifications.machine.ts'
import { type LoadPageInput } from '../../machines/notifications/notifications.types.ts'
import { flush } from '../../machines/testing/stubs.ts'
import { listenInboxKeys, runInboxAction } from './inboxSelection.tsx'

async function setUp() {
  const sent: NotificationChange[] = []
  const notifications = createActor(
    notificationsMachine.provide({
      actors: {
        watchAuth: fromCallback(() => () => {}),
        loadPage: fromPromise<NotificationsPage, LoadPageInput>(async () =>
          pageOf([makeNotification('a', {}, 10), makeNotification('b', { read: true }, 20), makeNotification('c', {}, 30)]),
        ),
        sendChange: fromPromise<void, NotificationChange>(async ({ input }) => void sent.push(input)),
      },
    }),
  ).start()
  notifications.send({ type: 'auth.changed', orgId: 'o-acme' })
  await flush()
  const selection = createActor(inboxSelectionMachine).start()
  selection.send({ type: 'selection.rows', rows: ['a', 'b', 'c'] })
  const stop = listenInboxKeys(document, selection, notifications)
  const press = (key: string, init: KeyboardEventInit = {}, target: EventTarget = document.body) =>
    target.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true, ...init }))
  return { notifications, selection, sent, stop, press }
}

afterEach(() => {
  document.body.innerHTML = ''
})

describe('inbox page keys', () => {
  it('Scenario: j/k move, x ticks, e archives the ticked rows and clears the selection', async () => {
    const t = await setUp()
    t.press('j')
    t.press('x')
    t.press('j')
    t.press('j')
    t.press('k')
    t.press('x')
    expect(t.selection.getSnapshot().context).toMatchObject({ cursor: 'b', selected: ['a', 'b'] })
    t.press('e')
    await flush()
    expect(t.selection.getSnapshot().value).toBe('none')
    expect(
      t.notifications
        .getSnapshot()
        .context.items.filter((n) => n.archived)
        .map((n) => n._id),
    ).toEqual(['a', 'b'])
    t.stop()
  })

  it('Scenario: u reads the cursor row, and makes it unread again when it is read; # deletes it', async () => {
    const t = await setUp()
    t.press('j')
    t.press('u')
    await flush()
    expect(t.sent.at(-1)).toEqual({ kind: 'read', id: 'a' })
    t.press('u')
    await flush()
    expect(t.sent.at(-1)).toEqual({ kind: 'unread', id: 'a' })
    t.press('#')
    await flush()
    // Held for 'Undo': it leaves the list at once and is sent when the window lapses.
    expect(t.sent.at(-1)).toEqual({ kind: 'unread', id: 'a' })
    expect(t.notifications.getSnapshot().context.holds?.map((h) => [h.action, h.changes.map((c) => ('id' in c ? c.id : null))])).toEqual([['remove', ['a']]])
    t.stop()
  })

  it('Scenario: no key fires while typing in a field, with Ctrl/Cmd/Alt held, or while a dialog is open; Escape clears only a selection', async () => {
    const t = await setUp()
    const input = document.body.appendChild(document.createElement('input'))
    t.press('j', {}, input)
    t.press('j', { ctrlKey: true })
    t.press('j', { metaKey: true })
    expect(t.selection.getSnapshot().context.cursor).toBeNull()
    const dialog = document.body.appendChild(document.createElement('div'))
    dialog.setAttribute('role', 'dialog')
    t.press('j')
    expect(t.selection.getSnapshot().context.cursor).toBeNull()
    dialog.remove()
    t.press('j')
    t.press('x')
    expect(t.selection.getSnapshot().value).toBe('some')
    t.press('Escape')
    expect(t.selection.getSnapshot().value).toBe('none')
    // Nothing ticked: Escape is left to whoever else listens (not prevented).
    expect(t.press('Escape')).toBe(true)
    t.stop()
    t.press('j')
    expect(t.selection.getSnapshot().context.cursor).toBe('a')
  })
})

describe('inbox page actions on groups', () => {
  it('Scenario: a group row stands for its whole group: archiving its lead archives the group', async () => {
    const notifications = createActor(
      notificationsMachine.provide({
        actors: {
          watchAuth: fromCallback(() => () => {}),
          loadPage: fromPromise<NotificationsPage, LoadPageInput>(async () =>
            pageOf([
              makeNotification('g1', { group_key: 'conversation:1' }, 10),
              makeNotification('solo', {}, 15),
              makeNotification('g2', { group_key: 'conversation:1' }, 20),
            ]),
          ),
          sendChange: fromPromise<void, NotificationChange>(async () => {}),
        },
      }),
    ).start()
    notifications.send({ type: 'auth.changed', orgId: 'o-acme' })
    await flush()
    const selection = createActor(inboxSelectionMachine).start()
    selection.send({ type: 'selection.rows', rows: ['g1', 'solo'] })
    selection.send({ type: 'selection.toggle', id: 'g1' })
    runInboxAction('archive', selection, notifications)
    expect(
      notifications
        .getSnapshot()
        .context.items.filter((n) => n.archived)
        .map((n) => n._id),
    ).toEqual(['g1', 'g2'])
    expect(selection.getSnapshot().value).toBe('none')
  })
})
