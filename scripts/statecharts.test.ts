import { readFileSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { generatedPages, toMermaid } from './statecharts.ts'
import { machines } from '../machines/registry.ts'

const root = join(import.meta.dirname, '..')

describe('docs/machines', () => {
  it('is up to date with the machine definitions (run `npm run statecharts` when this fails)', () => {
    for (const [path, content] of generatedPages()) {
      let onDisk = ''
      try {
        onDisk = readFileSync(join(root, path), 'utf8')
      } catch {
        throw new Error(`${path} is missing: run npm run statecharts`)
      }
      expect(onDisk, `${path} is stale: run npm run statecharts`).toBe(content)
    }
  })

  it('lists every machine file of machines/ in the registry', () => {
    const found = readdirSync(join(root, 'machines'), { recursive: true, encoding: 'utf8' })
      .filter((f) => f.endsWith('.machine.ts'))
      .map((f) => `machines/${f}`)
      .sort()
    expect(machines.map((m) => m.file).sort()).toEqual(found)
  })

  it('draws every transition of the auth machine', () => {
    const auth = machines.find((m) => m.machine.id === 'auth')!.machine
    const chart = toMermaid(auth)
    expect(chart).toContain('loading --> verifying: always [hasStoredSession]')
    expect(chart).toContain('verifying --> signingOut: done: verifyToken [isSsoSignOutRequired]')
    expect(chart).toContain('signedOut --> unauthenticated: after signOutRedirect')
  })
})
