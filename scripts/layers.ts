/**
 * The import layers of contract/, machines/ and src/ (docs/architecture.md), checked over the
 * module graph by scripts/layers.test.ts as part of `npm test`.
 *
 * The graph is read with the bundler's own parser (rolldown's `parseAst`, oxc's ESTree AST):
 * dependency-cruiser reads TypeScript only through the `typescript` package's JavaScript API,
 * which TypeScript 7 does not have (docs/decisions.md).
 */
import { readFileSync, readdirSync, statSync } from 'node:fs'
import { join, posix } from 'node:path'
import { parseAst } from 'rolldown/parseAst'

/** The repository root (the folder above scripts/). */
export const REPO_ROOT = join(import.meta.dirname, '..')

/** The folders whose files are layered; stories/, server/ and tests/ are outside this check. */
export const SCANNED_ROOTS = ['contract', 'machines', 'src'] as const

/**
 * The layers and the arrows allowed between them: `paths` say which files are in a layer (the
 * first row whose pattern matches wins; `*` stays within a folder, `**` crosses folders) and
 * `mayImport` the layers its files may import. A file matched by no row fails the check, so a new
 * folder under src/ has to be added here.
 */
export const LAYER_TABLE = [
  { layer: 'contract', paths: ['contract/**'], mayImport: ['contract'] },
  { layer: 'machines', paths: ['machines/**'], mayImport: ['machines', 'contract'] },
  // Browser adapters (storage, cookies, events); they may read the pure machines' types and policies.
  { layer: 'platform', paths: ['src/platform/**'], mayImport: ['platform', 'machines', 'contract'] },
  { layer: 'api', paths: ['src/api/**'], mayImport: ['api', 'platform', 'contract'] },
  // The analytics port alone: what the UI may know of analytics.
  { layer: 'analytics-port', paths: ['src/analytics/port.ts'], mayImport: ['analytics-port', 'platform', 'contract'] },
  { layer: 'analytics', paths: ['src/analytics/**'], mayImport: ['analytics', 'analytics-port', 'platform', 'contract'] },
  // Components in src/navigation (LinkPrefetch.tsx) are UI; the .ts files (route table, hooks) are not.
  {
    layer: 'navigation-ui',
    paths: ['src/navigation/**/*.tsx'],
    mayImport: ['navigation-ui', 'navigation', 'ui', 'system', 'machines', 'contract', 'platform'],
  },
  { layer: 'navigation', paths: ['src/navigation/**'], mayImport: ['navigation', 'system', 'machines', 'contract', 'platform'] },
  {
    layer: 'system',
    paths: ['src/system/**'],
    mayImport: ['system', 'machines', 'contract', 'api', 'platform', 'analytics', 'analytics-port', 'navigation'],
  },
  {
    layer: 'ui',
    paths: ['src/ui/**'],
    mayImport: ['ui', 'system', 'machines', 'contract', 'platform', 'navigation', 'navigation-ui', 'analytics-port'],
  },
  {
    layer: 'pages',
    paths: ['src/pages/**'],
    mayImport: ['pages', 'ui', 'system', 'machines', 'contract', 'platform', 'navigation', 'navigation-ui'],
  },
  { layer: 'sw', paths: ['src/sw/**'], mayImport: ['sw', 'platform', 'contract'] },
  // The composition root wires everything together.
  {
    layer: 'root',
    paths: ['src/routes/**', 'src/main.tsx'],
    mayImport: ['root', 'dev', 'contract', 'machines', 'platform', 'api', 'analytics-port', 'analytics', 'navigation', 'navigation-ui', 'system', 'ui', 'pages', 'sw'],
  },
  // Dev tools are exempt as importers (below); only the composition root may load them.
  { layer: 'dev', paths: ['src/dev/**'], mayImport: [] },
  // Ambient declarations (`import.meta.env`) import nothing.
  { layer: 'ambient', paths: ['src/*.d.ts'], mayImport: [] },
] as const satisfies readonly { layer: string; paths: readonly string[]; mayImport: readonly string[] }[]

/** A layer name of {@link LAYER_TABLE}. */
export type Layer = (typeof LAYER_TABLE)[number]['layer']

/** Files whose own imports are not checked (tests, test support, dev tools); they still count as import targets. */
export const EXEMPT_IMPORTERS = ['**/*.test.ts', '**/*.test.tsx', '**/testing.ts', '**/testing.tsx', 'machines/testing/**', 'src/dev/**'] as const

/**
 * Layer violations the tree had when the check was introduced; the test fails on any violation
 * not listed here and on any entry that is no longer a violation, so the list can only shrink.
 */
export const KNOWN_VIOLATIONS: readonly { from: string; to: string }[] = []

/** What a listed file is: checked source, a test, or story-like data (fixtures) that stories and tests share. */
export type ModuleKind = 'source' | 'test' | 'fixture'

/** One .ts/.tsx file of the scanned folders, repo-relative with `/` separators. */
export interface ModuleFile {
  path: string
  kind: ModuleKind
}

/** An import of one repo file by another; several imports of the same target make one edge. */
export interface ImportEdge {
  from: string
  to: string
}

/** The files and the imports between them (imports of npm packages are left out). */
export interface ModuleGraph {
  files: readonly ModuleFile[]
  edges: readonly ImportEdge[]
}

/** An import the layer table does not allow. */
export interface LayerViolation {
  from: string
  to: string
  fromLayer: Layer
  /** `outside` when the target is not in contract/, machines/ or src/. */
  toLayer: Layer | 'outside'
  /** The broken rule, readable on its own: `ui may not import api`. */
  rule: string
}

/** The result of checking a graph: the violations, and the files the layer table does not cover. */
export interface LayerReport {
  violations: LayerViolation[]
  /** Files (importers or imported) in the scanned folders that no row of the table matches. */
  unlayered: string[]
}

const globCache = new Map<string, RegExp>()

/** Whether a repo-relative path matches a pattern of {@link LAYER_TABLE} (`*` within a folder, `**` across folders). */
export function matchesPattern(path: string, pattern: string): boolean {
  let re = globCache.get(pattern)
  if (!re) {
    const body = pattern
      .split(/(\*\*\/|\*\*|\*)/)
      .map((part) => {
        if (part === '**/') return '(?:.*/)?'
        if (part === '**') return '.*'
        if (part === '*') return '[^/]*'
        return part.replace(/[.+?^${}()|[\]\\]/g, '\\$&')
      })
      .join('')
    re = new RegExp(`^${body}$`)
    globCache.set(pattern, re)
  }
  return re.test(path)
}

/** The layer of a repo-relative path, or undefined when no row of {@link LAYER_TABLE} matches. */
export function layerOf(path: string): Layer | undefined {
  return LAYER_TABLE.find((row) => row.paths.some((p) => matchesPattern(path, p)))?.layer
}

/** Whether a file's own imports are left unchecked (see {@link EXEMPT_IMPORTERS}). */
export function isExemptImporter(path: string): boolean {
  return EXEMPT_IMPORTERS.some((p) => matchesPattern(path, p))
}

/** Whether a repo-relative path lies in one of the {@link SCANNED_ROOTS}. */
function isScanned(path: string): boolean {
  return SCANNED_ROOTS.some((r) => path.startsWith(`${r}/`))
}

/** The kind of a listed file, from its name. */
export function kindOf(path: string): ModuleKind {
  if (/\.test\.tsx?$/.test(path) || path.startsWith('machines/testing/')) return 'test'
  if (/\.(fixtures|stories)\.tsx?$/.test(path)) return 'fixture'
  return 'source'
}

/** Every .ts/.tsx file under contract/, machines/ and src/, sorted, tests and fixtures included and marked. */
export function listModules(root = REPO_ROOT): ModuleFile[] {
  const files: ModuleFile[] = []
  for (const dir of SCANNED_ROOTS) {
    for (const entry of readdirSync(join(root, dir), { recursive: true, encoding: 'utf8' })) {
      const path = `${dir}/${entry.split('\\').join('/')}`
      if (/\.tsx?$/.test(path)) files.push({ path, kind: kindOf(path) })
    }
  }
  return files.sort((a, b) => a.path.localeCompare(b.path))
}

/**
 * The module specifiers a file imports: `import` and `import type` declarations, `export … from`,
 * and `import('…')` with a literal (or placeholder-free template) argument. Type positions
 * (`typeof import('…')`) are not module imports and are skipped.
 */
export function importSpecifiers(source: string, filename: string): string[] {
  const lang = filename.endsWith('.tsx') ? 'tsx' : filename.endsWith('.ts') ? 'ts' : 'js'
  // parseAst defaults to lang 'js' rather than inferring it from the filename: pass it.
  const program = parseAst(source, { lang }, filename)
  const found: string[] = []
  for (const node of program.body) {
    if (node.type === 'ImportDeclaration' || node.type === 'ExportAllDeclaration') found.push(node.source.value)
    else if (node.type === 'ExportNamedDeclaration' && node.source) found.push(node.source.value)
  }
  if (source.includes('import(')) collectDynamicImports(program, found)
  return found
}

/** Appends the literal sources of every `import(…)` expression below `node`. */
function collectDynamicImports(node: unknown, found: string[]): void {
  if (Array.isArray(node)) {
    for (const child of node) collectDynamicImports(child, found)
    return
  }
  if (node === null || typeof node !== 'object') return
  const n = node as { type?: unknown; source?: { type?: string; value?: unknown; expressions?: unknown[]; quasis?: { value: { cooked: string | null } }[] } }
  if (n.type === 'ImportExpression' && n.source) {
    const s = n.source
    if (s.type === 'Literal' && typeof s.value === 'string') found.push(s.value)
    else if (s.type === 'TemplateLiteral' && s.expressions?.length === 0 && s.quasis?.[0]?.value.cooked) found.push(s.quasis[0].value.cooked)
  }
  for (const key in node) {
    if (key === 'parent') continue
    const child = (node as Record<string, unknown>)[key]
    if (child !== null && typeof child === 'object') collectDynamicImports(child, found)
  }
}

/**
 * The repo-relative path a specifier of `from` points at, or undefined for a bare specifier (an
 * npm package, `node:` or `#` import). Query suffixes (`?url`, `?raw`) are dropped; a path
 * without an extension or naming a folder is tried with .ts, .tsx, /index.ts, /index.tsx, and
 * `.js` is tried as `.ts`/`.tsx`. When nothing exists the normalised path is returned as written.
 */
export function resolveSpecifier(from: string, specifier: string, exists: (path: string) => boolean): string | undefined {
  const bare = specifier.split('?')[0]!
  let path: string
  if (bare.startsWith('./') || bare.startsWith('../') || bare === '.' || bare === '..') path = posix.join(posix.dirname(from), bare)
  else if (bare.startsWith('/')) path = posix.normalize(bare.slice(1))
  else return undefined
  path = path.replace(/\/$/, '')
  const stem = path.replace(/\.jsx?$/, '')
  const jsAsTs = stem === path ? [] : [`${stem}.ts`, `${stem}.tsx`]
  const candidates = [path, ...jsAsTs, `${path}.ts`, `${path}.tsx`, `${path}/index.ts`, `${path}/index.tsx`]
  return candidates.find(exists) ?? path
}

/** Reads and parses every listed file and returns the graph of imports between repo files. */
export function buildGraph(root = REPO_ROOT): ModuleGraph {
  const files = listModules(root)
  const listed = new Set(files.map((f) => f.path))
  const exists = (path: string) => {
    if (listed.has(path)) return true
    try {
      return statSync(join(root, path)).isFile()
    } catch {
      return false
    }
  }
  const edges: ImportEdge[] = []
  for (const { path } of files) {
    const targets = new Set<string>()
    for (const specifier of importSpecifiers(readFileSync(join(root, path), 'utf8'), path)) {
      const to = resolveSpecifier(path, specifier, exists)
      if (to !== undefined && to !== path) targets.add(to)
    }
    for (const to of [...targets].sort()) edges.push({ from: path, to })
  }
  return { files, edges }
}

/** Checks every edge of a graph against {@link LAYER_TABLE}; exempt importers are skipped. */
export function checkLayers(graph: ModuleGraph): LayerReport {
  const violations: LayerViolation[] = []
  const unlayered = new Set<string>()
  for (const { path } of graph.files) if (!layerOf(path) && !isExemptImporter(path)) unlayered.add(path)
  for (const { from, to } of graph.edges) {
    if (isExemptImporter(from)) continue
    const fromLayer = layerOf(from)
    if (!fromLayer) continue
    const toLayer = isScanned(to) ? layerOf(to) : 'outside'
    if (!toLayer) {
      unlayered.add(to)
      continue
    }
    const allowed: readonly string[] = LAYER_TABLE.find((row) => row.layer === fromLayer)!.mayImport
    if (!allowed.includes(toLayer)) violations.push({ from, to, fromLayer, toLayer, rule: `${fromLayer} may not import ${toLayer}` })
  }
  return { violations, unlayered: [...unlayered].sort() }
}

/** The layer violations of the working tree (see {@link KNOWN_VIOLATIONS} for the ones still tolerated). */
export function layerViolations(root = REPO_ROOT): LayerViolation[] {
  return checkLayers(buildGraph(root)).violations
}

/** One violation on one line: `from → to (rule)`. */
export function formatViolation(v: { from: string; to: string; rule?: string }): string {
  return `${v.from} → ${v.to}${v.rule ? ` (${v.rule})` : ''}`
}
