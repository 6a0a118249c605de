/**
 * What the language machine knows of a language (pure; src/i18n builds on it): its tag, and once
 * loaded its catalogue of compiled translations, or for the pseudo-locale a rewrite of each
 * English message.
 */
import type { CompiledMessage } from '@lingui/message-utils/compileMessage'
import type { Language } from '../../contract/api.ts'

/**
 * The development and test pseudo-locale: every English message accented and about 30% longer, so
 * a string left out of translation, or a layout that cannot grow, shows at a glance. Never offered
 * in a production build.
 */
export const PSEUDO_LOCALE = 'en-XA'
/** A shipped language, or the pseudo-locale. */
export type AppLocale = Language | typeof PSEUDO_LOCALE

/** A language's translations by message id, compiled. */
export type Catalogue = Readonly<Record<string, CompiledMessage>>

/** What a language needs once loaded: its catalogue, and for the pseudo-locale a rewrite of each English message. */
export interface LoadedLanguage {
  readonly locale: AppLocale
  readonly catalogue: Catalogue
  readonly rewrite?: (english: string | CompiledMessage) => CompiledMessage
}

/** English: nothing to fetch (the messages' own text is English). */
export const ENGLISH: LoadedLanguage = { locale: 'en', catalogue: {} }
