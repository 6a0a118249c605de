/**
 * No string slips through: the files that speak through the catalogues (TRANSLATED) hold no text
 * a person reads as a literal: no JSX text, and no literal in a JSX attribute people read or hear
 * (`label`, `aria-label`, `title`, `placeholder`, …) or directly in a JSX expression. Every view
 * joins the list as it is translated (docs/i18n.md); a file on it cannot fall back to literals.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { parseAst } from 'vite'
import { describe, expect, it } from 'vitest'

/** The views whose every visible string comes from a catalogue. */
export const TRANSLATED = [
  'src/ui/shell/Header.tsx',
  'src/ui/shell/UserMenu.tsx',
  'src/ui/shell/Sidebar.tsx',
  'src/ui/shell/SidebarNav.tsx',
  'src/ui/shell/SidebarDrawer.tsx',
  'src/ui/shell/CreditsSummary.tsx',
  'src/pages/LanguageSection.tsx',
] as const

/** Attributes whose text a person reads or hears. */
const READ_ATTRIBUTES = new Set(['label', 'aria-label', 'aria-description', 'title', 'placeholder', 'description', 'alt', 'valueLabel', 'textValue', 'busyLabel', 'submitLabel', 'heading', 'text'])

interface EsNode {
  readonly type: string
  readonly start: number
  readonly [key: string]: unknown
}

function* nodesOf(node: unknown): Generator<EsNode> {
  if (!node || typeof node !== 'object') return
  if (Array.isArray(node)) {
    for (const child of node) yield* nodesOf(child)
    return
  }
  const n = node as EsNode
  if (typeof n.type === 'string') yield n
  for (const [key, value] of Object.entries(n)) if (key !== 'type' && value && typeof value === 'object') yield* nodesOf(value)
}

const hasWords = (text: string) => /\p{L}{2,}/u.test(text)

/** The literal texts of a view a person would read, with where they are. */
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

describe('visible strings', () => {
  it('the check finds literal text, attributes and expressions', () => {
    expect(visibleLiterals(`const A = () => <div title="Hello there" aria-hidden="true">Sign out {'Log Out'} {t(m.x)} ⌘K</div>`)).toEqual([
      'title="Hello there"',
      'Sign out',
      "{'Log Out'}",
    ])
  })

  for (const file of TRANSLATED) {
    it(`${file} shows no literal text`, () => {
      expect(visibleLiterals(readFileSync(join(import.meta.dirname, '..', '..', file), 'utf8'))).toEqual([])
    })
  }
})
