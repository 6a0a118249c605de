/**
 * API errors in the reader's language: a code with a fixed meaning (contract/errors.messages.ts)
 * shows that meaning translated; in English, and for codes whose message names the specific
 * problem, the server's own message is shown as it is.
 */
import { apiErrorMessages } from '../../contract/errors.messages.ts'
import type { MessageDescriptor } from './messages.ts'
import type { Translator } from './translator.ts'

const byCode = apiErrorMessages as Readonly<Record<string, MessageDescriptor>>

/** The text to show for an API error `code` whose server message is `message`. */
export function localizeApiError(translator: Pick<Translator, 'locale' | 't'>, code: string, message: string): string {
  if (translator.locale === 'en') return message
  const meaning = Object.hasOwn(byCode, code) ? byCode[code] : undefined
  return meaning ? translator.t(meaning) : message
}
