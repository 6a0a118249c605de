/**
 * `npm start`: builds the SPA when its build is missing or stale, then runs the API server in
 * this same process (one process to stop; PGlite allows only one per data directory).
 *
 * Stale means dist/index.html is older than any file of what the build reads: src/, contract/,
 * machines/, public/, index.html, vite.config.ts, package.json (compared by modification time). When the
 * repository has no index.html there is nothing to build yet and the server says so on its page.
 *
 * Honours the server's environment (PORT, HOST, DATA_DIR, DATABASE_URL...: see server/config.ts).
 * The build's own output is shown only when it fails (then the process exits non-zero).
 */
import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('..', import.meta.url))
const BUILD_INPUTS = ['src', 'contract', 'machines', 'public', 'index.html', 'vite.config.ts', 'package.json']

/** Newest modification time (ms) of a file, or of any file under a directory; 0 if absent. */
function newestMtime(target) {
  let stats
  try {
    stats = statSync(target)
  } catch {
    return 0
  }
  if (!stats.isDirectory()) return stats.mtimeMs
  let newest = stats.mtimeMs
  for (const entry of readdirSync(target, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue
    newest = Math.max(newest, newestMtime(path.join(target, entry.name)))
  }
  return newest
}

function buildIfStale() {
  if (!existsSync(path.join(root, 'index.html'))) {
    console.log('No index.html in the repository yet: skipping the web app build.')
    return
  }
  const builtAt = newestMtime(path.join(root, 'dist', 'index.html'))
  const sourcesAt = Math.max(...BUILD_INPUTS.map((input) => newestMtime(path.join(root, input))))
  if (builtAt > 0 && builtAt >= sourcesAt) return
  console.log(builtAt === 0 ? 'Building the web app (a minute or so, once)...' : 'The web app changed since the last build: rebuilding...')
  const started = Date.now()
  const vite = path.join(root, 'node_modules', '.bin', process.platform === 'win32' ? 'vite.cmd' : 'vite')
  // The build's chunk table is for whoever tunes the bundle, not for someone starting
  // the app; it is kept and printed only when the build fails.
  const result = spawnSync(vite, ['build'], { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 })
  if (result.status !== 0) {
    process.stdout.write(result.stdout ?? '')
    process.stderr.write(result.stderr ?? '')
    console.error(`The web app build failed (${result.error?.message ?? `exit code ${result.status ?? result.signal}`}).`)
    process.exit(result.status || 1)
  }
  console.log(`Built the web app in ${((Date.now() - started) / 1000).toFixed(0)} s.`)
}

buildIfStale()
const { register } = await import('tsx/esm/api')
register()
await import('../server/main.ts')
