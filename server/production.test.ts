/**
 * Production mode: `npm run build` once, then `NODE_ENV=production npm run serve` from
 * an install WITHOUT the dev dependencies (no Vite, no Vitest, no drizzle-kit): the server, the
 * built app and runtime packages only, as the Dockerfile's runtime stage has them.
 *
 * It also checks that the build's source maps are kept out of the served folder.
 *
 * Slow by nature (a build and an `npm ci --omit=dev`, from npm's cache when warm), so it is one
 * test that checks everything a host needs.
 */
import { execFileSync, spawnSync } from 'node:child_process'
import { cpSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, test } from 'vitest'
import { sourceMapPath } from '../scripts/source-maps.ts'
import { freshRequest, passBotCheck, startServer } from './test/child-server.ts'

const repoRoot = path.resolve(import.meta.dirname, '..')
/** What the runtime image copies (Dockerfile): the server, the contract it validates with, the entry script. */
const RUNTIME_FILES = ['package.json', 'package-lock.json', 'server', 'contract', 'locales', 'scripts/serve.mjs']

describe('the Dockerfile', () => {
  test('Scenario: its runtime stage copies exactly what the production test installs and serves from', () => {
    const dockerfile = readFileSync(path.join(repoRoot, 'Dockerfile'), 'utf8')
    const runtime = dockerfile.slice(dockerfile.indexOf('AS runtime'))
    const copied = [...runtime.matchAll(/^COPY (?!--from)(.+) \S+$/gm)].flatMap((m) => m[1]!.split(' '))
    expect(copied.sort()).toEqual([...RUNTIME_FILES].sort())
    expect(runtime).toContain('npm ci --omit=dev')
    expect(runtime).toMatch(/^USER node$/m)
    expect(runtime).toContain('CMD ["node", "scripts/serve.mjs"]')
  })
})

describe('production mode', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'engage-production-test-'))
  afterAll(() => rmSync(root, { recursive: true, force: true }))

  test('Scenario: a build and an install without dev dependencies serve the app and the API; no build, a clear refusal', async () => {
    const staticDir = path.join(root, 'dist')
    execFileSync(path.join(repoRoot, 'node_modules', '.bin', 'vite'), ['build', '--outDir', staticDir, '--emptyOutDir', '--logLevel', 'error'], { cwd: repoRoot, stdio: 'pipe' })
    const app = path.join(root, 'app')
    for (const file of RUNTIME_FILES) cpSync(path.join(repoRoot, file), path.join(app, file), { recursive: true, filter: (src) => !src.endsWith('.test.ts') })
    execFileSync('npm', ['ci', '--omit=dev', '--ignore-scripts', '--no-audit', '--no-fund', '--prefer-offline', '--loglevel', 'error'], { cwd: app, stdio: 'pipe' })
    expect(existsSync(path.join(app, 'node_modules', 'vite'))).toBe(false)
    expect(existsSync(path.join(app, 'node_modules', 'vitest'))).toBe(false)
    expect(existsSync(path.join(app, 'node_modules', 'tsx'))).toBe(true)

    // No build: refused with the way out, before anything starts.
    const refused = spawnSync(process.execPath, ['scripts/serve.mjs'], { cwd: app, env: { ...process.env, NODE_ENV: 'production', STATIC_DIR: path.join(root, 'none') }, encoding: 'utf8' })
    expect(refused.status).toBe(1)
    expect(refused.stderr).toContain('run `npm run build` first')

    const server = await startServer(
      { NODE_ENV: 'production', BOT_CHECK: 'on', DATA_DIR: path.join(root, 'data'), STATIC_DIR: staticDir },
      { cwd: app, args: ['scripts/serve.mjs'] },
    )
    try {
      // The source maps exist (for error tooling) but beside the build, never served.
      const assets = readdirSync(path.join(staticDir, 'assets'))
      expect(assets.filter((f) => f.endsWith('.map'))).toEqual([])
      const chunk = assets.find((f) => f.endsWith('.js'))!
      expect(existsSync(sourceMapPath(staticDir, `assets/${chunk}`))).toBe(true)
      expect(readFileSync(path.join(staticDir, 'assets', chunk), 'utf8')).not.toContain('sourceMappingURL')
      expect((await freshRequest(`${server.url}/assets/${chunk}.map`, 'GET')).status).toBe(404)
      expect((await freshRequest(`${server.url}/api/health/ready`, 'GET')).status).toBe(200)
      const page = await freshRequest(`${server.url}/app/dashboard`, 'GET', undefined, { accept: 'text/html' })
      expect(page.status).toBe(200)
      expect(page.body).toContain('<div id="root">')
      // The gate binds the server: no proof, no sign-in; a passed check's proof signs in.
      const credentials = { email: 'admin@acme.test', password: 'demo-password' }
      const unproven = await freshRequest(`${server.url}/api/users/signin`, 'POST', credentials)
      expect([unproven.status, JSON.parse(unproven.body)]).toEqual([403, expect.objectContaining({ error: expect.objectContaining({ code: 'bot_check_required' }) })])
      const signIn = await freshRequest(`${server.url}/api/users/signin`, 'POST', { ...credentials, bot_check_proof: await passBotCheck(server.url) })
      expect(signIn.status).toBe(200)
    } finally {
      expect(await server.stop()).toBe(0)
    }
  }, 300_000)
})
