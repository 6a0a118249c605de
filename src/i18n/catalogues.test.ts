/**
 * The catalogues against the messages in the code (`*.messages.ts` under src/ and machines/): every language has
 * every message and no other, with the same placeholders; ids are unique; every route title has
 * a message; messages are declared only in `*.messages.ts` files, with string literals only (the
 * build compiles them in place, scripts/i18n-plugin.ts).
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { compileMessageOrThrow, type CompiledMessage } from '@lingui/message-utils/compileMessage'
import { parseAst } from 'vite'
import { type EsNode, nodesOf } from '../../scripts/estree.ts'
import { describe, expect, it } from 'vitest'
import { LOCALES } from './locales.ts'
import type { MessageDescriptor } from './messages.ts'
import { navMessages } from '../navigation/nav.messages.ts'
import { navKey, navMessage } from '../navigation/nav-title.ts'
import { NAVIGATION, HIDDEN_ROUTES } from '../navigation/routes.ts'

const root = join(import.meta.dirname, '..', '..')

/** The .ts/.tsx files under `dir`, recursively. */
const sourceFiles = (dir: string) =>
  readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && /\.tsx?$/.test(e.name) && !e.name.endsWith('.d.ts'))
    .map((e) => join(e.parentPath, e.name))
const modules = import.meta.glob<Record<string, Readonly<Record<string, MessageDescriptor>>>>(['../**/*.messages.ts', '../../machines/**/*.messages.ts', '../../contract/**/*.messages.ts', '../../server/**/*.messages.ts'], { eager: true })


/** Every message of the code, by id. */
const english = new Map<string, MessageDescriptor>()
for (const exports of Object.values(modules))
  for (const table of Object.values(exports)) for (const message of Object.values(table)) english.set(message.id, message)

/** The placeholders a message uses, with their kinds ('count:plural', 'name'), sorted. */
function argumentsOf(message: string | CompiledMessage): string[] {
  const found = new Set<string>()
  const walk = (tokens: CompiledMessage) => {
    for (const token of tokens) {
      if (typeof token === 'string') continue
      const [name, type, format] = token
      found.add(type ? `${name}:${type}` : name)
      if (format && typeof format === 'object') for (const form of Object.values(format)) if (Array.isArray(form)) walk(form as CompiledMessage)
    }
  }
  walk(typeof message === 'string' ? compileMessageOrThrow(message) : message)
  return [...found].sort()
}

/** A language's catalogue files by namespace (locales/<locale>/<namespace>.json), as written. */
const files = (locale: string): Record<string, Record<string, string>> =>
  Object.fromEntries(
    readdirSync(join(root, 'locales', locale))
      .filter((f) => f.endsWith('.json'))
      .map((f) => [f.slice(0, -'.json'.length), JSON.parse(readFileSync(join(root, 'locales', locale, f), 'utf8')) as Record<string, string>]),
  )
const raw = (locale: string): Record<string, string> => Object.assign({}, ...Object.values(files(locale)))

describe('catalogues', () => {
  it('the code declares messages', () => {
    expect(english.size).toBeGreaterThan(50)
  })

  for (const locale of LOCALES.filter((l) => l !== 'en')) {
    it(`${locale} has every message of the code and no other, with the same placeholders`, () => {
      const catalogue = raw(locale)
      const missing = [...english.keys()].filter((id) => !(id in catalogue))
      const extra = Object.keys(catalogue).filter((id) => !english.has(id))
      expect(missing, `${locale}.json lacks these messages`).toEqual([])
      expect(extra, `${locale}.json has messages the code no longer declares`).toEqual([])
      for (const [id, text] of Object.entries(catalogue)) {
        expect(text.trim(), `${locale}: ${id} is empty`).not.toBe('')
        expect(argumentsOf(text), `${locale}: ${id} placeholders`).toEqual(argumentsOf(english.get(id)!.message))
      }
    })
  }

  // The browser's chunks: the app's catalogue, the public site's apart, and nothing only the server says.
  const chunks = import.meta.glob<Record<string, unknown>>('./catalogues/*.ts', { eager: true, import: 'default' })
  const declaredIn = (where: (file: string) => boolean) =>
    Object.entries(modules)
      .filter(([file]) => where(file))
      .flatMap(([, exports]) => Object.values(exports).flatMap((table) => Object.values(table).map((message) => message.id)))
      .sort()
  const isSite = (file: string) => file.startsWith('../pages/public/')
  const isServer = (file: string) => file.startsWith('../../server/')
  for (const locale of LOCALES.filter((l) => l !== 'en')) {
    it(`the browser's ${locale} chunks: the app's messages, and the public site's in a chunk of their own`, () => {
      expect(Object.keys(chunks[`./catalogues/${locale}.ts`] ?? {}).sort()).toEqual(declaredIn((file) => !isSite(file) && !isServer(file)))
      expect(Object.keys(chunks[`./catalogues/site-${locale}.ts`] ?? {}).sort()).toEqual(declaredIn(isSite))
    })
  }

  it("each catalogue file holds its namespace's messages only", () => {
    for (const locale of LOCALES.filter((l) => l !== 'en'))
      for (const [namespace, entries] of Object.entries(files(locale)))
        expect(Object.keys(entries).filter((id) => !id.startsWith(`${namespace}.`)), `${locale}/${namespace}.json`).toEqual([])
  })

  it('ids are unique: no two modules declare the same namespace', () => {
    const owners = new Map<string, string>()
    for (const [file, exports] of Object.entries(modules))
      for (const table of Object.values(exports)) {
        const namespace = Object.values(table)[0]?.id.split('.')[0]
        if (!namespace) continue
        expect(owners.get(namespace) ?? file, `namespace "${namespace}"`).toBe(file)
        owners.set(namespace, file)
      }
  })

  it('every menu group, entry, section and hidden route title has a message, and the message navTitle builds from it is that one', () => {
    const routes = [...NAVIGATION.flatMap((g) => g.entries), ...HIDDEN_ROUTES]
    const titles = [...new Set([...NAVIGATION.map((g) => g.label), ...routes.map((r) => r.title), ...routes.flatMap((r) => (r.section ? [r.section] : []))])]
    const table = navMessages as Readonly<Record<string, MessageDescriptor>>
    expect(titles.filter((title) => table[navKey(title)] === undefined)).toEqual([])
    for (const title of titles) expect(navMessage(title), title).toEqual(table[navKey(title)])
  })

  it('messages are declared only in *.messages.ts files, as string literals', () => {
    for (const file of ['src', 'machines', 'contract', 'server'].flatMap((dir) => sourceFiles(join(root, dir)))) {
      const text = readFileSync(file, 'utf8')
      if (!text.includes('defineMessages(')) continue
      const name = relative(root, file)
      if (name === 'contract/messages.ts' || name === 'src/i18n/messages.ts' || /\.test\.tsx?$/.test(name)) continue
      expect(name, 'declare messages in a *.messages.ts file').toMatch(/\.messages\.ts$/)
      for (const node of nodesOf(parseAst(text, { lang: 'ts' }))) {
        if (node.type !== 'CallExpression' || (node.callee as EsNode).type !== 'Identifier' || (node.callee as EsNode).name !== 'defineMessages') continue
        const [namespace, table] = node.arguments as EsNode[]
        expect(namespace?.type === 'Literal' && typeof namespace.value === 'string', `${name}: the namespace is a string literal`).toBe(true)
        expect(table?.type, `${name}: the messages are an object literal`).toBe('ObjectExpression')
        for (const property of table!.properties as EsNode[]) {
          const value = property.value as EsNode | undefined
          expect(property.type === 'Property' && value?.type === 'Literal' && typeof value.value === 'string', `${name}: ${text.slice(property.start, property.start + 60)} is a string literal`).toBe(true)
        }
      }
    }
  })
})
