/**
 * The languages Engage ships, and what each needs to be shown: its endonym (the name a speaker of it
 * reads), its writing direction, and the locale tags the browser and react-aria know it by.
 *
 * Adding a language: docs/i18n.md.
 */

import { LANGUAGES, type Language } from '../../contract/api.ts'
import type { AppLocale } from '../../machines/language/languages.ts'

/** Shipped languages, as BCP 47 language tags (the `language` storage key and the user's saved `language`). */
export const LOCALES = LANGUAGES
export type Locale = Language

export { type AppLocale, PSEUDO_LOCALE } from '../../machines/language/languages.ts'

export const DEFAULT_LOCALE: Locale = 'en'

/** Each language's own name for itself, as the Language field lists it (issue: endonyms). */
export const ENDONYMS: Readonly<Record<Locale, string>> = {
  en: 'English',
  de: 'Deutsch',
  es: 'Español',
  ar: 'العربية',
}

/** Whether `value` is a shipped language tag. */
export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as ReadonlyArray<string>).includes(value)
}

/**
 * The regional tag `Intl` and react-aria format with (react-aria's own strings are keyed by these),
 * the pseudo-locale formatting as English.
 */
export const INTL_TAGS: Readonly<Record<AppLocale, string>> = { en: 'en-US', de: 'de-DE', es: 'es-ES', ar: 'ar-AE', 'en-XA': 'en-US' }

/** Writing direction of a locale: right to left for Arabic, left to right otherwise. */
export function directionOf(locale: AppLocale): 'ltr' | 'rtl' {
  return locale === 'ar' ? 'rtl' : 'ltr'
}

/**
 * The shipped language that best serves a list of preferred tags (`navigator.languages`, best
 * first): the first whose primary language Engage ships ('de-AT' → 'de'), else English.
 */
export function negotiateLocale(preferred: ReadonlyArray<string>): Locale {
  for (const tag of preferred) {
    const primary = tag.trim().toLowerCase().split(/[-_]/)[0]
    if (isLocale(primary)) return primary
  }
  return DEFAULT_LOCALE
}
