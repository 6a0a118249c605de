/**
 * What the browser, real-time and memory sections of the bench share:
 *
 * - {@link buildApp}: one production build per bench run into a temp outDir (`vite build
 *   --outDir <tmp>`), never dist/ (the e2e tests and other people use it).
 * - {@link seededDataDir}: one PGlite data directory per run, prepared like a first server start
 *   (migrations, demo data: 120 notifications for admin@acme.test in Acme Support) plus
 *   {@link BENCH_EXTRA_NOTIFICATIONS} more for admin in Acme, inserted before any server starts.
 *   Each section gets its own copy ({@link freshDataDir}), so one section's changes (mark all read)
 *   never reach another.
 * - {@link startEngage}: the real server (`server/main.ts`) in its own process on a free port,
 *   serving that build, with BOT_CHECK=off when this server knows the variable (the measured
 *   mode is reported by {@link botCheckMode}), a known internal API key and 1-hour access tokens
 *   (no refresh during a run).
 * - {@link launchChromium} / {@link signedInState}: Debian's Chromium through playwright-core with
 *   the e2e args, and the admin's session (cookies + localStorage) from one sign-in through the UI.
 *
 * Temp directories are removed when the bench process exits.
 */
import { execFile } from 'node:child_process'
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import os, { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { type Browser, type BrowserContext, chromium } from 'playwright-core'
import { CHROMIUM_ARGS } from '../../playwright.config.ts'
import { startProcess, type Started } from './processes.ts'

const run = promisify(execFile)

export const ROOT = path.resolve(import.meta.dirname, '../..')
/** Notifications added for admin@acme.test in Acme Support on top of the demo's 120. */
export const BENCH_EXTRA_NOTIFICATIONS = 5_000
/** The internal API key of bench servers (INTERNAL_API_KEY, at least 32 bytes). */
export const BENCH_INTERNAL_KEY = 'engage-bench-internal-api-key-0123456789'
export const ADMIN = { email: 'admin@acme.test', password: 'demo-password', org: 'Acme Support' } as const

const tempDirs: string[] = []
process.once('exit', () => {
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true })
})

/** A temp directory removed at exit. */
export function tempDir(prefix: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), `engage-bench-${prefix}-`))
  tempDirs.push(dir)
  return dir
}

export interface Build {
  /** Absolute outDir of the build (index.html, assets/). */
  readonly outDir: string
  /** Wall time of `vite build`, ms. */
  readonly buildMs: number
}

let build: Promise<Build> | undefined
/**
 * The production build of this checkout, made once per bench run (with source maps, read by the
 * bundle section). BENCH_BUILD_DIR=<outDir of an earlier `vite build`> reuses that build instead
 * (buildMs is then 0): for working on the bench while the checkout does not build.
 */
export function buildApp(): Promise<Build> {
  const reuse = process.env.BENCH_BUILD_DIR?.trim()
  if (reuse) build ??= Promise.resolve({ outDir: path.resolve(reuse), buildMs: 0 })
  build ??= (async () => {
    const outDir = path.join(tempDir('build'), 'dist')
    const started = performance.now()
    await run(
      process.execPath,
      [path.join(ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'error'],
      {
        cwd: ROOT,
        maxBuffer: 64 * 1024 * 1024,
      },
    )
    return { outDir, buildMs: Math.round(performance.now() - started) }
  })()
  return build
}

let template: Promise<string> | undefined
/** The prepared data directory (demo data + {@link BENCH_EXTRA_NOTIFICATIONS}); copy it with {@link freshDataDir}. */
export function seededDataDir(): Promise<string> {
  template ??= (async () => {
    const dir = path.join(tempDir('data'), 'template')
    await run(process.execPath, ['--import', 'tsx', path.join(ROOT, 'bench/lib/seed-notifications.ts'), dir, String(BENCH_EXTRA_NOTIFICATIONS)], { cwd: ROOT })
    return dir
  })()
  return template
}

/** A private copy of the seeded data directory. */
export async function freshDataDir(): Promise<string> {
  const source = await seededDataDir()
  const dir = path.join(tempDir('data'), 'copy')
  cpSync(source, dir, { recursive: true })
  return dir
}

/** Whether this checkout's server knows BOT_CHECK (the human-verification gate landed). */
function serverKnowsBotCheck(): boolean {
  const file = path.join(ROOT, 'server/botcheck/config.ts')
  return existsSync(file) && readFileSync(file, 'utf8').includes("'BOT_CHECK'")
}

export interface Engage extends Started {
  readonly dataDir: string
  /** The server's pid (for /proc/<pid>/status). */
  readonly pid: number
  /**
   * With `memoryProbe`: a full gc in the server, then its `process.memoryUsage()` (bytes)
   * (bench/lib/gc-probe.ts). Undefined otherwise.
   */
  readonly memoryAfterGc: (() => Promise<NodeJS.MemoryUsage>) | undefined
}

/**
 * Starts `server/main.ts` on a free port over `dataDir`, serving `staticDir` when given.
 * NODE_ENV is left unset: BOT_CHECK=off is refused with NODE_ENV=production, and nothing else on
 * the server reads it (the SPA build is production either way).
 */
export async function startEngage(options: { dataDir: string; staticDir?: string; memoryProbe?: boolean; env?: Record<string, string> }): Promise<Engage> {
  const probeFile = options.memoryProbe ? path.join(tempDir('probe'), 'memory.json') : undefined
  const env: Record<string, string> = {
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: options.dataDir,
    ACCESS_TOKEN_TTL_S: '3600',
    INTERNAL_API_KEY: BENCH_INTERNAL_KEY,
    ...(options.staticDir && { STATIC_DIR: options.staticDir }),
    ...(serverKnowsBotCheck() && { BOT_CHECK: 'off' }),
    // Empty reads as unset (server/config.ts), whatever the bench process was started with.
    NODE_ENV: '',
    ...(probeFile && { BENCH_MEMORY_FILE: probeFile }),
    ...options.env,
  }
  const probeArgs = probeFile ? ['--expose-gc', '--import', 'tsx', '--import', './bench/lib/gc-probe.ts'] : ['--import', 'tsx']
  const started = await startProcess(process.execPath, [...probeArgs, 'server/main.ts'], {
    cwd: ROOT,
    env,
    ready: /Engage is running at (http:\/\/127\.0\.0\.1:\d+)/,
    timeoutMs: 120_000,
  })
  if (started.child.pid === undefined) throw new Error('the server has no pid')
  const pid = started.child.pid
  const memoryAfterGc =
    probeFile === undefined
      ? undefined
      : async (): Promise<NodeJS.MemoryUsage> => {
          rmSync(probeFile, { force: true })
          process.kill(pid, 'SIGUSR2')
          for (let i = 0; i < 100 && !existsSync(probeFile); i++) await new Promise((r) => setTimeout(r, 50))
          if (!existsSync(probeFile)) throw new Error('the server did not answer the memory probe (SIGUSR2) within 5 s')
          return JSON.parse(readFileSync(probeFile, 'utf8')) as NodeJS.MemoryUsage
        }
  return { ...started, dataDir: options.dataDir, pid, memoryAfterGc }
}

/** The bot-check provider the server runs ('off', 'altcha', 'turnstile'), or 'none' before the gate existed. */
export async function botCheckMode(baseUrl: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/users/bot-check/config`)
  if (response.status === 404) return 'none (this build has no bot check)'
  const body = (await response.json()) as { provider?: string }
  return body.provider ?? 'unknown'
}

/** Signs in as the admin through the API: the access token and org id. */
export async function apiSignIn(baseUrl: string): Promise<{ accessToken: string; orgId: string }> {
  const response = await fetch(`${baseUrl}/api/users/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: ADMIN.email, password: ADMIN.password }),
  })
  if (!response.ok) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`)
  const body = (await response.json()) as { access_token: string; org_id: string }
  return { accessToken: body.access_token, orgId: body.org_id }
}

/** Debian's Chromium (CHROMIUM_PATH or /usr/bin/chromium) with the e2e args. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS })
}

export type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>

/**
 * Signs in as admin@acme.test through the sign-in form once and returns the session as the app
 * stores it (token cookies, `current_org_id` and `payload_data` in localStorage), for fresh
 * contexts to start signed in.
 */
export async function signedInState(browser: Browser, baseUrl: string): Promise<StorageState> {
  const context = await browser.newContext({ baseURL: baseUrl })
  try {
    const page = await context.newPage()
    await page.goto('/signin')
    await page.getByLabel('Email').fill(ADMIN.email)
    await page.getByLabel('Password').fill(ADMIN.password)
    await page.getByRole('button', { name: 'Sign in' }).click()
    await page.waitForURL(/\/app\//, { timeout: 60_000 })
    await page.getByRole('banner').getByRole('button', { name: 'Notifications' }).waitFor({ timeout: 60_000 })
    return await context.storageState()
  } finally {
    await context.close()
  }
}

/** What a browser section works with (see {@link withAppInChromium}). */
export interface AppInChromium {
  readonly build: Build
  readonly server: Engage
  readonly browser: Browser
  /** admin@acme.test's session, for contexts that start signed in. */
  readonly state: StorageState
  /** The server's human-verification mode ("off" in the bench). */
  readonly botCheck: string
}

/**
 * The browser sections' common start: the build (made once per run), a server on a fresh copy of
 * the prepared data serving it, Chromium, and one sign-in. Runs `use`, then closes Chromium and
 * stops the server, whether `use` succeeded or threw.
 */
export async function withAppInChromium<T>(use: (app: AppInChromium) => Promise<T>): Promise<T> {
  const build = await buildApp()
  const server = await startEngage({ dataDir: await freshDataDir(), staticDir: build.outDir })
  let browser: Browser | undefined
  try {
    const botCheck = await botCheckMode(server.url)
    browser = await launchChromium()
    const state = await signedInState(browser, server.url)
    return await use({ build, server, browser, state, botCheck })
  } finally {
    await browser?.close()
    await server.stop()
  }
}

/** Median of a non-empty list. */
export function median(values: ReadonlyArray<number>): number {
  const sorted = [...values].sort((a, b) => a - b)
  const mid = Math.floor(sorted.length / 2)
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2
}

/** The machine's 1-minute load average now (shared machines: read the figures with it). */
export const loadAverage1m = (): number => round(os.loadavg()[0] ?? 0, 2)

/** Rounds to `digits` decimals. */
export const round = (value: number, digits = 0): number => Number(value.toFixed(digits))
