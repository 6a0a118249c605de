/**
 * Finds the text of a view a person would read that is written as a literal (not from a
 * catalogue): JSX text, literals in the attributes people read or hear, literals directly in a JSX
 * expression. Used by src/i18n/visible-strings.test.ts; as a command, lists them for files:
 *
 *   node --import tsx scripts/i18n-visible.ts src/ui/shell/Header.tsx …
 */
import { readFileSync } from 'node:fs'
import { parseAst } from 'vite'
import { type EsNode, nodesOf } from './estree.ts'

/** Attributes whose text a person reads or hears. */
const READ_ATTRIBUTES = new Set(['label', 'aria-label', 'aria-description', 'title', 'placeholder', 'description', 'alt', 'valueLabel', 'textValue', 'busyLabel', 'submitLabel', 'heading', 'text'])


const hasWords = (text: string) => /\p{L}{2,}/u.test(text)

/** The literal texts of a view (TSX source) a person would read. */
export function visibleLiterals(source: string): string[] {
  const found: string[] = []
  for (const node of nodesOf(parseAst(source, { lang: 'tsx' }))) {
    if (node.type === 'JSXText' && hasWords(String(node.value))) found.push(String(node.value).trim())
    if (node.type === 'JSXAttribute') {
      const name = (node.name as EsNode).name as string
      const value = node.value as EsNode | null
      if (READ_ATTRIBUTES.has(name) && value?.type === 'Literal' && hasWords(String(value.value))) found.push(`${name}="${String(value.value)}"`)
    }
    if (node.type === 'JSXExpressionContainer') {
      const expression = node.expression as EsNode
      if (expression.type === 'Literal' && typeof expression.value === 'string' && hasWords(expression.value)) found.push(`{'${expression.value}'}`)
    }
  }
  return found
}

/** Object-literal properties whose text a view shows or a notification says. */
const TEXT_PROPERTIES = new Set(['title', 'text', 'body', 'label', 'heading', 'description', 'placeholder'])

/**
 * The string literals a module (TS or TSX source) gives the properties named in TEXT_PROPERTIES
 * (`{ title: 'Pricing' }`): text a view or a notification may show without a catalogue. The caller
 * decides which are fine (the English of a message the view looks up by it).
 */
export function textProperties(source: string, lang: 'ts' | 'tsx'): string[] {
  const found: string[] = []
  for (const node of nodesOf(parseAst(source, { lang }))) {
    if (node.type !== 'Property') continue
    const key = node.key as EsNode
    const value = node.value as EsNode
    const name = key.type === 'Identifier' ? key.name : key.value
    if (typeof name === 'string' && TEXT_PROPERTIES.has(name) && value.type === 'Literal' && typeof value.value === 'string' && hasWords(value.value)) found.push(value.value)
  }
  return found
}

if (import.meta.url === `file://${process.argv[1]}`) {
  let found = 0
  for (const file of process.argv.slice(2)) {
    for (const text of visibleLiterals(readFileSync(file, 'utf8'))) {
      console.log(`${file}: ${text}`)
      found++
    }
  }
  process.exitCode = found > 0 ? 1 : 0
}
