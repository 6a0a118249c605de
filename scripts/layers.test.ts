/**
 * The import layers of scripts/layers.ts (docs/architecture.md) over the real module graph:
 * no new violation, and every tolerated one in KNOWN_VIOLATIONS still real, so that list only
 * shrinks; and no two server/ folders importing each other. A failure prints each offending
 * import as `from → to (rule)`.
 */
import { describe, expect, it } from 'vitest'
import {
  KNOWN_VIOLATIONS,
  LAYER_TABLE,
  type ModuleGraph,
  buildGraph,
  checkLayers,
  folderCycles,
  formatViolation,
  importSpecifiers,
  isExemptImporter,
  layerOf,
  resolveSpecifier,
  serverFolderOf,
  staticValueImportSpecifiers,
} from './layers.ts'

const graph = buildGraph()
const report = checkLayers(graph)
const key = (e: { from: string; to: string }) => `${e.from} → ${e.to}`

describe('the module graph', () => {
  it('is read from the tree: files, edges and a known import', () => {
    expect(graph.files.length).toBeGreaterThan(100)
    expect(graph.edges.length).toBeGreaterThan(graph.files.length)
    expect(graph.edges).toContainEqual({ from: 'src/system/app-system.ts', to: 'machines/app/app.machine.ts' })
    expect(graph.files).toContainEqual({ path: 'src/system/app-system.test.ts', kind: 'test' })
  })

  it('puts every file of contract/, machines/, src/ and server/ in a layer', () => {
    const message = `add it to the layer table (LAYER_TABLE in scripts/layers.ts):\n${report.unlayered.join('\n')}`
    expect(report.unlayered, message).toEqual([])
  })
})

describe('the layer checker', () => {
  const fixture: ModuleGraph = {
    files: [
      { path: 'src/ui/Button.tsx', kind: 'source' },
      { path: 'src/ui/Button.test.tsx', kind: 'test' },
      { path: 'src/api/client.ts', kind: 'source' },
      { path: 'src/system/api.tsx', kind: 'source' },
      { path: 'src/widgets/Thing.tsx', kind: 'source' },
    ],
    edges: [
      { from: 'src/ui/Button.tsx', to: 'src/api/client.ts' },
      { from: 'src/ui/Button.tsx', to: 'src/system/api.tsx' },
      { from: 'src/ui/Button.test.tsx', to: 'src/api/client.ts' },
      { from: 'src/system/api.tsx', to: 'src/api/client.ts' },
      { from: 'src/system/api.tsx', to: 'server/app.ts' },
      { from: 'src/system/api.tsx', to: 'tests/e2e/helpers.ts' },
      { from: 'server/team/routes.ts', to: 'server/users/account-routes.ts' },
      { from: 'server/team/routes.ts', to: 'server/members/team.ts' },
      { from: 'server/db/client.ts', to: 'server/test/harness.ts' },
      { from: 'server/test/harness.ts', to: 'server/app.ts' },
    ],
  }

  it('reports a forbidden edge, not an allowed or exempt one, and fails on an unknown folder', () => {
    const { violations, unlayered } = checkLayers(fixture)
    expect(violations).toEqual([
      { from: 'src/ui/Button.tsx', to: 'src/api/client.ts', fromLayer: 'ui', toLayer: 'api', rule: 'ui may not import api' },
      { from: 'src/system/api.tsx', to: 'server/app.ts', fromLayer: 'system', toLayer: 'server:root', rule: 'system may not import server:root' },
      { from: 'src/system/api.tsx', to: 'tests/e2e/helpers.ts', fromLayer: 'system', toLayer: 'outside', rule: 'system may not import outside' },
      { from: 'server/team/routes.ts', to: 'server/users/account-routes.ts', fromLayer: 'server:team', toLayer: 'server:users', rule: 'server:team may not import server:users' },
      { from: 'server/db/client.ts', to: 'server/test/harness.ts', fromLayer: 'server:db', toLayer: 'server:test-support', rule: 'server:db may not import server:test-support' },
    ])
    expect(unlayered).toEqual(['src/widgets/Thing.tsx'])
  })

  it('reads static, type-only, re-exported and dynamic imports', () => {
    const source = [
      "import { a } from './a.ts'",
      "import type { B } from '../b.ts'",
      "export * from './c.ts'",
      "export { d } from './d.ts'",
      "const e = () => import('./e.tsx')",
      "import icon from './icon.svg?url'",
      "import { useState } from 'react'",
      'export const f = <div />',
    ].join('\n')
    expect(importSpecifiers(source, 'src/ui/X.tsx').sort()).toEqual(['../b.ts', './a.ts', './c.ts', './d.ts', './e.tsx', './icon.svg?url', 'react'])
  })

  it('reads the static value imports apart: no import type, export type or import()', () => {
    const source = [
      "import { a } from './a.ts'",
      "import type { B } from './b.ts'",
      "import { type C } from './c.ts'",
      "import { type D, d } from './d.ts'",
      "import './side-effect.ts'",
      "export * from './e.ts'",
      "export type { F } from './f.ts'",
      "const g = () => import('./g.ts')",
    ].join('\n')
    expect(staticValueImportSpecifiers(source, 'src/ui/X.ts').sort()).toEqual(['./a.ts', './d.ts', './e.ts', './side-effect.ts'])
  })

  it('resolves relative specifiers and ignores packages', () => {
    const files = new Set(['src/ui/a.ts', 'src/ui/b.tsx', 'src/ui/dir/index.ts', 'machines/app/app.machine.ts'])
    const exists = (p: string) => files.has(p)
    expect(resolveSpecifier('src/system/x.ts', '../../machines/app/app.machine.ts', exists)).toBe('machines/app/app.machine.ts')
    expect(resolveSpecifier('src/ui/x.ts', './a', exists)).toBe('src/ui/a.ts')
    expect(resolveSpecifier('src/ui/x.ts', './b.js', exists)).toBe('src/ui/b.tsx')
    expect(resolveSpecifier('src/ui/x.ts', './dir', exists)).toBe('src/ui/dir/index.ts')
    expect(resolveSpecifier('src/ui/x.ts', './icon.svg?url', exists)).toBe('src/ui/icon.svg')
    expect(resolveSpecifier('src/ui/x.ts', 'react', exists)).toBeUndefined()
    expect(resolveSpecifier('src/ui/x.ts', 'node:fs', exists)).toBeUndefined()
  })

  it('names only known layers in the table, and src/navigation components are UI', () => {
    const layers = new Set<string>(LAYER_TABLE.map((row) => row.layer))
    for (const row of LAYER_TABLE) for (const target of row.mayImport) expect(layers, `${row.layer} → ${target}`).toContain(target)
    expect(layerOf('src/navigation/LinkPrefetch.tsx')).toBe('navigation-ui')
    expect(layerOf('src/navigation/routes.ts')).toBe('navigation')
    expect(layerOf('src/routes/tree.tsx')).toBe('root')
  })
})

describe('the server folder cycle check', () => {
  const edge = (from: string, to: string) => ({ from, to })
  const fixture: ModuleGraph = {
    files: [],
    edges: [
      edge('server/team/routes.ts', 'server/users/account-routes.ts'),
      edge('server/users/invitations-routes.ts', 'server/team/queries.ts'),
      edge('server/users/routes.ts', 'server/db/client.ts'),
      edge('server/a/x.ts', 'server/b/x.ts'),
      edge('server/b/x.ts', 'server/c/x.ts'),
      edge('server/c/x.ts', 'server/a/y.ts'),
      edge('server/main.ts', 'server/app.ts'),
      edge('server/app.ts', 'server/users/routes.ts'),
      edge('server/users/routes.test.ts', 'server/app.ts'),
      edge('server/test/harness.ts', 'server/app.ts'),
      edge('server/users/routes.ts', 'server/users/queries.ts'),
    ],
  }

  it('lists each group of folders that import each other, with the imports that close it; tests and test support do not count', () => {
    expect(folderCycles(fixture)).toEqual([
      { folders: ['server/a', 'server/b', 'server/c'], imports: ['server/a/x.ts → server/b/x.ts', 'server/b/x.ts → server/c/x.ts', 'server/c/x.ts → server/a/y.ts'] },
      {
        folders: ['server/team', 'server/users'],
        imports: ['server/team/routes.ts → server/users/account-routes.ts', 'server/users/invitations-routes.ts → server/team/queries.ts'],
      },
    ])
    expect(serverFolderOf('server/users/routes.ts')).toBe('server/users')
    expect(serverFolderOf('server/app.ts')).toBe('server/app.ts')
    expect(isExemptImporter('server/test/harness.ts')).toBe(true)
    expect(isExemptImporter('server/notifications/inbox.fixtures.ts')).toBe(true)
  })

  it('knows the server layers: the audit log is a feature, writing audit entries is below the features', () => {
    expect(layerOf('server/main.ts')).toBe('server:root')
    expect(layerOf('server/admin/seed.ts')).toBe('server:admin')
    expect(layerOf('server/audit/routes.ts')).toBe('server:audit')
    expect(layerOf('server/audit-trail/record.ts')).toBe('server:audit-trail')
    expect(layerOf('server/db/schema.ts')).toBe('server:db')
    expect(layerOf('server/log.ts')).toBe('server:base')
  })
})

describe('the tree', () => {
  it('has no import cycle between server/ folders', () => {
    const cycles = folderCycles(graph)
    const message = cycles.map((c) => `${c.folders.join(' ⇄ ')}:\n  ${c.imports.join('\n  ')}`).join('\n')
    expect(cycles.map((c) => c.folders.join(' ⇄ ')), `server folders that import each other (move what they share into a layer below both):\n${message}`).toEqual([])
  })

  it('has no layer violation outside KNOWN_VIOLATIONS', () => {
    const known = new Set(KNOWN_VIOLATIONS.map(key))
    const fresh = report.violations.filter((v) => !known.has(key(v)))
    expect(fresh.map(formatViolation), `imports that break the layers (scripts/layers.ts LAYER_TABLE):\n${fresh.map(formatViolation).join('\n')}`).toEqual([])
  })

  it('still has every violation of KNOWN_VIOLATIONS (remove the fixed ones from the list)', () => {
    const current = new Set(report.violations.map(key))
    const fixed = KNOWN_VIOLATIONS.filter((v) => !current.has(key(v)))
    expect(fixed.map(formatViolation), `no longer violations, remove them from KNOWN_VIOLATIONS:\n${fixed.map(formatViolation).join('\n')}`).toEqual([])
  })
})
