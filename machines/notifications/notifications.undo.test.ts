/**
 * Scenarios of archive, delete and snooze with 'Undo' (holds): shown at once, nothing sent
 * within the 5 s window, 'Undo' puts back exactly what was there, the lapse sends them, and a page
 * going away counts them as sent by the browser side.
 */
import { SimulatedClock } from 'xstate'
import { describe, expect, it } from 'vitest'
import { flush } from '../testing/stubs.ts'
import { pageOf } from './notifications.fixtures.ts'
import { n1, n2, n3, start } from './notifications.harness.ts'
import { selectVisible } from './notifications.selectors.ts'
import { UNDO_WINDOW_MS } from './notifications.types.ts'

async function signedIn() {
  const clock = new SimulatedClock()
  const t = start(clock)
  t.actor.send({ type: 'auth.changed', orgId: 'o-acme' })
  await t.load.resolve(pageOf([n1, n2, n3], false, 2))
  return { ...t, clock }
}

const later = '2030-01-01T09:00:00.000Z'

describe('notifications: undo', () => {
  for (const [action, extra] of [
    ['archive', {}],
    ['remove', {}],
    ['snooze', { until: later }],
  ] as const) {
    it(`Scenario: ${action} of two rows leaves the list at once, is sent only after 5 s, and says how many`, async () => {
      const t = await signedIn()
      t.actor.send({ type: 'notifications.applyWithUndo', action, ids: ['n1', 'n2'], ...extra } as never)
      expect(t.shown()).toEqual(['n3'])
      expect(t.emitted.filter((e) => e.type === 'notifications.held')).toEqual([{ type: 'notifications.held', holdId: 'hold-1', action, count: 2 }])
      t.clock.increment(UNDO_WINDOW_MS - 1)
      await flush()
      expect(t.send.calls).toEqual([])
      expect(t.emitted.some((e) => e.type === 'notifications.changed')).toBe(false)
      t.clock.increment(1)
      await flush()
      expect(t.send.calls.map((c) => [c.kind, 'id' in c ? c.id : null])).toEqual([[action, 'n1']])
      await t.send.resolve()
      await t.send.resolve()
      expect(t.send.calls.map((c) => [c.kind, 'id' in c ? c.id : null])).toEqual([
        [action, 'n1'],
        [action, 'n2'],
      ])
      expect(t.shown()).toEqual(['n3'])
      expect(t.actor.getSnapshot().context.holds).toEqual([])
    })

    it(`Scenario: undo of a ${action} within the window restores exactly what was there and sends nothing`, async () => {
      const t = await signedIn()
      const before = t.actor.getSnapshot().context.items
      t.actor.send({ type: 'notifications.applyWithUndo', action, ids: ['n1', 'n2'], ...extra } as never)
      t.clock.increment(UNDO_WINDOW_MS - 1)
      t.actor.send({ type: 'notifications.undo', holdId: 'hold-1' })
      expect(t.actor.getSnapshot().context.items).toEqual(before)
      t.clock.increment(UNDO_WINDOW_MS)
      await flush()
      expect(t.send.calls).toEqual([])
    })
  }

  it('Scenario: a fetch answered during the window keeps the held archive out of the inbox', async () => {
    const t = await signedIn()
    t.actor.send({ type: 'notifications.applyWithUndo', action: 'archive', ids: ['n2'] })
    t.actor.send({ type: 'notifications.refresh' })
    await t.load.resolve(pageOf([n1, n2, n3], false, 2))
    expect(t.shown()).toEqual(['n1', 'n3'])
    t.actor.send({ type: 'notifications.undo', holdId: 'hold-1' })
    expect(t.shown()).toEqual(['n1', 'n2:r', 'n3'])
  })

  it('Scenario: two holds are undone apart, each by its own toast', async () => {
    const t = await signedIn()
    t.actor.send({ type: 'notifications.applyWithUndo', action: 'archive', ids: ['n1'] })
    t.actor.send({ type: 'notifications.applyWithUndo', action: 'remove', ids: ['n3'] })
    expect(t.shown()).toEqual(['n2:r'])
    t.actor.send({ type: 'notifications.undo', holdId: 'hold-1' })
    expect(t.shown()).toEqual(['n1', 'n2:r'])
    t.clock.increment(UNDO_WINDOW_MS)
    await flush()
    expect(t.send.calls).toEqual([{ kind: 'remove', id: 'n3', item: n3 }])
  })

  it('Scenario: a change of a held item sends the held change first, and Undo then does nothing', async () => {
    const t = await signedIn()
    t.actor.send({ type: 'notifications.applyWithUndo', action: 'archive', ids: ['n2'] })
    t.actor.send({ type: 'notifications.filter', filter: 'archived' })
    t.actor.send({ type: 'notifications.restore', id: 'n2' })
    await flush()
    expect(t.send.calls.map((c) => c.kind)).toEqual(['archive'])
    await t.send.resolve()
    expect(t.send.calls.map((c) => c.kind)).toEqual(['archive', 'restore'])
    t.actor.send({ type: 'notifications.undo', holdId: 'hold-1' })
    t.actor.send({ type: 'notifications.filter', filter: 'all' })
    expect(selectVisible(t.actor.getSnapshot()).map((n) => n._id)).toEqual(['n1', 'n2', 'n3'])
  })

  it('Scenario: ids it does not apply to are skipped; none at all holds nothing', async () => {
    const t = await signedIn()
    t.actor.send({ type: 'notifications.applyWithUndo', action: 'archive', ids: ['nope'] })
    expect(t.actor.getSnapshot().context.holds).toEqual([])
    expect(t.emitted.some((e) => e.type === 'notifications.held')).toBe(false)
  })

  it('Scenario: the page going away sends the holds (and a held delete-all) through the browser side; the machine sends nothing again', async () => {
    const t = await signedIn()
    t.actor.send({ type: 'notifications.applyWithUndo', action: 'snooze', ids: ['n1'], until: later })
    t.actor.send({ type: 'notifications.removeAll' })
    t.actor.send({ type: 'notifications.holdsSent' })
    expect(t.actor.getSnapshot().context.holds).toEqual([])
    expect(t.actor.getSnapshot().context.held).toBeNull()
    expect(t.actor.getSnapshot().matches({ signedIn: { deletingAll: 'idle' } })).toBe(true)
    expect(t.emitted.filter((e) => e.type === 'notifications.changed').map((e) => e.type === 'notifications.changed' && e.change.kind)).toEqual(['snooze', 'removeAll'])
    t.clock.increment(UNDO_WINDOW_MS)
    await flush()
    expect(t.send.calls).toEqual([])
    expect(t.shown()).toEqual([])
  })

  it('Scenario: signing out drops a hold unsent, and its lapse never releases a later hold', async () => {
    const t = await signedIn()
    t.actor.send({ type: 'notifications.applyWithUndo', action: 'archive', ids: ['n1'] })
    t.actor.send({ type: 'auth.changed', orgId: null })
    t.actor.send({ type: 'auth.changed', orgId: 'o-acme' })
    await t.load.resolve(pageOf([n1, n2, n3], false, 2))
    t.clock.increment(UNDO_WINDOW_MS - 1000)
    t.actor.send({ type: 'notifications.applyWithUndo', action: 'archive', ids: ['n3'] })
    expect(t.actor.getSnapshot().context.holds?.map((h) => h.id)).toEqual(['hold-2'])
    t.clock.increment(1000)
    await flush()
    expect(t.send.calls).toEqual([])
  })
})
