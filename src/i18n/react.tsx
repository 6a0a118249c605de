/**
 * React access to the language: `useTranslator()` gives the current {@link Translator}; views
 * re-render when the language changes (the language actor's snapshot), with no reload. The
 * provider also hands react-aria its locale (`I18nProvider`: its own strings, date and number
 * fields, and right-to-left keyboard handling).
 */
import { useSelector } from '@xstate/react'
import { createContext, type ReactNode, useContext, useMemo } from 'react'
import { I18nProvider } from 'react-aria-components'
import type { ActorRefFrom } from 'xstate'
import type { LanguageMachine } from '../../machines/language/language.machine.ts'
import { ENGLISH, type LoadedLanguage } from './catalogue.ts'
import { INTL_TAGS } from './locales.ts'
import { createTranslator, type Translator } from './translator.ts'

const english = createTranslator(ENGLISH)
const TranslatorContext = createContext<Translator>(english)
/** What the translator below was made of: a part of the app that loads messages of its own extends it. */
export interface SpokenLanguage {
  readonly language: LoadedLanguage
  /** The person's saved IANA time zone, or null for the browser's. */
  readonly timeZone: string | null
}
const SpokenContext = createContext<SpokenLanguage>({ language: ENGLISH, timeZone: null })
const LanguageActorContext = createContext<ActorRefFrom<LanguageMachine> | null>(null)

/**
 * Speaks `language` to everything below (stories and tests; the app uses {@link LanguageActorProvider}),
 * with dates and times in `timeZone` (an IANA name; the browser's zone when null or absent).
 */
export function LanguageProvider({ language, timeZone = null, children }: { language: LoadedLanguage; timeZone?: string | null; children: ReactNode }) {
  const translator = useMemo(() => (language === ENGLISH && timeZone === null ? english : createTranslator(language, timeZone)), [language, timeZone])
  const spoken = useMemo(() => ({ language, timeZone }), [language, timeZone])
  return (
    <SpokenContext.Provider value={spoken}>
      <TranslatorContext.Provider value={translator}>
        <I18nProvider locale={INTL_TAGS[language.locale]}>{children}</I18nProvider>
      </TranslatorContext.Provider>
    </SpokenContext.Provider>
  )
}

/** Speaks the language actor's current language to everything below, with dates in `timeZone` (see {@link LanguageProvider}). */
export function LanguageActorProvider({ actor, timeZone, children }: { actor: ActorRefFrom<LanguageMachine>; timeZone?: string | null; children: ReactNode }) {
  const language = useSelector(actor, (s) => s.context.language)
  return (
    <LanguageActorContext.Provider value={actor}>
      <LanguageProvider language={language} timeZone={timeZone}>
        {children}
      </LanguageProvider>
    </LanguageActorContext.Provider>
  )
}

/** The language actor, or null outside {@link LanguageActorProvider} (stories without one). */
export function useOptionalLanguageActor(): ActorRefFrom<LanguageMachine> | null {
  return useContext(LanguageActorContext)
}

/** The language spoken here and the time zone dates show in (English and the browser's outside any provider). */
export function useSpokenLanguage(): SpokenLanguage {
  return useContext(SpokenContext)
}

/** The current language's translator (English outside any provider). */
export function useTranslator(): Translator {
  return useContext(TranslatorContext)
}
