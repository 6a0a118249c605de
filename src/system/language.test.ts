import { createActor } from 'xstate'
import { describe, expect, it } from 'vitest'
import { languageMachine } from '../../machines/language/language.machine.ts'
import { ENGLISH } from '../../machines/language/languages.ts'
import { adoptSavedLanguage, followOtherTabs } from './language.ts'

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
