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
const LanguageActorContext = createContext<ActorRefFrom<LanguageMachine> | null>(null)

/** Speaks `language` to everything below (stories and tests; the app uses {@link LanguageActorProvider}). */
export function LanguageProvider({ language, children }: { language: LoadedLanguage; children: ReactNode }) {
  const translator = useMemo(() => (language === ENGLISH ? english : createTranslator(language)), [language])
  return (
    <TranslatorContext.Provider value={translator}>
      <I18nProvider locale={INTL_TAGS[language.locale]}>{children}</I18nProvider>
    </TranslatorContext.Provider>
  )
}

/** Speaks the language actor's current language to everything below. */
export function LanguageActorProvider({ actor, children }: { actor: ActorRefFrom<LanguageMachine>; children: ReactNode }) {
  const language = useSelector(actor, (s) => s.context.language)
  return (
    <LanguageActorContext.Provider value={actor}>
      <LanguageProvider language={language}>{children}</LanguageProvider>
    </LanguageActorContext.Provider>
  )
}

/** The language actor, or null outside {@link LanguageActorProvider} (stories without one). */
export function useOptionalLanguageActor(): ActorRefFrom<LanguageMachine> | null {
  return useContext(LanguageActorContext)
}

/** The current language's translator (English outside any provider). */
export function useTranslator(): Translator {
  return useContext(TranslatorContext)
}
