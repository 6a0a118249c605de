/**
 * Compiles the app's messages at build time (and on the dev server, in tests and in Storybook), so
 * the browser never parses MessageFormat:
 *
 * - every `defineMessages('ns', { key: 'English text' })` call (contract/messages.ts): each string
 *   literal value becomes Lingui's compiled token array in place;
 * - every catalogue file (locales/<locale>/<namespace>.json): each translation is compiled the same way,
 *   and the file stays JSON for Vite's JSON plugin.
 *
 * A message that does not parse fails the build with its id. The catalogue test checks that the
 * calls hold only string literals, so nothing is left uncompiled.
 */
import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage'
import MagicString from 'magic-string'
import type { Plugin } from 'vite'
import { type EsNode, nodesOf } from './estree.ts'

const CATALOGUE = /[\\/]locales[\\/][a-zA-Z-]+[\\/][a-zA-Z0-9-]+\.json$/


/** Compiles one message, naming it if it does not parse. */
function compile(id: string, message: string): unknown {
  try {
    return compileMessageOrThrow(message)
  } catch (error) {
    throw new Error(`i18n: the message "${id}" does not parse: ${(error as Error).message}`)
  }
}

/** The catalogue's JSON with every translation compiled. */
export function compileCatalogue(json: string, file: string): string {
  const raw = JSON.parse(json) as Record<string, unknown>
  const out: Record<string, unknown> = {}
  for (const [id, message] of Object.entries(raw)) {
    if (typeof message !== 'string') throw new Error(`i18n: ${file}: "${id}" is not a string`)
    out[id] = compile(id, message)
  }
  return JSON.stringify(out)
}


/** The Vite plugins (see the module comment): catalogues before Vite's JSON plugin, source after TypeScript. */
export function i18nMessages(): Plugin[] {
  return [catalogues(), messagesInSource(), noRuntimeCompiler()]
}

const NO_COMPILER = '\0engage-i18n-no-compiler'

/**
 * `@lingui/core` imports its message compiler for development use; the import is dead in a build,
 * but the compiler's parser is CommonJS, which the bundler keeps (about 7 kB gzip on the first
 * load). Every message is compiled here at build time, so the build gives `@lingui/core` none.
 */
function noRuntimeCompiler(): Plugin {
  return {
    name: 'engage-i18n-no-runtime-compiler',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source === '@lingui/message-utils/compileMessage' && importer && /[\\/]@lingui[\\/]core[\\/]/.test(importer)) return NO_COMPILER
      return null
    },
    load(id) {
      return id === NO_COMPILER ? 'export const compileMessage = undefined\n' : null
    },
  }
}

function catalogues(): Plugin {
  return {
    name: 'engage-i18n-messages',
    enforce: 'pre',
    transform: {
      order: 'pre',
      handler(code, id) {
        const file = id.split('?')[0]!
        if (CATALOGUE.test(file)) return { code: compileCatalogue(code, file), map: null }
        return null
      },
    },
  }
}

/** Runs after TypeScript and JSX are stripped, so the code parses as plain JavaScript. */
function messagesInSource(): Plugin {
  return {
    name: 'engage-i18n-messages-in-source',
    enforce: 'post',
    transform(code, id) {
      if (!code.includes('defineMessages(') || id.includes('/node_modules/') || /[\\/]contract[\\/]messages\.ts/.test(id)) return null
      const program = this.parse(code) as unknown
      const s = new MagicString(code)
      for (const node of nodesOf(program)) {
        if (node.type !== 'CallExpression') continue
        const callee = node.callee as EsNode & { name?: string }
        if (callee.type !== 'Identifier' || callee.name !== 'defineMessages') continue
        const [ns, table] = node.arguments as EsNode[]
        if (!ns || !table || table.type !== 'ObjectExpression') continue
        const namespace = (ns as EsNode & { value?: unknown }).value
        for (const prop of table.properties as EsNode[]) {
          const value = prop.value as EsNode & { value?: unknown }
          const key = prop.key as EsNode & { name?: string; value?: unknown }
          if (value?.type !== 'Literal' || typeof value.value !== 'string') continue
          s.overwrite(value.start, value.end, JSON.stringify(compile(`${String(namespace)}.${String(key.name ?? key.value)}`, value.value)))
        }
      }
      return s.hasChanged() ? { code: s.toString(), map: s.generateMap({ hires: 'boundary', source: id }) } : null
    },
  }
}
