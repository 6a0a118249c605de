/**
 * Route titles and menu group labels in the reader's language. The route table
 * (src/navigation/routes.ts) keeps the English titles (the spec's verbatim strings); each title's
 * message is `nav.<key>` with {@link navKey}'s key and the title as its English, so the shell
 * translates titles without loading the English table of src/navigation/nav.messages.ts a second
 * time. src/i18n/catalogues.test.ts checks that every title of the route table is in that table,
 * with the same English, and that a title is plain text (no placeholder, no plural).
 */
import type { MessageDescriptor } from '../i18n/messages.ts'

/** The message key of an English title: its words in lower camel case ('Account & Billing' → accountBilling). */
export function navKey(title: string): string {
  const words = title.match(/[A-Za-z0-9]+/g) ?? []
  return words.map((w, i) => (i === 0 ? w.toLowerCase() : w[0]!.toUpperCase() + w.slice(1).toLowerCase())).join('')
}

/**
 * The message of a route title or group label: id `nav.<key>`, English the title in its compiled
 * form (plain text compiles to itself alone, as scripts/i18n-plugin.ts compiles the table's).
 */
export function navMessage(title: string): MessageDescriptor {
  return { id: `nav.${navKey(title)}`, message: [title] }
}

/** A route title or group label in the translator's language (its English where a catalogue lacks it). */
export function navTitle(translator: { t(message: MessageDescriptor): string }, title: string): string {
  return translator.t(navMessage(title))
}
