/**
 * Messages as code: each feature declares its English messages next to the view that shows them
 * (`defineMessages('shell', { signOut: 'Sign out' })`), in ICU MessageFormat. The English text is
 * the source (and the spec's verbatim strings); other languages' catalogues (src/i18n/catalogues)
 * translate the same ids. The build compiles every message to Lingui's token form
 * (scripts/i18n-plugin.ts), so no message parser ships to the browser.
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
