/** Scenarios of the optimistic changes (`changes` region): sent in order, rolled back on failure, kept over fetches. */
import { describe, expect, it } from 'vitest'
import { flush } from '../testing/stubs.ts'
import { makeNotification, pageOf } from './notifications.fixtures.ts'
import { n1, n2, n3, signedInInbox, signedInWith } from './notifications.harness.ts'
import { VIEW_PAGE_SIZE } from './notifications.types.ts'
import { selectBadge, selectEmptyText, selectUnreadCount, selectUnseenCount } from './notifications.selectors.ts'

describe('notifications: optimistic changes', () => {
  it('Scenario: mark one read is optimistic; its failure re-fetches page 1', async () => {
    const t = await signedInWith(pageOf([n1, n2, n3]))
    t.actor.send({ type: 'notifications.markRead', id: 'n1' })
    expect(t.ids()).toEqual(['n1:r', 'n2:r', 'n3'])
    expect(selectUnreadCount(t.actor.getSnapshot())).toBe(1)
    expect(t.send.calls).toEqual([{ kind: 'read', id: 'n1' }])
    await t.send.reject(new Error('boom'))
    expect(t.emitted.map((e) => e.type)).toContain('notifications.rolledBack')
    // Undone at once (even if the re-fetch fails too), and page 1 re-fetched.
    expect(t.ids()).toEqual(['n1', 'n2:r', 'n3'])
    expect(t.load.calls).toHaveLength(2)
    await t.load.resolve(pageOf([n1, n2, n3]))
    expect(t.ids()).toEqual(['n1', 'n2:r', 'n3'])
  })

  it('Scenario: delete one is optimistic; its failure re-fetches page 1', async () => {
    const t = await signedInWith(pageOf([n1, n2]))
    t.actor.send({ type: 'notifications.remove', id: 'n2' })
    expect(t.ids()).toEqual(['n1'])
    await t.send.reject(new Error('boom'))
    expect(t.load.calls.at(-1)).toEqual({ page: 1, limit: 20 })
    await t.load.resolve(pageOf([n1, n2]))
    expect(t.ids()).toEqual(['n1', 'n2:r'])
  })

  it('Scenario: mark all read failing restores the previous list, including the unread beyond the loaded page', async () => {
    const t = await signedInWith(pageOf([n1, n2, n3], true, 150))
    expect(selectBadge(t.actor.getSnapshot())).toBe('99+')
    t.actor.send({ type: 'notifications.markAllRead' })
    expect(selectUnreadCount(t.actor.getSnapshot())).toBe(0)
    await t.send.reject(new Error('boom'))
    expect(t.ids()).toEqual(['n1', 'n2:r', 'n3'])
    expect(selectUnreadCount(t.actor.getSnapshot())).toBe(150)
    // Then page 1 is reloaded, with the restored list on screen meanwhile.
    expect(t.load.calls).toHaveLength(2)
  })

  it('Scenario: a poll answered while a change is in flight does not undo it (reconcile)', async () => {
    const t = await signedInWith(pageOf([n1, n3]))
    t.actor.send({ type: 'notifications.markRead', id: 'n1' })
    t.actor.send({ type: 'notifications.remove', id: 'n3' })
    // The focus refresh answers with the server's list from before either change.
    t.actor.send({ type: 'notifications.refresh' })
    await t.load.resolve(pageOf([makeNotification('n0', {}, 5), n1, n3]))
    expect(t.ids()).toEqual(['n0', 'n1:r'])
    // The first change is confirmed, then a fetch started earlier answers stale data: still applied.
    await t.send.resolve()
    expect(t.ids()).toEqual(['n0', 'n1:r'])
  })

  it('Scenario: a change confirmed while a fetch is in flight still applies to its answer', async () => {
    const t = await signedInWith(pageOf([n1]))
    t.actor.send({ type: 'notifications.refresh' })
    t.actor.send({ type: 'notifications.markRead', id: 'n1' })
    await t.send.resolve()
    await t.load.resolve(pageOf([n1]))
    expect(t.ids()).toEqual(['n1:r'])
  })

  it('Scenario: one event for a group row acts on each of its ids in order, each through its own guard', async () => {
    const t = await signedInWith(pageOf([n1, n2, n3]))
    // n2 is read already: its mark read is refused, as a single markRead of it would be.
    t.actor.send({ type: 'notifications.applyToEach', action: 'markRead', ids: ['n1', 'n2', 'n3'] })
    expect(t.ids()).toEqual(['n1:r', 'n2:r', 'n3:r'])
    expect(t.actor.getSnapshot().context.pending).toEqual([
      { kind: 'read', id: 'n1' },
      { kind: 'read', id: 'n3' },
    ])
    expect(t.emitted.filter((e) => e.type === 'notifications.changed').map((e) => e.change)).toEqual([
      { kind: 'read', id: 'n1' },
      { kind: 'read', id: 'n3' },
    ])
    await t.send.resolve()
    await t.send.resolve()
    expect(t.send.calls).toEqual([
      { kind: 'read', id: 'n1' },
      { kind: 'read', id: 'n3' },
    ])
    const until = '2030-01-02T09:00:00.000Z'
    t.actor.send({ type: 'notifications.applyToEach', action: 'snooze', ids: ['n1', 'n3'], until })
    expect(t.shown()).toEqual(['n2:r'])
    expect(t.actor.getSnapshot().context.pending).toMatchObject([
      { kind: 'snooze', id: 'n1', until },
      { kind: 'snooze', id: 'n3', until },
    ])
  })
})

/** The inbox's archive, restore, mark unread and 'Archive all read'. */
describe('notifications: archive and mark unread', () => {
  it('Scenario: archiving leaves All and Unread and the count at once; the Archived view lists it (view=archived) and Restore brings it back', async () => {
    const t = await signedInInbox(pageOf([n1, n2, n3]))
    t.actor.send({ type: 'notifications.archive', id: 'n1' })
    expect(t.shown()).toEqual(['n2:r', 'n3'])
    expect(selectUnreadCount(t.actor.getSnapshot())).toBe(1)
    await flush()
    expect(t.send.calls).toEqual([{ kind: 'archive', id: 'n1', item: n1 }])
    await t.send.resolve(undefined)
    t.actor.send({ type: 'notifications.filter', filter: 'archived' })
    await flush()
    expect(t.view.calls).toEqual([{ view: 'archived', page: 1, limit: VIEW_PAGE_SIZE }])
    expect(t.shown()).toEqual(['n1'])
    await t.view.resolve(pageOf([{ ...n1, archived: true, seen: true }, makeNotification('old', { archived: true, read: true }, 500)]))
    expect(t.shown()).toEqual(['n1', 'old:r'])
    expect(selectEmptyText(t.actor.getSnapshot())).toBe('No archived notifications')
    t.actor.send({ type: 'notifications.restore', id: 'old' })
    expect(t.shown()).toEqual(['n1'])
    t.actor.send({ type: 'notifications.filter', filter: 'all' })
    expect(t.shown()).toEqual(['n2:r', 'n3', 'old:r'])
    await flush()
    expect(t.send.calls.at(-1)).toMatchObject({ kind: 'restore', id: 'old' })
  })

  it('Scenario: a failed archive or restore is rolled back at once and page 1 re-fetched (like mark read)', async () => {
    const t = await signedInInbox(pageOf([n1, n2]))
    t.actor.send({ type: 'notifications.archive', id: 'n2' })
    expect(t.shown()).toEqual(['n1'])
    await t.send.reject(new Error('Service unavailable'))
    expect(t.shown()).toEqual(['n1', 'n2:r'])
    expect(t.emitted.find((e) => e.type === 'notifications.rolledBack')).toMatchObject({
      change: { kind: 'archive', id: 'n2' },
      message: 'Service unavailable',
    })
    expect(t.load.calls).toHaveLength(2)
    await t.load.resolve(pageOf([n1, n2]))
    t.actor.send({ type: 'notifications.filter', filter: 'archived' })
    await t.view.resolve(pageOf([makeNotification('a', { archived: true }, 100)]))
    t.actor.send({ type: 'notifications.restore', id: 'a' })
    expect(t.shown()).toEqual([])
    await t.send.reject(new Error('Service unavailable'))
    expect(t.shown()).toEqual(['a'])
  })

  it('Scenario: Archive all read archives the read inbox items and restores them all when it fails', async () => {
    const t = await signedInInbox(pageOf([n1, n2, makeNotification('n4', { read: true }, 40)]))
    t.actor.send({ type: 'notifications.archiveRead' })
    expect(t.shown()).toEqual(['n1'])
    await flush()
    expect(t.send.calls).toEqual([{ kind: 'archiveRead', ids: ['n2', 'n4'] }])
    await t.send.reject(new Error('Service unavailable'))
    expect(t.shown()).toEqual(['n1', 'n2:r', 'n4:r'])
  })

  it('Scenario: mark unread on a read item is optimistic (count up at once) and rolled back on failure; only read inbox items take it', async () => {
    const t = await signedInInbox(pageOf([n1, n2]))
    t.actor.send({ type: 'notifications.markUnread', id: 'n1' })
    await flush()
    expect(t.send.calls).toEqual([])
    t.actor.send({ type: 'notifications.markUnread', id: 'n2' })
    expect(t.shown()).toEqual(['n1', 'n2'])
    expect(selectUnreadCount(t.actor.getSnapshot())).toBe(2)
    await flush()
    expect(t.send.calls).toEqual([{ kind: 'unread', id: 'n2' }])
    await t.send.reject(new Error('Service unavailable'))
    expect(t.shown()).toEqual(['n1', 'n2:r'])
    expect(selectUnreadCount(t.actor.getSnapshot())).toBe(1)
  })

  it('Scenario: a page-1 reload keeps the archived items beside the inbox; a poll never brings an archived one back', async () => {
    const t = await signedInInbox(pageOf([n1, n2, n3]))
    t.actor.send({ type: 'notifications.archive', id: 'n3' })
    await t.send.resolve(undefined)
    t.actor.send({ type: 'notifications.refresh' })
    await t.load.resolve(pageOf([n1, n2]))
    expect(t.shown()).toEqual(['n1', 'n2:r'])
    t.actor.send({ type: 'notifications.filter', filter: 'archived' })
    expect(t.shown()).toEqual(['n3'])
  })
})

/** Seen, apart from read: opening the panel sees the loaded inbox. */
describe('notifications: seen', () => {
  const unseen = (id: string, ageS: number, overrides = {}) => makeNotification(id, { seen: false, ...overrides }, ageS)

  it('Scenario: opening the panel marks the loaded inbox seen up to its newest item (PUT seen before), the unseen count drops, the unread stay', async () => {
    const t = await signedInWith({
      ...pageOf([unseen('a', 10), unseen('b', 20), makeNotification('c', { read: true, seen: true }, 30)], true),
      unseen_count: 5,
    })
    const s0 = t.actor.getSnapshot()
    expect(selectUnseenCount(s0)).toBe(5)
    t.actor.send({ type: 'notifications.seen' })
    expect(selectUnseenCount(t.actor.getSnapshot())).toBe(0)
    expect(selectUnreadCount(t.actor.getSnapshot())).toBe(2)
    await flush()
    expect(t.send.calls).toEqual([{ kind: 'seen', before: unseen('a', 10).createdAt, ids: ['a', 'b'], beyond: 3 }])
    // Nothing unseen: opening again sends nothing.
    await t.send.resolve(undefined)
    t.actor.send({ type: 'notifications.seen' })
    await flush()
    expect(t.send.calls).toHaveLength(1)
  })

  it('Scenario: a failed mark-seen restores the unseen count; reading one sees it', async () => {
    const t = await signedInWith({ ...pageOf([unseen('a', 10), unseen('b', 20)]), unseen_count: 2 })
    t.actor.send({ type: 'notifications.seen' })
    expect(selectUnseenCount(t.actor.getSnapshot())).toBe(0)
    await t.send.reject(new Error('Service unavailable'))
    expect(selectUnseenCount(t.actor.getSnapshot())).toBe(2)
    await t.load.resolve({ ...pageOf([unseen('a', 10), unseen('b', 20)]), unseen_count: 2 })
    t.actor.send({ type: 'notifications.markRead', id: 'b' })
    expect(selectUnseenCount(t.actor.getSnapshot())).toBe(1)
  })

  it('Scenario: a server without unseen_count (SPEC §7) counts the unread as unseen', async () => {
    const t = await signedInWith(pageOf([n1, n2, n3], true, 7))
    expect(selectUnseenCount(t.actor.getSnapshot())).toBe(7)
  })
})

