/**
 * No string slips through: no view of the app holds text a person reads as a literal: no JSX
 * text, and no literal in a JSX attribute people read or hear (`label`, `aria-label`, `title`,
 * `placeholder`, …) or directly in a JSX expression. No module of src/ gives an object's `title`,
 * `text`, `body`, `label`, … a literal that is not the English of a message (a table a view looks
 * up by its English, like the route table's titles, is fine). Text comes from the catalogues
 * (docs/i18n.md); a product name is a named constant.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { textProperties, visibleLiterals } from '../../scripts/i18n-visible.ts'
import { describe, expect, it } from 'vitest'
import { ENGLISH } from './catalogue.ts'
import type { MessageDescriptor } from './messages.ts'
import { createTranslator } from './translator.ts'

const root = join(import.meta.dirname, '..', '..')

/** Every view of the app (src/, but tests, stories and the development-only src/dev) and the email templates. */
export const VIEWS: ReadonlyArray<string> = [
  ...readdirSync(join(root, 'src'), { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && e.name.endsWith('.tsx') && !e.name.endsWith('.test.tsx') && !e.name.endsWith('.stories.tsx'))
    .map((e) => relative(root, join(e.parentPath, e.name)))
    .filter((file) => !file.startsWith('src/dev/')),
  ...readdirSync(join(root, 'server/mail/templates')).filter((f) => f.endsWith('.tsx')).map((f) => `server/mail/templates/${f}`),
].sort()

/** Every module of src/ but tests, stories, styles, message tables and src/dev. */
const MODULES: ReadonlyArray<string> = readdirSync(join(root, 'src'), { withFileTypes: true, recursive: true })
  .filter((e) => e.isFile() && /\.tsx?$/.test(e.name) && !/\.(test|stories|css|messages)\.tsx?$/.test(e.name) && !e.name.endsWith('.d.ts'))
  .map((e) => relative(root, join(e.parentPath, e.name)))
  .filter((file) => !file.startsWith('src/dev/'))
  .sort()

/** The English of every message the browser has (placeholders left as written). */
const MESSAGE_ENGLISH: ReadonlySet<string> = (() => {
  const tables = import.meta.glob<Record<string, Readonly<Record<string, MessageDescriptor>>>>(['../**/*.messages.ts', '../../machines/**/*.messages.ts', '../../contract/**/*.messages.ts'], { eager: true })
  const english = createTranslator(ENGLISH)
  const texts = new Set<string>()
  for (const exports of Object.values(tables)) for (const table of Object.values(exports)) for (const message of Object.values(table)) texts.add(english.t(message))
  return texts
})()

describe('visible strings', () => {
  it('the check finds literal text, attributes and expressions', () => {
    expect(visibleLiterals(`const A = () => <div title="Hello there" aria-hidden="true">Sign out {'Log Out'} {t(m.x)} ⌘K</div>`)).toEqual([
      'title="Hello there"',
      'Sign out',
      "{'Log Out'}",
    ])
  })

  it('the check finds the text an object literal gives a title, text, body or label', () => {
    expect(textProperties(`const pages = { '/a': { title: 'This link has expired', text: 'Ask for a new one.', id: 'not text', tag: 'engage-test' }, empty: { label: '…' } }`, 'ts')).toEqual([
      'This link has expired',
      'Ask for a new one.',
    ])
    expect(textProperties(`export const X = () => <P title={t(m.a)} />; const row = { 'label': 'Sign out' }`, 'tsx')).toEqual(['Sign out'])
  })

  it('reads every view', () => {
    expect(VIEWS.length).toBeGreaterThan(150)
    expect(VIEWS).toContain('src/ui/shell/Header.tsx')
  })

  it('reads every module', () => {
    expect(MODULES.length).toBeGreaterThan(VIEWS.length)
    expect(MODULES).toContain('src/navigation/share.ts')
    expect(MESSAGE_ENGLISH.has('Sign in')).toBe(true)
  })

  for (const file of MODULES) {
    it(`${file} gives no object text that is not a message's English`, () => {
      const source = readFileSync(join(root, file), 'utf8')
      expect(textProperties(source, file.endsWith('.tsx') ? 'tsx' : 'ts').filter((text) => !MESSAGE_ENGLISH.has(text))).toEqual([])
    })
  }

  for (const file of VIEWS) {
    it(`${file} shows no literal text`, () => {
      expect(visibleLiterals(readFileSync(join(root, file), 'utf8'))).toEqual([])
    })
  }
})
