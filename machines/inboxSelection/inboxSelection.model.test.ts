import { createActor } from 'xstate'
import { describe, expect, it } from 'vitest'
import { walkEveryTransition } from '../testing/model-walk.ts'
import { inboxSelectionMachine, targets } from './inboxSelection.machine.ts'

const events = [
  { type: 'selection.rows', rows: ['a', 'b', 'c'] },
  { type: 'selection.rows', rows: ['a', 'c'] },
  { type: 'selection.rows', rows: [] },
  { type: 'selection.next' },
  { type: 'selection.previous' },
  { type: 'selection.focus', id: 'c' },
  { type: 'selection.focus', id: 'zzz' },
  { type: 'selection.toggle' },
  { type: 'selection.toggle', id: 'b' },
  { type: 'selection.all' },
  { type: 'selection.clear' },
] as never[]

describe('inboxSelection (model)', () => {
  it('walks every transition: the selection only holds shown rows, the cursor is on a shown row or none, and the state says whether anything is ticked', async () => {
    const result = await walkEveryTransition({
      machine: inboxSelectionMachine,
      events,
      serializeState: (s) => JSON.stringify([s.value, s.context.rows, s.context.cursor, s.context.selected]),
      start: (inspect) => {
        const actor = createActor(inboxSelectionMachine, { inspect }).start()
        return {
          actor,
          exec: (event) => void actor.send(event),
          check: (s) => {
            for (const id of s.context.selected) expect(s.context.rows).toContain(id)
            expect(new Set(s.context.selected).size).toBe(s.context.selected.length)
            if (s.context.cursor !== null) expect(s.context.rows).toContain(s.context.cursor)
            expect(s.matches('some')).toBe(s.context.selected.length > 0)
            // Actions apply to the ticked rows, else to the cursor's.
            expect(targets(s.context)).toEqual(s.context.selected.length > 0 ? s.context.selected : s.context.cursor === null ? [] : [s.context.cursor])
          },
          stop: () => actor.stop(),
        }
      },
    })
    expect(result.failures.slice(0, 5)).toEqual([])
    expect(result.unwalked).toEqual([])
  })

  it('Scenario: j moves down from the first row, x ticks; when the cursor row is archived the cursor moves on to the next one still shown', () => {
    const actor = createActor(inboxSelectionMachine).start()
    actor.send({ type: 'selection.rows', rows: ['a', 'b', 'c'] })
    actor.send({ type: 'selection.next' })
    expect(actor.getSnapshot().context.cursor).toBe('a')
    actor.send({ type: 'selection.next' })
    actor.send({ type: 'selection.toggle' })
    expect(targets(actor.getSnapshot().context)).toEqual(['b'])
    actor.send({ type: 'selection.rows', rows: ['a', 'c'] })
    expect(actor.getSnapshot().context).toMatchObject({ cursor: 'c', selected: [] })
    expect(actor.getSnapshot().value).toBe('none')
    // Rows above it gone too: still the next one, not the row now at its index.
    actor.send({ type: 'selection.rows', rows: ['a', 'b', 'c', 'd'] })
    actor.send({ type: 'selection.focus', id: 'b' })
    actor.send({ type: 'selection.rows', rows: ['c', 'd'] })
    expect(actor.getSnapshot().context.cursor).toBe('c')
    actor.send({ type: 'selection.rows', rows: ['a', 'c'] })
    actor.send({ type: 'selection.previous' })
    actor.send({ type: 'selection.previous' })
    expect(actor.getSnapshot().context.cursor).toBe('a')
  })
})
