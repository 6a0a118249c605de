/**
 * The page's language in the browser: the `language` storage key (SPEC §4 lists it among the keys
 * the update prompt keeps), the browser's preferred languages, `<html lang dir>`, and the note of
 * a choice this device could not save on the person's account (`language-unsaved`).
 */
import { Schema } from 'effect'
import { Language } from '../../contract/api.ts'
import { readStored } from './stored.ts'
import { directionOf, isLocale, negotiateLocale, PSEUDO_LOCALE, type AppLocale } from '../i18n/locales.ts'

/** localStorage key (SPEC §4 Version check: kept across the update's hard refresh). */
export const LANGUAGE_KEY = 'language'

/**
 * The language to start in: the stored choice, else the browser's preferred languages
 * (`navigator.languages`), else English. The pseudo-locale is honoured only when `allowPseudo`
 * (development builds).
 */
export function startingLocale(storage: Pick<Storage, 'getItem'>, preferred: ReadonlyArray<string>, allowPseudo: boolean): AppLocale {
  let stored: string | null = null
  try {
    stored = storage.getItem(LANGUAGE_KEY)
  } catch {
    // storage disabled: the browser's languages decide
  }
  if (isLocale(stored)) return stored
  if (allowPseudo && stored === PSEUDO_LOCALE) return PSEUDO_LOCALE
  return negotiateLocale(preferred)
}

/** Stores the choice (when storage allows) and sets `<html lang dir>`. */
export function applyLocale(win: Pick<Window, 'localStorage' | 'document'>, locale: AppLocale): void {
  try {
    win.localStorage.setItem(LANGUAGE_KEY, locale)
  } catch {
    // storage disabled: the choice lasts until the page is left
  }
  showLocale(win.document, locale)
}

/** Sets `<html lang dir>` only (the first render, before anything is chosen). */
export function showLocale(document: Document, locale: AppLocale): void {
  document.documentElement.lang = locale
  document.documentElement.dir = directionOf(locale)
}

/**
 * localStorage key of the unsaved choice: `{ userId, locale }` as JSON. Ours, not among the keys
 * SPEC §4's update prompt keeps: its hard refresh drops the note (the choice still applies through
 * `language`; only the retry at the next sign-in is lost). docs/i18n.md.
 */
export const UNSAVED_LANGUAGE_KEY = 'language-unsaved'

/** A language chosen on this device whose save on `userId`'s account failed. */
export const UnsavedLanguage = Schema.Struct({
  userId: Schema.String.check(Schema.isMinLength(1), Schema.isMaxLength(200)),
  locale: Language,
})
export type UnsavedLanguage = typeof UnsavedLanguage.Type

/** The unsaved choice noted on this device, or null for none, a disabled storage or a value that does not decode. */
export function readUnsavedLanguage(storage: Pick<Storage, 'getItem'>): UnsavedLanguage | null {
  return readStored(storage, UNSAVED_LANGUAGE_KEY, UnsavedLanguage)
}

/** Notes `note` (one note per device: the last person whose save failed); a full or disabled storage only forgets it. */
export function noteUnsavedLanguage(storage: Pick<Storage, 'setItem'>, note: UnsavedLanguage): void {
  try {
    storage.setItem(UNSAVED_LANGUAGE_KEY, JSON.stringify({ userId: note.userId, locale: note.locale }))
  } catch {
    // storage full or disabled: the retry at the next sign-in is lost, the choice still applies
  }
}

/** Removes the note when it is `userId`'s (their account now holds their choice); another person's stays. */
export function forgetUnsavedLanguage(storage: Pick<Storage, 'getItem' | 'removeItem'>, userId: string): void {
  try {
    if (readUnsavedLanguage(storage)?.userId === userId) storage.removeItem(UNSAVED_LANGUAGE_KEY)
  } catch {
    // storage disabled: nothing was noted
  }
}
