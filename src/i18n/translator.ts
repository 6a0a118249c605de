/**
 * A language ready to use: messages translated through Lingui's runtime (`@lingui/core`, compiled
 * messages only), and dates, times, relative times and numbers through `Intl`, in the person's
 * time zone where one is given.
 */
import { setupI18n } from '@lingui/core'
import { isTimeZone } from '../../contract/time-zone.ts'
import { relativeTime } from '../../machines/shared/relative-time.ts'
import type { LoadedLanguage } from './catalogue.ts'
import { directionOf, INTL_TAGS, type AppLocale } from './locales.ts'
import type { DisplayText, MessageDescriptor, MessageValues } from './messages.ts'

export type { MessageValues }

export interface Translator {
  readonly locale: AppLocale
  readonly dir: 'ltr' | 'rtl'
  /** A message in this language (English where a catalogue lacks it, which the catalogue test forbids). */
  t(message: MessageDescriptor, values?: MessageValues): string
  /** Text a machine handed over: a string as it is (the server's words, a person's input), a localized text translated. */
  text(text: DisplayText): string
  /** A date and/or time (`Intl.DateTimeFormat` options), in the time zone given at creation unless the options name one. */
  date(value: Date | string | number, options?: Intl.DateTimeFormatOptions): string
  /** A number (`Intl.NumberFormat` options). */
  number(value: number, options?: Intl.NumberFormatOptions): string
  /** How long ago or ahead `value` is from `now` (ms since the epoch), in the largest whole unit: "3 minutes ago", "gestern" (machines/shared/relative-time.ts). */
  relative(value: Date | string | number, now?: number): string
}

/**
 * A translator for a loaded language. `timeZone` (an IANA name) is the person's saved zone; dates
 * show in the browser's zone without it, or when this browser does not know the name.
 */
export function createTranslator(language: LoadedLanguage, timeZone?: string | null): Translator {
  const { locale, catalogue, rewrite } = language
  const i18n = setupI18n({ locale, messages: { [locale]: catalogue as never } })
  const tag = INTL_TAGS[locale]
  const dates = new Map<string, Intl.DateTimeFormat>()
  const numbers = new Map<string, Intl.NumberFormat>()
  const zone = timeZone != null && isTimeZone(timeZone) ? timeZone : undefined
  const t = (message: MessageDescriptor, values?: MessageValues): string => {
    const source = rewrite ? rewrite(message.message) : message.message
    return i18n._({ id: message.id, message: source as string, values: values as Record<string, unknown> })
  }
  // Plain functions (no `this`): views destructure them (`const { t } = useTranslator()`).
  return {
    locale,
    dir: directionOf(locale),
    t,
    text: (text) => (typeof text === 'string' ? text : t(text.message, text.values)),
    date(value, options = { dateStyle: 'medium' }) {
      const date = value instanceof Date ? value : new Date(value)
      if (Number.isNaN(date.getTime())) return ''
      const key = JSON.stringify(options)
      let format = dates.get(key)
      if (!format) {
        format = new Intl.DateTimeFormat(tag, { timeZone: zone, ...options })
        dates.set(key, format)
      }
      return format.format(date)
    },
    number(value, options = {}) {
      const key = JSON.stringify(options)
      let format = numbers.get(key)
      if (!format) {
        format = new Intl.NumberFormat(tag, options)
        numbers.set(key, format)
      }
      return format.format(value)
    },
    relative(value, now = Date.now()) {
      const at = value instanceof Date ? value.getTime() : new Date(value).getTime()
      return Number.isNaN(at) ? '' : relativeTime(at / 1000, now, tag)
    },
  }
}
