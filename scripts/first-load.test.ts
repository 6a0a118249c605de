/**
 * What the signed-in first load may import (docs/performance.md, Bundle): the shell, the
 * dashboard and the actors started with the shell reach the notifications actor's snapshot only
 * through its small modules (notifications.counts.ts, notifications.item.ts). The panel's
 * selectors and the list's operations load with the deferred actors and the panel; a static
 * import of them from the first load would put them back into the shell's chunk. Read from the
 * source with the bundler's parser: value imports only (`import type` is erased), dynamic imports
 * not followed (they are chunks of their own).
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { REPO_ROOT, isRepoFile, resolveSpecifier, staticValueImportSpecifiers } from './layers.ts'

/** The modules the signed-in first load starts from (scripts/chunking.ts APP_LAYOUT, and the landing page). */
const FIRST_LOAD_ENTRIES = ['src/routes/AppRoute.tsx', 'src/system/signed-in-actors.ts', 'src/pages/DashboardPage.tsx']

/** Modules that load after the first page is up. */
const LATER = ['machines/notifications/notifications.selectors.ts', 'machines/notifications/notifications.list.ts', 'machines/notifications/notifications.machine.ts']

/** The repo files `path` imports statically for their values. */
function valueImports(path: string): string[] {
  return staticValueImportSpecifiers(readFileSync(join(REPO_ROOT, path), 'utf8'), path)
    .map((s) => resolveSpecifier(path, s, (p) => isRepoFile(p)))
    .filter((p): p is string => p !== undefined && isRepoFile(p))
}

/** Every repo file reachable from `entries` through static value imports, with the importer that first reached it. */
function reachable(entries: ReadonlyArray<string>): Map<string, string | null> {
  const seen = new Map<string, string | null>(entries.map((e) => [e, null]))
  const stack = [...entries]
  while (stack.length > 0) {
    const from = stack.pop() as string
    for (const to of valueImports(from)) {
      if (seen.has(to)) continue
      seen.set(to, from)
      stack.push(to)
    }
  }
  return seen
}

describe('the signed-in first load', () => {
  const reached = reachable(FIRST_LOAD_ENTRIES)

  it('is read from the source: the shell reaches the notifications counts', () => {
    expect(reached.has('src/ui/shell/NotificationsBell.tsx')).toBe(true)
    expect(reached.has('machines/notifications/notifications.counts.ts')).toBe(true)
  })

  it("reaches none of the notifications panel's selectors, list operations or machine", () => {
    const chain = (module: string) => {
      const path = [module]
      for (let at = reached.get(module); at; at = reached.get(at)) path.unshift(at)
      return path.join(' → ')
    }
    expect(LATER.filter((m) => reached.has(m)).map(chain)).toEqual([])
  })
})
