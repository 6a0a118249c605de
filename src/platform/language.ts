/**
 * The page's language in the browser: the `language` storage key (SPEC §4 lists it among the keys
 * the update prompt keeps), the browser's preferred languages, and `<html lang dir>`.
 */
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
