/**
 * House rules for the source tree that a linter does not check.
 *
 * 1. Code says what it does and why, not which work order asked for it: no `issue #<n>` (or
 *    `issues #<n>`) and no `finding <n>`, case-insensitive, in the source files of src/,
 *    machines/, server/, contract/, scripts/, stories/, tests/ and bench/. Say what the code does
 *    and the reason for anything surprising; cite SPEC § sections and docs/ files for the rules.
 * 2. A source file of src/, machines/, server/ or contract/ has at most 500 lines, unless one of
 *    its first 15 lines gives the reason it is one file, as a line comment or a docstring line
 *    that starts with the marker `Long file:` and goes on with the reason:
 *      // Long file: the one route table every navigation surface reads.
 *       * Long file: the one route table every navigation surface reads.
 *      -- Long file: … (SQL)
 *    Split such a file along a real seam where there is one (tests: by concern).
 *
 * Source files: .ts, .tsx, .mts, .cts, .js, .mjs, .cjs and .sql, outside node_modules, dist,
 * bench/tmp and dot-directories. Each failure lists the offending paths (with line numbers for
 * rule 1), so a failure says what to fix.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative, sep } from 'node:path'
import { describe, expect, it } from 'vitest'

const root = join(import.meta.dirname, '..')

const SOURCE = /\.(?:[cm]?ts|tsx|[cm]?js|sql)$/
const SKIPPED_DIRS = new Set(['node_modules', 'dist', 'storybook-static', 'test-results', 'playwright-report'])

/**
 * Work-order references: `issue #<n>`, `Issues #<n>`, `finding <n>` (n a number), also when a
 * comment wraps between the word and the number (`issue` / ` * #<n>`).
 */
export const HISTORY_REFERENCE = /\bissues?(?:\s|\*|\/\/|--)+#\d+|\bfinding(?:\s|\*|\/\/|--)+\d+/i

/** The longest a source file may be without a reason. */
export const MAX_LINES = 500
/** How many of a file's first lines are searched for the marker. */
export const MARKER_WITHIN = 15
/** `// Long file: why`, ` * Long file: why` or `-- Long file: why`. */
export const LONG_FILE_MARKER = /^\s*(?:\/\/|\/\*\*?|\*|--)\s*Long file:\s*\S/

/** Every source file under `dir` (repository-relative, `/`-separated), in a stable order. */
export function sourceFiles(dir: string): string[] {
  const files: string[] = []
  const walk = (abs: string): void => {
    for (const entry of readdirSync(abs, { withFileTypes: true })) {
      const path = join(abs, entry.name)
      if (entry.isDirectory()) {
        if (entry.name.startsWith('.') || SKIPPED_DIRS.has(entry.name)) continue
        if (relative(root, path).split(sep).join('/') === 'bench/tmp') continue
        walk(path)
      } else if (entry.isFile() && SOURCE.test(entry.name)) {
        files.push(relative(root, path).split(sep).join('/'))
      }
    }
  }
  walk(join(root, dir))
  return files.sort()
}

/** `path:line: text` for each line of `text` that names a work order. */
export function historyReferences(path: string, text: string): string[] {
  const lines = text.split('\n')
  return [...text.matchAll(new RegExp(HISTORY_REFERENCE.source, 'gi'))].map((m) => {
    const line = text.slice(0, m.index).split('\n').length
    return `${path}:${line}: ${lines[line - 1]!.trim().slice(0, 160)}`
  })
}

/** The line count of `text` (a trailing newline does not start a line). */
export function lineCount(text: string): number {
  if (text === '') return 0
  return text.split('\n').length - (text.endsWith('\n') ? 1 : 0)
}

/** Whether one of the first lines of `text` gives the reason for a long file. */
export function hasLongFileReason(text: string): boolean {
  return text.split('\n').slice(0, MARKER_WITHIN).some((line) => LONG_FILE_MARKER.test(line))
}

const read = (path: string): string => readFileSync(join(root, path), 'utf8')

describe('house rules', () => {
  it('the rules see what they are meant to see', () => {
    // Built from pieces so that this file does not break its own rule.
    const hash = '#'
    expect(HISTORY_REFERENCE.test(`see Issue ${hash}18 for the rest`)).toBe(true)
    expect(HISTORY_REFERENCE.test(`goals from issues ${hash}8 and ${hash}21`)).toBe(true)
    expect(HISTORY_REFERENCE.test(`(${'finding'} 12)`)).toBe(true)
    expect(HISTORY_REFERENCE.test('SPEC §3 Toast; docs/api.md "Rate limits"')).toBe(false)
    expect(HISTORY_REFERENCE.test('the finding of the search')).toBe(false)
    expect(historyReferences('a.ts', `/**\n * as the widget does (issue\n * ${hash}19): it fetches\n */`)).toEqual(['a.ts:2: * as the widget does (issue'])
    expect(hasLongFileReason('/**\n * Long file: the one route table.\n */')).toBe(true)
    expect(hasLongFileReason('// Long file: the one registry of machines.\nexport {}')).toBe(true)
    expect(hasLongFileReason('-- Long file: one migration.\n')).toBe(true)
    expect(hasLongFileReason('// Long file:\n')).toBe(false)
    expect(hasLongFileReason('const longFile = 1 // Long file: no\n')).toBe(false)
    expect(lineCount('a\nb\n')).toBe(2)
    expect(lineCount('a\nb')).toBe(2)
  })

  it('no source file names a work order (issue #<n>, finding <n>)', () => {
    const dirs = ['src', 'machines', 'server', 'contract', 'scripts', 'stories', 'tests', 'bench']
    const offenders = dirs.flatMap(sourceFiles).flatMap((path) => historyReferences(path, read(path)))
    expect(offenders, `Say what the code does and why instead:\n${offenders.join('\n')}`).toEqual([])
  })

  it(`no source file of src/, machines/, server/ or contract/ is over ${MAX_LINES} lines without a "Long file:" reason`, () => {
    const dirs = ['src', 'machines', 'server', 'contract']
    const offenders = dirs.flatMap(sourceFiles).flatMap((path) => {
      const text = read(path)
      const lines = lineCount(text)
      return lines > MAX_LINES && !hasLongFileReason(text) ? [`${path} (${lines} lines)`] : []
    })
    expect(
      offenders,
      `Split these along a real seam, or give the reason in one of their first ${MARKER_WITHIN} lines ("// Long file: why"):\n${offenders.join('\n')}`,
    ).toEqual([])
  })
})
