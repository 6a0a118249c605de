import { SimulatedClock, createActor, fromCallback } from 'xstate'
import { describe, expect, it } from 'vitest'
import { type CreditsSummary, INITIAL_CREDITS } from '../../contract/workspaces.ts'
import { walkEveryTransition } from '../testing/model-walk.ts'
import { controllable, flush, settleActorEvent } from '../testing/stubs.ts'
import { CREDITS_FOCUS_THROTTLE_MS, CREDITS_STALE_MS, type CreditsEvent, creditsMachine } from './credits.machine.ts'
import { selectCredits } from './credits.selectors.ts'
import { acmeCredits } from './credits.fixtures.ts'

const events = [
  { type: 'auth.changed', orgId: 'o-acme' },
  { type: 'auth.changed', orgId: 'o-globex' },
  { type: 'auth.changed', orgId: null },
  { type: 'credits.focused' },
  { type: 'credits.refetch' },
  { type: 'xstate.done.actor.loadCredits', output: acmeCredits },
  { type: 'xstate.error.actor.loadCredits', error: new Error('503') },
  { type: 'xstate.done.actor.reloadCredits', output: { ...acmeCredits, usedCredits: 2600 } },
  { type: 'xstate.error.actor.reloadCredits', error: new Error('503') },
  { type: 'xstate.after.focusThrottle.credits.ready.fresh' },
  { type: 'xstate.after.stale.credits.ready' },
] as never[]

describe('credits (model)', () => {
  it('walks every transition on a real actor: old numbers never outlive an org switch, failures keep the last value, focus is throttled', async () => {
    const result = await walkEveryTransition({
      machine: creditsMachine,
      events,
      // Bounded: the summary is reduced to which answer it is, so refetches do not grow the state space.
      serializeState: (s) => JSON.stringify([s.value, s.context.orgId, s.context.summary?.usedCredits ?? null]),
      start: (inspect) => {
        const clock = new SimulatedClock()
        const load = controllable<CreditsSummary, { orgId: string }>()
        const focus = { running: 0, sendBack: null as ((e: CreditsEvent) => void) | null }
        const warnings: unknown[] = []
        let loadedFor: string | null = null
        let readyAt = 0
        const actor = createActor(
          creditsMachine.provide({
            actors: {
              watchAuth: fromCallback(() => () => {}),
              loadCredits: load.logic,
              focusListener: fromCallback(({ sendBack }) => {
                focus.running++
                focus.sendBack = sendBack
                return () => {
                  focus.running--
                  focus.sendBack = null
                }
              }),
            },
            actions: { logFailure: (_, params) => void warnings.push(params.error) },
          }),
          { inspect, clock },
        )
        let wasReady = false
        actor.subscribe((s) => {
          if (s.matches('ready') && !wasReady) readyAt = clock.now()
          wasReady = s.matches('ready')
        })
        actor.start()
        return {
          actor,
          exec: async (event) => {
            const e = event as unknown as { type: string }
            const before = actor.getSnapshot().context.summary
            const warned = warnings.length
            if (e.type.startsWith('xstate.done.actor.')) loadedFor = load.calls.at(-1)?.orgId ?? null
            if (await settleActorEvent(e, { loadCredits: load, reloadCredits: load })) {
              // SPEC §8: a failure is logged, and the numbers on screen stay as they were.
              if (e.type.startsWith('xstate.error.')) {
                expect(warnings).toHaveLength(warned + 1)
                expect(actor.getSnapshot().context.summary).toBe(before)
              }
              return
            }
            if (e.type === 'xstate.after.focusThrottle.credits.ready.fresh') return clock.increment(readyAt + CREDITS_FOCUS_THROTTLE_MS - clock.now())
            if (e.type === 'xstate.after.stale.credits.ready') return clock.increment(readyAt + CREDITS_STALE_MS - clock.now())
            // The window's focus reaches the machine only through its listener.
            if (e.type === 'credits.focused') {
              if (!focus.sendBack) throw new Error('focus arrived while no focus listener runs')
              focus.sendBack({ type: 'credits.focused' })
              return flush()
            }
            actor.send(event)
          },
          check: (s) => {
            if (s.matches('signedOut')) expect(s.context.orgId).toBeNull()
            // Numbers on hand always belong to the current org; before they arrive, the initial value shows.
            if (s.context.summary !== null) expect(loadedFor).toBe(s.context.orgId)
            else expect(selectCredits(s)).toBe(INITIAL_CREDITS)
            if (s.matches('loading') || s.matches('refreshing')) expect(load.calls.at(-1)).toEqual({ orgId: s.context.orgId })
            // Focus is listened to only 60 s after the last answer (the throttle).
            expect(focus.running).toBe(s.matches({ ready: 'settled' }) ? 1 : 0)
          },
          stop: () => actor.stop(),
        }
      },
    })
    expect(result.failures).toEqual([])
    expect(result.unwalked).toEqual([])
    // Both auth.changed branches, two answers of each load, stale, refetch, throttle, focus.
    expect(result.defined).toHaveLength(10)
  })
})
