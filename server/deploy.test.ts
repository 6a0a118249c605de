/**
 * The deployment example (compose.yaml, deploy/Caddyfile, docs/deploy.md) says where HSTS comes
 * from: the TLS proxy. Caddy sends Strict-Transport-Security on HTTPS responses, compose.yaml's
 * proxy mounts that Caddyfile, and the guide shows it; the app itself sends no HSTS (it cannot
 * know the site is served over HTTPS).
 */
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, test } from 'vitest'
import { startTestServer } from './test/harness.ts'

const repoRoot = path.resolve(import.meta.dirname, '..')
const read = (file: string) => readFileSync(path.join(repoRoot, file), 'utf8')
/** Caddyfile lines without their comments. */
const directives = (caddyfile: string) =>
  caddyfile
    .split('\n')
    .map((line) => line.replace(/#.*$/, '').trim())
    .filter((line) => line !== '')

describe('HSTS in the deployment example', () => {
  test('Scenario: Caddy sends Strict-Transport-Security, a year or more, on HTTPS responses only', () => {
    const lines = directives(read('deploy/Caddyfile'))
    expect(lines).toContain('@https protocol https')
    const header = lines.find((line) => line.startsWith('header @https Strict-Transport-Security'))
    expect(header).toBeDefined()
    const maxAge = Number(/max-age=(\d+)/.exec(header ?? '')?.[1])
    expect(maxAge).toBeGreaterThanOrEqual(31_536_000)
  })

  test("Scenario: compose.yaml's proxy mounts that Caddyfile, and docs/deploy.md says HSTS comes from the TLS proxy", () => {
    expect(read('compose.yaml')).toContain('./deploy/Caddyfile:/etc/caddy/Caddyfile')
    const guide = read('docs/deploy.md')
    const tls = guide.slice(guide.indexOf('## TLS'), guide.indexOf('\n## ', guide.indexOf('## TLS') + 1))
    expect(tls).toMatch(/HSTS \(`Strict-Transport-Security`\) comes from the TLS proxy/)
    expect(tls).toContain('header @https Strict-Transport-Security "max-age=31536000; includeSubDomains"')
  })

  test('Scenario: the app itself sends no Strict-Transport-Security', async () => {
    const server = await startTestServer()
    try {
      const response = await server.request('GET', '/api/health')
      expect(response.headers.get('x-content-type-options')).toBe('nosniff')
      expect(response.headers.has('strict-transport-security')).toBe(false)
    } finally {
      await server.close()
    }
  })
})
