/**
 * The Language field (ours, beside SPEC §4's `language` storage key): the shipped languages by
 * their own names. A choice applies at once (no reload), is kept on this device and saved on the
 * person's account (machines/language/language.machine.ts). On the development server the
 * pseudo-locale is offered too.
 */
import { useSelector } from '@xstate/react'
import { ENDONYMS, LOCALES, PSEUDO_LOCALE, type AppLocale } from '../i18n/locales.ts'
import { useOptionalLanguageActor, useTranslator } from '../i18n/react.tsx'
import { Button } from '../ui/primitives/Button/Button.tsx'
import { Select, type SelectItem } from '../ui/primitives/Select/Select.tsx'
import { languageMessages as m } from './language.messages.ts'
import * as settings from './settings/settings.css.ts'

/** The pseudo-locale's name: development builds only, for testing layouts, so in no catalogue. */
const PSEUDO_LABEL = 'Pseudo (en-XA)'

const ITEMS: ReadonlyArray<SelectItem<AppLocale>> = [
  ...LOCALES.map((locale) => ({ id: locale, label: ENDONYMS[locale], lang: locale })),
  ...(import.meta.env?.DEV ? [{ id: PSEUDO_LOCALE, label: PSEUDO_LABEL } as const] : []),
]

/** The field in its own panel; without a language actor (a story without one) it shows English, disabled. */
export function LanguageSection() {
  const actor = useOptionalLanguageActor()
  const { t, locale } = useTranslator()
  const state = useSelector(actor ?? undefined, (s) =>
    s ? { saving: s.matches({ ready: 'saving' }), saveFailed: s.matches({ ready: 'saveFailed' }), loading: s.matches('loading'), loadFailed: s.context.loadFailed } : null,
  )
  const choose = (id: AppLocale | null) => id && actor?.send({ type: 'language.choose', locale: id })
  return (
    <section className={settings.panel} id="language-heading">
      <Select
        label={t(m.label)}
        items={ITEMS}
        selectedKey={locale}
        onSelectionChange={choose}
        description={t(m.description)}
        error={state?.loadFailed ? t(m.loadFailed) : null}
        isDisabled={!actor}
      />
      <div className={settings.actions}>
        <span role="status" className={settings.muted}>
          {state?.saving || state?.loading ? t(m.saving) : state?.saveFailed ? t(m.saveFailed) : ''}
        </span>
        {state?.saveFailed && (
          <Button variant="secondary" size="sm" onPress={() => choose(locale)}>
            {t(m.retry)}
          </Button>
        )}
      </div>
    </section>
  )
}
