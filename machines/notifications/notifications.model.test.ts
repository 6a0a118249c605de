import { SimulatedClock, createActor, fromCallback } from 'xstate'
import { describe, expect, it } from 'vitest'
import { NOTIFICATIONS_POLL_INTERVAL_MS, type NotificationCounts, type NotificationsPage } from '../../contract/notifications.ts'
import { walkEveryTransition } from '../testing/model-walk.ts'
import { controllable, flush, settleActorEvent } from '../testing/stubs.ts'
import { makeNotification, pageOf } from './notifications.fixtures.ts'
import { applyChanges, countUnread, countUnseen, isArchived, isOutsideView, isSnoozed, type NotificationChange, shownItems, viewQuery } from './notifications.list.ts'
import { notificationsMachine } from './notifications.machine.ts'
import { COUNTS_DEBOUNCE_MS, DELETE_ALL_UNDO_MS, type LoadViewInput, type NotificationsEvent, UNDO_WINDOW_MS, VIEW_PAGE_SIZE } from './notifications.types.ts'
import { selectUnreadCount, selectUnseenCount } from './notifications.selectors.ts'

const n0 = makeNotification('n0', {}, 5)
const n1 = makeNotification('n1', {}, 10)
const n2 = makeNotification('n2', { read: true }, 20)
const n3 = makeNotification('n3', {}, 30)
const n9 = makeNotification('n9', {}, 1)
const n4 = makeNotification('n4', { archived: true, read: true }, 40)
// Pages carry the server's cursor of the next page ('Load more' asks for the rows after it).
const archivedPage = { ...pageOf([n4], true), next_cursor: 'after-n4' }
const counts: NotificationCounts = { inbox: 2, unread: 1, unseen: 1, archived: 1, snoozed: 0, categories: { system: 2 } }
const firstPage = { ...pageOf([n1, n2], true, 5), next_cursor: 'after-n2' }
const nextPage = pageOf([n3])
const polled = pageOf([n0, n1])

const answers = [
  { type: 'xstate.done.actor.loadFirstPage', output: firstPage },
  { type: 'xstate.error.actor.loadFirstPage', error: new Error('503') },
  { type: 'xstate.done.actor.pollNewest', output: polled },
  { type: 'xstate.error.actor.pollNewest', error: new Error('503') },
  { type: 'xstate.done.actor.loadNextPage', output: nextPage },
  { type: 'xstate.error.actor.loadNextPage', error: new Error('503') },
  { type: 'notifications.cached', items: [n3] },
  { type: 'xstate.done.actor.sendChange' },
  { type: 'xstate.error.actor.sendChange', error: new Error('503') },
  { type: 'xstate.done.actor.loadViewPage', output: archivedPage },
  { type: 'xstate.error.actor.loadViewPage', error: new Error('503') },
  { type: 'xstate.done.actor.loadViewNextPage', output: nextPage },
  { type: 'xstate.error.actor.loadViewNextPage', error: new Error('503') },
  { type: 'xstate.after.countsDebounce.notifications.signedIn.counts.waiting' },
  { type: 'xstate.done.actor.loadCounts', output: counts },
  { type: 'xstate.error.actor.loadCounts', error: new Error('503') },
]
const changes = [
  { type: 'notifications.received', notification: n9 },
  { type: 'notifications.markRead', id: 'n1' },
  { type: 'notifications.markAllRead' },
  { type: 'notifications.remove', id: 'n2' },
  { type: 'notifications.removeAll' },
  { type: 'notifications.remoteChanged', change: { kind: 'read', id: 'n1' } },
  // Mark unread (n2 is read), archive, restore (n1 once archived), archive all read, the Archived view.
  { type: 'notifications.markUnread', id: 'n2' },
  { type: 'notifications.archive', id: 'n1' },
  { type: 'notifications.restore', id: 'n1' },
  { type: 'notifications.archiveRead' },
  { type: 'notifications.filter', filter: 'archived' },
  { type: 'notifications.filter', filter: 'all' },
  // The panel opened: the loaded inbox is marked seen (when anything is unseen).
  { type: 'notifications.seen' },
]
/** Tabs chosen while a view loads: another view (reloads), the plain inbox (stops), the saved tab. */
const tabSwitches = [
  { type: 'notifications.filter', filter: 'archived' },
  { type: 'notifications.filter', filter: 'all' },
  { type: 'notifications.category', category: 'alert' },
  { type: 'notifications.category', category: null },
  { type: 'notifications.viewRestored', filter: 'all', category: null },
]
/** Snooze and its return (the stream's wake-up), the Snoozed view, a category tab, the saved tab: walked apart. */
const viewChanges = [
  { type: 'notifications.snooze', id: 'n1', until: '2030-01-01T09:00:00.000Z' },
  { type: 'notifications.unsnooze', id: 'n1' },
  { type: 'notifications.received', notification: { ...n1, snoozed_until: null } },
  { type: 'notifications.filter', filter: 'snoozed' },
  { type: 'notifications.category', category: 'system' },
  { type: 'notifications.category', category: null },
  { type: 'notifications.viewRestored', filter: 'unread', category: 'system' },
  { type: 'notifications.filter', filter: 'all' },
  { type: 'notifications.loadMore' },
  // A group row's action: the single-item event for each id.
  { type: 'notifications.applyToEach', action: 'archive', ids: ['n1', 'n2'] },
]
/**
 * Archive, delete and snooze with 'Undo' (holds), walked apart: undo (of the newest hold), a lapse
 * (of the oldest), the page going away, and a restore of a held archive. (A delete-all beside a
 * hold is a scenario test: its lapse moves the one clock past the hold's window as well.)
 */
const undoChanges = [
  { type: 'notifications.applyWithUndo', action: 'archive', ids: ['n1'] },
  { type: 'notifications.applyWithUndo', action: 'remove', ids: ['n2'] },
  { type: 'notifications.applyWithUndo', action: 'snooze', ids: ['n1', 'n2'], until: '2030-01-01T09:00:00.000Z' },
  { type: 'notifications.undo', holdId: 'newest' },
  { type: 'notifications.holdLapsed', holdId: 'oldest' },
  { type: 'notifications.holdsSent' },
  { type: 'notifications.filter', filter: 'archived' },
  { type: 'notifications.restore', id: 'n1' },
  { type: 'notifications.filter', filter: 'all' },
]
/** While a delete-all is held: undo, the window lapsing, a push, a second delete-all, and the page going away. */
const holding = [
  { type: 'notifications.undoRemoveAll' },
  { type: 'xstate.after.undoWindow.notifications.signedIn.deletingAll.pending' },
  { type: 'notifications.received', notification: n9 },
  { type: 'notifications.removeAll' },
  { type: 'notifications.holdsSent' },
]

/**
 * Bounded traversal: while signed out only sign-in, filter and seen (context only); in a quiet
 * state (list idle, nothing pending) the person's actions, the poll timer, focus and auth
 * changes; with a delete-all held and nothing else going on, undo, its window lapsing, a push and
 * another delete-all; elsewhere only the answers of the calls in flight. Every transition stays reachable,
 * and each in-flight call meets a change, a refresh or an org switch on some path.
 */
const eventsFor =
  (changeSet: ReadonlyArray<unknown>) =>
  (s: {
    value: unknown
    context: { orgId: string | null; pending: ReadonlyArray<unknown>; items: ReadonlyArray<unknown>; held: ReadonlyArray<unknown> | null }
  }) => {
    if (s.value === 'signedOut') {
      return [
        { type: 'auth.changed', orgId: 'o-acme' },
        { type: 'notifications.filter', filter: 'unread' },
        { type: 'notifications.filter', filter: 'archived' },
        { type: 'notifications.category', category: 'alert' },
        { type: 'notifications.seen' },
      ]
    }
    const auth = [
      { type: 'auth.changed', orgId: null },
      { type: 'auth.changed', orgId: s.context.orgId === 'o-acme' ? 'o-globex' : 'o-acme' },
    ]
    const value = JSON.stringify(s.value)
    const quiet =
      s.context.pending.length === 0 &&
      value === JSON.stringify({ signedIn: { list: 'idle', changes: 'idle', view: 'idle', counts: 'idle', deletingAll: 'idle' } })
    const held =
      s.context.pending.length === 0 &&
      value === JSON.stringify({ signedIn: { list: 'idle', changes: 'idle', view: 'idle', counts: 'idle', deletingAll: 'pending' } })
    const timers = [
      { type: 'notifications.refresh' },
      { type: 'notifications.loadMore' },
      { type: 'xstate.after.pollInterval.notifications.signedIn.list.idle' },
    ]
    const views = changeSet === viewChanges
    const undo = changeSet === undoChanges
    // The views' and holds' walks stay smaller: their changes matter with few items.
    if (quiet && undo) {
      // Undo names the newest hold, a lapse the oldest (the planner needs their real ids).
      const holds = (s.context as { holds?: ReadonlyArray<{ id: string }> }).holds ?? []
      const named = changeSet.map((e) => {
        const event = e as { type: string; holdId?: string }
        if (event.holdId === undefined) return e
        const hold = event.type === 'notifications.undo' ? holds.at(-1) : holds[0]
        return { ...event, holdId: hold?.id ?? 'hold-none' }
      })
      return [...auth, ...(holds.length < 2 ? named : named.slice(3))]
    }
    if (quiet) return [...auth, ...timers, ...(s.context.items.length < (views ? 3 : 4) ? changeSet : [])]
    if (held) return [...auth, ...holding]
    const matches = (v: unknown) => (s as unknown as { matches(v: unknown): boolean }).matches(v)
    const viewBusy = matches({ signedIn: { view: 'loading' } }) || matches({ signedIn: { view: 'loadingMore' } })
    // Another tab chosen while a view's page is on its way.
    return [...answersFor(s as never), ...(views && viewBusy ? tabSwitches : [])]
  }

/**
 * The answers of the calls in flight only (and the counts' debounce while it waits): offering every
 * answer in every state multiplied the exploration for edges that do nothing.
 */
function answersFor(s: { matches(v: unknown): boolean }) {
  const inFlight = (region: string, state: string) => s.matches({ signedIn: { [region]: state } })
  const of = (...ids: string[]) => answers.filter((a) => ids.some((id) => a.type.endsWith(`.${id}`) || a.type === id))
  return [
    ...(inFlight('list', 'loading') ? of('loadFirstPage', 'notifications.cached') : []),
    ...(inFlight('list', 'polling') ? of('pollNewest') : []),
    ...(inFlight('list', 'loadingMore') ? of('loadNextPage') : []),
    ...(inFlight('changes', 'sending') ? of('sendChange') : []),
    ...(inFlight('view', 'loading') ? of('loadViewPage') : []),
    ...(inFlight('view', 'loadingMore') ? of('loadViewNextPage') : []),
    ...(inFlight('counts', 'waiting') ? of('waiting') : []),
    ...(inFlight('counts', 'loading') ? of('loadCounts') : []),
  ]
}

describe('notifications (model)', () => {
  it('walks every transition on a real actor: the count follows the list, listeners run only when signed in, changes go out in order', async () => {
    // Two walks whose transitions together are every one the machine defines: the spec's changes
    // (with archive and seen), and the views (snooze, the Snoozed view, category tabs, the kept
    // tab, a group row's action). One walk of both explodes the state space (every view times every list).
    const first = await walk(changes)
    const second = await walk(viewChanges)
    const third = await walk(undoChanges)
    expect([...first.failures, ...second.failures, ...third.failures].slice(0, 5)).toEqual([])
    const walked = new Set([...first.walked, ...second.walked, ...third.walked])
    expect(first.defined.filter((k) => !walked.has(k))).toEqual([])
    expect(first.paths + second.paths + third.paths).toBeGreaterThan(0)
  }, 600_000)
})

function walk(changeSet: ReadonlyArray<unknown>) {
  return walkEveryTransition({
    machine: notificationsMachine,
    events: eventsFor(changeSet) as never,
    serializeState: (s) =>
      // Coarse on purpose (bounded): the org only as signed in or not, the list as its length and unread count.
      JSON.stringify([
        s.value,
        s.context.orgId !== null,
        s.context.items.length,
        countUnread(s.context.items),
        s.context.pending.map((c) => c.kind).join(),
        s.context.hasMore,
        s.context.held?.length ?? null,
        (s.context.holds ?? []).map((h) => h.action).join(),
        // The tab only as which region shows it (and which outside view), the other sides as present or not.
        isOutsideView(s.context.filter) ? s.context.filter : viewQuery(s.context) === null ? 'inbox' : 'category',
        s.context.items.some(isArchived),
        s.context.items.some(isSnoozed),
        s.context.viewHasMore === true,
      ]),
    start: (inspect) => {
      const clock = new SimulatedClock()
      const load = controllable<NotificationsPage, { page: number; limit: number }>()
      const send = controllable<void, NotificationChange>()
      const view = controllable<NotificationsPage, LoadViewInput>()
      const countsCall = controllable<NotificationCounts>()
      const listener = { running: 0, sendBack: null as ((e: NotificationsEvent) => void) | null }
      let idleAt = 0
      let heldAt = 0
      let waitingAt = 0
      let lastHeld: unknown = null
      const actor = createActor(
        notificationsMachine.provide({
          // A hold's lapse is sent by the walk as the event the machine raises (scenario tests
          // cover the 5 s timer): on the one clock, a delete-all's lapse or the tab counts' wait would
          // lapse holds the walk's plan still holds.
          delays: { holdWindow: UNDO_WINDOW_MS * 1_000_000 },
          actors: {
            watchAuth: fromCallback(() => () => {}),
            loadPage: load.logic,
            loadView: view.logic,
            loadCounts: countsCall.logic,
            sendChange: send.logic,
            windowListener: fromCallback(({ sendBack }) => {
              listener.running++
              listener.sendBack = sendBack
              return () => {
                listener.running--
                listener.sendBack = null
              }
            }),
          },
        }),
        { inspect, clock },
      )
      let wasIdle = false
      actor.subscribe((s) => {
        const idle = s.matches({ signedIn: { list: 'idle' } })
        if (idle && !wasIdle) idleAt = clock.now()
        wasIdle = idle
        // A new hold (or a second delete-all adding to it) starts the undo window again.
        if (s.context.held !== null && s.context.held !== lastHeld) heldAt = clock.now()
        lastHeld = s.context.held
        if (s.matches({ signedIn: { counts: 'waiting' } })) waitingAt = clock.now()
      })
      actor.start()
      return {
        actor,
        exec: async (event) => {
          const e = event as unknown as { type: string }
          if (
            await settleActorEvent(e, {
              loadFirstPage: load,
              pollNewest: load,
              loadNextPage: load,
              sendChange: send,
              loadViewPage: view,
              loadViewNextPage: view,
              loadCounts: countsCall,
            })
          )
            return
          if (e.type === 'xstate.after.countsDebounce.notifications.signedIn.counts.waiting') {
            clock.increment(waitingAt + COUNTS_DEBOUNCE_MS - clock.now())
            return flush()
          }
          if (e.type === 'xstate.after.pollInterval.notifications.signedIn.list.idle') {
            clock.increment(idleAt + NOTIFICATIONS_POLL_INTERVAL_MS - clock.now())
            return flush()
          }
          if (e.type === 'xstate.after.undoWindow.notifications.signedIn.deletingAll.pending') {
            clock.increment(heldAt + DELETE_ALL_UNDO_MS - clock.now())
            return flush()
          }
          // Focus and online reach the machine only through its window listener.
          if (e.type === 'notifications.refresh') {
            if (!listener.sendBack) throw new Error('refresh arrived while no window listener runs')
            listener.sendBack({ type: 'notifications.refresh' })
            return flush()
          }
          actor.send(event)
          await flush()
        },
        check: (s) => {
          if (s.matches('signedOut')) expect(s.context.items).toEqual([])
          expect(listener.running).toBe(s.matches('signedIn') ? 1 : 0)
          // SPEC §4: the count is recomputed from the list, and a count the server stopped at its cap is at least 100 ('99+').
          const recomputed = countUnread(shownItems(s.context.items, s.context.held)) + s.context.unreadBeyond
          expect(selectUnreadCount(s)).toBe(s.context.unreadCapped === true ? Math.max(recomputed, 100) : recomputed)
          // A held delete-all hides its items only while it can be undone; they stay in the list meanwhile.
          expect(s.context.held !== null).toBe(s.matches({ signedIn: { deletingAll: 'pending' } }))
          for (const n of s.context.held ?? []) expect(s.context.items.some((m) => m._id === n._id)).toBe(true)
          // Ids are unique whatever merged into the list.
          expect(new Set(s.context.items.map((n) => n._id)).size).toBe(s.context.items.length)
          if (s.matches({ signedIn: { changes: 'sending' } })) expect(send.calls.at(-1)).toEqual(s.context.pending[0])
          // 'Load more' asks for the rows after the last page's cursor (by number when the server sent none).
          const cursor = (value: string | null | undefined) => (value == null ? {} : { cursor: value })
          if (s.matches({ signedIn: { list: 'loadingMore' } })) expect(load.calls.at(-1)).toEqual({ page: s.context.page + 1, limit: 20, ...cursor(s.context.cursor) })
          if (s.matches({ signedIn: { list: 'polling' } })) expect(load.calls.at(-1)).toEqual({ page: 1, limit: 10 })
          if (s.matches({ signedIn: { list: 'loading' } })) expect(load.calls.at(-1)).toEqual({ page: 1, limit: 20 })
          // The view region loads the chosen view's pages; archived and snoozed items are never in the inbox or its counts.
          const query = viewQuery(s.context)
          if (s.matches({ signedIn: { view: 'loading' } })) expect(view.calls.at(-1)).toEqual({ ...query, page: 1, limit: VIEW_PAGE_SIZE })
          if (s.matches({ signedIn: { view: 'loadingMore' } }))
            expect(view.calls.at(-1)).toEqual({ ...query, page: (s.context.viewPage ?? 0) + 1, limit: VIEW_PAGE_SIZE, ...cursor(s.context.viewCursor) })
          expect(shownItems(s.context.items, s.context.held).some((n) => isArchived(n) || isSnoozed(n))).toBe(false)
          // The view the person sees is the base with the pending changes, then the held ones, on top.
          expect(s.context.items).toEqual(applyChanges(s.context.base ?? s.context.items, [...s.context.pending, ...(s.context.holds ?? []).flatMap((h) => h.changes)]))
          // The unseen count follows the list like the unread one.
          expect(selectUnseenCount(s)).toBe(countUnseen(shownItems(s.context.items, s.context.held)) + (s.context.unseenBeyond ?? 0))
        },
        stop: () => actor.stop(),
      }
    },
  })
}
