/**
 * Loading a language: its catalogue (compiled at build time, one chunk per language, fetched on
 * demand) or, for English, nothing at all (the messages' own text is English). The pseudo-locale
 * builds its messages from the English ones (src/i18n/pseudo.ts).
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
      return { locale, catalogue: (await import('./catalogues/de.json')).default as unknown as Catalogue }
    case 'es':
      return { locale, catalogue: (await import('./catalogues/es.json')).default as unknown as Catalogue }
    case 'ar':
      return { locale, catalogue: (await import('./catalogues/ar.json')).default as unknown as Catalogue }
    case 'en-XA': {
      const { pseudoMessage } = await import('./pseudo.ts')
      return { locale, catalogue: {}, rewrite: pseudoMessage }
    }
  }
}
