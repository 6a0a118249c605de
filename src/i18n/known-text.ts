/**
 * The contract's English words in the reader's language. Field and form errors reach the views as
 * plain strings (the browser's own Schema check, the server's 400 issues), so a string that is
 * exactly one of the contract's messages (contract/validation.messages.ts) is shown translated;
 * anything else (a server's specific words, a person's input) is shown as it is.
 */
import { validationMessages } from '../../contract/validation.messages.ts'
import { ENGLISH } from './catalogue.ts'
import type { DisplayText, MessageDescriptor } from './messages.ts'
import { createTranslator, type Translator } from './translator.ts'

let known: ReadonlyMap<string, MessageDescriptor> | null = null

/** English text → its message, built once: the build compiles each message, so its English is read through an English translator. */
function knownTexts(): ReadonlyMap<string, MessageDescriptor> {
  if (known === null) {
    const english = createTranslator(ENGLISH)
    known = new Map(Object.values<MessageDescriptor>(validationMessages).map((message) => [english.t(message), message]))
  }
  return known
}

/** `text` in the reader's language when it is exactly one of the contract's English messages; otherwise `text` unchanged. */
export function translateKnown(translator: Pick<Translator, 't'>, text: string): string {
  const message = knownTexts().get(text)
  return message ? translator.t(message) : text
}

/** A machine's text in the reader's language: a localized text translated, a string through {@link translateKnown}. */
export function displayKnown(translator: Pick<Translator, 't' | 'text'>, text: DisplayText): string {
  return typeof text === 'string' ? translateKnown(translator, text) : translator.text(text)
}
