import { type SnapshotFrom, createActor } from 'xstate'
import { describe, expect, it } from 'vitest'
import { type AppLocale, ENGLISH, type LoadedLanguage } from './languages.ts'
import { walkEveryTransition } from '../testing/model-walk.ts'
import { controllable, settleActorEvent } from '../testing/stubs.ts'
import { type LanguageEvent, languageMachine } from './language.machine.ts'

type ModelEvent = LanguageEvent | { type: `xstate.${string}`; output?: unknown; error?: unknown }
const done = (id: string, output: unknown) => ({ type: `xstate.done.actor.${id}`, output }) as const
const error = (id: string, e: unknown) => ({ type: `xstate.error.actor.${id}`, error: e }) as const
const german: LoadedLanguage = { locale: 'de', catalogue: { 'shell.signOut': ['Abmelden'] } }
const arabic: LoadedLanguage = { locale: 'ar', catalogue: { 'shell.signOut': ['تسجيل الخروج'] } }
const loaded = (locale: AppLocale | null) => (locale === 'ar' ? arabic : locale === 'de' ? german : ENGLISH)

/** Bounded: three languages, a load that succeeds with what was asked or fails, a save that succeeds or fails. */
function events(s: SnapshotFrom<typeof languageMachine>): ModelEvent[] {
  return [
    { type: 'language.choose', locale: 'de' },
    { type: 'language.choose', locale: 'ar' },
    { type: 'language.choose', locale: 'en' },
    { type: 'language.adopt', locale: 'de' },
    { type: 'language.adopt', locale: 'en' },
    { type: 'language.retrySave', locale: 'de' },
    { type: 'language.retrySave', locale: 'en' },
    done('loadLanguage', loaded(s.context.requested)),
    error('loadLanguage', new Error('offline')),
    done('saveLanguage', undefined),
    error('saveLanguage', new Error('offline')),
  ]
}

describe('language (model)', () => {
  it('walks every transition: a loaded language applies once and is saved only when chosen; a failed load keeps the language it had; a failed save is noted until a save succeeds', async () => {
    const result = await walkEveryTransition({
      machine: languageMachine,
      input: { language: ENGLISH },
      events: events as never,
      serializeState: (s) => JSON.stringify([s.value, s.context.language.locale, s.context.requested, s.context.save, s.context.loadFailed]),
      start: (inspect) => {
        const loadLanguage = controllable<LoadedLanguage, AppLocale>()
        const saveLanguage = controllable<void, AppLocale>()
        const applied: AppLocale[] = []
        // The device's note of an unsaved choice, as the provided actions keep it.
        let noted: AppLocale | null = null
        let last: ModelEvent | null = null
        const actor = createActor(
          languageMachine.provide({
            actors: { loadLanguage: loadLanguage.logic, saveLanguage: saveLanguage.logic },
            actions: { applyLanguage: (_, { locale }) => void applied.push(locale), noteUnsaved: (_, { locale }) => void (noted = locale), forgetUnsaved: () => void (noted = null) },
          }),
          { input: { language: ENGLISH }, inspect },
        ).start()
        return {
          actor,
          exec: async (event) => {
            const e = event as ModelEvent
            last = e
            if (await settleActorEvent(e, { loadLanguage, saveLanguage })) return
            actor.send(e as LanguageEvent)
          },
          check: (s) => {
            const c = s.context
            // What the page shows is what was last applied (English until something applies).
            expect(applied.at(-1) ?? 'en').toBe(c.language.locale)
            // A load runs exactly while something is requested, for what is requested.
            expect(c.requested !== null).toBe(s.matches('loading'))
            if (s.matches('loading')) expect(loadLanguage.calls.at(-1)).toBe(c.requested)
            // Only the person's own choice is saved, and it is the language now spoken.
            if (s.matches({ ready: 'saving' })) expect(saveLanguage.calls.at(-1)).toBe(c.language.locale)
            // A failed save leaves the language spoken noted; a save that succeeds forgets it.
            if (s.matches({ ready: 'saveFailed' })) expect(noted).toBe(c.language.locale)
            if (last?.type === 'xstate.done.actor.saveLanguage') expect(noted).toBeNull()
          },
          stop: () => actor.stop(),
        }
      },
    })
    expect(result.failures).toEqual([])
    expect(result.unwalked).toEqual([])
  }, 120_000)
})

describe('language', () => {
  it('Scenario: the person chooses German: it loads, applies and is saved; adopting the account language saves nothing', async () => {
    const loadLanguage = controllable<LoadedLanguage, AppLocale>()
    const saveLanguage = controllable<void, AppLocale>()
    const applied: AppLocale[] = []
    const actor = createActor(
      languageMachine.provide({ actors: { loadLanguage: loadLanguage.logic, saveLanguage: saveLanguage.logic }, actions: { applyLanguage: (_, { locale }) => void applied.push(locale) } }),
      { input: { language: ENGLISH } },
    ).start()
    actor.send({ type: 'language.choose', locale: 'de' })
    expect(actor.getSnapshot().value).toBe('loading')
    // The page still speaks English while German loads.
    expect(actor.getSnapshot().context.language.locale).toBe('en')
    await loadLanguage.resolve(german)
    expect(applied).toEqual(['de'])
    expect(actor.getSnapshot().value).toEqual({ ready: 'saving' })
    await saveLanguage.resolve()
    expect(actor.getSnapshot().value).toEqual({ ready: 'idle' })
    expect(saveLanguage.calls).toEqual(['de'])

    actor.send({ type: 'language.adopt', locale: 'ar' })
    await loadLanguage.resolve(arabic)
    expect(applied).toEqual(['de', 'ar'])
    expect(actor.getSnapshot().value).toEqual({ ready: 'idle' })
    expect(saveLanguage.calls).toEqual(['de'])
  })

  it('Scenario: choosing twice while loading: the last choice wins', async () => {
    const loadLanguage = controllable<LoadedLanguage, AppLocale>()
    const actor = createActor(languageMachine.provide({ actors: { loadLanguage: loadLanguage.logic } }), { input: { language: ENGLISH } }).start()
    actor.send({ type: 'language.choose', locale: 'de' })
    actor.send({ type: 'language.choose', locale: 'ar' })
    expect(loadLanguage.calls.at(-1)).toBe('ar')
    await loadLanguage.resolve(arabic)
    expect(actor.getSnapshot().context.language.locale).toBe('ar')
  })

  it('Scenario: a catalogue that fails to load keeps the language; a failed save is retried by choosing it again', async () => {
    const loadLanguage = controllable<LoadedLanguage, AppLocale>()
    const saveLanguage = controllable<void, AppLocale>()
    const actor = createActor(languageMachine.provide({ actors: { loadLanguage: loadLanguage.logic, saveLanguage: saveLanguage.logic } }), { input: { language: ENGLISH } }).start()
    actor.send({ type: 'language.choose', locale: 'de' })
    await loadLanguage.reject(new Error('offline'))
    expect(actor.getSnapshot().context).toMatchObject({ language: ENGLISH, loadFailed: true })
    actor.send({ type: 'language.choose', locale: 'de' })
    expect(actor.getSnapshot().context.loadFailed).toBe(false)
    await loadLanguage.resolve(german)
    await saveLanguage.reject(new Error('offline'))
    expect(actor.getSnapshot().value).toEqual({ ready: 'saveFailed' })
    actor.send({ type: 'language.choose', locale: 'de' })
    expect(actor.getSnapshot().value).toEqual({ ready: 'saving' })
    await saveLanguage.resolve()
    expect(actor.getSnapshot().value).toEqual({ ready: 'idle' })
  })
})

describe('language: the note of an unsaved choice', () => {
  it('Scenario: a failed save is noted; retrying the language spoken saves it again and forgets the note; another language is not retried', async () => {
    const loadLanguage = controllable<LoadedLanguage, AppLocale>()
    const saveLanguage = controllable<void, AppLocale>()
    const notes: Array<AppLocale | null> = []
    const actor = createActor(
      languageMachine.provide({
        actors: { loadLanguage: loadLanguage.logic, saveLanguage: saveLanguage.logic },
        actions: { noteUnsaved: (_, { locale }) => void notes.push(locale), forgetUnsaved: () => void notes.push(null) },
      }),
      { input: { language: ENGLISH } },
    ).start()
    actor.send({ type: 'language.choose', locale: 'de' })
    await loadLanguage.resolve(german)
    await saveLanguage.reject(new Error('offline'))
    expect(notes).toEqual(['de'])

    // Only the language spoken is retried.
    actor.send({ type: 'language.retrySave', locale: 'ar' })
    expect(actor.getSnapshot().value).toEqual({ ready: 'saveFailed' })
    actor.send({ type: 'language.retrySave', locale: 'de' })
    expect(actor.getSnapshot().value).toEqual({ ready: 'saving' })
    await saveLanguage.reject(new Error('offline'))
    expect(notes).toEqual(['de', 'de'])

    actor.send({ type: 'language.retrySave', locale: 'de' })
    await saveLanguage.resolve()
    expect(actor.getSnapshot().value).toEqual({ ready: 'idle' })
    expect(saveLanguage.calls).toEqual(['de', 'de', 'de'])
    expect(notes).toEqual(['de', 'de', null])
  })
})
