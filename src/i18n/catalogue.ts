/**
 * Loading a language: its catalogue (locales/<language>/*.json, compiled at build time, one chunk
 * per language, fetched on demand) or, for English, nothing at all: the messages' own text is
 * English. The pseudo-locale builds its messages from the English ones (src/i18n/pseudo.ts).
 */
import { type AppLocale, type Catalogue, ENGLISH, type LoadedLanguage } from '../../machines/language/languages.ts'

export { type Catalogue, ENGLISH, type LoadedLanguage }

/** Loads a language; a load that fails rejects (the caller keeps the language it has). */
export type LanguageLoader = (locale: AppLocale) => Promise<LoadedLanguage>

/** The app's loader: each catalogue is its own chunk (Vite splits the dynamic imports). */
export const loadLanguage: LanguageLoader = async (locale) => {
  switch (locale) {
    case 'en':
      return ENGLISH
    case 'de':
      return { locale, catalogue: (await import('./catalogues/de.ts')).default }
    case 'es':
      return { locale, catalogue: (await import('./catalogues/es.ts')).default }
    case 'ar':
      return { locale, catalogue: (await import('./catalogues/ar.ts')).default }
    case 'en-XA': {
      const { pseudoMessage } = await import('./pseudo.ts')
      return { locale, catalogue: {}, rewrite: pseudoMessage }
    }
  }
}
