/**
 * `npm run screenshots`: a picture of every page the demo admin can open, plus the
 * shell's overlays, at each width and theme, with an index page to look through them.
 *
 * What it captures:
 * - every /app route of the route table (src/navigation/routes.ts `APP_ROUTES`, SPEC §2.4/§2.5);
 *   a pattern ending in `*` is opened with the sample suffix `demo`. A route is kept when the demo
 *   admin (admin@acme.test) can open it: the page it shows is not the Unauthorized page (SPEC §2.2)
 *   and the app did not redirect elsewhere. `/app/signout` is never opened (it signs out).
 * - the public pages (`PUBLIC_PAGE_KEYS` of src/pages/public-pages.ts, `/signin`, and
 *   `/signup` when the app has it), signed out;
 * - the overlays, on /app/dashboard: the notifications panel, the user menu (≥ 1024 px), the
 *   workspace switcher, the bug-report dialog, the sidebar toggled (the drawer below 1024 px, the
 *   rail above) and the command palette when the app has one. A missing control is skipped.
 *
 * Each at 390×844, 768×1024 and 1440×900 px, light and dark (the `theme` localStorage key of
 * src/platform/theme.ts and the context's colorScheme), as full-page PNGs, after the page settled
 * (no request in flight, no 'Loading' status, fonts loaded; animations off).
 *
 * Usage:
 *   npm run screenshots                      builds when stale, starts the app, writes screenshots/
 *   BASE_URL=http://127.0.0.1:3100 npm run screenshots    uses a running app instead
 *   ONLY=setting WIDTHS=390,1440 THEMES=light npm run screenshots        a shorter run
 * Environment: OUT_DIR (default screenshots/ at the repository root), ONLY (a substring of the
 * paths, or of an overlay's name, to keep), WIDTHS (any of 390,768,1440), THEMES (light,dark),
 * CONCURRENCY (pages at once per context, default 2), CHROMIUM_PATH (default /usr/bin/chromium),
 * VERBOSE=1 (the time each step takes).
 *
 * Output: OUT_DIR/<page>--<width>-<theme>.png and OUT_DIR/index.html (grouped by page, each with
 * its variants, flagged `overflow` when `document.documentElement.scrollWidth > innerWidth`);
 * a summary on stdout (shots, pages with overflow, elapsed time). Exits non-zero when nothing
 * could be captured or the app did not start.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import type { Browser, BrowserContext, Page } from '@playwright/test'
import { APP_ROUTES, type RouteInfo } from '../src/navigation/routes.ts'
import { PUBLIC_PAGE_KEYS } from '../src/pages/public-pages.ts'

const ROOT = join(import.meta.dirname, '..')

/** The suffix a trailing-star pattern is opened with (`/app/calls/*` → `/app/calls/demo`). */
export const SAMPLE_SUFFIX = 'demo'
/** The widths to look at, px, with the height of a typical screen of that width. */
export const VIEWPORTS = [
  { width: 390, height: 844 },
  { width: 768, height: 1024 },
  { width: 1440, height: 900 },
] as const
export const THEMES = ['light', 'dark'] as const
export type Theme = (typeof THEMES)[number]
/** Never opened: visiting it signs the session out (SPEC §2.6 'Log Out' / 'Sign out'). */
const NEVER_OPEN = new Set(['/app/signout'])
/** The header hides the user menu below this width (src/ui/shell/UserMenu.tsx). */
const USER_MENU_MIN_WIDTH = 1024
const DEMO_ADMIN = { email: 'admin@acme.test', password: 'demo-password' }
const STARTUP_TIMEOUT_MS = 180_000

/** One page to capture: where it is, what to call it, and whether it needs the demo admin signed in. */
export interface Target {
  /** The group key in the index and the file name stem: the path, or `overlay:<name>`. */
  readonly key: string
  readonly path: string
  readonly title: string
  readonly signedIn: boolean
  /** For overlays: which control to open on `path`. */
  readonly overlay?: OverlayName
}

/** The path a route pattern is opened at: a trailing `*` becomes {@link SAMPLE_SUFFIX}. */
export function samplePath(pattern: string): string {
  return pattern.endsWith('*') ? `${pattern.slice(0, -1)}${SAMPLE_SUFFIX}` : pattern
}

/**
 * The /app pages to try, from the route table in its order (menu entries first): one per distinct
 * path, without the ones never to open. Which of them the demo admin can open is decided by visiting.
 */
export function appTargets(routes: ReadonlyArray<RouteInfo> = APP_ROUTES): Target[] {
  const seen = new Set<string>()
  const targets: Target[] = []
  for (const route of routes) {
    const path = samplePath(route.pattern)
    if (seen.has(path) || NEVER_OPEN.has(path)) continue
    seen.add(path)
    targets.push({ key: path, path, title: route.section ? `${route.section} › ${route.title}` : route.title, signedIn: true })
  }
  return targets
}

/**
 * The public pages to capture signed out: each of `PUBLIC_PAGE_KEYS` (a key under /app is public only
 * below itself, src/routes/tree.tsx, so it gets the sample suffix), then /signin and /signup.
 */
export function publicTargets(keys: ReadonlyArray<string>): Target[] {
  const paths = [...keys.map((key) => (key.startsWith('/app/') ? `${key}/${SAMPLE_SUFFIX}` : key)), '/signin', '/signup']
  return [...new Set(paths)].map((path) => ({ key: path, path, title: path, signedIn: false }))
}

export type OverlayName = 'notifications' | 'user-menu' | 'workspace-switcher' | 'bug-report' | 'sidebar' | 'command-palette'
/** The overlays, each opened on the Overview. */
export const OVERLAYS: ReadonlyArray<{ readonly name: OverlayName; readonly title: string }> = [
  { name: 'notifications', title: 'Notifications panel' },
  { name: 'user-menu', title: 'User menu' },
  { name: 'workspace-switcher', title: 'Workspace switcher' },
  { name: 'bug-report', title: 'Report a bug' },
  { name: 'sidebar', title: 'Sidebar toggled (drawer below 1024 px, rail above)' },
  { name: 'command-palette', title: 'Command palette' },
]

export function overlayTargets(): Target[] {
  return OVERLAYS.map((o) => ({ key: `overlay:${o.name}`, path: '/app/dashboard', title: o.title, signedIn: true, overlay: o.name }))
}

/** Keeps the targets whose path or key contains `only` (all when it is empty). */
export function filterTargets(targets: ReadonlyArray<Target>, only: string | undefined): Target[] {
  return only ? targets.filter((t) => t.path.includes(only) || t.key.includes(only)) : [...targets]
}

/** A comma list from the environment, kept to `allowed`, in `allowed`'s order; all when unset. */
export function parseList<T extends string | number>(value: string | undefined, allowed: ReadonlyArray<T>): T[] {
  if (!value?.trim()) return [...allowed]
  const wanted = new Set(value.split(',').map((v) => v.trim()))
  const kept = allowed.filter((a) => wanted.has(String(a)))
  if (kept.length === 0) throw new Error(`none of "${value}" is one of ${allowed.join(', ')}`)
  return kept
}

/** A file-name stem for a group key: `/` → `home`, `/app/setting/team` → `app_setting_team`. */
export function slug(key: string): string {
  const s = key
    .replace(/^overlay:/, 'overlay_')
    .replace(/^\/+/, '')
    .replace(/[^A-Za-z0-9-]+/g, '_')
    .replace(/^_+|_+$/g, '')
  return s || 'home'
}

/** What {@link shotFile} names look like (the files a new run removes first). */
export const SHOT_FILE = /--\d+-(light|dark)\.png$/

export function shotFile(key: string, width: number, theme: Theme): string {
  return `${slug(key)}--${width}-${theme}.png`
}

/** One captured picture. */
export interface Shot {
  readonly key: string
  readonly width: number
  readonly theme: Theme
  readonly file: string
  /** document.title when it was taken. */
  readonly documentTitle: string
  /** `document.documentElement.scrollWidth > innerWidth`. */
  readonly overflow: boolean
  readonly scrollWidth: number
  /** A 'Loading' status was still shown when the wait ran out. */
  readonly stillLoading: boolean
}

/** A target that was not captured at some variant, and why. */
export interface Skip {
  readonly key: string
  readonly width?: number
  readonly theme?: Theme
  readonly reason: string
}

export interface Report {
  readonly baseUrl: string
  readonly targets: ReadonlyArray<Target>
  readonly variants: ReadonlyArray<{ readonly width: number; readonly theme: Theme }>
  readonly shots: ReadonlyArray<Shot>
  readonly skips: ReadonlyArray<Skip>
  readonly elapsedMs: number
  readonly takenAt: string
}

/** Escapes text for HTML content and quoted attributes, so it reads as the text it is (never markup). */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!)
}

/** The keys of the groups that have at least one shot flagged overflow. */
export function overflowKeys(shots: ReadonlyArray<Shot>): string[] {
  return [...new Set(shots.filter((s) => s.overflow).map((s) => s.key))]
}

/** The targets with no picture at all, each once with the first reason it was skipped. */
export function notCaptured(report: Pick<Report, 'targets' | 'shots' | 'skips'>): Skip[] {
  const captured = new Set(report.shots.map((s) => s.key))
  return report.targets.flatMap((t) => {
    const skip = captured.has(t.key) ? undefined : report.skips.find((s) => s.key === t.key)
    return skip ? [{ key: t.key, reason: skip.reason }] : []
  })
}

const INDEX_CSS = `
:root { color-scheme: light dark; font: 14px/1.45 system-ui, sans-serif; }
body { margin: 0 auto; padding: 24px; max-width: 1600px; }
header p { margin: 4px 0; }
section { border-top: 1px solid #8884; padding: 16px 0; }
h2 { font-size: 16px; margin: 0 0 2px; }
code { font-size: 12px; }
.grid { display: grid; grid-template-columns: repeat(auto-fill, minmax(180px, 1fr)); gap: 12px; margin-top: 10px; }
figure { margin: 0; }
figure a { display: block; height: 240px; overflow: hidden; border: 1px solid #8886; border-radius: 6px; background: #8881; }
figure img { display: block; width: 100%; height: auto; }
figcaption { font-size: 12px; margin-top: 4px; }
.flag { display: inline-block; padding: 0 6px; border-radius: 4px; font-size: 11px; font-weight: 600; background: #c62828; color: #fff; }
.flag.loading { background: #9a6700; }
.missing { display: grid; place-items: center; height: 240px; border: 1px dashed #8886; border-radius: 6px; font-size: 12px; padding: 8px; text-align: center; }
ul.skips { font-size: 12px; }
`

/**
 * index.html for a run: a summary, then one section per captured page (its title, path and each
 * variant as a thumbnail linking to the full picture, with the `overflow` flag), then what was
 * skipped and why. All text goes through {@link escapeHtml}.
 */
export function buildIndexHtml(report: Report): string {
  const byKey = new Map<string, Shot[]>()
  for (const shot of report.shots) byKey.set(shot.key, [...(byKey.get(shot.key) ?? []), shot])
  const overflowing = overflowKeys(report.shots)
  const anchor = (key: string) => `p-${slug(key)}`
  const sections = report.targets
    .filter((t) => byKey.has(t.key))
    .map((target) => {
      const shots = byKey.get(target.key)!
      const title = shots.find((s) => s.documentTitle)?.documentTitle
      const figures = report.variants.map(({ width, theme }) => {
        const label = `${width} px · ${theme}`
        const shot = shots.find((s) => s.width === width && s.theme === theme)
        if (!shot) {
          const skip = report.skips.find((s) => s.key === target.key && s.width === width && s.theme === theme)
          return `<figure><div class="missing">${escapeHtml(skip?.reason ?? 'not captured')}</div><figcaption>${escapeHtml(label)}</figcaption></figure>`
        }
        const flags = [
          shot.overflow ? `<span class="flag" title="scrollWidth ${shot.scrollWidth} px &gt; ${shot.width} px">overflow</span>` : '',
          shot.stillLoading ? '<span class="flag loading">still loading</span>' : '',
        ].join(' ')
        const file = escapeHtml(encodeURI(shot.file))
        return `<figure><a href="${file}"><img src="${file}" loading="lazy" alt="${escapeHtml(`${target.title}, ${label}`)}"></a><figcaption>${escapeHtml(label)} ${flags}</figcaption></figure>`
      })
      return `<section id="${anchor(target.key)}">
<h2>${escapeHtml(target.title)}${overflowing.includes(target.key) ? ' <span class="flag">overflow</span>' : ''}</h2>
<div><code>${escapeHtml(target.path)}</code>${title ? ` · tab title “${escapeHtml(title)}”` : ''}</div>
<div class="grid">${figures.join('')}</div>
</section>`
    })
  const wholeSkips = notCaptured(report)
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Engage screenshots</title><style>${INDEX_CSS}</style></head>
<body>
<header>
<h1>Engage screenshots</h1>
<p>${report.shots.length} shots of ${byKey.size} pages from <code>${escapeHtml(report.baseUrl)}</code>, taken ${escapeHtml(report.takenAt)} in ${(report.elapsedMs / 1000).toFixed(0)} s.</p>
<p>Pages with overflow (<code>scrollWidth &gt; innerWidth</code>): ${
    overflowing.length === 0 ? 'none' : overflowing.map((k) => `<a href="#${anchor(k)}">${escapeHtml(k)}</a>`).join(', ')
  }</p>
</header>
${sections.join('\n')}
${
  wholeSkips.length === 0
    ? ''
    : `<section><h2>Not captured</h2><ul class="skips">${wholeSkips.map((s) => `<li><code>${escapeHtml(s.key)}</code>: ${escapeHtml(s.reason)}</li>`).join('')}</ul></section>`
}
</body>
</html>
`
}

// ---------------------------------------------------------------------------------------------
// The run (Chromium against the app); not unit tested, exercised by `npm run screenshots`.

interface Server {
  readonly url: string
  /** Why the app stopped on its own (exit code or signal and its last output), or undefined while it runs. */
  died(): string | undefined
  stop(): Promise<void>
}

/** Starts the app as tests/e2e/global-setup.ts does: scripts/start.mjs on a free port and a fresh DATA_DIR. */
async function startServer(): Promise<Server> {
  const dataDir = mkdtempSync(join(tmpdir(), 'engage-screenshots-'))
  const child: ChildProcess = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: ROOT,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let exited = false
  let stopping = false
  let death: string | undefined
  let output = ''
  child.once('exit', (code, signal) => {
    exited = true
    if (!stopping) death = `the app stopped on its own (${signal ?? `exit code ${code}`}); its last output:\n${output.split('\n').slice(-15).join('\n')}`
  })
  const stop = async () => {
    stopping = true
    if (!exited) {
      const gone = new Promise((r) => child.once('exit', r))
      child.kill('SIGTERM')
      await Promise.race([gone, new Promise((r) => setTimeout(r, 10_000))])
      if (!exited) child.kill('SIGKILL')
    }
    rmSync(dataDir, { recursive: true, force: true })
  }
  try {
    const url = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`the app did not start in time:\n${output}`)), STARTUP_TIMEOUT_MS)
      child.stdout?.on('data', (chunk: Buffer) => {
        output = (output + chunk.toString()).slice(-20_000)
        const match = /Engage is running at (http:\/\/127\.0\.0\.1:\d+)/.exec(output)
        if (match) {
          clearTimeout(timer)
          resolve(match[1]!)
        }
      })
      child.stderr?.on('data', (chunk: Buffer) => {
        output = (output + chunk.toString()).slice(-20_000)
      })
      child.once('exit', (code) => {
        clearTimeout(timer)
        reject(new Error(`the app exited with ${code} before starting:\n${output}`))
      })
    })
    return { url, stop, died: () => death }
  } catch (error) {
    await stop()
    throw error
  }
}

/** Counts a page's requests in flight, so {@link settle} can wait for the network to go quiet. */
function trackRequests(page: Page): () => number {
  const inFlight = new Map<object, number>()
  page.on('request', (request) => {
    // Live streams never finish (SSE notifications); they are not the page loading.
    if (['eventsource', 'websocket'].includes(request.resourceType())) return
    inFlight.set(request, Date.now())
  })
  const done = (request: object) => inFlight.delete(request)
  page.on('requestfinished', done)
  page.on('requestfailed', done)
  // A request open for over 5 s is a long poll, not loading.
  return () => [...inFlight.values()].filter((since) => Date.now() - since < 5_000).length
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))
/** VERBOSE=1: one line per step with its duration, to see where a slow run spends its time. */
const verbose = (message: string) => {
  if (process.env.VERBOSE) console.log(`    ${message}`)
}

/**
 * Waits until the page looks finished: no request in flight for 300 ms (at most 8 s), no
 * 'Loading' status or busy region (at most 10 s), fonts loaded, two frames drawn. Resolves with
 * whether a 'Loading' status was still there when the wait ran out.
 */
async function settle(page: Page, inFlight: () => number): Promise<boolean> {
  const began = Date.now()
  const networkBy = began + 8_000
  let quietSince = began
  while (Date.now() < networkBy) {
    if (inFlight() > 0) quietSince = Date.now()
    else if (Date.now() - quietSince >= 300) break
    await sleep(50)
  }
  const networkMs = Date.now() - began
  const stillLoading = await page
    .waitForFunction(
      () =>
        ![...document.querySelectorAll('[role="status"], [aria-busy="true"]')].some(
          (el) => el.getAttribute('aria-busy') === 'true' || /loading/i.test(`${el.textContent ?? ''} ${el.getAttribute('aria-label') ?? ''}`),
        ),
      undefined,
      { timeout: 10_000, polling: 100 },
    )
    .then(() => false)
    .catch(() => true)
  await page.evaluate(async () => {
    await document.fonts.ready
    await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))
  })
  verbose(`settled ${page.url()}: network ${networkMs} ms, total ${Date.now() - began} ms${stillLoading ? ', still loading' : ''}`)
  return stillLoading
}

interface Variant {
  readonly width: number
  readonly height: number
  readonly theme: Theme
}

/** Signs the demo admin in on `page` once the human-verification gate cleared by itself (tests/e2e/fixtures.ts). */
async function signIn(page: Page, baseUrl: string): Promise<void> {
  await page.goto(`${baseUrl}/signin`)
  const email = page.getByLabel('Email')
  await email.waitFor({ state: 'visible', timeout: 20_000 })
  await email.fill(DEMO_ADMIN.email)
  await page.getByLabel('Password').fill(DEMO_ADMIN.password)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await page.waitForURL((url) => url.pathname.startsWith('/app/') && !url.pathname.startsWith('/app/signout'), { timeout: 30_000 })
}

/** Opens `overlay` on a settled page; resolves false when the app has no such control at this width. */
async function openOverlay(page: Page, overlay: OverlayName, width: number): Promise<boolean> {
  const visible = async (locator: ReturnType<Page['locator']>) => (await locator.count()) > 0 && (await locator.first().isVisible())
  const press = async (locator: ReturnType<Page['locator']>, opened: ReturnType<Page['locator']>) => {
    if (!(await visible(locator))) return false
    await locator.first().click()
    await opened.first().waitFor({ state: 'visible', timeout: 5_000 })
    return true
  }
  switch (overlay) {
    case 'notifications':
      return press(page.getByRole('button', { name: /^Notifications/ }), page.getByRole('dialog', { name: 'Notifications' }))
    case 'user-menu':
      if (width < USER_MENU_MIN_WIDTH) return false // the header hides it
      return press(page.getByRole('button', { name: 'User menu', exact: true }), page.getByRole('menu'))
    case 'workspace-switcher':
      return press(page.getByRole('button', { name: /^Workspace/ }), page.getByRole('dialog'))
    case 'bug-report':
      return press(page.getByRole('button', { name: 'Report a bug', exact: true }), page.getByRole('dialog', { name: 'Report a bug' }))
    case 'sidebar': {
      const toggle = page.getByRole('button', { name: 'Toggle sidebar', exact: true })
      if (!(await visible(toggle))) return false
      await toggle.click()
      await sleep(300)
      return true
    }
    case 'command-palette': {
      const dialog = page.getByRole('dialog', { name: /command|search/i })
      const button = page.getByRole('button', { name: /command palette|^search/i })
      if (await visible(button)) await button.first().click()
      else await page.keyboard.press('Control+K')
      return dialog
        .first()
        .waitFor({ state: 'visible', timeout: 1_500 })
        .then(() => true)
        .catch(() => false)
    }
  }
}

/** Runs `work` over `items` with at most `pages.length` at once, each worker on its own page. */
async function pool<T>(items: ReadonlyArray<T>, pages: ReadonlyArray<Page>, work: (page: Page, item: T) => Promise<void>): Promise<void> {
  let next = 0
  await Promise.all(
    pages.map(async (page) => {
      while (next < items.length) await work(page, items[next++]!)
    }),
  )
}

interface RunState {
  readonly baseUrl: string
  readonly outDir: string
  readonly shots: Shot[]
  readonly skips: Skip[]
  /** Targets already judged: true when they can be opened, else the reason they cannot. */
  readonly verdicts: Map<string, true | string>
  readonly concurrency: number
}

/** One context for one (width, theme): the public pages signed out, then sign-in, the /app pages, the overlays. */
async function captureVariant(browser: Browser, variant: Variant, targets: ReadonlyArray<Target>, state: RunState): Promise<void> {
  const context: BrowserContext = await browser.newContext({
    viewport: { width: variant.width, height: variant.height },
    colorScheme: variant.theme,
    reducedMotion: 'reduce',
  })
  await context.addInitScript((theme) => {
    try {
      window.localStorage.setItem('theme', theme)
    } catch {
      // storage disabled: colorScheme still applies through `system`
    }
  }, variant.theme)
  const pages = await Promise.all(Array.from({ length: state.concurrency }, () => context.newPage()))
  const trackers = new Map(pages.map((p) => [p, trackRequests(p)]))
  const label = `${variant.width}-${variant.theme}`
  const began = Date.now()

  /** Takes the picture of a settled page (`stillLoading`: what {@link settle} said). */
  const shoot = async (page: Page, target: Target, stillLoading: boolean) => {
    const measured = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth, title: document.title }))
    const file = shotFile(target.key, variant.width, variant.theme)
    const shooting = Date.now()
    await page.screenshot({ path: join(state.outDir, file), fullPage: true, animations: 'disabled', caret: 'hide' })
    verbose(`${file} in ${Date.now() - shooting} ms`)
    state.shots.push({
      key: target.key,
      width: variant.width,
      theme: variant.theme,
      file,
      documentTitle: measured.title,
      overflow: measured.scrollWidth > measured.innerWidth,
      scrollWidth: measured.scrollWidth,
      stillLoading,
    })
  }

  const visit = async (page: Page, target: Target) => {
    const verdict = state.verdicts.get(target.key)
    if (typeof verdict === 'string') return
    try {
      await page.goto(`${state.baseUrl}${target.path}`, { waitUntil: 'domcontentloaded' })
      let stillLoading = await settle(page, trackers.get(page)!)
      // SPEC §2.6: the sign-in form and /share stand behind the human-verification gate; it clears by itself.
      const gate = page.getByRole('dialog', { name: "Verify You're Human" })
      if (await gate.isVisible()) {
        await gate.waitFor({ state: 'hidden', timeout: 20_000 }).catch(() => undefined)
        stillLoading = await settle(page, trackers.get(page)!)
      }
      if (verdict === undefined) {
        const reason = await judge(page, target)
        state.verdicts.set(target.key, reason ?? true)
        if (reason) {
          state.skips.push({ key: target.key, reason })
          return
        }
      }
      await shoot(page, target, stillLoading)
    } catch (error) {
      state.skips.push({ key: target.key, width: variant.width, theme: variant.theme, reason: `failed: ${String(error).split('\n')[0]}` })
    }
  }

  try {
    await pool(
      targets.filter((t) => !t.signedIn),
      pages,
      visit,
    )
    const signingIn = Date.now()
    const signedIn = await signIn(pages[0]!, state.baseUrl).then(
      () => true,
      (error: unknown) => {
        for (const target of targets.filter((t) => t.signedIn)) {
          state.skips.push({ key: target.key, width: variant.width, theme: variant.theme, reason: `failed: the demo admin could not sign in (${String(error).split('\n')[0]})` })
        }
        return false
      },
    )
    if (!signedIn) return
    verbose(`signed in in ${Date.now() - signingIn} ms`)
    await pool(
      targets.filter((t) => t.signedIn && !t.overlay),
      pages,
      visit,
    )
    for (const target of targets.filter((t) => t.overlay)) {
      const page = pages[0]!
      try {
        await page.goto(`${state.baseUrl}${target.path}`, { waitUntil: 'domcontentloaded' })
        await settle(page, trackers.get(page)!)
        const opening = Date.now()
        const opened = await openOverlay(page, target.overlay!, variant.width)
        verbose(`${target.overlay} ${opened ? 'opened' : 'not there'} in ${Date.now() - opening} ms`)
        if (opened) await shoot(page, target, await settle(page, trackers.get(page)!))
        else {
          const reason = target.overlay === 'user-menu' && variant.width < USER_MENU_MIN_WIDTH ? `hidden below ${USER_MENU_MIN_WIDTH} px` : 'no such control here'
          state.skips.push({ key: target.key, width: variant.width, theme: variant.theme, reason })
        }
        await page.keyboard.press('Escape')
      } catch (error) {
        state.skips.push({ key: target.key, width: variant.width, theme: variant.theme, reason: `failed: ${String(error).split('\n')[0]}` })
      }
    }
  } finally {
    await context.close()
    const mine = state.shots.filter((s) => s.width === variant.width && s.theme === variant.theme).length
    console.log(`  ${label}: ${mine} shots in ${((Date.now() - began) / 1000).toFixed(0)} s`)
  }
}

/** Why the page on `page` is not one to capture for `target` (Unauthorized, redirected, not found), or undefined. */
async function judge(page: Page, target: Target): Promise<string | undefined> {
  const here = new URL(page.url()).pathname.replace(/(.)\/$/, '$1')
  // The session lapsed: not a verdict on the page, so it is tried again at the next width and theme.
  if (target.signedIn && here === '/signin') throw new Error('signed out (sent to /signin)')
  if (here !== target.path) return `redirected to ${here}`
  if (await page.getByRole('heading', { name: 'Unauthorized', exact: true }).isVisible()) return 'Unauthorized for the demo admin (SPEC §2.2)'
  if (target.path !== '/404' && (await page.getByRole('heading', { name: 'Page not found', exact: true }).isVisible())) return 'not in the app (Page not found)'
  return undefined
}

/** Refuses a server that has no web app to show (its 'not been built yet' page, or a build in progress). */
async function checkBuilt(url: string): Promise<void> {
  const html = await fetch(`${url}/`).then((r) => r.text())
  if (!html.includes('/assets/')) throw new Error(`${url} serves no built web app (run npm run build, or wait for the build in progress)`)
}

async function main(): Promise<void> {
  const started = Date.now()
  const outDir = process.env.OUT_DIR ?? join(ROOT, 'screenshots')
  const widths = parseList(process.env.WIDTHS, VIEWPORTS.map((v) => v.width))
  const themes = parseList(process.env.THEMES, THEMES)
  const concurrency = Math.max(1, Math.min(4, Number(process.env.CONCURRENCY ?? 2) || 2))
  const targets = filterTargets([...publicTargets(PUBLIC_PAGE_KEYS), ...appTargets(), ...overlayTargets()], process.env.ONLY)
  if (targets.length === 0) throw new Error(`ONLY=${process.env.ONLY} matches no page`)

  let server: Server | undefined
  let browser: Browser | undefined
  const cleanUp = async () => {
    await browser?.close().catch(() => undefined)
    await server?.stop().catch(() => undefined)
  }
  let interrupted = false
  const onSignal = (signal: NodeJS.Signals) => {
    interrupted = true
    console.error(`\nscreenshots: ${signal}, stopping`)
    void cleanUp().finally(() => process.exit(130))
  }
  process.once('SIGINT', onSignal)
  process.once('SIGTERM', onSignal)
  try {
    const baseUrl = (process.env.BASE_URL ?? '').replace(/\/$/, '') || undefined
    if (!baseUrl) console.log('screenshots: starting the app (builds first when the build is stale)...')
    server = baseUrl ? undefined : await startServer()
    const url = baseUrl ?? server!.url
    if (server) console.log(`screenshots: the app is running at ${url} (${((Date.now() - started) / 1000).toFixed(0)} s)`)
    await checkBuilt(url)
    const { chromium } = await import('@playwright/test')
    const { CHROMIUM_ARGS } = await import('../playwright.config.ts')
    browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS })
    mkdirSync(outDir, { recursive: true })
    // Only what an earlier run wrote goes: OUT_DIR may be a folder with other files in it.
    for (const name of readdirSync(outDir)) if (SHOT_FILE.test(name) || name === 'index.html') rmSync(join(outDir, name), { force: true })
    const state: RunState = { baseUrl: url, outDir, shots: [], skips: [], verdicts: new Map(), concurrency }
    const variants = widths.flatMap((width) => themes.map((theme) => ({ width, height: VIEWPORTS.find((v) => v.width === width)!.height, theme })))
    console.log(`screenshots: ${targets.length} pages × ${variants.length} variants from ${url} into ${outDir}`)
    for (const variant of variants) {
      const died = server?.died()
      if (died) throw new Error(died)
      await captureVariant(browser, variant, targets, state)
    }
    const died = server?.died()
    if (died) throw new Error(died)
    if (interrupted) return
    const elapsedMs = Date.now() - started
    const report: Report = { baseUrl: url, targets, variants, shots: state.shots, skips: state.skips, elapsedMs, takenAt: new Date().toISOString() }
    writeFileSync(join(outDir, 'index.html'), buildIndexHtml(report))
    const overflowing = overflowKeys(state.shots)
    const notOpened = notCaptured(report)
    const failed = state.skips.filter((s) => s.reason.startsWith('failed'))
    console.log(`screenshots: ${state.shots.length} shots of ${new Set(state.shots.map((s) => s.key)).size} pages in ${(elapsedMs / 1000).toFixed(0)} s`)
    console.log(`  pages with overflow: ${overflowing.length}${overflowing.length ? ` (${overflowing.join(', ')})` : ''}`)
    if (notOpened.length) {
      const shown = notOpened.slice(0, 10).map((s) => `${s.key} (${s.reason})`)
      console.log(`  not captured: ${shown.join(', ')}${notOpened.length > shown.length ? `, and ${notOpened.length - shown.length} more (see the index)` : ''}`)
    }
    if (failed.length) {
      const shown = failed.slice(0, 10).map((s) => `${s.key} at ${s.width}-${s.theme}: ${s.reason}`)
      console.log(`  failed (${failed.length}): ${shown.join('; ')}${failed.length > shown.length ? `; and ${failed.length - shown.length} more (see the index)` : ''}`)
    }
    console.log(`  index: ${join(outDir, 'index.html')}`)
    if (state.shots.length === 0) process.exitCode = 1
  } finally {
    process.off('SIGINT', onSignal)
    process.off('SIGTERM', onSignal)
    await cleanUp()
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? (error.stack ?? error.message) : error)
    process.exit(1)
  })
}
