/**
 * The built Storybook as a designer meets it: every story of a `storybook build` output opened in
 * Debian's Chromium, its render, play function and after-each checks (the machine-state check of
 * .storybook/preview.tsx, the accessibility addon) run as the published site runs them, failing
 * when any of them fails. The Vitest story run (vitest.storybook.config.ts) runs the same stories
 * through Vite's dev server; this runs the bundle people open.
 *
 * Usage: `node --import tsx scripts/storybook-built.ts <built dir> [substring of story ids…]`
 * (a step of `npm test`, after the Storybook build). Environment: CONCURRENCY (pages at once,
 * default 2, at most 2), STORY_TIMEOUT_MS (per story, default 20000), CHROMIUM_PATH (default
 * /usr/bin/chromium), A11Y_DETAILS=1 (list each story's accessibility warnings, not only the tally).
 *
 * How: a small static server for the directory; the stories listed from its `index.json` (type
 * `story`, tagged `test` as the Vitest run selects them); each page loads `iframe.html` once and
 * then selects story after story over the preview's channel (`setCurrentStory`), as the manager
 * does when a person clicks through the sidebar, the window sized to the story's viewport
 * (`globals.viewport`, else 1200×900 px as in the Vitest run). A story passes when the preview emits
 * `storyFinished` with status `success` and no `storyErrored`, `storyThrewException`,
 * `playFunctionThrewException`, `unhandledErrorsWhilePlaying` or `storyMissing` came before it.
 * A failed story is run again on a freshly loaded page, to tell a failure of its own from one
 * that depends on the story before it; both count as failures.
 *
 * Then every docs page (type `docs`: the welcome page and each node's autodocs page) is opened by
 * its address, each on a page of its own, and read: its heading, and on a machine's page the chart, the States and Events tables and no
 * warning (`runDocs`).
 *
 * Exit code: 0 when every story passed and every docs page read, 1 otherwise (each failure printed
 * with its id and error).
 */
import { createReadStream, existsSync, readFileSync, statSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { extname, join, normalize, resolve, sep } from 'node:path'
import { chromium, type Browser, type Page } from '@playwright/test'
import { CHROMIUM_ARGS } from '../playwright.config.ts'

/** One entry of the build's `index.json` (Storybook 10, version 5). */
interface IndexEntry {
  readonly type: 'story' | 'docs'
  readonly id: string
  readonly title: string
  readonly name: string
  readonly tags?: ReadonlyArray<string>
}

/** What the preview reported for one story. */
interface StoryOutcome {
  readonly status: 'success' | 'error' | 'timeout'
  readonly errors: ReadonlyArray<string>
  /** The accessibility addon's violations reported as 'todo' (warnings): axe rule id → elements. */
  readonly a11yWarnings: Readonly<Record<string, number>>
  /** One offending element per rule (its HTML, cut short), for A11Y_DETAILS. */
  readonly a11yExamples: Readonly<Record<string, string>>
}

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
  '.webmanifest': 'application/manifest+json',
  '.wasm': 'application/wasm',
  '.mp3': 'audio/mpeg',
  '.ogg': 'audio/ogg',
}

/** Serves `root` on a free port of 127.0.0.1; assets are cached by the browser (hashed names). */
function serve(root: string): Promise<Server> {
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost')
    const path = normalize(join(root, decodeURIComponent(url.pathname)))
    const file = path.endsWith(sep) ? join(path, 'index.html') : path
    if (!file.startsWith(root + sep) || !existsSync(file) || !statSync(file).isFile()) {
      response.writeHead(404).end()
      return
    }
    response.writeHead(200, {
      'content-type': CONTENT_TYPES[extname(file)] ?? 'application/octet-stream',
      'cache-control': file.includes(`${sep}assets${sep}`) ? 'max-age=3600' : 'no-cache',
    })
    createReadStream(file).pipe(response)
  })
  return new Promise((done) => server.listen(0, '127.0.0.1', () => done(server)))
}

/**
 * Selects one story on a page that has the preview loaded and waits for the preview's verdict.
 * Runs in the page: the channel is Storybook's `__STORYBOOK_ADDONS_CHANNEL__`.
 */
async function runStory(page: Page, id: string, timeoutMs: number): Promise<StoryOutcome> {
  const size = await viewportOf(page, id)
  const current = page.viewportSize()
  if (current?.width !== size.width || current.height !== size.height) await page.setViewportSize(size)
  return page.evaluate(
    ({ id, timeoutMs }) =>
      new Promise<StoryOutcome>((resolveOutcome) => {
        interface Channel {
          on(event: string, handler: (payload: unknown) => void): void
          off(event: string, handler: (payload: unknown) => void): void
          emit(event: string, payload: unknown): void
        }
        const channel = (window as unknown as { __STORYBOOK_ADDONS_CHANNEL__: Channel }).__STORYBOOK_ADDONS_CHANNEL__
        const errors: string[] = []
        const a11yWarnings: Record<string, number> = {}
        const a11yExamples: Record<string, string> = {}
        const describe = (error: unknown): string => {
          if (error && typeof error === 'object') {
            const e = error as { name?: string; message?: string; title?: string; description?: string; stack?: string }
            if (e.title !== undefined) return `${e.title}${e.description ? `: ${e.description}` : ''}`
            const head = `${e.name && e.name !== 'Error' ? `${e.name}: ` : ''}${e.message ?? ''}`
            return e.stack && !e.stack.includes(e.message ?? '\u0000') ? `${head}\n${e.stack}` : (e.stack ?? head)
          }
          return String(error)
        }
        const listeners: Record<string, (payload: unknown) => void> = {
          storyErrored: (payload) => void errors.push(`render error: ${describe(payload)}`),
          storyThrewException: (payload) => void errors.push(`render threw: ${describe(payload)}`),
          playFunctionThrewException: (payload) => void errors.push(`play function threw: ${describe(payload)}`),
          unhandledErrorsWhilePlaying: (payload) =>
            void errors.push(...(payload as unknown[]).map((e) => `unhandled error while playing: ${describe(e)}`)),
          storyMissing: () => void errors.push('story missing from the build'),
          storyFinished: (payload) => {
            const { storyId, status, reporters } = payload as {
              storyId: string
              status: 'success' | 'error'
              reporters: ReadonlyArray<{ type: string; status: string; result?: unknown }>
            }
            if (storyId !== id) return
            for (const report of reporters) {
              const result = report.result as { violations?: ReadonlyArray<{ id: string; help: string; nodes: ReadonlyArray<{ html?: string }> }> } | undefined
              if (report.type === 'a11y' && report.status === 'warning') {
                for (const v of result?.violations ?? []) {
                  a11yWarnings[v.id] = (a11yWarnings[v.id] ?? 0) + v.nodes.length
                  a11yExamples[v.id] ??= (v.nodes[0]?.html ?? '').slice(0, 200)
                }
              }
              if (report.status !== 'failed') continue
              const detail = result?.violations
                ? result.violations.map((v) => `${v.id} (${v.nodes.length}): ${v.help}`).join('; ')
                : JSON.stringify(report.result ?? '')
              errors.push(`${report.type} report failed: ${detail}`)
            }
            finish(status)
          },
        }
        const timer = setTimeout(() => finish('timeout'), timeoutMs)
        function finish(status: StoryOutcome['status']) {
          clearTimeout(timer)
          for (const [event, handler] of Object.entries(listeners)) channel.off(event, handler)
          resolveOutcome({ status: errors.length > 0 && status === 'success' ? 'error' : status, errors, a11yWarnings, a11yExamples })
        }
        for (const [event, handler] of Object.entries(listeners)) channel.on(event, handler)
        channel.emit('setCurrentStory', { storyId: id, viewMode: 'story' })
      }),
    { id, timeoutMs },
  )
}

/**
 * Opens one docs page (a node's autodocs page or an MDX page) and checks what a reader meets: its
 * heading, and on a machine's page (`Machines/<id>`) the chart, the States and Events tables, and
 * no warning of a state or event without its sentence or story. Returns the problems found.
 */
async function runDocs(browser: Browser, base: string, entry: IndexEntry, timeoutMs: number): Promise<string[]> {
  const problems: string[] = []
  // Each page opened on its own, as a link to it opens: leaving a docs page whose stories are still
  // rendering makes Storybook reload the preview (StoryRender.teardown), which would land on the next.
  const page = await newPage(browser)
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`))
  try {
    await page.goto(`${base}/iframe.html?id=${encodeURIComponent(entry.id)}&viewMode=docs`, { waitUntil: 'load', timeout: Math.max(timeoutMs, 60_000) })
    const docs = page.locator('#storybook-docs')
    await docs.locator('h1').first().waitFor({ timeout: timeoutMs })
    const machine = /^Machines\/([^/]+)$/.exec(entry.title)?.[1]
    if (machine) {
      await docs.getByRole('heading', { level: 1, name: `${machine} machine` }).waitFor({ timeout: timeoutMs })
      for (const name of [`${machine} statechart`]) if (!(await docs.getByRole('tree', { name }).isVisible())) problems.push(`no chart "${name}"`)
      for (const name of ['States', 'Events']) if ((await docs.getByRole('table', { name }).count()) !== 1) problems.push(`no "${name}" table`)
      for (const warning of await docs.getByRole('status').allTextContents()) problems.push(`warning on the page: ${warning}`)
    }
  } catch (error) {
    problems.push(error instanceof Error ? error.message.split('\n')[0]! : String(error))
  } finally {
    await page.close()
  }
  return problems
}

/** The window size of the Vitest story run when a story names no viewport (addon-vitest's default), px. */
const DEFAULT_VIEWPORT = { width: 1200, height: 900 }

/**
 * The window a story asks for: its `globals.viewport` (or `parameters.viewport.defaultViewport`)
 * looked up in `parameters.viewport.options`, as the manager sizes its iframe and the Vitest run
 * sizes its page; pixel sizes only, else the default.
 */
async function viewportOf(page: Page, id: string): Promise<{ width: number; height: number }> {
  const size = await page.evaluate(async (id) => {
    interface Store {
      loadStory(input: { storyId: string }): Promise<unknown>
      getStoryContext(story: unknown): { globals: Record<string, unknown>; parameters: Record<string, unknown> }
    }
    const store = (window as unknown as { __STORYBOOK_PREVIEW__: { storyStoreValue: Store } }).__STORYBOOK_PREVIEW__.storyStoreValue
    const { globals, parameters } = store.getStoryContext(await store.loadStory({ storyId: id }))
    const param = (parameters.viewport ?? {}) as { options?: Record<string, { styles?: { width?: string; height?: string } }>; defaultViewport?: string }
    const chosen = ((globals.viewport ?? {}) as { value?: string }).value ?? param.defaultViewport
    const styles = chosen ? param.options?.[chosen]?.styles : undefined
    const px = (v: string | undefined) => (v && /^\d+(px)?$/.test(v) ? Number.parseInt(v, 10) : null)
    const width = px(styles?.width)
    const height = px(styles?.height)
    return width && height ? { width, height } : null
  }, id)
  return size ?? DEFAULT_VIEWPORT
}

/** Loads the preview (no story selected) and waits until its story index is read. */
async function loadPreview(page: Page, base: string): Promise<void> {
  await page.goto(`${base}/iframe.html`, { waitUntil: 'load' })
  await page.waitForFunction(() => '__STORYBOOK_PREVIEW__' in window && '__STORYBOOK_ADDONS_CHANNEL__' in window)
  await page.evaluate(() => (window as unknown as { __STORYBOOK_PREVIEW__: { ready(): Promise<void> } }).__STORYBOOK_PREVIEW__.ready())
}

/** Runs `id` on a fresh page (after a failure), closing the page after. */
async function runFresh(browser: Browser, base: string, id: string, timeoutMs: number): Promise<StoryOutcome> {
  const page = await newPage(browser)
  try {
    await loadPreview(page, base)
    return await runStory(page, id, timeoutMs)
  } finally {
    await page.close()
  }
}

async function newPage(browser: Browser): Promise<Page> {
  const page = await browser.newPage({ viewport: DEFAULT_VIEWPORT })
  // tsx compiles this file keeping function names (esbuild's `__name(fn, 'name')`); the functions
  // handed to page.evaluate carry those calls into the page, where the helper must exist.
  await page.addInitScript('globalThis.__name = (fn) => fn')
  return page
}

const failed = (outcome: StoryOutcome) => outcome.status !== 'success' || outcome.errors.length > 0

function indent(text: string): string {
  return text
    .split('\n')
    .slice(0, 12)
    .map((line) => `    ${line}`)
    .join('\n')
}

async function main(): Promise<number> {
  const [dirArgument, ...filters] = process.argv.slice(2)
  if (!dirArgument) {
    console.error('usage: node --import tsx scripts/storybook-built.ts <storybook build dir> [story id substrings…]')
    return 2
  }
  const root = resolve(dirArgument)
  const index = JSON.parse(readFileSync(join(root, 'index.json'), 'utf8')) as { entries: Record<string, IndexEntry> }
  const stories = Object.values(index.entries).filter(
    (e) => e.type === 'story' && (e.tags ?? []).includes('test') && (filters.length === 0 || filters.some((f) => e.id.includes(f))),
  )
  const docsPages = Object.values(index.entries).filter((e) => e.type === 'docs' && (filters.length === 0 || filters.some((f) => e.id.includes(f))))
  const concurrency = Math.max(1, Math.min(2, Number(process.env.CONCURRENCY ?? 2)))
  const timeoutMs = Number(process.env.STORY_TIMEOUT_MS ?? 20_000)

  const started = Date.now()
  const server = await serve(root)
  // `localhost`, not the IP, as in the Vitest run: WebAuthn (the passkeys stories) refuses an IP address as the site.
  const base = `http://localhost:${(server.address() as AddressInfo).port}`
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS })
  const failures: string[] = []
  const a11y: Array<{ id: string; rules: Readonly<Record<string, number>>; examples: Readonly<Record<string, string>> }> = []
  let next = 0
  let done = 0

  const worker = async () => {
    let page = await newPage(browser)
    await loadPreview(page, base)
    let previous: string | null = null
    while (next < stories.length) {
      const story = stories[next++]!
      let outcome: StoryOutcome
      try {
        outcome = await runStory(page, story.id, timeoutMs)
      } catch (error) {
        outcome = { status: 'error', errors: [`the page failed: ${error instanceof Error ? error.message : String(error)}`], a11yWarnings: {}, a11yExamples: {} }
      }
      if (failed(outcome)) {
        const fresh = await runFresh(browser, base, story.id, timeoutMs).catch(
          (error: unknown): StoryOutcome => ({ status: 'error', errors: [String(error)], a11yWarnings: {}, a11yExamples: {} }),
        )
        const where = failed(fresh) ? '' : ` (passes on a freshly loaded page: it depends on ${previous ?? 'the page before it'})`
        const shown = failed(fresh) ? fresh : outcome
        failures.push(`✘ ${story.id}${shown.status === 'timeout' ? ` timed out after ${timeoutMs} ms` : ''}${where}\n${indent(shown.errors.join('\n') || '(no error reported)')}`)
        console.log(failures[failures.length - 1])
        // Whatever the story left behind (an open dialog, a stuck render) goes with the page.
        await page.close()
        page = await newPage(browser)
        await loadPreview(page, base)
      }
      const rules = Object.keys(outcome.a11yWarnings)
      if (rules.length > 0) a11y.push({ id: story.id, rules: outcome.a11yWarnings, examples: outcome.a11yExamples })
      previous = story.id
      done++
      if (process.stdout.isTTY) process.stdout.write(`\r${done}/${stories.length} stories`)
    }
    await page.close()
  }

  // The docs pages, each opened on its own page (they run no play function).
  const docsFailures: string[] = []
  let nextDocs = 0
  const readDocs = async () => {
    while (nextDocs < docsPages.length) {
      const entry = docsPages[nextDocs++]!
      const problems = await runDocs(browser, base, entry, timeoutMs)
      if (problems.length > 0) docsFailures.push(`✘ ${entry.id} (docs)\n${indent(problems.join('\n'))}`)
    }
  }

  try {
    await Promise.all(Array.from({ length: concurrency }, worker))
    await Promise.all(Array.from({ length: concurrency }, readDocs))
  } finally {
    await browser.close()
    server.close()
  }
  const seconds = ((Date.now() - started) / 1000).toFixed(1)
  if (process.stdout.isTTY) process.stdout.write('\n')
  console.log(
    failures.length === 0
      ? `built Storybook: ${stories.length} stories passed in ${seconds} s`
      : `built Storybook: ${failures.length} of ${stories.length} stories failed (${seconds} s):\n\n${failures.join('\n\n')}`,
  )
  console.log(
    docsFailures.length === 0
      ? `built Storybook: ${docsPages.length} docs pages read`
      : `built Storybook: ${docsFailures.length} of ${docsPages.length} docs pages failed:\n\n${docsFailures.join('\n\n')}`,
  )
  if (a11y.length > 0) {
    const byRule = new Map<string, { stories: number; elements: number }>()
    for (const { rules } of a11y) {
      for (const [rule, elements] of Object.entries(rules)) {
        const tally = byRule.get(rule) ?? { stories: 0, elements: 0 }
        byRule.set(rule, { stories: tally.stories + 1, elements: tally.elements + elements })
      }
    }
    const lines = [...byRule].sort((a, b) => b[1].stories - a[1].stories).map(([rule, t]) => `  ${rule}: ${t.stories} stories, ${t.elements} elements`)
    console.log(`\naccessibility warnings (stories at a11y.test 'todo', not failing): ${a11y.length} stories with violations\n${lines.join('\n')}`)
    if (process.env.A11Y_DETAILS) {
      for (const { id, examples } of a11y) {
        console.log(`  ${id}:\n${Object.entries(examples).map(([rule, html]) => `    ${rule}: ${html}`).join('\n')}`)
      }
    }
  }
  return failures.length === 0 && docsFailures.length === 0 ? 0 : 1
}

process.exitCode = await main()
