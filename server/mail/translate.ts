/**
 * The server's translator: what Engage writes to a person outside the app (emails, the
 * push test notification) in their language, `users.language` (null: English). The messages are
 * declared in `*.messages.ts` files beside their templates (contract/messages.ts) and translated in
 * locales/<language>/<namespace>.json, like the app's (docs/i18n.md).
 *
 * Nothing compiles messages for the server ahead of time (the build does it for the browser only):
 * each language's catalogues are read and compiled once, at first use, and the English source
 * texts are compiled by Lingui's compiler, set explicitly because `@lingui/core` leaves it out when
 * NODE_ENV is production. Dates and numbers go through `Intl` with the language's regional tag.
 */
import { readdir, readFile } from 'node:fs/promises'
import { type I18n, setupI18n } from '@lingui/core'
import { type CompiledMessage, compileMessage } from '@lingui/message-utils/compileMessage'
import { eq } from 'drizzle-orm'
import { LANGUAGES, type Language } from '../../contract/api.ts'
import type { MessageDescriptor, MessageValues } from '../../contract/messages.ts'
import type { Database } from '../db/client.ts'
import { users } from '../db/schema.ts'

/** Where the catalogues are: locales/<language>/<namespace>.json at the repository's root. */
const LOCALES_DIR = new URL('../../locales/', import.meta.url)

/** The regional tag `Intl` formats with, per language (as the app's src/i18n/locales.ts INTL_TAGS). */
export const MAIL_INTL_TAGS: Readonly<Record<Language, string>> = { en: 'en-US', de: 'de-DE', es: 'es-ES', ar: 'ar-AE' }

/** One language's words, dates and numbers, as a message to a person needs them. */
export interface MailTranslator {
  readonly language: Language
  /** The writing direction: `rtl` for Arabic. */
  readonly dir: 'ltr' | 'rtl'
  /** `message` in this language, placeholders filled from `values` (English where a catalogue lacks it). */
  t(message: MessageDescriptor, values?: MessageValues): string
  /**
   * `message` cut into pieces around the values that are not text (a React element: a bold
   * workspace name, a link), each such value in its place: `["Ada invited you to join ", <strong/>, "."]`.
   */
  parts<T extends object>(message: MessageDescriptor, values: Readonly<Record<string, string | number | T>>): Array<string | T>
  /** A date and/or time (`Intl.DateTimeFormat` options), in the time zone given at creation unless the options name one. */
  date(value: Date | number, options?: Intl.DateTimeFormatOptions): string
  /** A number (`Intl.NumberFormat` options). */
  number(value: number, options?: Intl.NumberFormatOptions): string
}

/** Whether `value` is a shipped language tag. */
const isLanguage = (value: unknown): value is Language => typeof value === 'string' && (LANGUAGES as ReadonlyArray<string>).includes(value)

/** The language to write in for a saved `users.language`: English when none is saved (or the value is not shipped). */
export function languageOf(saved: string | null | undefined): Language {
  return isLanguage(saved) ? saved : 'en'
}

/** The language of the account with address `email` (stored lower-cased); English for an address without one. */
export async function recipientLanguage(db: Database, email: string): Promise<Language> {
  const [row] = await db.select({ language: users.language }).from(users).where(eq(users.email, email.trim().toLowerCase()))
  return languageOf(row?.language)
}

/** Every translation of `language` (all its namespaces), compiled; none when the folder is missing (English then). */
async function loadCatalogue(language: Language): Promise<Record<string, CompiledMessage>> {
  const dir = new URL(`${language}/`, LOCALES_DIR)
  let names: string[]
  try {
    names = (await readdir(dir)).filter((name) => name.endsWith('.json')).sort()
  } catch (error) {
    if ((error as { code?: unknown }).code === 'ENOENT') return {}
    throw error
  }
  const catalogue: Record<string, CompiledMessage> = {}
  for (const name of names) {
    const entries = JSON.parse(await readFile(new URL(name, dir), 'utf8')) as Record<string, unknown>
    for (const [id, text] of Object.entries(entries)) if (typeof text === 'string') catalogue[id] = compileMessage(text)
  }
  return catalogue
}

/** One Lingui instance per language, made at its first use. */
const instances = new Map<Language, Promise<I18n>>()

function i18nFor(language: Language): Promise<I18n> {
  let instance = instances.get(language)
  if (instance === undefined) {
    instance = (language === 'en' ? Promise.resolve({}) : loadCatalogue(language)).then((catalogue) => {
      const i18n = setupI18n({ locale: language, messages: { [language]: catalogue } })
      i18n.setMessagesCompiler(compileMessage)
      return i18n
    })
    // Not remembered when it fails (an unreadable file), so the next message tries again.
    instance.catch(() => instances.delete(language))
    instances.set(language, instance)
  }
  return instance
}

/** Marks a non-text value's place in a translated text (private-use characters, never in a message). */
const SLOT = /\uE000(\d+)\uE001/

/** See {@link MailTranslator.parts}. */
function partsOf<T extends object>(
  t: MailTranslator['t'],
  message: MessageDescriptor,
  values: Readonly<Record<string, string | number | T>>,
): Array<string | T> {
  const slotted: Record<string, string | number> = {}
  const objects: T[] = []
  for (const [name, value] of Object.entries(values)) {
    if (typeof value === 'object') {
      slotted[name] = `\uE000${objects.length}\uE001`
      objects.push(value)
    } else slotted[name] = value
  }
  const out: Array<string | T> = []
  // split() keeps the captured slot numbers: text, slot, text, slot, ..., text.
  t(message, slotted)
    .split(SLOT)
    .forEach((piece, i) => {
      if (i % 2 === 1) out.push(objects[Number(piece)]!)
      else if (piece !== '') out.push(piece)
    })
  return out
}

/**
 * The translator for `language` (null or undefined: English).
 * @param timeZone the person's saved IANA zone, for dates; absent: the server's.
 */
export async function mailTranslator(language: Language | null | undefined, timeZone?: string | null): Promise<MailTranslator> {
  const lang = language ?? 'en'
  const i18n = await i18nFor(lang)
  const tag = MAIL_INTL_TAGS[lang]
  const zone = timeZone ?? undefined
  const t = (message: MessageDescriptor, values?: MessageValues): string =>
    i18n._({ id: message.id, message: message.message as string, ...(values === undefined ? {} : { values: values as Record<string, unknown> }) })
  return {
    language: lang,
    dir: lang === 'ar' ? 'rtl' : 'ltr',
    t,
    parts: (message, values) => partsOf(t, message, values),
    date: (value, options = { dateStyle: 'medium' }) => new Intl.DateTimeFormat(tag, { timeZone: zone, ...options }).format(value),
    number: (value, options = {}) => new Intl.NumberFormat(tag, options).format(value),
  }
}
