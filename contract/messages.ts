/**
 * Messages as code: each feature declares its English messages next to the view or machine that
 * shows them (`defineMessages('shell', { signOut: 'Sign out' })` in a `*.messages.ts` file), in ICU
 * MessageFormat. The English text is the source (and the spec's verbatim strings); other
 * languages' catalogues (locales/<language>/<namespace>.json) translate the same ids. The build
 * compiles every message to Lingui's token form (scripts/i18n-plugin.ts), so no message parser
 * ships to the browser. Pure and shared: machines declare the messages their toasts and errors
 * show, views translate them (src/i18n), and the server its emails and push (docs/i18n.md).
 */
import type { CompiledMessage } from '@lingui/message-utils/compileMessage'

/** One message: its id (`namespace.key`) and its English text (source, or compiled by the build). */
export interface MessageDescriptor {
  readonly id: string
  readonly message: string | CompiledMessage
}

/** A feature's messages by key. */
export type Messages<K extends string> = { readonly [P in K]: MessageDescriptor }

/** Every namespace declared so far (development only: a second module may not reuse one). */
const namespaces = new Set<string>()

/**
 * Declares a feature's English messages under `namespace` (lower camel case, unique in the app).
 * Ids are `namespace.key`. The values must be string literals: the build compiles them in place
 * and the catalogue test (src/i18n/catalogues.test.ts) reads them.
 */
export function defineMessages<const K extends string>(namespace: string, english: Readonly<Record<K, string>>): Messages<K> {
  if (import.meta.env?.DEV) {
    if (namespaces.has(namespace) && !import.meta.hot) console.warn(`i18n: the namespace "${namespace}" is declared twice`)
    namespaces.add(namespace)
  }
  const out = {} as Record<K, MessageDescriptor>
  for (const key of Object.keys(english) as K[]) out[key] = { id: `${namespace}.${key}`, message: english[key] }
  return out
}

/** Values a message's placeholders take (`{count}`, `{name}`). */
export type MessageValues = Readonly<Record<string, string | number | Date | null | undefined>>

/** Text to be shown in the reader's language: a message and its values (a toast, an error). */
export interface LocalizedText {
  readonly message: MessageDescriptor
  readonly values?: MessageValues
}

/** Text a machine hands a view: already final (a server's words, a person's input) or to translate. */
export type DisplayText = string | LocalizedText

/** `message` with `values`, as a {@link LocalizedText}. */
export function localized(message: MessageDescriptor, values?: MessageValues): LocalizedText {
  return values ? { message, values } : { message }
}
