import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, relative } from 'node:path'
import { createMachine } from 'xstate'
import { describe, expect, it } from 'vitest'
import { chartOf, toStatelyConfig } from '../machines/statechart.ts'
import { exportJson, generatedPages, toMermaid } from './statecharts.ts'
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
    expect(chart).toContain('verifying --> signingOut: done#58; verifyToken [isSsoSignOutRequired]')
    expect(chart).toContain('signedOut --> unauthenticated: after signOutRedirect')
  })
})

/** The story file's text with that of the files it imports, two levels deep (story → view → the machine's home in src/system). */
function withImports(path: string, depth = 2): string {
  const file = join(root, path)
  const text = readFileSync(file, 'utf8')
  if (depth === 0) return text
  const imported = [...text.matchAll(/from '(\.{1,2}\/[^']+)'/g)].map((m) => relative(root, join(dirname(file), m[1]!)))
  return [text, ...imported.filter((f) => existsSync(join(root, f))).map((f) => withImports(f, depth - 1))].join('\n')
}

describe('stories per machine (CONVENTIONS: a story per visible state)', () => {
  /** A file's text plus the text of the project files it imports (one level: story helpers, pages). */
  it.each(machines.map((m) => [m.machine.id, m] as const))('%s has stories that reach it, or a written reason', (_, entry) => {
    if ('none' in entry.stories) {
      expect(entry.stories.none.length).toBeGreaterThan(20)
      return
    }
    expect(entry.stories.length).toBeGreaterThan(0)
    const machineModule = entry.file.split('/').pop()!.replace(/\.ts$/, '')
    for (const file of entry.stories) {
      expect(existsSync(join(root, file)), `${file} is missing`).toBe(true)
      expect(withImports(file), `${file} does not render the ${entry.machine.id} machine`).toContain(machineModule)
    }
  })
})

describe('where each machine lives (one home per machine)', () => {
  it.each(machines.map((m) => [m.machine.id, m] as const))('%s: its browser side provides it and its views exist', (_, entry) => {
    const wiring = join(root, entry.wiring)
    expect(existsSync(wiring), `${entry.wiring} is missing`).toBe(true)
    expect(entry.wiring.startsWith('src/system/'), 'the browser side lives in src/system').toBe(true)
    const machineModule = entry.file.split('/').pop()!.replace(/\.ts$/, '')
    expect(readFileSync(wiring, 'utf8'), `${entry.wiring} does not import ${machineModule}`).toContain(machineModule)
    for (const view of entry.views) {
      expect(existsSync(join(root, view)), `${view} is missing`).toBe(true)
      expect(withImports(view), `${view} does not render the ${entry.machine.id} machine`).toContain(machineModule)
    }
  })
})

describe('JSON export for Stately (npm run statecharts -- --json <dir>)', () => {
  it.each(machines.map((m) => [m.machine.id, m.machine] as const))('%s: the exported config builds the same chart', (_, machine) => {
    const config = JSON.parse(JSON.stringify(toStatelyConfig(machine)))
    expect(chartOf(createMachine(config))).toEqual(chartOf(machine))
  })

  it('writes <id>.json and <id>.stately.js per machine', () => {
    const dir = mkdtempSync(join(tmpdir(), 'statecharts-json-'))
    try {
      const written = exportJson(dir)
      expect(written).toHaveLength(machines.length * 2)
      const auth = JSON.parse(readFileSync(join(dir, 'auth.json'), 'utf8'))
      expect(auth.id).toBe('auth')
      expect(auth.states.loading.always[0]).toEqual({ target: ['#auth.verifying'], guard: { type: 'hasStoredSession' } })
      expect(readFileSync(join(dir, 'auth.stately.js'), 'utf8')).toContain('createMachine({')
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
