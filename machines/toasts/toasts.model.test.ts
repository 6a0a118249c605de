import { SimulatedClock, createActor, fromCallback } from 'xstate'
import { describe, expect, it } from 'vitest'
import { walkEveryTransition } from '../testing/model-walk.ts'
import { flush } from '../testing/stubs.ts'
import { MAX_TOASTS, TOAST_LIFETIME_MS, toastsMachine } from './toasts.machine.ts'

const undo = { label: 'Undo', to: createActor(fromCallback(() => {})).start(), event: { type: 'thing.undo' } }

describe('toasts (model)', () => {
  it('walks every transition on a real actor', async () => {
    const result = await walkEveryTransition({
      machine: toastsMachine,
      // Bounded: up to two toasts at once, dismissing the oldest (ids grow forever otherwise).
      events: (s) => [
        ...(s.context.toasts.length < 2 ? [{ type: 'toast.show' as const, toastType: 'success' as const, message: 'Saved' }] : []),
        ...(s.context.toasts.length < 2 ? [{ type: 'toast.show' as const, toastType: 'info' as const, message: 'Deleted', action: undo }] : []),
        ...s.context.toasts.slice(0, 1).map((t) => ({ type: 'toast.dismiss' as const, id: t.id })),
        ...s.context.toasts.slice(0, 1).map((t) => ({ type: 'toast.act' as const, id: t.id })),
      ],
      serializeState: (s) => JSON.stringify([s.value, s.context.toasts.map((t) => t.action !== undefined)]),
      start: (inspect) => {
        const actor = createActor(toastsMachine, { inspect, clock: new SimulatedClock() }).start()
        return {
          actor,
          exec: (e) => void actor.send(e),
          check: (s) => {
            expect(new Set(s.context.toasts.map((t) => t.id)).size).toBe(s.context.toasts.length)
            expect(s.context.toasts.length).toBeLessThanOrEqual(MAX_TOASTS)
          },
          stop: () => actor.stop(),
        }
      },
    })
    expect(result.failures).toEqual([])
    expect(result.unwalked).toEqual([])
  })
})

describe('toasts', () => {
  it('Scenario: a toast disappears after 5 s (SPEC §4, §9)', async () => {
    const clock = new SimulatedClock()
    const actor = createActor(toastsMachine, { clock }).start()
    actor.send({ type: 'toast.show', toastType: 'success', message: 'Preferences saved successfully' })
    expect(actor.getSnapshot().context.toasts).toEqual([{ id: 'toast-1', type: 'success', message: 'Preferences saved successfully' }])
    clock.increment(TOAST_LIFETIME_MS - 1)
    await flush()
    expect(actor.getSnapshot().context.toasts).toHaveLength(1)
    clock.increment(1)
    await flush()
    expect(actor.getSnapshot().context.toasts).toHaveLength(0)
  })

  it('Scenario: a manual dismiss removes only that toast; the others keep their own timers', async () => {
    const clock = new SimulatedClock()
    const actor = createActor(toastsMachine, { clock }).start()
    actor.send({ type: 'toast.show', toastType: 'info', message: 'one' })
    clock.increment(2000)
    actor.send({ type: 'toast.show', toastType: 'error', message: 'two' })
    actor.send({ type: 'toast.dismiss', id: 'toast-1' })
    expect(actor.getSnapshot().context.toasts.map((t) => t.message)).toEqual(['two'])
    clock.increment(3000)
    await flush()
    expect(actor.getSnapshot().context.toasts.map((t) => t.message)).toEqual(['two'])
    clock.increment(2000)
    await flush()
    expect(actor.getSnapshot().context.toasts).toEqual([])
  })

  it('Scenario: at most 5 toasts are kept, the oldest going first', () => {
    const actor = createActor(toastsMachine, { clock: new SimulatedClock() }).start()
    for (let i = 1; i <= 7; i++) actor.send({ type: 'toast.show', toastType: 'info', message: `m${i}` })
    expect(actor.getSnapshot().context.toasts.map((t) => t.message)).toEqual(['m3', 'm4', 'm5', 'm6', 'm7'])
  })

  it('Scenario: a toast action sends its event to its actor and removes the toast; a stopped actor gets nothing', () => {
    const received: string[] = []
    const receiver = createActor(fromCallback(({ receive }) => receive((e) => void received.push(e.type)))).start()
    const stopped = createActor(fromCallback(({ receive }) => receive((e) => void received.push(`stopped:${e.type}`)))).start()
    stopped.stop()
    const toasts = createActor(toastsMachine, { clock: new SimulatedClock() }).start()
    toasts.send({
      type: 'toast.show',
      toastType: 'info',
      message: '3 notifications deleted',
      action: { label: 'Undo', to: receiver, event: { type: 'thing.undo' } },
    })
    toasts.send({ type: 'toast.show', toastType: 'info', message: 'Nobody listens', action: { label: 'Undo', to: stopped, event: { type: 'thing.undo' } } })
    expect(toasts.getSnapshot().context.toasts.map((t) => t.action?.label)).toEqual(['Undo', 'Undo'])
    toasts.send({ type: 'toast.act', id: 'toast-1' })
    expect(received).toEqual(['thing.undo'])
    toasts.send({ type: 'toast.act', id: 'toast-2' })
    expect(received).toEqual(['thing.undo'])
    expect(toasts.getSnapshot().context.toasts).toEqual([])
  })
})
