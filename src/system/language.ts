/**
 * The language machine's browser side (machines/language/language.machine.ts): catalogues load
 * from their chunks, a choice is stored and shown on `<html>`, and saved on the signed-in person's
 * account (`PATCH /users/me { language }`). Sign-in on another device brings the saved language
 * along (`adoptSavedLanguage`).
 */
import type { ActorRefFrom } from 'xstate'
import { fromPromise } from 'xstate'
import type { AuthMachine } from '../../machines/auth/auth.machine.ts'
import { languageMachine } from '../../machines/language/language.machine.ts'
import type { LanguageLoader, LoadedLanguage } from '../i18n/catalogue.ts'
import { isLocale, PSEUDO_LOCALE, type AppLocale } from '../i18n/locales.ts'
import type { Endpoints } from '../api/endpoints.ts'
import { applyLocale, LANGUAGE_KEY } from '../platform/language.ts'

export interface BrowserLanguageDeps {
  readonly load: LanguageLoader
  readonly api: Pick<Endpoints, 'updateProfile'>
  /** Whether a person is signed in (their choice is saved on their account then). */
  readonly signedIn: () => boolean
  readonly window?: Pick<Window, 'localStorage' | 'document'>
}

/** The language machine with the browser's loading, saving and applying. */
export function browserLanguage(deps: BrowserLanguageDeps) {
  return languageMachine.provide({
    actors: {
      loadLanguage: fromPromise<LoadedLanguage, AppLocale>(({ input }) => deps.load(input)),
      saveLanguage: fromPromise<void, AppLocale>(async ({ input }) => {
        // The pseudo-locale is this device's only (development), never an account's.
        if (!deps.signedIn() || !isLocale(input)) return
        await deps.api.updateProfile({ language: input })
      }),
    },
    actions: {
      applyLanguage: (_, { locale }) => {
        if (deps.window) applyLocale(deps.window, locale)
      },
    },
  })
}

/**
 * Follows the other tabs of this browser: a language chosen in one (the `language` storage key
 * changing) is adopted by the others without saving it again. Returns the unsubscribe.
 */
export function followOtherTabs(win: Pick<Window, 'addEventListener' | 'removeEventListener'>, language: ActorRefFrom<typeof languageMachine>, allowPseudo: boolean): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key !== LANGUAGE_KEY || event.newValue === null) return
    const locale = event.newValue
    if (isLocale(locale) || (allowPseudo && locale === PSEUDO_LOCALE)) language.send({ type: 'language.adopt', locale })
  }
  win.addEventListener('storage', onStorage)
  return () => win.removeEventListener('storage', onStorage)
}

/**
 * Follows verified sign-ins: when the signed-in person's account has a saved language other than
 * the one the page speaks, the page adopts it (without saving it back). Returns the unsubscribe.
 */
export function adoptSavedLanguage(auth: ActorRefFrom<AuthMachine>, language: ActorRefFrom<typeof languageMachine>): () => void {
  let seen: string | null = null
  const sub = auth.subscribe((snapshot) => {
    // Only a verified answer: the stored copy read at start may predate a choice made since.
    if (!snapshot.matches('authenticated')) return
    const user = snapshot.context.user
    const saved = user?.language ?? null
    const key = user ? `${user._id}:${saved}` : null
    if (key === seen) return
    seen = key
    if (saved !== null && saved !== language.getSnapshot().context.language.locale) language.send({ type: 'language.adopt', locale: saved })
  })
  return () => sub.unsubscribe()
}
