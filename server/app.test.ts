import { randomBytes } from 'node:crypto'
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createApp } from './app.ts'
import { importSigningKey } from './auth/access-token.ts'
import { type Database, openDatabase } from './db/client.ts'
import { startTestServer, TEST_CONFIG, type TestServer } from './test/harness.ts'

let server: TestServer
let workDir: string
let staticDir: string
beforeAll(async () => {
  server = await startTestServer()
  workDir = await mkdtemp(path.join(tmpdir(), 'engage-static-'))
  staticDir = path.join(workDir, 'dist')
})
afterAll(async () => {
  await server.close()
  await rm(workDir, { recursive: true, force: true })
})

/** The app over the test database, serving `dir` as STATIC_DIR. */
const appServing = (dir: string) =>
  createApp({ db: server.handle.db, driver: 'pglite', config: { ...TEST_CONFIG, staticDir: dir }, signingKey: server.signingKey })

describe('errors', () => {
  test('Scenario: an unknown /api route is a JSON 404', async () => {
    for (const [method, url] of [
      ['GET', '/api/nothing-here'],
      ['POST', '/api/users/nothing'],
      ['GET', '/api'],
    ] as const) {
      const response = await server.request(method, url, { headers: { accept: 'text/html' } })
      expect(response.status).toBe(404)
      expect(response.headers.get('content-type')).toContain('application/json')
      expect(await response.json()).toEqual({ error: { code: 'not_found', message: expect.any(String) as string, issues: [] } })
    }
  })

  test('Scenario: an unexpected error is a generic JSON 500, logged, without a stack trace', async () => {
    const failing = new Proxy({} as Database, {
      get() {
        throw new Error('database exploded at /secret/path.ts:42')
      },
    })
    const logged: unknown[] = []
    const app = createApp({
      db: failing,
      driver: 'pglite',
      config: TEST_CONFIG,
      signingKey: await importSigningKey(randomBytes(32)),
      logError: (_message, error) => logged.push(error),
    })
    const response = await app.request('/api/users/signin', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@acme.test', password: 'demo-password' }),
    })
    expect(response.status).toBe(500)
    const text = await response.text()
    expect(JSON.parse(text)).toEqual({ error: { code: 'internal_error', message: expect.any(String) as string, issues: [] } })
    expect(text).not.toMatch(/exploded|secret|\.ts|at /)
    expect(logged).toHaveLength(1)
  })

  test('Scenario: every response carries the security headers', async () => {
    for (const url of ['/api/health', '/api/nothing', '/version.json', '/']) {
      const response = await server.request('GET', url)
      expect(response.headers.get('x-content-type-options')).toBe('nosniff')
      expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin')
      expect(response.headers.get('x-frame-options')).toBe('DENY')
      expect(response.headers.get('content-security-policy')).toContain("script-src 'self'")
    }
    expect((await server.request('GET', '/api/health')).headers.get('cache-control')).toBe('no-store')
  })
})

describe('GET /api/health and /api/health/ready', () => {
  test('Scenario: liveness says the process is up without asking the database', async () => {
    const response = await server.request('GET', '/api/health')
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ ok: true, database: 'pglite' })
  })

  test('Scenario: readiness says the database answers and has every migration', async () => {
    const response = await server.request('GET', '/api/health/ready')
    expect(response.status).toBe(200)
    const body = (await response.json()) as { ok: boolean; migrations: { expected: number; applied: number } }
    expect(body.ok).toBe(true)
    expect(body.migrations.applied).toBe(body.migrations.expected)
    expect(body.migrations.expected).toBeGreaterThan(5)
  })

  test('Scenario: readiness is 503 on a database that was never migrated, and while stopping', async () => {
    const bare = await openDatabase({ memory: true })
    try {
      const unmigrated = createApp({ db: bare.db, driver: bare.driver, config: TEST_CONFIG, signingKey: server.signingKey })
      const response = await unmigrated.request('/api/health/ready')
      expect(response.status).toBe(503)
      expect(await response.json()).toMatchObject({ ok: false, reason: 'migrations pending', migrations: { applied: 0 } })
      // Liveness stays up: nothing for an orchestrator to restart.
      expect((await unmigrated.request('/api/health')).status).toBe(200)
    } finally {
      await bare.close()
    }
    const stopping = createApp({ db: server.handle.db, driver: server.handle.driver, config: TEST_CONFIG, signingKey: server.signingKey, isStopping: () => true })
    const response = await stopping.request('/api/health/ready')
    expect(response.status).toBe(503)
    expect(await response.json()).toMatchObject({ ok: false, reason: 'stopping' })
  })
})

describe('GET /version.json', () => {
  test('Scenario: without a build, the configured version, never cached', async () => {
    const response = await server.request('GET', '/version.json')
    expect(response.status).toBe(200)
    expect(response.headers.get('cache-control')).toBe('no-store')
    expect(await response.json()).toEqual({ version: '9.9.9-test' })
  })

  test("Scenario: the build's own version.json wins", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'engage-version-'))
    try {
      const written = { version: '1.2.3', builtAt: '2026-11-22T06:00:00.000Z', commit: 'abc1234' }
      await writeFile(path.join(dir, 'version.json'), JSON.stringify(written))
      const response = await appServing(dir).request('/version.json?t=123')
      expect(response.headers.get('cache-control')).toBe('no-store')
      expect(await response.json()).toEqual(written)
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  })
})

describe('the SPA', () => {
  test('Scenario: without a build, navigations get a page saying to build', async () => {
    const response = await server.request('GET', '/app/dashboard', { headers: { accept: 'text/html' } })
    expect(response.status).toBe(200)
    expect(await response.text()).toContain('npm run build')
  })

  describe('with a build', () => {
    let app: ReturnType<typeof createApp>
    beforeAll(async () => {
      await mkdir(path.join(staticDir, 'assets'), { recursive: true })
      await writeFile(path.join(staticDir, 'index.html'), '<!doctype html><div id="root"></div>')
      await writeFile(path.join(staticDir, 'assets', 'index-abc123.js'), 'console.log(1)')
      await writeFile(path.join(staticDir, 'sw.js'), 'self.addEventListener("push", () => {})')
      await writeFile(path.join(workDir, 'outside.txt'), 'secret')
      app = appServing(staticDir)
    })

    test('Scenario: index.html at / is revalidated on every use', async () => {
      const response = await app.request('/')
      expect(response.status).toBe(200)
      expect(response.headers.get('content-type')).toContain('text/html')
      expect(response.headers.get('cache-control')).toBe('no-cache')
      expect(await response.text()).toContain('id="root"')
    })

    test('Scenario: hashed assets are cached for a year, immutable', async () => {
      const response = await app.request('/assets/index-abc123.js')
      expect(response.status).toBe(200)
      expect(response.headers.get('content-type')).toContain('javascript')
      expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    })

    test('Scenario: other files (the service worker) are revalidated', async () => {
      const response = await app.request('/sw.js')
      expect(response.headers.get('cache-control')).toBe('no-cache')
    })

    test('Scenario: a client-side route that accepts HTML falls back to index.html', async () => {
      const response = await app.request('/app/setting/team?tab=x', { headers: { accept: 'text/html,application/xhtml+xml' } })
      expect(response.status).toBe(200)
      expect(response.headers.get('cache-control')).toBe('no-cache')
      expect(await response.text()).toContain('id="root"')
    })

    test('Scenario: a missing asset stays a 404', async () => {
      const response = await app.request('/assets/missing.js', { headers: { accept: '*/*' } })
      expect(response.status).toBe(404)
    })

    test('Scenario: /api paths never fall back to the SPA', async () => {
      const response = await app.request('/api/unknown', { headers: { accept: 'text/html' } })
      expect(response.status).toBe(404)
      expect(await response.json()).toMatchObject({ error: { code: 'not_found' } })
    })

    test('Scenario: paths cannot escape STATIC_DIR', async () => {
      for (const url of ['/../outside.txt', '/%2e%2e/outside.txt', '/assets/..%2f..%2foutside.txt']) {
        const response = await app.request(url)
        expect(await response.text()).not.toBe('secret')
      }
    })
  })
})
