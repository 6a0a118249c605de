/**
 * How the production build cuts its chunks (the first load's chunk boundaries).
 *
 * Rolldown's automatic code splitting gives every distinct set of importing entries a chunk of its
 * own. With about sixty lazily loaded modules that made the dashboard's first load 43 files, most
 * under 1 kB gzip and each compressed apart: about 14 kB more than the same bytes in two files.
 * Groups put back together what always loads together:
 *
 * - **the boot** (`index`): every module the entry imports statically (rolldown's `$initial` tag).
 *   They all run at boot whatever the page, so splitting them only added files.
 * - **the shell** (`shell`): every module src/routes/AppRoute.tsx imports statically that nothing
 *   outside the signed-in app can load, and those more than half of the app's pages import (the
 *   page header, the skeletons). The app's pages render inside the shell (src/routes/tree.tsx nests
 *   them under /app), and the deferred actors start when the shell asks, so a page or actor sharing
 *   one of these modules finds it already loaded; a public page (sign-in, the site, the account
 *   links) never loads the shell's chunk.
 *
 * - **what the shell shares** (`shell-shared`): the rest of what the signed-in first draw imports
 *   statically (a menu's hooks, the offline notice's words, what the landing page shares with
 *   lazily loaded parts) that no public route imports statically, bar the boot's. A public page
 *   loading one of them later (a menu opened) gets them all in one chunk instead of each its own
 *   small file; the shell's first load saves the files.
 * - **what both landings share** (`landings`): what the sign-in page and the signed-in first draw
 *   both import statically, bar the boot's (react-aria's string formatter, the tab title). Either
 *   first load needs all of it.
 * - **what the signed-in first draw shares with the other public pages** (`public-shared-…`): their
 *   common static imports that the sign-in page does not load, one chunk per set of public pages
 *   importing them (the public site's icons and skip link; the failure helpers the account pages
 *   share with the unsubscribe page), rather than a dozen files of a few hundred bytes. A public
 *   page loads none of another's.
 *
 * A small chunk costs a first load more than its bytes (its own gzip stream, its imports from the
 * boot, one more request): the last two groups took the dashboard's first load from 20 files to 12
 * (docs/performance.md, Bundle, 2026-11-30 08:00).
 *
 * Everything else keeps rolldown's automatic splitting. A module something imports lazily stays
 * out of every group: it is its own chunk's entry (rolldown does not yet hand out a lazily imported
 * module's namespace from a group's chunk: "Export 'AppRoute_exports' is not defined"). The groups
 * bar the boot take no dependencies along (`includeDependenciesRecursively: false`): the shell's
 * modules import only modules of the boot, of the shell, or modules a public page loads too, and
 * those import nothing of the shell, so no two chunks import each other.
 *
 * The module graph (ModuleInfo's import lists) names every module a barrel re-exports, used or
 * not. The walk reads through the barrels of react-aria-components, react-aria and react-stately
 * ({@link reach}): from a module importing `Menu` from one, it goes on to the module exporting
 * `Menu`, not to all of them. It stays an overestimate (react-aria-components' modules import each
 * other for their contexts), so the shell takes fewer modules than it could, never one a public
 * page needs.
 */
import path from 'node:path'
import { parseAst } from 'rolldown/parseAst'
import type { Rolldown } from 'vite'
import type { EsNode } from './estree.ts'

/** The build's `output.codeSplitting` options object. */
export type CodeSplitting = Exclude<NonNullable<Rolldown.OutputOptions['codeSplitting']>, boolean>
type Group = NonNullable<CodeSplitting['groups']>[number]
/** What rolldown hands a group's name function: the module graph of the chunking pass. */
export type ChunkingContext = Parameters<Extract<Group['name'], (...args: never[]) => unknown>>[1]

/** The app's files the chunking reads, relative to the project root. */
export const APP_LAYOUT = {
  /** The entry (index.html loads it). */
  entry: 'src/main.tsx',
  /** The route table: it loads every page lazily. */
  routeTree: 'src/routes/tree.tsx',
  /** The signed-in shell (/app). */
  shell: 'src/routes/AppRoute.tsx',
  /** The page a sign-in lands on (src/navigation/paths.ts `SIGNED_IN_LANDING`), drawn with the shell's first load. */
  landingPage: 'src/pages/DashboardPage.tsx',
  /** The public page of most first loads (/signin, /signup), one of `publicRoutes`. */
  signInRoute: 'src/routes/SignInRoute.tsx',
  /** The app's pages other than its landing page: the route table loads them through this module, lazily. */
  appPages: 'src/routes/app-pages.ts',
  /**
   * What the route table loads for routes outside /app. Everything else it loads lazily is a page
   * of the signed-in app, drawn inside the shell. A public route missing here would only let the
   * shell's chunk load on that page; the e2e public-pages spec and the bench's /signin figure show it.
   */
  publicRoutes: [
    'src/routes/SignInRoute.tsx',
    'src/routes/ShareRoute.tsx',
    'src/routes/SetPasswordRoute.tsx',
    'src/pages/account/AccountRoutes.tsx',
    'src/pages/mail/UnsubscribeRoute.tsx',
    'src/pages/public/PublicSite.tsx',
  ],
  /**
   * Lazy modules the boot imports that only the shell and the app's pages ask for: the deferred
   * actors (notifications, push, the command palette) start when the shell first draws.
   */
  loadedByShell: ['src/system/deferred-actors.ts'],
  /**
   * Lazy modules the boot imports whose own imports the shell's first draw needs, so they join the
   * shell's chunk as its own imports do: the signed-in actors (permissions, credits, workspaces)
   * start when a session exists, and the /app route waits for them before the shell draws.
   */
  startedWithShell: ['src/system/signed-in-actors.ts'],
} as const

/**
 * The build's `codeSplitting` option for the app at `root` (an absolute path). A build without the
 * app's files (the bench's floor apps) gets the boot group only.
 */
export function appChunking(root: string): CodeSplitting {
  const file = (relative: string) => path.join(root, relative)
  const app: AppModules = {
    entry: file(APP_LAYOUT.entry),
    routeTree: file(APP_LAYOUT.routeTree),
    shell: file(APP_LAYOUT.shell),
    appPages: file(APP_LAYOUT.appPages),
    landingPage: file(APP_LAYOUT.landingPage),
    signInRoute: file(APP_LAYOUT.signInRoute),
    publicRoutes: APP_LAYOUT.publicRoutes.map(file),
    loadedByShell: APP_LAYOUT.loadedByShell.map(file),
    startedWithShell: APP_LAYOUT.startedWithShell.map(file),
  }
  const shellModules = perPass(app.shell, (ctx) => shellOnly(ctx, app), new Set<string>())
  const sharedModules = perPass(app.shell, (ctx) => shellShared(ctx, shellModules(ctx), app), new Set<string>())
  const landingModules = perPass(app.shell, (ctx) => landingsShared(ctx, app), new Set<string>())
  const publicModules = perPass(app.shell, (ctx) => publicShared(ctx, app), new Map<string, string>())
  const group = (name: string, priority: number, modules: (ctx: ChunkingContext) => ReadonlySet<string> | ReadonlyMap<string, string>): Group => ({
    name: (id, ctx) => {
      const found = modules(ctx)
      return found instanceof Map ? (found.get(id) ?? null) : found.has(id) ? name : null
    },
    debugName: name,
    priority,
    includeDependenciesRecursively: false,
  })
  return {
    groups: [
      { name: (id, ctx) => (lazilyImported(ctx, id) ? null : 'index'), debugName: 'boot', tags: ['$initial'], priority: 4 },
      group('shell', 3, shellModules),
      group('shell-shared', 2, sharedModules),
      group('landings', 1, landingModules),
      group('public-shared', 0, publicModules),
    ],
  }
}

/**
 * `compute` once per chunking pass (rolldown reuses its module info objects within a pass, and asks
 * for a group's name once per module); `empty` for a build without `anchor` (the floor apps).
 */
function perPass<T>(anchor: string, compute: (ctx: ChunkingContext) => T, empty: T): (ctx: ChunkingContext) => T {
  const passes = new WeakMap<object, T>()
  return (ctx) => {
    const key = ctx.getModuleInfo(anchor)
    if (key === null) return empty
    if (!passes.has(key)) passes.set(key, compute(ctx))
    return passes.get(key) as T
  }
}

/** Absolute module ids of the app's layout (see {@link APP_LAYOUT}). */
export interface AppModules {
  readonly entry: string
  readonly routeTree: string
  readonly shell: string
  readonly appPages: string
  readonly landingPage: string
  readonly signInRoute: string
  readonly publicRoutes: ReadonlyArray<string>
  readonly loadedByShell: ReadonlyArray<string>
  readonly startedWithShell: ReadonlyArray<string>
}

/**
 * The reach sets the groups are cut from, by static imports unless said otherwise. Each is
 * computed once per chunking pass and layout ({@link reachesOf}).
 */
interface Reaches {
  /** The boot: what the entry imports statically. */
  readonly boot: ReadonlySet<string>
  /** What the sign-in page imports. */
  readonly signIn: ReadonlySet<string>
  /** What can load outside the signed-in app: the entry's reach through static and lazy imports, not entering the shell or its pages. */
  readonly outside: ReadonlySet<string>
  /** The app's pages (what the route table and the pages' manifest load lazily), bar the public routes and the manifest. */
  readonly appPages: ReadonlyArray<string>
  /** What the shell and the modules started with it import. */
  readonly shell: ReadonlySet<string>
  /** What the landing page imports. */
  readonly landing: ReadonlySet<string>
  /** What each public route other than the sign-in page imports, in `publicRoutes` order without it. */
  readonly otherPublicRoutes: ReadonlyArray<ReadonlySet<string>>
  /** What any public route imports. */
  readonly publicPages: ReadonlySet<string>
}

const reachesByPass = new WeakMap<object, Map<AppModules, Reaches>>()

/** The {@link Reaches} of `app` in this pass; call only when the graph has the shell. */
function reachesOf(ctx: ChunkingContext, app: AppModules): Reaches {
  const key = ctx.getModuleInfo(app.shell) as object
  let byApp = reachesByPass.get(key)
  if (byApp === undefined) reachesByPass.set(key, (byApp = new Map()))
  let found = byApp.get(app)
  if (found === undefined) {
    const statically = (starts: ReadonlyArray<string>) => reach(ctx, starts, () => true, false)
    const publicRoutes = new Set(app.publicRoutes)
    const lazyFrom = (id: string) => ctx.getModuleInfo(id)?.dynamicallyImportedIds ?? []
    const appPages = [...lazyFrom(app.routeTree), ...lazyFrom(app.appPages)].filter((id) => !publicRoutes.has(id) && id !== app.appPages)
    const insideShell = new Set([app.shell, app.appPages, ...appPages, ...app.loadedByShell, ...app.startedWithShell])
    found = {
      boot: statically([app.entry]),
      signIn: statically([app.signInRoute]),
      outside: reach(ctx, [app.entry], (id) => !insideShell.has(id), true),
      appPages,
      shell: statically([app.shell, ...app.startedWithShell]),
      landing: statically([app.landingPage]),
      otherPublicRoutes: app.publicRoutes.filter((route) => route !== app.signInRoute).map((route) => statically([route])),
      publicPages: statically(app.publicRoutes),
    }
    byApp.set(app, found)
  }
  return found
}

/** What the signed-in first load draws: the shell, what starts with it and the landing page. */
function signedInFirstDraw({ shell, landing }: Reaches): Set<string> {
  return new Set([...shell, ...landing])
}

/**
 * The modules the shell (and the modules started with it) imports statically, and those more than half of the app's pages import
 * statically, that nothing outside the signed-in app reaches (through static or lazy imports), bar
 * lazily imported ones. Empty when the graph has no shell.
 */
export function shellOnly(ctx: ChunkingContext, app: AppModules): ReadonlySet<string> {
  if (ctx.getModuleInfo(app.shell) === null) return new Set()
  const { appPages, outside, shell } = reachesOf(ctx, app)
  // What most of the app's pages share (more than half of them: the page header, the skeletons)
  // loads with the shell rather than as small chunks of its own beside each page.
  const pagesUsing = new Map<string, number>()
  for (const page of appPages) for (const id of reach(ctx, [page], () => true, false)) pagesUsing.set(id, (pagesUsing.get(id) ?? 0) + 1)
  const common = [...pagesUsing].filter(([, pages]) => pages * 2 > appPages.length).map(([id]) => id)
  return new Set([...shell, ...common].filter((id) => !outside.has(id) && !lazilyImported(ctx, id)))
}

/**
 * What the sign-in page and the signed-in first draw both import statically, bar the boot's static
 * imports and lazily imported modules: either first load needs all of them. Their imports are
 * the boot's or each other's (the sign-in page reaches them too, and it never reaches the shell's).
 */
export function landingsShared(ctx: ChunkingContext, app: AppModules): ReadonlySet<string> {
  if (ctx.getModuleInfo(app.shell) === null) return new Set()
  const reaches = reachesOf(ctx, app)
  const { signIn, boot } = reaches
  return new Set([...signedInFirstDraw(reaches)].filter((id) => signIn.has(id) && !boot.has(id) && !lazilyImported(ctx, id)))
}

/**
 * What the signed-in first draw and other public routes import statically that the sign-in page
 * does not, bar the boot's static imports and lazily imported modules, by the public routes that
 * import each: module id → its group's name, one group per set of routes (the public site's icons
 * apart from what the account pages share with the unsubscribe page), so a public page loads none
 * of another's. Their imports are the boot's, the `landings` group's or these groups': a public
 * route reaches them too, and no public route reaches the shell's.
 */
export function publicShared(ctx: ChunkingContext, app: AppModules): ReadonlyMap<string, string> {
  if (ctx.getModuleInfo(app.shell) === null) return new Map()
  const reaches = reachesOf(ctx, app)
  const { signIn, boot, otherPublicRoutes } = reaches
  const out = new Map<string, string>()
  for (const id of signedInFirstDraw(reaches)) {
    if (signIn.has(id) || boot.has(id) || lazilyImported(ctx, id)) continue
    const by = otherPublicRoutes.flatMap((reached, index) => (reached.has(id) ? [index] : []))
    if (by.length > 0) out.set(id, `public-shared-${by.join('-')}`)
  }
  return out
}

/**
 * The rest of the signed-in first draw: what the shell (and what starts with it) imports statically
 * beyond `shell` (the shell group's modules), and what the landing page imports that can also load
 * outside the app, bar the boot's static imports, what any public route imports statically and
 * lazily imported modules. Each of these is also reachable from outside the
 * app through a lazy import, so its imports are never the shell group's: the chunk imports the
 * boot and chunks of public pages only, never the shell's.
 */
export function shellShared(
  ctx: ChunkingContext,
  shell: ReadonlySet<string>,
  app: AppModules,
): ReadonlySet<string> {
  if (ctx.getModuleInfo(app.shell) === null) return new Set()
  const reaches = reachesOf(ctx, app)
  const { outside, boot, publicPages } = reaches
  // Of the landing page's modules, those that can also load outside the app: never the shell group's.
  const firstDraw = new Set([...reaches.shell, ...[...reaches.landing].filter((id) => outside.has(id))])
  return new Set([...firstDraw].filter((id) => !shell.has(id) && !boot.has(id) && !publicPages.has(id) && !lazilyImported(ctx, id)))
}

function lazilyImported(ctx: ChunkingContext, id: string): boolean {
  return (ctx.getModuleInfo(id)?.dynamicImporters.length ?? 0) > 0
}

/**
 * The modules reachable from `starts` through static imports (and lazy ones when `lazy`), without
 * the modules `enter` refuses. A barrel (a package entry that only re-exports, see
 * {@link barrelOf}) is not entered: from a module importing names from one, the walk goes on to
 * the modules that export those names. Through react-aria-components' entry every one of its
 * components would otherwise count as reached by any module using one of them.
 */
function reach(ctx: ChunkingContext, starts: ReadonlyArray<string>, enter: (id: string) => boolean, lazy: boolean): Set<string> {
  const seen = new Set<string>()
  const stack = [...starts]
  while (stack.length > 0) {
    const id = stack.pop() as string
    if (seen.has(id) || !enter(id)) continue
    seen.add(id)
    const info = ctx.getModuleInfo(id)
    if (info === null) continue
    const barrels = info.importedIds.filter((imported) => barrelOf(imported) !== null)
    stack.push(...info.importedIds.filter((imported) => !barrels.includes(imported)))
    if (barrels.length > 0) stack.push(...importedThroughBarrels(ctx, info, barrels))
    if (lazy) stack.push(...info.dynamicallyImportedIds)
  }
  return seen
}

/** The packages whose entry only re-exports their modules (`dist/exports/index.mjs`). */
const BARREL_PACKAGES = ['react-aria-components', 'react-aria', 'react-stately'] as const

/** The package `id` is the barrel entry of, or null. */
export function barrelOf(id: string): string | null {
  const normalized = id.split(path.sep).join('/')
  return BARREL_PACKAGES.find((name) => normalized.endsWith(`/node_modules/${name}/dist/exports/index.mjs`)) ?? null
}

/**
 * What was read from a module's code, by module id, kept while its code is the same: the walk runs
 * some thirty times per chunking pass (once per app page among them), over the same modules.
 */
const readFromCode = new Map<string, { readonly code: string; readonly value: unknown }>()

function readOnce<T>(key: string, code: string, read: () => T): T {
  const known = readFromCode.get(key)
  if (known !== undefined && known.code === code) return known.value as T
  const value = read()
  readFromCode.set(key, { code, value })
  return value
}

function exportsOfBarrel(ctx: ChunkingContext, barrel: string): ReadonlyMap<string, string> {
  const code = ctx.getModuleInfo(barrel)?.code ?? ''
  return readOnce(`exports:${barrel}`, code, () => reExports(code, (specifier) => path.resolve(path.dirname(barrel), specifier)))
}

/**
 * The modules a barrel's `code` takes each exported name from: its
 * `import { A as $x } from './private/A.mjs'` … `export { $x as A }` pairs, and any
 * `export { A } from './private/A.mjs'`. `resolve` turns a relative specifier into a module id.
 */
export function reExports(code: string, resolve: (specifier: string) => string): ReadonlyMap<string, string> {
  const localSource = new Map<string, string>()
  const out = new Map<string, string>()
  for (const node of topLevel(code)) {
    if (node.type === 'ImportDeclaration') {
      const from = resolve(String((node.source as { value: string }).value))
      for (const spec of node.specifiers as Array<{ local: { name: string } }>) localSource.set(spec.local.name, from)
    } else if (node.type === 'ExportNamedDeclaration') {
      const source = node.source as { value: string } | null
      for (const spec of (node.specifiers ?? []) as Array<{ local: { name?: string; value?: string }; exported: { name?: string; value?: string } }>) {
        const exportedName = spec.exported.name ?? spec.exported.value ?? ''
        const local = spec.local.name ?? spec.local.value ?? ''
        const from = source === null ? localSource.get(local) : resolve(source.value)
        if (from !== undefined) out.set(exportedName, from)
      }
    }
  }
  return out
}

/** The modules `info` takes its named imports of `barrels` from (all of a barrel's when it imports it otherwise). */
function importedThroughBarrels(ctx: ChunkingContext, info: { id: string; code: string | null }, barrels: ReadonlyArray<string>): string[] {
  const byPackage = new Map(barrels.map((id) => [barrelOf(id) as string, id]))
  const code = info.code
  const names = code === null ? null : readOnce(`imports:${info.id}`, code, () => importedNames(code, BARREL_PACKAGES))
  const out: string[] = []
  for (const [name, barrel] of byPackage) {
    const exported = exportsOfBarrel(ctx, barrel)
    const wanted = names?.get(name)
    if (wanted === undefined || wanted === 'all') out.push(...exported.values())
    else for (const imported of wanted) {
      const from = exported.get(imported)
      if (from !== undefined) out.push(from)
    }
  }
  return out
}

/**
 * The names `code` imports from each of `packages` by value: a set of names, or 'all' for a
 * namespace import or a re-export of the whole package. A package absent from the code is absent here.
 */
export function importedNames(code: string, packages: ReadonlyArray<string>): Map<string, Set<string> | 'all'> {
  const out = new Map<string, Set<string> | 'all'>()
  for (const node of topLevel(code)) {
    if (node.type !== 'ImportDeclaration' && node.type !== 'ExportNamedDeclaration' && node.type !== 'ExportAllDeclaration') continue
    const source = (node.source as { value: string } | null)?.value
    if (source === undefined || !packages.includes(source)) continue
    const specifiers = (node.specifiers ?? []) as Array<{ type: string; imported?: { name?: string; value?: string }; local?: { name?: string; value?: string } }>
    if (node.type === 'ExportAllDeclaration' || specifiers.some((spec) => spec.type === 'ImportNamespaceSpecifier' || spec.type === 'ImportDefaultSpecifier')) {
      out.set(source, 'all')
      continue
    }
    const current = out.get(source)
    if (current === 'all') continue
    const set = current ?? new Set<string>()
    for (const spec of specifiers) {
      const name = node.type === 'ImportDeclaration' ? (spec.imported?.name ?? spec.imported?.value) : (spec.local?.name ?? spec.local?.value)
      if (name !== undefined) set.add(name)
    }
    out.set(source, set)
  }
  return out
}

/** The top-level statements of a module's (transformed) code. */
function topLevel(code: string): ReadonlyArray<EsNode> {
  return parseAst(code, { lang: 'js', sourceType: 'module' }).body as unknown as ReadonlyArray<EsNode>
}
