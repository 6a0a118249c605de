/**
 * The bundle floors (docs/performance.md): the reference apps in bench/floor/dashboard and
 * bench/floor/signin, built with the project's own vite.config.ts (same plugins: React,
 * vanilla-extract, the version file and source maps beside the build; same build options and
 * installed versions) into temp directories, and served like the Engage server serves its build.
 *
 * - {@link buildFloors}: `vite build <floor dir> --config vite.config.ts --outDir <tmp>` per floor,
 *   once per bench run (the `root` is the floor's folder, everything else is the project's config).
 * - {@link serveFloor}: a node:http static server for one floor build: files as they are (no
 *   compression, like server/http/static.ts), `/assets/*` immutable, and index.html for any other
 *   HTML navigation (so the floor answers at /signin and /app/dashboard as the app does).
 */
import { execFile } from 'node:child_process'
import { createServer } from 'node:http'
import { readFile, stat } from 'node:fs/promises'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import { promisify } from 'node:util'
import { ROOT, tempDir } from '../lib/app.ts'

const run = promisify(execFile)

/** The floors: the app's page each stands for, and its folder under bench/floor. */
export const FLOORS = [
  { name: 'signin', route: '/signin', dir: path.join(ROOT, 'bench/floor/signin') },
  { name: 'dashboard', route: '/app/dashboard', dir: path.join(ROOT, 'bench/floor/dashboard') },
] as const

export type FloorName = (typeof FLOORS)[number]['name']

export interface FloorBuild {
  readonly name: FloorName
  /** The app's page this floor stands for ('/signin', '/app/dashboard'); the floor answers at it too. */
  readonly route: string
  /** Absolute outDir (index.html, assets/); maps in `<outDir>-sourcemaps/`. */
  readonly outDir: string
  /** Wall time of its `vite build`, ms. */
  readonly buildMs: number
}

let builds: Promise<FloorBuild[]> | undefined
/** Builds both floors (once per bench run, one after the other: the machine has two cores). */
export function buildFloors(): Promise<FloorBuild[]> {
  builds ??= (async () => {
    const out: FloorBuild[] = []
    for (const floor of FLOORS) {
      const outDir = path.join(tempDir(`floor-${floor.name}`), 'dist')
      const started = performance.now()
      await run(
        process.execPath,
        [
          path.join(ROOT, 'node_modules/vite/bin/vite.js'),
          'build',
          floor.dir,
          '--config',
          path.join(ROOT, 'vite.config.ts'),
          '--outDir',
          outDir,
          '--emptyOutDir',
          '--logLevel',
          'error',
        ],
        { cwd: ROOT, maxBuffer: 64 * 1024 * 1024 },
      )
      out.push({ name: floor.name, route: floor.route, outDir, buildMs: Math.round(performance.now() - started) })
    }
    return out
  })()
  return builds
}

const TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
}

/**
 * Serves the floor build in `outDir` on 127.0.0.1 (free port) from this process.
 * @returns its origin (`http://127.0.0.1:<port>`) and `stop()`.
 */
export async function serveFloor(outDir: string): Promise<{ url: string; stop(): Promise<void> }> {
  const root = path.resolve(outDir)
  const server = createServer((request, response) => {
    void (async () => {
      const pathname = decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname)
      let file = path.resolve(root, `.${pathname}`)
      const info = file.startsWith(root + path.sep) ? await stat(file).catch(() => undefined) : undefined
      if (info === undefined || !info.isFile()) {
        // Only navigations fall back to the SPA, as in server/http/static.ts.
        if (!request.headers.accept?.includes('text/html') && pathname !== '/') {
          response.writeHead(404).end()
          return
        }
        file = path.join(root, 'index.html')
      }
      const body = await readFile(file)
      response.writeHead(200, {
        'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream',
        'cache-control': file.startsWith(path.join(root, 'assets') + path.sep) ? 'public, max-age=31536000, immutable' : 'no-cache',
        'content-length': body.length,
      })
      response.end(body)
    })().catch(() => response.writeHead(500).end())
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
