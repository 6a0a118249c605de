/**
 * Bundle section: the production build's JavaScript and CSS, and what a browser
 * actually loads first on /signin (signed out) and /app/dashboard (signed in as admin@acme.test).
 *
 * - Build: `vite build --outDir <tmp>` once per run (bench/lib/app.ts), never dist/.
 * - Initial: the page is loaded in Chromium (no throttling) from the real server serving that
 *   build; every `/assets/*.js` and `/assets/*.css` request the page makes is recorded, from
 *   navigation until the shell is interactive (bench/lib/page-metrics.ts READY) and then no new
 *   script or stylesheet request has started for {@link QUIET_MS}. Module preloads count (they are
 *   requests the page makes); anything fetched later (another route, a panel opened) does not.
 *   Files first requested after the shell was interactive are marked `afterInteractive` and
 *   totalled apart too: that is the SPEC §9 idle link prefetch (src/navigation/LinkPrefetch.tsx),
 *   which loads the chunks of routes linked from the page once the main thread is idle.
 * - Sizes per file: raw bytes, gzip (node:zlib, level 6: what servers compressing on the fly use)
 *   and brotli (quality 11: what a precompressing build step uses). kB = 1,000 bytes.
 * - Floors: the reference apps of bench/floor/ (bench/floor/build.ts: the libraries the
 *   page's first load needs and nothing of ours), built with the project's vite.config.ts in the
 *   same run and loaded in the same Chromium by the same recorder (their READY element: the
 *   sign-in button, the floor header's 'Notifications' button). Each page's JS before interactive
 *   (gzip) is reported as a ratio to its floor's; the goal is BUDGETS.initialJsFloorRatio.
 * - Dev-only code: the dev inspector (@statelyai/inspect, anything under src/dev/) must not be in
 *   the production build. Checked through the build's source maps (`sources` of every map) and,
 *   as a second net, the text of every chunk (the package name, and the panel's
 *   `data-engage-inspector` marker).
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs'
import path from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import type { Browser, BrowserContext, Request } from 'playwright-core'
import { ROOT, buildApp, loadAverage1m, type StorageState, withAppInChromium } from './lib/app.ts'
import { attribute, isLibraryGroup } from './lib/attribution.ts'
import { metricsInitScript, readyOf } from './lib/page-metrics.ts'
import { buildFloors, serveFloor } from './floor/build.ts'
import { sourceMapPath } from '../scripts/source-maps.ts'

/**
 * Quiet period after the shell is interactive with no new script/stylesheet request, ms: longer
 * than the idle prefetch's 2 s requestIdleCallback timeout, so its requests are seen every time.
 */
export const QUIET_MS = 2_500

export interface FileSize {
  /** Path inside the build, e.g. `assets/index-BttNbZbP.js`. */
  readonly file: string
  readonly kind: 'js' | 'css'
  readonly rawBytes: number
  readonly gzipBytes: number
  readonly brotliBytes: number
}

export interface Totals {
  readonly rawBytes: number
  readonly gzipBytes: number
  readonly brotliBytes: number
  readonly files: number
}

export interface RouteBundle {
  readonly route: string
  readonly signedIn: boolean
  /** The language the page was loaded in (the `language` storage key); English when absent. */
  readonly locale?: string
  readonly files: ReadonlyArray<FileSize & { readonly afterInteractive: boolean }>
  readonly js: Totals
  readonly css: Totals
  /** The JS requested before the shell was interactive (js minus the idle prefetch). */
  readonly jsBeforeInteractive: Totals
  /**
   * The initial JS by origin (bench/lib/attribution.ts: npm package or project folder), minified
   * bytes from the source maps, largest first ({@link COMPOSITION_TOP} kept, the rest summed).
   */
  readonly composition: ReadonlyArray<{ readonly group: string; readonly bytes: number; readonly share: number }>
  /**
   * The JS before interactive split in two and each gzipped as one text (level 6): the third-party
   * libraries' code alone (npm packages: the floor of any page built on them), and this project's
   * own code with the unmapped glue. Bytes; they add up to about the per-file gzip total.
   */
  readonly libraryGzipBytes: number
  readonly ownGzipBytes: number
}

/** `jsBeforeInteractive` gzip of a page divided by its floor's (goal: at most 1.15). */
export const floorRatioOf = (page: RouteBundle, floor: RouteBundle | undefined): number | null =>
  floor === undefined || floor.jsBeforeInteractive.gzipBytes === 0 ? null : page.jsBeforeInteractive.gzipBytes / floor.jsBeforeInteractive.gzipBytes

/** Groups kept in RouteBundle.composition. */
export const COMPOSITION_TOP = 12

/** A floor app's load (the same measurement as a page's), with its build time. */
export interface FloorBundle extends RouteBundle {
  /** 'signin' or 'dashboard' (bench/floor/<name>). */
  readonly name: string
  readonly buildMs: number
}

export interface BundleResult {
  /** 1-minute load average when the section ended. */
  readonly loadAverage1m: number
  readonly buildMs: number
  readonly routes: ReadonlyArray<RouteBundle & { readonly floorRatio: number | null }>
  /** The bundle floors, one per measured page, same `route`. */
  readonly floors: ReadonlyArray<FloorBundle>
  /** Every JS and CSS file of the build, largest gzip first. */
  readonly chunks: ReadonlyArray<FileSize>
  readonly allJs: Totals
  readonly allCss: Totals
  readonly devInspector: { readonly pass: boolean; readonly found: ReadonlyArray<string>; readonly note: string }
  /**
   * The locales whose react-aria strings are in the build (its string tables keep every locale's
   * key, `"fr-FR":void 0` once left out: counted are the keys with strings).
   */
  readonly reactAriaLocales: ReadonlyArray<string>
}

/** The locales of react-aria's string tables that carry strings, over every chunk. */
export function reactAriaLocalesIn(outDir: string, files: ReadonlyArray<string>): string[] {
  const found = new Set<string>()
  for (const file of files.filter((f) => f.endsWith('.js')))
    for (const match of readFileSync(path.join(outDir, file), 'utf8').matchAll(/"([a-z]{2}-[A-Z]{2})":([A-Za-z_$][\w$]*)/g))
      if (match[2] !== 'void') found.add(match[1]!)
  return [...found].sort()
}

/** `state` with the page's language stored (as the Language field leaves it). */
function withLanguage(state: StorageState, baseUrl: string, locale: string): StorageState {
  const origin = new URL(baseUrl).origin
  const others = state.origins.filter((o) => o.origin !== origin)
  const mine = state.origins.find((o) => o.origin === origin)
  const localStorage = [...(mine?.localStorage ?? []).filter((e) => e.name !== 'language'), { name: 'language', value: locale }]
  return { ...state, origins: [...others, { origin, localStorage }] }
}

const sizeOf = (outDir: string, file: string): FileSize => {
  const bytes = readFileSync(path.join(outDir, file))
  return {
    file,
    kind: file.endsWith('.css') ? 'css' : 'js',
    rawBytes: bytes.length,
    gzipBytes: gzipSync(bytes, { level: 6 }).length,
    brotliBytes: brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } }).length,
  }
}

export const totalsOf = (files: ReadonlyArray<FileSize>): Totals => ({
  rawBytes: files.reduce((s, f) => s + f.rawBytes, 0),
  gzipBytes: files.reduce((s, f) => s + f.gzipBytes, 0),
  brotliBytes: files.reduce((s, f) => s + f.brotliBytes, 0),
  files: files.length,
})

/** Every `.js`/`.css` under the build (paths relative to outDir, `/` separated). */
function buildFiles(outDir: string): string[] {
  return readdirSync(outDir, { recursive: true, encoding: 'utf8' })
    .map((f) => f.split(path.sep).join('/'))
    .filter((f) => /\.(js|css)$/.test(f))
    .sort()
}

/** The dev inspector check over source maps and chunk text. */
export function checkDevInspector(outDir: string, files: ReadonlyArray<string>): BundleResult['devInspector'] {
  const found = new Set<string>()
  let maps = 0
  for (const file of files) {
    const text = readFileSync(path.join(outDir, file), 'utf8')
    if (text.includes('@statelyai/inspect') || text.includes('stately.ai/registry/inspect')) found.add(`${file}: mentions the Stately inspector`)
    // The dev panel's own marker (src/dev/Inspector.tsx, install.ts).
    if (text.includes('data-engage-inspector')) found.add(`${file}: contains the dev inspector panel (data-engage-inspector)`)
    const mapFile = sourceMapPath(outDir, file)
    if (!existsSync(mapFile)) continue
    maps++
    const map = JSON.parse(readFileSync(mapFile, 'utf8')) as { sources?: string[] }
    for (const source of map.sources ?? []) {
      if (source.includes('@statelyai/inspect') || /(^|\/)src\/dev\//.test(source)) found.add(`${file}: ${source}`)
    }
  }
  const devDirExists = existsSync(path.join(ROOT, 'src/dev'))
  const note =
    `${maps} source maps and ${files.length} chunks searched. ` +
    (devDirExists ? 'src/dev/ exists.' : 'src/dev/ does not exist yet (no inspector wired in): passes trivially.')
  return { pass: found.size === 0, found: [...found], note }
}

/**
 * Loads `route` in a fresh context and returns the build files (relative to outDir) the page
 * requested, in request order.
 */
async function initialAssets(
  browser: Browser,
  baseUrl: string,
  route: string,
  state: StorageState | undefined,
  floor: boolean,
): Promise<Array<{ file: string; afterInteractive: boolean }>> {
  const context: BrowserContext = await browser.newContext({ baseURL: baseUrl, ...(state && { storageState: state }) })
  try {
    const page = await context.newPage()
    const ready = readyOf(route, floor)
    // The in-page interactive mark (bench/lib/page-metrics.ts), to tell the idle prefetch apart.
    await page.addInitScript(metricsInitScript(ready.selector))
    const seen = new Map<string, Request>()
    let lastAt = performance.now()
    page.on('request', (request) => {
      const { pathname, origin } = new URL(request.url())
      if (origin !== baseUrl || !/^\/assets\/.+\.(js|css)$/.test(pathname)) return
      const file = pathname.slice(1)
      if (!seen.has(file)) seen.set(file, request)
      lastAt = performance.now()
    })
    await page.goto(route)
    await page.locator(ready.selector).first().waitFor({ state: 'visible', timeout: 60_000 })
    if (route.startsWith('/app') && new URL(page.url()).pathname !== route)
      throw new Error(`${route} redirected to ${page.url()}: the session was not restored`)
    lastAt = Math.max(lastAt, performance.now())
    while (performance.now() - lastAt < QUIET_MS) await page.waitForTimeout(100)
    // Wall-clock ms of the interactive mark; request.timing().startTime is wall-clock ms too.
    const interactiveAt = await page.evaluate(
      () => performance.timeOrigin + ((window as unknown as { __bench: { interactive: number | null } }).__bench.interactive ?? 0),
    )
    return [...seen].map(([file, request]) => ({ file, afterInteractive: request.timing().startTime > interactiveAt }))
  } finally {
    await context.close()
  }
}

/**
 * Loads `route` from the server at `baseUrl` serving the build in `outDir` (the app, or a floor app
 * with `floor`) and measures what it requested: sizes per file, totals, and the composition of the
 * JS before interactive.
 */
async function measureRoute(
  browser: Browser,
  baseUrl: string,
  outDir: string,
  route: string,
  state: StorageState | undefined,
  floor: boolean,
): Promise<RouteBundle> {
  const sizes = new Map<string, FileSize>()
  const loaded = await initialAssets(browser, baseUrl, route, state, floor)
  const routeFiles = loaded.map(({ file, afterInteractive }) => {
    const size = existsSync(path.join(outDir, file)) ? sizeOf(outDir, file) : undefined
    if (size !== undefined) sizes.set(file, size)
    return {
      ...(size ?? {
        file: `${file} (not in the build!)`,
        kind: file.endsWith('.css') ? ('css' as const) : ('js' as const),
        rawBytes: 0,
        gzipBytes: 0,
        brotliBytes: 0,
      }),
      afterInteractive,
    }
  })
  const groups = new Map<string, number>()
  const texts = new Map<string, string[]>()
  // Attributed over the JS loaded before the shell was interactive (what the goal is about).
  for (const { file } of loaded.filter((x) => x.file.endsWith('.js') && !x.afterInteractive && sizes.has(x.file)))
    attribute(path.join(outDir, file), sourceMapPath(outDir, file), ROOT, groups, texts)
  const gzipOfGroups = (keep: (group: string) => boolean) =>
    gzipSync(
      Buffer.from(
        [...texts]
          .filter(([g]) => keep(g))
          .flatMap(([, t]) => t)
          .join(''),
      ),
    ).length
  const total = [...groups.values()].reduce((a, b) => a + b, 0) || 1
  const sorted = [...groups].sort((a, b) => b[1] - a[1])
  const rest = sorted.slice(COMPOSITION_TOP).reduce((s, [, b]) => s + b, 0)
  const composition = [...sorted.slice(0, COMPOSITION_TOP), ...(rest > 0 ? [[`(${sorted.length - COMPOSITION_TOP} more)`, rest] as const] : [])].map(
    ([group, bytes]) => ({
      group,
      bytes,
      share: Number((bytes / total).toFixed(3)),
    }),
  )
  return {
    route,
    signedIn: state !== undefined,
    composition,
    libraryGzipBytes: gzipOfGroups(isLibraryGroup),
    ownGzipBytes: gzipOfGroups((g) => !isLibraryGroup(g)),
    files: routeFiles,
    js: totalsOf(routeFiles.filter((f) => f.kind === 'js')),
    css: totalsOf(routeFiles.filter((f) => f.kind === 'css')),
    jsBeforeInteractive: totalsOf(routeFiles.filter((f) => f.kind === 'js' && !f.afterInteractive)),
  }
}

/** The whole bundle section: the app's pages, then their floors, in one Chromium. */
export async function benchBundle(): Promise<BundleResult> {
  const build = await buildApp()
  const floorBuilds = await buildFloors()
  const files = buildFiles(build.outDir)
  const chunks = files.map((f) => sizeOf(build.outDir, f)).sort((a, b) => b.gzipBytes - a.gzipBytes)

  const pages: RouteBundle[] = []
  const floors: FloorBundle[] = []
  await withAppInChromium(async ({ server, browser, state }) => {
    for (const [route, signedIn] of [
      ['/signin', false],
      ['/app/dashboard', true],
    ] as const)
      pages.push(await measureRoute(browser, server.url, build.outDir, route, signedIn ? state : undefined, false))
    // The dashboard in each other shipped language: its catalogue loads before the first render.
    for (const locale of ['de', 'es', 'ar'])
      pages.push({ ...(await measureRoute(browser, server.url, build.outDir, '/app/dashboard', withLanguage(state, server.url, locale), false)), locale })
    for (const floor of floorBuilds) {
      const served = await serveFloor(floor.outDir)
      try {
        // A floor has no session: it is loaded signed out, in a fresh context like the pages.
        const measured = await measureRoute(browser, served.url, floor.outDir, floor.route, undefined, true)
        floors.push({ ...measured, name: floor.name, buildMs: floor.buildMs })
      } finally {
        await served.stop()
      }
    }
  })
  return {
    loadAverage1m: loadAverage1m(),
    buildMs: build.buildMs,
    routes: pages.map((page) => ({ ...page, floorRatio: floorRatioOf(page, floors.find((f) => f.route === page.route)) })),
    floors,
    chunks,
    allJs: totalsOf(chunks.filter((f) => f.kind === 'js')),
    allCss: totalsOf(chunks.filter((f) => f.kind === 'css')),
    devInspector: checkDevInspector(build.outDir, files),
    reactAriaLocales: reactAriaLocalesIn(build.outDir, files),
  }
}

/** kB (1,000 bytes) with one decimal. */
export const kB = (bytes: number): string => `${(bytes / 1000).toFixed(1)} kB`

/** Report lines; `goalRatio` is BUDGETS.initialJsFloorRatio (page JS before interactive ÷ its floor's, gzip, at most). */
export function reportBundle(r: BundleResult, goalRatio: number): string[] {
  const sizes = (t: Totals) => `${kB(t.rawBytes)} raw, ${kB(t.gzipBytes)} gzip, ${kB(t.brotliBytes)} brotli (${t.files} files)`
  const lines = [`load average ${r.loadAverage1m}; build ${(r.buildMs / 1000).toFixed(1)} s; whole build: JS ${sizes(r.allJs)}; CSS ${sizes(r.allCss)}`]
  const describe = (route: RouteBundle, label: string) => {
    lines.push(`${label} initial JS ${sizes(route.js)}; CSS ${sizes(route.css)}`)
    lines.push(`    of which JS before interactive: ${sizes(route.jsBeforeInteractive)}; the rest is the idle link prefetch (marked *)`)
    for (const f of route.files)
      lines.push(
        `  ${f.afterInteractive ? '*' : ' '} ${f.file.padEnd(52)} ${kB(f.rawBytes).padStart(9)} raw ${kB(f.gzipBytes).padStart(9)} gzip ${kB(f.brotliBytes).padStart(9)} br`,
      )
    lines.push(
      `    made of (minified bytes, source maps): ${route.composition.map((c) => `${c.group} ${kB(c.bytes)} (${Math.round(c.share * 100)}%)`).join(', ')}`,
    )
    lines.push(`    before interactive, gzipped apart: third-party libraries ${kB(route.libraryGzipBytes)}, the project's own code ${kB(route.ownGzipBytes)}`)
  }
  const label = (route: RouteBundle) => `${route.route}${route.signedIn ? ' (signed in)' : ''}${route.locale ? ` in ${route.locale}` : ''}`
  for (const route of r.routes) describe(route, label(route))
  for (const floor of r.floors) describe(floor, `floor of ${floor.route} (bench/floor/${floor.name}, built in ${(floor.buildMs / 1000).toFixed(1)} s)`)
  for (const route of r.routes) {
    const floor = r.floors.find((f) => f.route === route.route)
    if (floor === undefined || route.floorRatio === null) {
      lines.push(`  → ${label(route)}: no floor measured`)
      continue
    }
    lines.push(
      `  → ${label(route)} initial JS before interactive ${kB(route.jsBeforeInteractive.gzipBytes)} gzip vs its floor's ${kB(floor.jsBeforeInteractive.gzipBytes)}: ` +
        `${route.floorRatio.toFixed(2)}× ` +
        // The goal is English's; another language adds its catalogue, reported beside it.
        (route.locale ? '(reported)' : `(goal ≤ ${goalRatio}×: ${route.floorRatio <= goalRatio ? 'meets goal' : 'OVER GOAL'})`),
    )
  }
  lines.push(`every chunk (largest gzip first):`)
  for (const f of r.chunks)
    lines.push(`    ${f.file.padEnd(52)} ${kB(f.rawBytes).padStart(9)} raw ${kB(f.gzipBytes).padStart(9)} gzip ${kB(f.brotliBytes).padStart(9)} br`)
  lines.push(`react-aria strings in the build for: ${r.reactAriaLocales.join(', ')} (${r.reactAriaLocales.length} locales)`)
  lines.push(`dev inspector absent from the production build: ${r.devInspector.pass ? 'pass' : 'FAIL'} (${r.devInspector.note})`)
  for (const found of r.devInspector.found) lines.push(`    found ${found}`)
  return lines
}
