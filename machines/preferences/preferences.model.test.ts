import { SimulatedClock, createActor } from 'xstate'
import { describe, expect, it } from 'vitest'
import { DEFAULT_PREFERENCES, type NotificationPreferences } from '../../contract/notifications.ts'
import { walkEveryTransition } from '../testing/model-walk.ts'
import { controllable, settleActorEvent } from '../testing/stubs.ts'
import { PREFERENCES_ROLLED_BACK, PREFERENCES_SAVE_DELAY_MS, type PreferencesEmitted, preferencesMachine } from './preferences.machine.ts'

const onServer: NotificationPreferences = { ...DEFAULT_PREFERENCES, push_enabled: false }

describe('preferences (model)', () => {
  it('walks every transition on a real actor; a change is saved after the wait, and a refused one is rolled back', async () => {
    const result = await walkEveryTransition({
      machine: preferencesMachine,
      events: [
        { type: 'preferences.togglePush' },
        { type: 'preferences.toggleEmail' },
        { type: 'preferences.toggleCategory', id: 'marketing' },
        { type: 'xstate.after.saveDelay.preferences.pending' } as never,
        { type: 'xstate.done.actor.loadPreferences', output: onServer } as never,
        { type: 'xstate.error.actor.loadPreferences', error: new Error('500') } as never,
        { type: 'xstate.done.actor.reloadPreferences', output: onServer } as never,
        { type: 'xstate.error.actor.reloadPreferences', error: new Error('500') } as never,
        // The server answers with what it was sent (as the reference server does).
        { type: 'xstate.done.actor.savePreferences', output: onServer } as never,
        { type: 'xstate.error.actor.savePreferences', error: new Error('500') } as never,
      ],
      // Bounded: the form's values do not change which transitions exist; a pending re-save does.
      serializeState: (s) => JSON.stringify([s.value, s.context.usingDefaults, s.context.changedWhileSaving]),
      start: (inspect) => {
        const loadPreferences = controllable<NotificationPreferences, void>()
        const savePreferences = controllable<NotificationPreferences, NotificationPreferences>()
        const clock = new SimulatedClock()
        const emitted: PreferencesEmitted['type'][] = []
        const actor = createActor(preferencesMachine.provide({ actors: { loadPreferences: loadPreferences.logic, savePreferences: savePreferences.logic } }), {
          inspect,
          clock,
        })
        actor.on('*', (e) => emitted.push(e.type))
        actor.start()
        return {
          actor,
          exec: async (event) => {
            const e = event as { type: string; output?: unknown }
            if (e.type === 'xstate.after.saveDelay.preferences.pending') return clock.increment(PREFERENCES_SAVE_DELAY_MS)
            if (e.type === 'xstate.done.actor.savePreferences') {
              await savePreferences.resolve(savePreferences.calls.at(-1) as NotificationPreferences)
              return
            }
            if (await settleActorEvent(e, { loadPreferences, reloadPreferences: loadPreferences, savePreferences })) return
            actor.send(e as never)
          },
          check: (s) => {
            const c = s.context
            // Defaults shown after a failed load keep the default categories (edits only toggle them).
            if (c.usingDefaults) expect(c.preferences.categories.map((x) => x.id)).toEqual(DEFAULT_PREFERENCES.categories.map((x) => x.id))
            // What is sent is what was on screen when the wait ended.
            if (s.matches('saving') && !c.changedWhileSaving) expect(savePreferences.calls.at(-1)).toEqual(c.preferences)
            // 'Saved' shows only for what the server confirmed, and announces it once.
            if (s.matches('saved')) {
              expect(c.preferences).toEqual(c.confirmed)
              expect(emitted.at(-1)).toBe('preferences.saved')
            }
            // A refused save: the switches are back where the server had them, and the reason is said.
            if (s.matches('reloading')) {
              expect(c.preferences).toEqual(c.confirmed)
              expect(c.error).toBe(PREFERENCES_ROLLED_BACK)
              expect(emitted.at(-1)).toBe('preferences.saveFailed')
            }
            if (s.matches('pending')) expect(c.error).toBeNull()
            if (c.changedWhileSaving) expect(s.matches('saving')).toBe(true)
          },
          stop: () => actor.stop(),
        }
      },
    })
    expect(result.failures).toEqual([])
    expect(result.unwalked).toEqual([])
  })
})

describe('preferences', () => {
  function start() {
    const save = controllable<NotificationPreferences, NotificationPreferences>()
    const load = controllable<NotificationPreferences, void>()
    const clock = new SimulatedClock()
    const emitted: string[] = []
    const actor = createActor(preferencesMachine.provide({ actors: { loadPreferences: load.logic, savePreferences: save.logic } }), { clock })
    actor.on('*', (e) => emitted.push(e.type))
    actor.start()
    return { actor, save, load, clock, emitted }
  }

  it('Scenario: a toggled category is saved on its own after the wait, as the whole object', async () => {
    const { actor, save, load, clock } = start()
    await load.reject(new Error('offline'))
    expect(actor.getSnapshot().context.usingDefaults).toBe(true)
    actor.send({ type: 'preferences.toggleCategory', id: 'analytics' })
    expect(save.calls).toHaveLength(0)
    clock.increment(PREFERENCES_SAVE_DELAY_MS)
    expect(save.calls.at(-1)?.categories.find((c) => c.id === 'analytics')?.enabled).toBe(true)
  })

  it('Scenario: quick flips are one save (debounced); the switch shows the change at once (optimistic) and "saved" follows the answer', async () => {
    const { actor, save, load, clock, emitted } = start()
    await load.resolve(DEFAULT_PREFERENCES)
    actor.send({ type: 'preferences.toggleEmail' })
    clock.increment(PREFERENCES_SAVE_DELAY_MS - 100)
    actor.send({ type: 'preferences.toggleCategory', id: 'marketing' })
    clock.increment(PREFERENCES_SAVE_DELAY_MS - 100)
    expect(save.calls).toHaveLength(0)
    expect(actor.getSnapshot().context.preferences.email_enabled).toBe(false)
    clock.increment(100)
    expect(save.calls).toHaveLength(1)
    expect(save.calls[0]).toMatchObject({ email_enabled: false })
    expect(actor.getSnapshot().context.section).toBe('categories')
    await save.resolve(save.calls[0]!)
    expect(actor.getSnapshot().value).toBe('saved')
    expect(emitted).toEqual(['preferences.saved'])
  })

  it('Scenario: a change during a save is saved after it; a refused save rolls back to what the server confirmed and reloads', async () => {
    const { actor, save, load, clock, emitted } = start()
    await load.resolve(DEFAULT_PREFERENCES)
    actor.send({ type: 'preferences.togglePush' })
    clock.increment(PREFERENCES_SAVE_DELAY_MS)
    actor.send({ type: 'preferences.toggleEmail' })
    await save.resolve(save.calls[0]!)
    // The later change stays on screen and goes out after the wait.
    expect(actor.getSnapshot().value).toBe('pending')
    expect(actor.getSnapshot().context.preferences).toMatchObject({ push_enabled: false, email_enabled: false })
    clock.increment(PREFERENCES_SAVE_DELAY_MS)
    expect(save.calls).toHaveLength(2)
    await save.reject(new Error('500'))
    const s = actor.getSnapshot()
    expect(s.value).toBe('reloading')
    expect(s.context.preferences).toMatchObject({ push_enabled: false, email_enabled: true })
    expect(s.context.error).toBe(PREFERENCES_ROLLED_BACK)
    expect(emitted).toEqual(['preferences.saveFailed'])
    await load.resolve({ ...DEFAULT_PREFERENCES, push_enabled: false })
    expect(actor.getSnapshot().value).toBe('idle')
  })
})
