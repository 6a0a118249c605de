import { createActor } from 'xstate'
import { describe, expect, it } from 'vitest'
import { DEFAULT_PREFERENCES, type NotificationPreferences } from '../../contract/notifications.ts'
import { walkEveryTransition } from '../testing/model-walk.ts'
import { controllable, settleActorEvent } from '../testing/stubs.ts'
import { preferencesMachine } from './preferences.machine.ts'

const saved: NotificationPreferences = { ...DEFAULT_PREFERENCES, push_enabled: false }

describe('preferences (model)', () => {
  it('walks every transition on a real actor; what is shown is what was loaded, saved or the defaults', async () => {
    const result = await walkEveryTransition({
      machine: preferencesMachine,
      events: [
        { type: 'preferences.togglePush' },
        { type: 'preferences.toggleEmail' },
        { type: 'preferences.toggleCategory', id: 'marketing' },
        { type: 'preferences.save' },
        { type: 'xstate.done.actor.loadPreferences', output: saved } as never,
        { type: 'xstate.error.actor.loadPreferences', error: new Error('500') } as never,
        { type: 'xstate.done.actor.savePreferences', output: saved } as never,
        { type: 'xstate.error.actor.savePreferences', error: new Error('500') } as never,
      ],
      // Bounded: the form's values do not change which transitions exist.
      serializeState: (s) => JSON.stringify([s.value, s.context.usingDefaults]),
      start: (inspect) => {
        const loadPreferences = controllable<NotificationPreferences, void>()
        const savePreferences = controllable<NotificationPreferences, NotificationPreferences>()
        const emitted: string[] = []
        const actor = createActor(preferencesMachine.provide({ actors: { loadPreferences: loadPreferences.logic, savePreferences: savePreferences.logic } }), {
          inspect,
        })
        actor.on('*', (e) => emitted.push(e.type))
        actor.start()
        return {
          actor,
          exec: async (e) => {
            if (await settleActorEvent(e as { type: string }, { loadPreferences, savePreferences })) return
            actor.send(e)
          },
          check: (s) => {
            // Defaults shown after a failed load keep the default categories (edits only toggle them).
            if (s.context.usingDefaults) expect(s.context.preferences.categories.map((c) => c.id)).toEqual(DEFAULT_PREFERENCES.categories.map((c) => c.id))
            if (s.matches('loading')) expect(s.context.preferences).toBeDefined()
            if (s.matches('saving')) expect(savePreferences.calls.at(-1)).toEqual(s.context.preferences)
            if (s.matches('loading') && emitted.length > 0) expect(emitted.at(-1)).toBe('preferences.saveFailed')
          },
          stop: () => actor.stop(),
        }
      },
    })
    expect(result.failures).toEqual([])
    expect(result.unwalked).toEqual([])
  })

  it('Scenario: a toggled category is sent as the whole object', async () => {
    const save = controllable<NotificationPreferences, NotificationPreferences>()
    const load = controllable<NotificationPreferences, void>()
    const actor = createActor(preferencesMachine.provide({ actors: { loadPreferences: load.logic, savePreferences: save.logic } })).start()
    await load.reject(new Error('offline'))
    expect(actor.getSnapshot().context.usingDefaults).toBe(true)
    actor.send({ type: 'preferences.toggleCategory', id: 'analytics' })
    actor.send({ type: 'preferences.save' })
    expect(save.calls.at(-1)?.categories.find((c) => c.id === 'analytics')?.enabled).toBe(true)
  })
})
