/**
 * The shell's chunk group (scripts/chunking.ts) on small module graphs: what the shell
 * alone needs joins it; what a public page can load, what a lazy import targets and the boot's
 * modules stay out.
 */
import { describe, expect, it } from 'vitest'
import { appChunking, barrelOf, importedNames, landingsShared, publicShared, reExports, shellOnly, shellShared, type ChunkingContext } from './chunking.ts'

type Graph = Record<string, { imports?: string[]; lazy?: string[]; code?: string }>

/** A chunking context over `graph` (module id → its static and lazy imports). */
function contextOf(graph: Graph): ChunkingContext {
  const infos = new Map<string, { id: string; importedIds: string[]; dynamicallyImportedIds: string[]; importers: string[]; dynamicImporters: string[]; code: string | null }>()
  for (const [id, { imports = [], lazy = [], code }] of Object.entries(graph)) {
    infos.set(id, { id, importedIds: imports, dynamicallyImportedIds: lazy, importers: [], dynamicImporters: [], code: code ?? null })
  }
  for (const [id, info] of infos) {
    for (const target of info.importedIds) infos.get(target)?.importers.push(id)
    for (const target of info.dynamicallyImportedIds) infos.get(target)?.dynamicImporters.push(id)
  }
  return { getModuleInfo: (id: string) => (infos.get(id) ?? null) as never }
}

const APP = {
  entry: 'main',
  routeTree: 'tree',
  shell: 'AppRoute',
  appPages: 'pages',
  landingPage: 'Dashboard',
  signInRoute: 'SignIn',
  publicRoutes: ['SignIn'],
  loadedByShell: [],
  startedWithShell: [],
}

describe('shellOnly', () => {
  const graph: Graph = {
    main: { imports: ['tree', 'system'] },
    system: { lazy: ['deferred', 'signedIn'] },
    deferred: { imports: ['selectors'] },
    signedIn: { imports: ['permissions', 'TextField'] },
    permissions: {},
    tree: { imports: ['router'], lazy: ['AppRoute', 'SignIn', 'Dashboard', 'Team', 'Billing'] },
    router: {},
    AppRoute: { imports: ['Header', 'router', 'selectors', 'TextField'], lazy: ['Panel'] },
    Header: { imports: ['PageHeader', 'icon'] },
    PageHeader: {},
    icon: {},
    selectors: {},
    TextField: {},
    Panel: { imports: ['PageHeader', 'Sheet'] },
    Sheet: {},
    SignIn: { imports: ['TextField'] },
    Dashboard: { imports: ['PageHeader', 'Skeleton', 'Chart'] },
    Team: { imports: ['Skeleton', 'Table'] },
    Billing: { imports: ['Skeleton', 'Table'] },
    Skeleton: {},
    Chart: {},
    Table: {},
  }

  it('takes what only the signed-in app loads: the shell\'s own modules, and what more than half of its pages share', () => {
    expect([...shellOnly(contextOf(graph), APP)].sort()).toEqual(['Header', 'PageHeader', 'Skeleton', 'icon'])
  })

  it("leaves out what a public page, the boot or a lazy chunk reachable without the shell loads", () => {
    const shell = shellOnly(contextOf(graph), APP)
    expect(shell.has('TextField')).toBe(false) // the sign-in page's too
    expect(shell.has('router')).toBe(false) // the boot's
    expect(shell.has('selectors')).toBe(false) // the deferred actors', loaded from the boot
    expect(shell.has('AppRoute')).toBe(false) // lazily imported: its own chunk's entry
    expect(shell.has('Chart')).toBe(false) // one page's own: not the shell's
    expect(shell.has('Table')).toBe(false) // two pages of four: they share a chunk of their own
  })

  it("counts the pages the route table reaches through the pages' manifest as app pages", () => {
    const viaManifest: Graph = {
      ...graph,
      tree: { imports: ['router'], lazy: ['AppRoute', 'SignIn', 'Dashboard', 'pages'] },
      pages: { lazy: ['Team', 'Billing'] },
    }
    const shell = shellOnly(contextOf(viaManifest), APP)
    expect([...shell].sort()).toEqual(['Header', 'PageHeader', 'Skeleton', 'icon'])
    expect(shell.has('pages')).toBe(false) // lazily imported: its own chunk's entry
  })

  it('counts what only the shell asks the boot to load as inside the app', () => {
    const shell = shellOnly(contextOf(graph), { ...APP, loadedByShell: ['deferred'] })
    expect(shell.has('selectors')).toBe(true)
    expect(shell.has('deferred')).toBe(false) // lazily imported: its own chunk's entry
  })

  it('takes the imports of what starts with the shell as the shell\'s own, bar what a public page loads too', () => {
    expect(shellOnly(contextOf(graph), APP).has('permissions')).toBe(false)
    const shell = shellOnly(contextOf(graph), { ...APP, startedWithShell: ['signedIn'] })
    expect(shell.has('permissions')).toBe(true)
    expect(shell.has('TextField')).toBe(false) // the sign-in page's too
    expect(shell.has('signedIn')).toBe(false) // lazily imported: its own chunk's entry
  })

  it('puts the rest of the shell\'s first draw in one chunk: not the shell\'s, the boot\'s, a public route\'s or a lazy entry', () => {
    const ctx = contextOf(graph)
    const app = { ...APP, startedWithShell: ['signedIn'] }
    // selectors: the shell's and the deferred actors' (loaded from the boot); the rest is excluded.
    expect([...shellShared(ctx, shellOnly(ctx, app), app)].sort()).toEqual(['selectors'])
    expect(shellShared(contextOf({ main: {} }), new Set(), APP).size).toBe(0)
  })

  it('is empty for a build without the shell (the bench floor apps)', () => {
    expect(shellOnly(contextOf({ main: { imports: ['x'] }, x: {} }), APP).size).toBe(0)
  })
})

describe('what the first loads share', () => {
  const graph: Graph = {
    main: { imports: ['tree', 'router'] },
    tree: { lazy: ['AppRoute', 'SignIn', 'SetPassword', 'Unsubscribe', 'Dashboard', 'Team'] },
    router: {},
    AppRoute: { imports: ['Header', 'title', 'Alert', 'failure', 'router'], lazy: ['Panel'] },
    failure: {},
    Unsubscribe: { imports: ['failure'] },
    Header: { imports: ['icon'] },
    icon: {},
    title: { imports: ['format'] },
    format: {},
    Alert: { imports: ['alertIcon'] },
    alertIcon: {},
    Panel: { imports: ['Alert'] },
    SignIn: { imports: ['title', 'TextField'] },
    TextField: {},
    SetPassword: { imports: ['Alert', 'TextField'] },
    Dashboard: { imports: ['Skeleton', 'Chart', 'title'] },
    Team: { imports: ['Skeleton', 'Table'] },
    Skeleton: {},
    Chart: {},
    Table: {},
  }
  const app = { ...APP, publicRoutes: ['SignIn', 'SetPassword', 'Unsubscribe'] }

  it('puts what the sign-in page and the signed-in first draw both import in one chunk, with what it imports', () => {
    expect([...landingsShared(contextOf(graph), app)].sort()).toEqual(['format', 'title'])
  })

  it('puts what the signed-in first draw shares with the other public pages in one chunk per set of pages, leaving out what the sign-in page loads', () => {
    expect(Object.fromEntries(publicShared(contextOf(graph), app))).toEqual({
      Alert: 'public-shared-0',
      alertIcon: 'public-shared-0',
      failure: 'public-shared-1',
    })
  })

  it("leaves the boot's modules, the shell's own and the landing page's own where they were", () => {
    const ctx = contextOf(graph)
    const taken = new Set([...landingsShared(ctx, app), ...publicShared(ctx, app).keys()])
    for (const id of ['router', 'Header', 'icon', 'Chart', 'Skeleton', 'TextField']) expect(taken.has(id)).toBe(false)
    expect([...shellOnly(ctx, app)].sort()).toEqual(['Header', 'Skeleton', 'icon'])
  })

  it('are empty for a build without the shell (the bench floor apps)', () => {
    const floor = contextOf({ main: { imports: ['x'] }, x: {} })
    expect(landingsShared(floor, APP).size).toBe(0)
    expect(publicShared(floor, APP).size).toBe(0)
  })
})

describe('reading through barrels', () => {
  const RAC = '/p/node_modules/react-aria-components/dist/exports/index.mjs'
  const barrel = [
    'import {Menu as $a$export$1, MenuItem as $a$export$2} from "../private/Menu.mjs";',
    'import {Table as $b$export$1} from "../private/Table.mjs";',
    'export {$a$export$1 as Menu, $a$export$2 as MenuItem, $b$export$1 as Table};',
    'export {Meter} from "../private/Meter.mjs";',
  ].join('\n')

  it('knows the barrel entries of react-aria-components, react-aria and react-stately, and nothing else', () => {
    expect(barrelOf(RAC)).toBe('react-aria-components')
    expect(barrelOf('/p/node_modules/react-aria/dist/exports/index.mjs')).toBe('react-aria')
    expect(barrelOf('/p/node_modules/react-aria/dist/exports/useMenu.mjs')).toBeNull()
    expect(barrelOf('/p/src/ui/index.mjs')).toBeNull()
  })

  it("maps each name a barrel exports to the module it comes from", () => {
    const exported = reExports(barrel, (specifier) => `/p/node_modules/react-aria-components/dist/${specifier.replace('../', '')}`)
    expect(Object.fromEntries(exported)).toEqual({
      Menu: '/p/node_modules/react-aria-components/dist/private/Menu.mjs',
      MenuItem: '/p/node_modules/react-aria-components/dist/private/Menu.mjs',
      Table: '/p/node_modules/react-aria-components/dist/private/Table.mjs',
      Meter: '/p/node_modules/react-aria-components/dist/private/Meter.mjs',
    })
  })

  it('reads the names a module imports from each package, and a namespace import as all of them', () => {
    const names = importedNames('import { Menu, MenuItem as Item } from "react-aria-components";\nimport * as aria from "react-aria";\nimport x from "other";', ['react-aria-components', 'react-aria', 'react-stately'])
    expect(names.get('react-aria-components')).toEqual(new Set(['Menu', 'MenuItem']))
    expect(names.get('react-aria')).toBe('all')
    expect(names.has('react-stately')).toBe(false)
  })

  it('lets the shell take the component it alone uses, though a public page imports another from the same barrel', () => {
    const graph: Graph = {
      main: { imports: ['tree'] },
      tree: { lazy: ['AppRoute', 'SignIn'] },
      AppRoute: { imports: [RAC], code: 'import { Menu } from "react-aria-components";' },
      SignIn: { imports: [RAC], code: 'import { Table } from "react-aria-components";' },
      [RAC]: { imports: ['/p/node_modules/react-aria-components/dist/private/Menu.mjs', '/p/node_modules/react-aria-components/dist/private/Table.mjs'], code: barrel },
      '/p/node_modules/react-aria-components/dist/private/Menu.mjs': {},
      '/p/node_modules/react-aria-components/dist/private/Table.mjs': {},
    }
    const shell = shellOnly(contextOf(graph), APP)
    expect(shell.has('/p/node_modules/react-aria-components/dist/private/Menu.mjs')).toBe(true)
    expect(shell.has('/p/node_modules/react-aria-components/dist/private/Table.mjs')).toBe(false)
    expect(shell.has(RAC)).toBe(false)
  })
})

describe('appChunking', () => {
  it('puts the boot first, then the shell, what it shares and what the first loads share, with no dependencies dragged into the last four', () => {
    const { groups = [] } = appChunking('/project')
    expect(groups.map((group) => [group.debugName, group.priority, group.tags ?? []])).toEqual([
      ['boot', 4, ['$initial']],
      ['shell', 3, []],
      ['shell-shared', 2, []],
      ['landings', 1, []],
      ['public-shared', 0, []],
    ])
    expect(groups.slice(1).map((group) => group.includeDependenciesRecursively)).toEqual([false, false, false, false])
  })
})
