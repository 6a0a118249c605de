import { createActor, type SnapshotFrom } from 'xstate'
import { describe, expect, it } from 'vitest'
import { languageMachine } from '../../machines/language/language.machine.ts'
import { type AppLocale, ENGLISH } from '../../machines/language/languages.ts'
import { flush } from '../../machines/testing/stubs.ts'
import type { Language } from '../../contract/api.ts'
import { memoryStorage } from '../platform/cookies.ts'
import { readUnsavedLanguage, startingLocale, UNSAVED_LANGUAGE_KEY } from '../platform/language.ts'
import { adoptSavedLanguage, browserLanguage, followOtherTabs } from './language.ts'

/** An auth actor's outside as adoptSavedLanguage reads it: snapshots with a state and a user. */
function fakeAuth() {
  const listeners = new Set<(s: unknown) => void>()
  return {
    actor: { subscribe: (l: (s: unknown) => void) => (listeners.add(l), { unsubscribe: () => listeners.delete(l) }) },
    emit: (state: string, user: { _id: string; language?: string | null } | null) =>
      listeners.forEach((l) => l({ matches: (v: string) => v === state, context: { user } })),
  }
}

const languageActor = () => createActor(languageMachine, { input: { language: ENGLISH } }).start()

describe('the language on the browser side', () => {
  it('adopts the account language from a verified answer only, once per person and value', () => {
    const auth = fakeAuth()
    const language = languageActor()
    const sent: unknown[] = []
    const send = language.send.bind(language)
    language.send = (e) => (sent.push(e), send(e))
    adoptSavedLanguage(auth.actor as never, language)
    // The stored copy read at start (not yet verified) is not trusted.
    auth.emit('verifying', { _id: 'u1', language: 'de' })
    expect(sent).toEqual([])
    auth.emit('authenticated', { _id: 'u1', language: 'de' })
    auth.emit('authenticated', { _id: 'u1', language: 'de' })
    expect(sent).toEqual([{ type: 'language.adopt', locale: 'de' }])
    // No saved language: the page keeps what it speaks.
    auth.emit('authenticated', { _id: 'u2', language: null })
    expect(sent).toHaveLength(1)
  })

  it("follows another tab's choice through the storage event; ignores other keys and unknown values", () => {
    const target = new EventTarget()
    const language = languageActor()
    const sent: unknown[] = []
    const send = language.send.bind(language)
    language.send = (e) => (sent.push(e), send(e))
    const stop = followOtherTabs(target as unknown as Window, language, false)
    const storage = (key: string, newValue: string | null) => target.dispatchEvent(Object.assign(new Event('storage'), { key, newValue }))
    storage('theme', 'dark')
    storage('language', 'fr')
    storage('language', 'en-XA')
    storage('language', 'ar')
    expect(sent).toEqual([{ type: 'language.adopt', locale: 'ar' }])
    stop()
    storage('language', 'de')
    expect(sent).toHaveLength(1)
  })
})

/**
 * One page load of the app's language side on a shared `storage`: the language machine with the
 * browser's saving and note, started in the stored language, following `auth`'s verified sign-ins.
 * `failSaves` makes `PATCH /users/me` fail (offline); `person` is who is signed in.
 */
function pageLoad(storage: Storage, state: { failSaves: boolean; person: string | null }) {
  const auth = fakeAuth()
  const saves: Array<{ person: string | null; language: Language }> = []
  const documentElement = { lang: '', dir: '' }
  const win = { localStorage: storage, document: { documentElement } as unknown as Document }
  const machine = browserLanguage({
    load: async (locale: AppLocale) => ({ locale, catalogue: {} }),
    api: {
      updateProfile: async (body: { language?: Language | null }) => {
        saves.push({ person: state.person, language: body.language ?? 'en' })
        if (state.failSaves) throw new Error('offline')
        return { user: {} } as never
      },
    },
    person: () => state.person,
    window: win,
  })
  const initial = startingLocale(storage, [], false)
  const language = createActor(machine, { input: { language: { locale: initial, catalogue: {} } } }).start()
  adoptSavedLanguage(auth.actor as never, language, win)
  const signIn = async (userId: string, accountLanguage: Language | null) => {
    state.person = userId
    auth.emit('authenticated', { _id: userId, language: accountLanguage })
    await flush()
    await flush()
  }
  const snapshot = (): SnapshotFrom<typeof languageMachine> => language.getSnapshot()
  return { language, saves, signIn, snapshot, documentElement }
}

describe('a choice whose save failed, at the next sign-in', () => {
  it('Scenario: saving German fails; after a reload the same person signs in with English saved: German stays and is saved again', async () => {
    const storage = memoryStorage()
    const state = { failSaves: true, person: 'u1' as string | null }
    const first = pageLoad(storage, state)
    await first.signIn('u1', 'en')
    first.language.send({ type: 'language.choose', locale: 'de' })
    await flush()
    await flush()
    expect(first.snapshot().value).toEqual({ ready: 'saveFailed' })
    expect(readUnsavedLanguage(storage)).toEqual({ userId: 'u1', locale: 'de' })

    // Reload, back online: the page starts in German and the sign-in verifies an account still in English.
    state.failSaves = false
    const second = pageLoad(storage, state)
    expect(second.snapshot().context.language.locale).toBe('de')
    await second.signIn('u1', 'en')
    expect(second.saves).toEqual([{ person: 'u1', language: 'de' }])
    expect(second.snapshot().value).toEqual({ ready: 'idle' })
    expect(second.snapshot().context.language.locale).toBe('de')
    expect(storage.getItem(UNSAVED_LANGUAGE_KEY)).toBeNull()
  })

  it("Scenario: saving German fails; another person signs in on this computer: their language is adopted, the first person's note stays", async () => {
    const storage = memoryStorage()
    const state = { failSaves: true, person: 'u1' as string | null }
    const first = pageLoad(storage, state)
    await first.signIn('u1', 'en')
    first.language.send({ type: 'language.choose', locale: 'de' })
    await flush()
    await flush()

    state.failSaves = false
    const second = pageLoad(storage, state)
    await second.signIn('u2', 'es')
    expect(second.snapshot().context.language.locale).toBe('es')
    expect(second.documentElement.lang).toBe('es')
    // Adopting saves nothing; the note is the first person's and stays for them.
    expect(second.saves).toEqual([])
    expect(readUnsavedLanguage(storage)).toEqual({ userId: 'u1', locale: 'de' })

    // The first person signs in again later: the page speaks Spanish now, so German loads and is saved.
    const third = pageLoad(storage, state)
    await third.signIn('u1', 'en')
    expect(third.snapshot().context.language.locale).toBe('de')
    expect(third.saves).toEqual([{ person: 'u1', language: 'de' }])
    expect(readUnsavedLanguage(storage)).toBeNull()
  })

  it('Scenario: saving German fails, and its retry at the next sign-in fails again: the field says so and the note stays', async () => {
    const storage = memoryStorage()
    const state = { failSaves: true, person: 'u1' as string | null }
    const first = pageLoad(storage, state)
    await first.signIn('u1', 'en')
    first.language.send({ type: 'language.choose', locale: 'de' })
    await flush()
    await flush()

    const second = pageLoad(storage, state)
    await second.signIn('u1', 'en')
    expect(second.saves).toEqual([{ person: 'u1', language: 'de' }])
    expect(second.snapshot().value).toEqual({ ready: 'saveFailed' })
    expect(second.snapshot().context.language.locale).toBe('de')
    expect(readUnsavedLanguage(storage)).toEqual({ userId: 'u1', locale: 'de' })
  })

  it('forgets a note the account already holds, and ignores a note that does not decode', async () => {
    const storage = memoryStorage({ language: 'de', [UNSAVED_LANGUAGE_KEY]: JSON.stringify({ userId: 'u1', locale: 'de' }) })
    const state = { failSaves: false, person: 'u1' as string | null }
    const page = pageLoad(storage, state)
    await page.signIn('u1', 'de')
    expect(page.saves).toEqual([])
    expect(storage.getItem(UNSAVED_LANGUAGE_KEY)).toBeNull()

    for (const raw of [
      '{',
      'null',
      '"de"',
      JSON.stringify({ userId: 'u2', locale: 'fr' }),
      JSON.stringify({ userId: '', locale: 'de' }),
      JSON.stringify({ userId: 7, locale: 'de' }),
      JSON.stringify({ userId: 'u'.repeat(201), locale: 'de' }),
      JSON.stringify({ userId: 'u\u0000', locale: 'de' }),
    ]) {
      const other = memoryStorage({ language: 'de', [UNSAVED_LANGUAGE_KEY]: raw })
      expect(readUnsavedLanguage(other)).toBeNull()
      const load = pageLoad(other, { failSaves: false, person: 'u2' })
      await load.signIn('u2', 'es')
      // The account's language is adopted as if nothing were noted.
      expect(load.snapshot().context.language.locale).toBe('es')
      expect(load.saves).toEqual([])
    }
  })

  it('a signed-out page notes nothing; a storage the browser refuses notes nothing and still saves', async () => {
    const storage = memoryStorage()
    const signedOut = pageLoad(storage, { failSaves: true, person: null })
    signedOut.language.send({ type: 'language.choose', locale: 'ar' })
    await flush()
    await flush()
    expect(signedOut.snapshot().value).toEqual({ ready: 'idle' })
    expect(storage.getItem(UNSAVED_LANGUAGE_KEY)).toBeNull()

    const refusing = new Proxy(memoryStorage(), {
      get: (target, key) =>
        key === 'setItem'
          ? () => {
              throw new DOMException('full', 'QuotaExceededError')
            }
          : Reflect.get(target, key),
    })
    const page = pageLoad(refusing, { failSaves: true, person: 'u1' })
    page.language.send({ type: 'language.choose', locale: 'de' })
    await flush()
    await flush()
    expect(page.snapshot().value).toEqual({ ready: 'saveFailed' })
    expect(readUnsavedLanguage(refusing)).toBeNull()
  })
})
