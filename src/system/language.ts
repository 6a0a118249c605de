/**
 * The language machine's browser side (machines/language/language.machine.ts): catalogues load
 * from their chunks, a choice is stored and shown on `<html>`, and saved on the signed-in person's
 * account (`PATCH /users/me { language }`). Sign-in on another device brings the saved language
 * along (`adoptSavedLanguage`). A choice whose save failed is noted on this device for its person
 * (`language-unsaved`, src/platform/language.ts) and saved again at their next sign-in here.
 */
import type { ActorRefFrom } from 'xstate'
import { fromPromise } from 'xstate'
import type { AuthMachine } from '../../machines/auth/auth.machine.ts'
import { languageMachine } from '../../machines/language/language.machine.ts'
import type { LanguageLoader, LoadedLanguage } from '../i18n/catalogue.ts'
import { isLocale, PSEUDO_LOCALE, type AppLocale } from '../i18n/locales.ts'
import type { Endpoints } from '../api/endpoints.ts'
import { applyLocale, forgetUnsavedLanguage, LANGUAGE_KEY, noteUnsavedLanguage, readUnsavedLanguage } from '../platform/language.ts'

export interface BrowserLanguageDeps {
  readonly load: LanguageLoader
  readonly api: Pick<Endpoints, 'updateProfile'>
  /** The signed-in person's user id, or null (their choice is saved on their account, and noted per person when that fails). */
  readonly person: () => string | null
  readonly window?: Pick<Window, 'localStorage' | 'document'>
}

/** The window's localStorage, or null when there is none or the browser refuses it (reading the property can throw). */
function storageOf(win: Pick<Window, 'localStorage'> | undefined): Storage | null {
  try {
    return win?.localStorage ?? null
  } catch {
    return null
  }
}

/** The language machine with the browser's loading, saving and applying. */
export function browserLanguage(deps: BrowserLanguageDeps) {
  return languageMachine.provide({
    actors: {
      loadLanguage: fromPromise<LoadedLanguage, AppLocale>(({ input }) => deps.load(input)),
      saveLanguage: fromPromise<void, AppLocale>(async ({ input }) => {
        // The pseudo-locale is this device's only (development), never an account's.
        if (deps.person() === null || !isLocale(input)) return
        await deps.api.updateProfile({ language: input })
      }),
    },
    actions: {
      applyLanguage: (_, { locale }) => {
        if (deps.window) applyLocale(deps.window, locale)
      },
      noteUnsaved: (_, { locale }) => {
        const userId = deps.person()
        const storage = storageOf(deps.window)
        if (userId !== null && storage && isLocale(locale)) noteUnsavedLanguage(storage, { userId, locale })
      },
      forgetUnsaved: () => {
        const userId = deps.person()
        const storage = storageOf(deps.window)
        if (userId !== null && storage) forgetUnsavedLanguage(storage, userId)
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
 * the one the page speaks, the page adopts it (without saving it back). Unless this device noted
 * a choice of that same person it could not save (`language-unsaved` in `win`'s storage): that
 * choice wins and is saved again (`language.retrySave` when the page speaks it, else
 * `language.choose`). Another person's note is left for them; a note the account already holds is
 * forgotten. Returns the unsubscribe.
 */
export function adoptSavedLanguage(auth: ActorRefFrom<AuthMachine>, language: ActorRefFrom<typeof languageMachine>, win?: Pick<Window, 'localStorage'>): () => void {
  let seen: string | null = null
  const sub = auth.subscribe((snapshot) => {
    // Only a verified answer: the stored copy read at start may predate a choice made since.
    if (!snapshot.matches('authenticated')) return
    const user = snapshot.context.user
    const saved = user?.language ?? null
    const key = user ? `${user._id}:${saved}` : null
    if (key === seen) return
    seen = key
    if (!user) return
    const spoken = language.getSnapshot().context.language.locale
    const storage = storageOf(win)
    const unsaved = storage ? readUnsavedLanguage(storage) : null
    if (storage && unsaved?.userId === user._id) {
      if (unsaved.locale !== saved) {
        language.send({ type: unsaved.locale === spoken ? 'language.retrySave' : 'language.choose', locale: unsaved.locale })
        return
      }
      // The account holds it already (saved from another device, or the failed answer was lost on the way back).
      forgetUnsavedLanguage(storage, user._id)
    }
    if (saved !== null && saved !== spoken) language.send({ type: 'language.adopt', locale: saved })
  })
  return () => sub.unsubscribe()
}
