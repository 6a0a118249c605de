import { SimulatedClock, createActor } from 'xstate'
import { describe, expect, it } from 'vitest'
import { DEFAULT_PREFERENCES, type NotificationPreferences, type QuietHours } from '../../contract/notifications.ts'
import { walkEveryTransition } from '../testing/model-walk.ts'
import { controllable, settleActorEvent } from '../testing/stubs.ts'
import { PREFERENCES_ROLLED_BACK, PREFERENCES_SAVE_DELAY_MS, type PreferencesEmitted, preferencesMachine } from './preferences.machine.ts'
import { selectMatrixRows, selectQuietHours, selectSaveStatus } from './preferences.selectors.ts'
import { QUIET_HOURS_SAME_TIMES, isValidQuietHours } from './quietHours.ts'

/** Stored before the per-channel choices existed: no category has `channels` (shown and saved as both on). */
const onServer: NotificationPreferences = {
  ...DEFAULT_PREFERENCES,
  push_enabled: false,
  categories: DEFAULT_PREFERENCES.categories.map(({ channels: _, ...c }) => c),
}
const nights: QuietHours = { enabled: true, start: '22:00', end: '07:00', timezone: 'Europe/Berlin' }
/** Start = end and a zone nobody has: never saved, shown with both errors. */
const broken: QuietHours = { enabled: true, start: '22:00', end: '22:00', timezone: 'Mars/Olympus_Mons' }

describe('preferences (model)', () => {
  it('walks every transition on a real actor; a change is saved after the wait, and a refused one is rolled back', async () => {
    const result = await walkEveryTransition({
      machine: preferencesMachine,
      events: [
        { type: 'preferences.togglePush' },
        { type: 'preferences.toggleEmail' },
        { type: 'preferences.toggleCategory', id: 'marketing' },
        { type: 'preferences.toggleChannel', id: 'messages', channel: 'email' },
        { type: 'preferences.setQuietHours', quietHours: nights },
        { type: 'preferences.setQuietHours', quietHours: broken },
        { type: 'xstate.after.saveDelay.preferences.pending' } as never,
        { type: 'xstate.done.actor.loadPreferences', output: onServer } as never,
        { type: 'xstate.error.actor.loadPreferences', error: new Error('500') } as never,
        { type: 'xstate.done.actor.reloadPreferences', output: onServer } as never,
        { type: 'xstate.error.actor.reloadPreferences', error: new Error('500') } as never,
        // The server answers with what it was sent (as the reference server does).
        { type: 'xstate.done.actor.savePreferences', output: onServer } as never,
        { type: 'xstate.error.actor.savePreferences', error: new Error('500') } as never,
      ],
      // Bounded: the form's values do not change which transitions exist; a pending re-save and a draft do.
      serializeState: (s) => JSON.stringify([s.value, s.context.usingDefaults, s.context.changedWhileSaving, s.context.quietHoursDraft !== null]),
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
            // Every category shows its channels, also when the server's copy predates them.
            for (const x of [...c.preferences.categories, ...c.confirmed.categories]) expect(x.channels).toBeDefined()
            // Quiet hours the editor may not save are never sent, and a draft always says why.
            for (const sent of savePreferences.calls) if (sent.quiet_hours) expect(isValidQuietHours(sent.quiet_hours)).toBe(true)
            if (c.quietHoursDraft !== null) expect(c.quietHoursErrors).toEqual({ end: QUIET_HOURS_SAME_TIMES, timezone: 'Choose a time zone from the list' })
            else expect(c.quietHoursErrors).toEqual({})
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

  it('Scenario: preferences stored before the matrix show both channels on; channel flips are debounced into one save of the whole object', async () => {
    const { actor, save, load, clock, emitted } = start()
    await load.resolve(onServer)
    const messages = () => actor.getSnapshot().context.preferences.categories.find((c) => c.id === 'messages')
    expect(messages()?.channels).toEqual({ push: true, email: true })
    actor.send({ type: 'preferences.toggleChannel', id: 'messages', channel: 'email' })
    expect(messages()?.channels).toEqual({ push: true, email: false })
    clock.increment(PREFERENCES_SAVE_DELAY_MS - 100)
    actor.send({ type: 'preferences.toggleChannel', id: 'payments', channel: 'push' })
    clock.increment(PREFERENCES_SAVE_DELAY_MS - 100)
    expect(save.calls).toHaveLength(0)
    clock.increment(100)
    expect(save.calls).toHaveLength(1)
    const sent = save.calls[0]!
    expect(sent.categories.find((c) => c.id === 'messages')?.channels).toEqual({ push: true, email: false })
    expect(sent.categories.find((c) => c.id === 'payments')?.channels).toEqual({ push: false, email: true })
    // Every category goes out with its channels, the untouched ones as both on.
    expect(sent.categories.every((c) => c.channels !== undefined)).toBe(true)
    expect(actor.getSnapshot().context.section).toBe('categories')
    await save.resolve(sent)
    expect(actor.getSnapshot().value).toBe('saved')
    expect(emitted).toEqual(['preferences.saved'])
  })

  it('Scenario: a refused channel change is rolled back to what the server confirmed', async () => {
    const { actor, save, load, clock } = start()
    await load.resolve(DEFAULT_PREFERENCES)
    actor.send({ type: 'preferences.toggleChannel', id: 'team', channel: 'push' })
    clock.increment(PREFERENCES_SAVE_DELAY_MS)
    await save.reject(new Error('500'))
    const s = actor.getSnapshot()
    expect(s.value).toBe('reloading')
    expect(s.context.preferences.categories.find((c) => c.id === 'team')?.channels).toEqual({ push: true, email: true })
    expect(s.context.error).toBe(PREFERENCES_ROLLED_BACK)
  })

  it('Scenario: quiet hours edited field by field are one save after the wait, beside the quiet hours section', async () => {
    const { actor, save, load, clock } = start()
    await load.resolve(DEFAULT_PREFERENCES)
    actor.send({ type: 'preferences.setQuietHours', quietHours: { ...nights, enabled: true, start: '22:00', end: '07:00', timezone: 'UTC' } })
    clock.increment(PREFERENCES_SAVE_DELAY_MS - 100)
    actor.send({ type: 'preferences.setQuietHours', quietHours: { ...nights, start: '21:30', timezone: 'UTC' } })
    clock.increment(PREFERENCES_SAVE_DELAY_MS - 100)
    actor.send({ type: 'preferences.setQuietHours', quietHours: { ...nights, start: '21:30' } })
    expect(actor.getSnapshot().context.section).toBe('quietHours')
    clock.increment(PREFERENCES_SAVE_DELAY_MS)
    expect(save.calls).toHaveLength(1)
    expect(save.calls[0]!.quiet_hours).toEqual({ enabled: true, start: '21:30', end: '07:00', timezone: 'Europe/Berlin' })
    await save.resolve(save.calls[0]!)
    expect(actor.getSnapshot().value).toBe('saved')
  })

  it('Scenario: quiet hours with start = end or an unknown zone show field errors and are not saved; a valid value replaces them', async () => {
    const { actor, save, load, clock } = start()
    await load.resolve(DEFAULT_PREFERENCES)
    actor.send({ type: 'preferences.setQuietHours', quietHours: broken })
    let s = actor.getSnapshot()
    expect(s.value).toBe('idle')
    expect(s.context.quietHoursDraft).toEqual(broken)
    expect(s.context.quietHoursErrors).toEqual({ end: QUIET_HOURS_SAME_TIMES, timezone: 'Choose a time zone from the list' })
    expect(s.context.preferences.quiet_hours).toBeNull()
    clock.increment(PREFERENCES_SAVE_DELAY_MS * 2)
    expect(save.calls).toHaveLength(0)
    actor.send({ type: 'preferences.setQuietHours', quietHours: nights })
    s = actor.getSnapshot()
    expect(s.context.quietHoursDraft).toBeNull()
    expect(s.context.quietHoursErrors).toEqual({})
    clock.increment(PREFERENCES_SAVE_DELAY_MS)
    expect(save.calls.at(-1)?.quiet_hours).toEqual(nights)
  })

  it('Scenario: an invalid edit while a valid one waits does not stop the valid one; a refused quiet hours save is rolled back', async () => {
    const { actor, save, load, clock, emitted } = start()
    await load.resolve({ ...DEFAULT_PREFERENCES, quiet_hours: { ...nights, enabled: false } })
    actor.send({ type: 'preferences.setQuietHours', quietHours: nights })
    actor.send({ type: 'preferences.setQuietHours', quietHours: { ...nights, end: '22:00' } })
    expect(actor.getSnapshot().value).toBe('pending')
    clock.increment(PREFERENCES_SAVE_DELAY_MS)
    expect(save.calls.at(-1)?.quiet_hours).toEqual(nights)
    await save.reject(new Error('500'))
    const s = actor.getSnapshot()
    expect(s.value).toBe('reloading')
    expect(s.context.preferences.quiet_hours).toEqual({ ...nights, enabled: false })
    expect(s.context.section).toBe('quietHours')
    expect(s.context.error).toBe(PREFERENCES_ROLLED_BACK)
    // The draft the person is fixing stays on screen.
    expect(s.context.quietHoursErrors).toEqual({ end: QUIET_HOURS_SAME_TIMES })
    expect(emitted).toEqual(['preferences.saveFailed'])
  })

  it('Scenario: the editor shows the draft with its errors and no stale "Saved"; the matrix says what each category covers', async () => {
    const { actor, save, load, clock } = start()
    await load.resolve(onServer)
    expect(selectQuietHours(actor.getSnapshot(), 'Asia/Tokyo').value).toEqual({ enabled: false, start: '22:00', end: '07:00', timezone: 'Asia/Tokyo' })
    const rows = selectMatrixRows(actor.getSnapshot())
    expect(rows.find((r) => r.id === 'updates')?.covers).toEqual(['System notices', 'Product updates'])
    expect(rows.find((r) => r.id === 'messages')?.channels).toEqual({ push: true, email: true })
    actor.send({ type: 'preferences.setQuietHours', quietHours: nights })
    clock.increment(PREFERENCES_SAVE_DELAY_MS)
    await save.resolve(save.calls[0]!)
    expect(selectSaveStatus(actor.getSnapshot(), 'quietHours')).toEqual({ kind: 'saved' })
    actor.send({ type: 'preferences.setQuietHours', quietHours: { ...nights, end: nights.start } })
    expect(selectSaveStatus(actor.getSnapshot(), 'quietHours')).toEqual({ kind: 'none' })
    expect(selectQuietHours(actor.getSnapshot(), 'Asia/Tokyo')).toEqual({ value: { ...nights, end: nights.start }, errors: { end: QUIET_HOURS_SAME_TIMES } })
  })
})
