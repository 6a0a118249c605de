/**
 * Starts the app exactly as `npm start` does (build when stale, one Node process serving the
 * SPA and the API) on port 0 with a fresh DATA_DIR, and hands its URL to the tests through
 * E2E_BASE_URL. Returns the teardown that stops it and removes the data directory.
 *
 * The server's STATIC_DIR is a directory of its own (E2E_STATIC_DIR): every entry of the shared
 * dist/ linked in, except version.json, which is a copy. A test may then deploy a "new version"
 * by rewriting E2E_STATIC_DIR/version.json without touching dist/ (tests/e2e/version.spec.ts).
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { copyFileSync, mkdtempSync, readdirSync, rmSync, symlinkSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

const STARTUP_TIMEOUT_MS = 180_000

export default async function globalSetup(): Promise<() => Promise<void>> {
  const dataDir = mkdtempSync(join(tmpdir(), 'engage-e2e-'))
  const staticDir = mkdtempSync(join(tmpdir(), 'engage-e2e-static-'))
  const child: ChildProcess = spawn(process.execPath, ['scripts/start.mjs'], {
    // RATE_LIMITS=off: the suite signs up more fresh people from this one address than the
    // per-address sign-up limit allows in an hour (10); the limits are tested in
    // server/http/rate-limit.test.ts and server/mail/mail.test.ts.
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, STATIC_DIR: staticDir, RATE_LIMITS: 'off', WEBHOOK_ENDPOINT_ALLOW_HOSTS: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start in time:\n${output}`)), STARTUP_TIMEOUT_MS)
    const onData = (chunk: Buffer) => {
      output += chunk.toString()
      const match = /Engage is running at (http:\/\/127\.0\.0\.1:\d+)/.exec(output)
      if (match) {
        clearTimeout(timer)
        resolve(match[1]!)
      }
    }
    child.stdout?.on('data', onData)
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString()
    })
    child.on('exit', (code) => {
      clearTimeout(timer)
      reject(new Error(`server exited with ${code} before starting:\n${output}`))
    })
  })
  // The build is done once the server runs; the server reads STATIC_DIR per request.
  const dist = join(process.cwd(), 'dist')
  for (const entry of readdirSync(dist)) {
    if (entry === 'version.json') copyFileSync(join(dist, entry), join(staticDir, entry))
    else symlinkSync(join(dist, entry), join(staticDir, entry))
  }
  process.env.E2E_BASE_URL = url
  process.env.E2E_DATA_DIR = dataDir
  process.env.E2E_STATIC_DIR = staticDir
  return async () => {
    child.kill('SIGTERM')
    await new Promise((r) => child.once('exit', r))
    rmSync(dataDir, { recursive: true, force: true })
    rmSync(staticDir, { recursive: true, force: true })
  }
}
