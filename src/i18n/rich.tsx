/**
 * Messages with elements inside them ('<strong>Acme</strong> is on the Engage waitlist'): the
 * message keeps a placeholder where the element goes (`{org} is on the Engage waitlist`), so each
 * language places it where its grammar wants.
 */
import { Fragment, type ReactNode } from 'react'
import type { MessageDescriptor, MessageValues } from './messages.ts'
import type { Translator } from './translator.ts'

/** Marks a placeholder in the translated text; private-use characters, never in a message. */
const mark = (name: string) => `\uE000${name}\uE001`
const MARKED = /\uE000(\w+)\uE001/

/**
 * `message` translated with `parts` (elements) in its placeholders of the same names, and plain
 * `values` in the others.
 */
export function richMessage(t: Translator['t'], message: MessageDescriptor, parts: Readonly<Record<string, ReactNode>>, values?: MessageValues): ReactNode {
  const marked = Object.fromEntries(Object.keys(parts).map((name) => [name, mark(name)]))
  // split with a capture group: text at even indexes, the placeholders' names at odd ones.
  return t(message, { ...values, ...marked })
    .split(MARKED)
    .map((piece, i) => (i % 2 === 0 ? piece : <Fragment key={i}>{parts[piece]}</Fragment>))
}
