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
