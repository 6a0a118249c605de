/**
 * The import layers of contract/, machines/, src/ and server/ (docs/architecture.md;
 * docs/architecture.md "The server's layers" for server/), checked over the module graph by
 * scripts/layers.test.ts as part of `npm test`. An arrow runs one way: a lower layer never imports
 * a higher one, so a folder can be read, tested and changed knowing only what lies below it.
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

/** The folders whose files are layered; stories/, tests/ and bench/ are outside this check. */
export const SCANNED_ROOTS = ['contract', 'machines', 'src', 'server'] as const

/** What a server feature folder may import besides itself: every layer below the features. */
const SERVER_BELOW_FEATURES = ['server:members', 'server:mail', 'server:preferences', 'server:botcheck', 'server:billing', 'server:audit-trail', 'server:http', 'server:auth', 'server:webhook-events', 'server:db', 'server:base', 'contract'] as const

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
  // Languages, messages and formats (no UI of its own beyond the provider); below everything that speaks.
  { layer: 'i18n', paths: ['src/i18n/**'], mayImport: ['i18n', 'machines', 'contract'] },
  { layer: 'platform', paths: ['src/platform/**'], mayImport: ['platform', 'i18n', 'machines', 'contract'] },
  { layer: 'api', paths: ['src/api/**'], mayImport: ['api', 'platform', 'contract'] },
  // The analytics port alone: what the UI may know of analytics.
  { layer: 'analytics-port', paths: ['src/analytics/port.ts'], mayImport: ['analytics-port', 'platform', 'contract'] },
  { layer: 'analytics', paths: ['src/analytics/**'], mayImport: ['analytics', 'analytics-port', 'platform', 'contract'] },
  // Components in src/navigation (LinkPrefetch.tsx) are UI; the .ts files (route table, hooks) are not.
  {
    layer: 'navigation-ui',
    paths: ['src/navigation/**/*.tsx'],
    mayImport: ['navigation-ui', 'navigation', 'ui', 'system', 'machines', 'contract', 'platform', 'i18n'],
  },
  { layer: 'navigation', paths: ['src/navigation/**'], mayImport: ['navigation', 'system', 'machines', 'contract', 'platform', 'i18n'] },
  {
    layer: 'system',
    paths: ['src/system/**'],
    mayImport: ['system', 'machines', 'contract', 'api', 'platform', 'analytics', 'analytics-port', 'navigation', 'i18n'],
  },
  {
    layer: 'ui',
    paths: ['src/ui/**'],
    mayImport: ['ui', 'system', 'machines', 'contract', 'platform', 'navigation', 'navigation-ui', 'analytics-port', 'i18n'],
  },
  {
    layer: 'pages',
    paths: ['src/pages/**'],
    mayImport: ['pages', 'ui', 'system', 'machines', 'contract', 'platform', 'navigation', 'navigation-ui', 'i18n'],
  },
  { layer: 'sw', paths: ['src/sw/**'], mayImport: ['sw', 'platform', 'contract'] },
  // The composition root wires everything together.
  {
    layer: 'root',
    paths: ['src/routes/**', 'src/main.tsx'],
    mayImport: ['root', 'dev', 'contract', 'machines', 'platform', 'api', 'analytics-port', 'analytics', 'navigation', 'navigation-ui', 'system', 'ui', 'pages', 'sw', 'i18n'],
  },
  // Dev tools are exempt as importers (below); only the composition root may load them.
  { layer: 'dev', paths: ['src/dev/**'], mayImport: [] },
  // Ambient declarations (`import.meta.env`) import nothing.
  { layer: 'ambient', paths: ['src/*.d.ts'], mayImport: [] },

  // server/, top to bottom (docs/architecture.md, "The server's layers"). The composition root builds the app
  // and the process (HTTP server, cluster, shutdown): it alone sees every folder.
  {
    layer: 'server:root',
    paths: ['server/main.ts', 'server/app.ts', 'server/cluster.ts'],
    mayImport: [
      'server:root', 'server:admin', 'server:config', 'server:users', 'server:team', 'server:permissions', 'server:workspaces',
      'server:overview', 'server:audit', 'server:notifications', 'server:push', 'server:uploads', 'server:bugReports', 'server:sso',
      'server:passkeys', 'server:apiKeys', 'server:webhooks', 'server:members', 'server:mail', 'server:preferences', 'server:botcheck',
      'server:billing', 'server:audit-trail', 'server:http', 'server:auth', 'server:webhook-events', 'server:db', 'server:base', 'contract',
    ],
  },
  // Operator tools: the admin CLI, the internal API, start-up seeding and runtime files. They act
  // on any feature's data, so they sit above the features; only the root loads them.
  {
    layer: 'server:admin',
    paths: ['server/admin/**'],
    mayImport: [
      'server:admin', 'server:config', 'server:users', 'server:team', 'server:permissions', 'server:workspaces', 'server:overview',
      'server:audit', 'server:notifications', 'server:push', 'server:uploads', 'server:bugReports', 'server:members', 'server:mail',
      'server:preferences', 'server:botcheck', 'server:billing', 'server:audit-trail', 'server:http', 'server:auth',
      'server:webhook-events', 'server:db', 'server:base', 'contract',
    ],
  },
  // The environment, read once at start; it takes each folder's defaults (bot check, rate limits,
  // streams per person). Features get their settings passed in and never import it.
  {
    layer: 'server:config',
    paths: ['server/config.ts'],
    mayImport: ['server:config', 'server:notifications', 'server:botcheck', 'server:http', 'server:base', 'contract'],
  },
  // The feature folders: each serves its endpoints and imports no other feature, so a feature can
  // be read alone. Whatever two of them need lives in a shared layer below.
  { layer: 'server:users', paths: ['server/users/**'], mayImport: ['server:users', ...SERVER_BELOW_FEATURES] },
  { layer: 'server:team', paths: ['server/team/**'], mayImport: ['server:team', ...SERVER_BELOW_FEATURES] },
  { layer: 'server:permissions', paths: ['server/permissions/**'], mayImport: ['server:permissions', ...SERVER_BELOW_FEATURES] },
  { layer: 'server:workspaces', paths: ['server/workspaces/**'], mayImport: ['server:workspaces', ...SERVER_BELOW_FEATURES] },
  { layer: 'server:overview', paths: ['server/overview/**'], mayImport: ['server:overview', ...SERVER_BELOW_FEATURES] },
  { layer: 'server:audit', paths: ['server/audit/**'], mayImport: ['server:audit', ...SERVER_BELOW_FEATURES] },
  { layer: 'server:notifications', paths: ['server/notifications/**'], mayImport: ['server:notifications', ...SERVER_BELOW_FEATURES] },
  { layer: 'server:push', paths: ['server/push/**'], mayImport: ['server:push', ...SERVER_BELOW_FEATURES] },
  { layer: 'server:uploads', paths: ['server/uploads/**'], mayImport: ['server:uploads', ...SERVER_BELOW_FEATURES] },
  { layer: 'server:bugReports', paths: ['server/bugReports/**'], mayImport: ['server:bugReports', ...SERVER_BELOW_FEATURES] },
  { layer: 'server:sso', paths: ['server/sso/**'], mayImport: ['server:sso', ...SERVER_BELOW_FEATURES] },
  { layer: 'server:passkeys', paths: ['server/passkeys/**'], mayImport: ['server:passkeys', ...SERVER_BELOW_FEATURES] },
  { layer: 'server:apiKeys', paths: ['server/apiKeys/**'], mayImport: ['server:apiKeys', ...SERVER_BELOW_FEATURES] },
  { layer: 'server:webhooks', paths: ['server/webhooks/**'], mayImport: ['server:webhooks', ...SERVER_BELOW_FEATURES] },
  // Workspace membership as several features see it: members, held permission sets and what they
  // allow (access control, guards), invitations, the workspace list and creation. A new workspace
  // starts on a billing plan; invitations are audited.
  {
    layer: 'server:members',
    paths: ['server/members/**'],
    mayImport: ['server:members', 'server:billing', 'server:audit-trail', 'server:http', 'server:auth', 'server:webhook-events', 'server:db', 'server:base', 'contract'],
  },
  // Email: the mailer and outbox, templates, links on the public origin, unsubscribe tokens and
  // their one-click route (which switches a preference off, hence preferences below it).
  {
    layer: 'server:mail',
    paths: ['server/mail/**'],
    mayImport: ['server:mail', 'server:preferences', 'server:http', 'server:auth', 'server:db', 'server:base', 'contract'],
  },
  // A person's notification preferences and quiet hours: read by notifications, push and mail.
  { layer: 'server:preferences', paths: ['server/preferences/**'], mayImport: ['server:preferences', 'server:db', 'contract'] },
  // Bot defences (proof of work, Turnstile, replay guard) that sign-up and sign-in call.
  { layer: 'server:botcheck', paths: ['server/botcheck/**'], mayImport: ['server:botcheck', 'server:http', 'server:db', 'server:base', 'contract'] },
  // Plans and the credit ledger: workspace creation (members) gives a new workspace its plan.
  { layer: 'server:billing', paths: ['server/billing/**'], mayImport: ['server:billing', 'server:http', 'server:auth', 'server:db', 'server:base', 'contract'] },
  // Writing audit entries, in the transaction of the change they describe (the log's endpoints
  // are the audit feature above).
  { layer: 'server:audit-trail', paths: ['server/audit-trail/**'], mayImport: ['server:audit-trail', 'server:db', 'contract'] },
  // Request plumbing: the access-token middleware, bodies, errors, rate limits, headers, static files.
  { layer: 'server:http', paths: ['server/http/**'], mayImport: ['server:http', 'server:auth', 'server:db', 'server:base', 'contract'] },
  // Tokens and passwords: access, refresh, password-reset and two-factor secrets, API keys. Setting
  // an invited account's first password is when they join: it queues that webhook event.
  { layer: 'server:auth', paths: ['server/auth/**'], mayImport: ['server:auth', 'server:webhook-events', 'server:db', 'contract'] },
  // Queuing webhook events in the transaction of the change (the outbox rows; sending them and the
  // endpoints' routes are the webhooks feature above), as audit-trail writes audit entries.
  { layer: 'server:webhook-events', paths: ['server/webhook-events/**'], mayImport: ['server:webhook-events', 'server:db', 'contract'] },
  // The schema, the connection (PGlite or PostgreSQL), migrations and the LISTEN/NOTIFY channel.
  // Seeding is operator work (server/admin/seed.ts): it reads the features' defaults.
  { layer: 'server:db', paths: ['server/db/**'], mayImport: ['server:db', 'server:base', 'contract'] },
  // Leaves every folder may use: logging, the environment-reading rules, the periodic-job runner.
  { layer: 'server:base', paths: ['server/log.ts', 'server/config-values.ts', 'server/jobs/**'], mayImport: ['server:base'] },
  // Test support (harness, child servers, shared fixtures) is exempt as an importer (below); no
  // server source may import it.
  { layer: 'server:test-support', paths: ['server/test/**', 'server/**/*.fixtures.ts'], mayImport: [] },
] as const satisfies readonly { layer: string; paths: readonly string[]; mayImport: readonly string[] }[]

/** A layer name of {@link LAYER_TABLE}. */
export type Layer = (typeof LAYER_TABLE)[number]['layer']

/** Files whose own imports are not checked (tests, test support, dev tools); they still count as import targets. */
export const EXEMPT_IMPORTERS = [
  '**/*.test.ts',
  '**/*.test.tsx',
  '**/testing.ts',
  '**/testing.tsx',
  'machines/testing/**',
  'src/dev/**',
  'server/test/**',
  'server/**/*.fixtures.ts',
] as const

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
  /** `outside` when the target is not in contract/, machines/, src/ or server/. */
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
  if (/\.test\.tsx?$/.test(path) || path.startsWith('machines/testing/') || path.startsWith('server/test/')) return 'test'
  if (/\.(fixtures|stories)\.tsx?$/.test(path)) return 'fixture'
  return 'source'
}

/** Every .ts/.tsx file under the {@link SCANNED_ROOTS}, sorted, tests and fixtures included and marked. */
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
  const program = parseModule(source, filename)
  const found: string[] = []
  for (const node of program.body) {
    if (node.type === 'ImportDeclaration' || node.type === 'ExportAllDeclaration') found.push(node.source.value)
    else if (node.type === 'ExportNamedDeclaration' && node.source) found.push(node.source.value)
  }
  if (source.includes('import(')) collectDynamicImports(program, found)
  return found
}

/**
 * The module specifiers a file imports statically for their values: `import` declarations with
 * at least one value binding (or none: a side-effect import) and `export … from`, without
 * `import type`, `export type` or `import('…')`. What a bundler puts in the importer's chunk.
 */
export function staticValueImportSpecifiers(source: string, filename: string): string[] {
  const found: string[] = []
  for (const node of parseModule(source, filename).body) {
    const kind = (node as { importKind?: string; exportKind?: string }).importKind ?? (node as { exportKind?: string }).exportKind
    if (kind === 'type') continue
    if (node.type === 'ImportDeclaration') {
      if (node.specifiers.length === 0 || node.specifiers.some((s) => (s as { importKind?: string }).importKind !== 'type')) found.push(node.source.value)
    } else if ((node.type === 'ExportAllDeclaration' || node.type === 'ExportNamedDeclaration') && node.source) found.push(node.source.value)
  }
  return found
}

/** Parses a .ts, .tsx or .js file with the bundler's parser (it defaults to 'js' rather than reading the filename). */
function parseModule(source: string, filename: string) {
  const lang = filename.endsWith('.tsx') ? 'tsx' : filename.endsWith('.ts') ? 'ts' : 'js'
  return parseAst(source, { lang }, filename)
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

/** Whether `path` (repo-relative) is a file under `root`. */
export function isRepoFile(path: string, root = REPO_ROOT): boolean {
  try {
    return statSync(join(root, path)).isFile()
  } catch {
    return false
  }
}

/** Reads and parses every listed file and returns the graph of imports between repo files. */
export function buildGraph(root = REPO_ROOT): ModuleGraph {
  const files = listModules(root)
  const listed = new Set(files.map((f) => f.path))
  const exists = (path: string) => listed.has(path) || isRepoFile(path, root)
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

/**
 * The unit {@link folderCycles} counts for a server file: its first folder under server/
 * (`server/users/routes.ts` → `server/users`); a file directly in server/ is a unit of its own.
 */
export function serverFolderOf(path: string): string {
  const parts = path.split('/')
  return parts.length > 2 ? `${parts[0]}/${parts[1]}` : path
}

/** A group of server folders that import each other, directly or round a loop, and the imports that close it. */
export interface FolderCycle {
  /** The folders, sorted. */
  folders: string[]
  /** Every import between two of them, as `from → to`. */
  imports: string[]
}

/**
 * The import cycles between folders of server/ ({@link serverFolderOf}): each strongly connected
 * group of two or more folders (Tarjan's algorithm). Imports made by exempt importers (tests, test
 * support) are left out. A layer table whose rows each name whole folders cannot tell two folders
 * of one layer that import each other; this can.
 */
export function folderCycles(graph: ModuleGraph): FolderCycle[] {
  const edges = graph.edges.filter((e) => e.from.startsWith('server/') && e.to.startsWith('server/') && !isExemptImporter(e.from))
  const next = new Map<string, Set<string>>()
  for (const { from, to } of edges) {
    const a = serverFolderOf(from)
    const b = serverFolderOf(to)
    if (a === b) continue
    if (!next.has(a)) next.set(a, new Set())
    next.get(a)!.add(b)
  }
  const index = new Map<string, number>()
  const low = new Map<string, number>()
  const stack: string[] = []
  const onStack = new Set<string>()
  const groups: string[][] = []
  const visit = (v: string): void => {
    index.set(v, index.size)
    low.set(v, index.get(v)!)
    stack.push(v)
    onStack.add(v)
    for (const w of next.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w)
        low.set(v, Math.min(low.get(v)!, low.get(w)!))
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!))
    }
    if (low.get(v) === index.get(v)) {
      const group: string[] = []
      let w: string
      do {
        w = stack.pop()!
        onStack.delete(w)
        group.push(w)
      } while (w !== v)
      if (group.length > 1) groups.push(group.sort())
    }
  }
  for (const v of [...next.keys()].sort()) if (!index.has(v)) visit(v)
  return groups
    .map((folders) => {
      const inGroup = new Set(folders)
      const imports = edges
        .filter((e) => serverFolderOf(e.from) !== serverFolderOf(e.to) && inGroup.has(serverFolderOf(e.from)) && inGroup.has(serverFolderOf(e.to)))
        .map(formatViolation)
      return { folders, imports }
    })
    .sort((a, b) => a.folders[0]!.localeCompare(b.folders[0]!))
}
