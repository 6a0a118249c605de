import { createActor, fromCallback } from 'xstate'
import { describe, expect, it } from 'vitest'
import { walkEveryTransition } from '../testing/model-walk.ts'
import { controllable, flush, settleActorEvent } from '../testing/stubs.ts'
import { acmeOverview } from './overview.fixtures.ts'
import { type OverviewEvent, type OverviewFacts, type OverviewRequest, overviewMachine } from './overview.machine.ts'
import { selectOverviewStatus } from './overview.selectors.ts'

const events = [
  { type: 'auth.changed', orgId: 'o-acme', userId: 'u-ada' },
  { type: 'auth.changed', orgId: 'o-globex', userId: 'u-ada' },
  { type: 'auth.changed', orgId: null, userId: null },
  { type: 'overview.retry' },
  { type: 'overview.focused' },
  { type: 'overview.dismissChecklist' },
  { type: 'xstate.done.actor.loadOverview', output: { overview: acmeOverview, checklistDismissed: false } satisfies OverviewFacts },
  { type: 'xstate.error.actor.loadOverview', error: new Error('503') },
  { type: 'xstate.done.actor.reloadOverview', output: { overview: acmeOverview, checklistDismissed: false } satisfies OverviewFacts },
  { type: 'xstate.error.actor.reloadOverview', error: new Error('503') },
] as never[]

describe('overview (model)', () => {
  it('walks every transition on a real actor: an org switch drops the old facts, a failed refresh keeps them, a dismissal is stored and stands', async () => {
    const result = await walkEveryTransition({
      machine: overviewMachine,
      events,
      serializeState: (s) => JSON.stringify([s.value, s.context.orgId, s.context.overview !== null, s.context.checklistDismissed, s.context.loadError !== null]),
      start: (inspect) => {
        const load = controllable<OverviewFacts, OverviewRequest>()
        const focus = { running: 0, sendBack: null as ((e: OverviewEvent) => void) | null }
        const stored: Array<{ orgId: string | null; userId: string | null }> = []
        const warnings: unknown[] = []
        let loadedFor: string | null = null
        const actor = createActor(
          overviewMachine.provide({
            actors: {
              watchAuth: fromCallback(() => () => {}),
              loadOverview: load.logic,
              focusListener: fromCallback(({ sendBack }) => {
                focus.running++
                focus.sendBack = sendBack
                return () => {
                  focus.running--
                  focus.sendBack = null
                }
              }),
            },
            actions: {
              storeDismissal: (_, params) => void stored.push(params),
              logRefreshFailure: (_, params) => void warnings.push(params.error),
            },
          }),
          { inspect },
        )
        actor.start()
        return {
          actor,
          exec: async (event) => {
            const e = event as unknown as { type: string }
            const before = actor.getSnapshot().context
            if (e.type.startsWith('xstate.done.actor.')) loadedFor = load.calls.at(-1)?.orgId ?? null
            if (await settleActorEvent(e, { loadOverview: load, reloadOverview: load })) {
              // A failed refresh is logged only: the facts on screen stay.
              if (e.type === 'xstate.error.actor.reloadOverview') {
                expect(warnings.length).toBeGreaterThan(0)
                expect(actor.getSnapshot().context.overview).toBe(before.overview)
              }
              return
            }
            if (e.type === 'overview.focused') {
              if (!focus.sendBack) throw new Error('focus arrived while no focus listener runs')
              focus.sendBack({ type: 'overview.focused' })
              return flush()
            }
            const storedBefore = stored.length
            actor.send(event)
            if (e.type === 'overview.dismissChecklist') {
              // Stored for this person and workspace, exactly once per press.
              expect(stored.slice(storedBefore)).toEqual([{ orgId: before.orgId, userId: before.userId }])
            }
          },
          check: (s) => {
            if (s.matches('signedOut')) expect(s.context.orgId).toBeNull()
            // Facts on hand always belong to the current org.
            if (s.context.overview !== null) expect(loadedFor).toBe(s.context.orgId)
            if (s.matches('loading') || s.matches('refreshing')) expect(load.calls.at(-1)).toEqual({ orgId: s.context.orgId, userId: s.context.userId })
            if (s.matches('failed')) expect(selectOverviewStatus(s)).toBe('failed')
            // Focus is listened to only while the facts are shown and settled.
            expect(focus.running).toBe(s.matches('ready') ? 1 : 0)
          },
          stop: () => actor.stop(),
        }
      },
    })
    expect(result.failures).toEqual([])
    expect(result.unwalked).toEqual([])
    // Both auth.changed branches, dismiss, both answers of each load, retry, focus.
    expect(result.defined).toHaveLength(9)
  })
})
