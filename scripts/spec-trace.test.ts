/**
 * Keeps docs/spec-trace.md (SPEC.md §2–§9, one row per rule) from drifting away from the code.
 *
 * Every table of the trace whose header has the columns `implementation`, `test` and `status` is
 * checked row by row:
 * - status is one of done | partial | gap | n/a | pending;
 * - a row that is not n/a names at least one implementation as `` `path#Symbol` `` and at least one
 *   test as `` `path` `` or `` `path::text in the file` `` (a test name or a fragment of it);
 * - every named file exists, every symbol occurs in its file as an identifier (plain text search),
 *   every `::text` occurs in its test file;
 * - a row that is n/a gives its reason (`n/a: why`, or a note);
 * - a partial row says what is missing in its notes;
 * - links to `docs/decisions.md#anchor` point at a heading of docs/decisions.md;
 * - pending and gap rows fail, all listed in one message, so whoever finishes the work sees the
 *   whole list at once.
 *
 * Coverage: every section heading of SPEC.md §2–§9 has at least one row; every bold term of §3
 * (entities) and §4 (states) is named in a row of its section; every call of the §7 table and every
 * route path of §2 is named in a row; §8 has at least one row per catalogue row.
 */
import { existsSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'

const root = join(import.meta.dirname, '..')
const TRACE = 'docs/spec-trace.md'
const SPEC_PATH = join(root, '..', 'shared', 'SPEC.md')

export const STATUSES = ['done', 'partial', 'gap', 'n/a', 'pending'] as const
export type Status = (typeof STATUSES)[number]

export interface TraceRow {
  readonly line: number
  readonly id: string
  readonly cells: Record<string, string>
  readonly status: string
  readonly implementations: ReadonlyArray<{ file: string; symbols: string[] }>
  readonly tests: ReadonlyArray<{ file: string; fragment: string | null }>
}

/** Splits a markdown table line into trimmed cells (`\|` is a literal bar inside a cell). */
export function splitRow(line: string): string[] {
  const body = line.trim().replace(/^\|/, '').replace(/\|$/, '')
  return body.split(/(?<!\\)\|/).map((c) => c.trim().replace(/\\\|/g, '|'))
}

/** The backticked spans of a cell. */
function codeSpans(cell: string): string[] {
  return [...cell.matchAll(/`([^`]+)`/g)].map((m) => m[1]!.trim())
}

/** Every checked table row of the trace (tables with implementation, test and status columns). */
export function parseTrace(markdown: string): TraceRow[] {
  const lines = markdown.split('\n')
  const rows: TraceRow[] = []
  let header: string[] | null = null
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!
    if (!line.trim().startsWith('|')) {
      header = null
      continue
    }
    const cells = splitRow(line)
    if (header === null) {
      const names = cells.map((c) => c.toLowerCase())
      header = names.includes('implementation') && names.includes('test') && names.includes('status') ? names : []
      continue
    }
    if (header.length === 0 || cells.every((c) => /^:?-+:?$/.test(c))) continue
    const byName: Record<string, string> = {}
    header.forEach((name, k) => (byName[name] = cells[k] ?? ''))
    const implementations = codeSpans(byName.implementation ?? '').map((span) => {
      const [file, symbol] = span.split('#')
      return { file: file!.trim(), symbols: symbol ? symbol.split('.').map((s) => s.trim()).filter(Boolean) : [] }
    })
    const tests = codeSpans(byName.test ?? '').map((span) => {
      const at = span.indexOf('::')
      return at < 0 ? { file: span, fragment: null } : { file: span.slice(0, at).trim(), fragment: span.slice(at + 2).trim() }
    })
    rows.push({
      line: i + 1,
      id: cells[0] ?? '',
      cells: byName,
      status: (byName.status ?? '').toLowerCase(),
      implementations,
      tests,
    })
  }
  return rows
}

/** The status word of a status cell (`n/a: reason` → `n/a`). */
export function statusOf(row: TraceRow): string {
  return row.status.split(/[:\s(]/)[0]!.trim()
}

function isIdentifierIn(text: string, symbol: string): boolean {
  const escaped = symbol.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
  return new RegExp(`(^|[^A-Za-z0-9_$])${escaped}($|[^A-Za-z0-9_$])`).test(text)
}

const fileCache = new Map<string, string | null>()
function readProjectFile(path: string): string | null {
  if (!fileCache.has(path)) {
    const full = join(root, path)
    fileCache.set(path, existsSync(full) && statSync(full).isFile() ? readFileSync(full, 'utf8') : null)
  }
  return fileCache.get(path)!
}

/** GitHub-style anchor of a heading. */
export function anchorOf(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-')
}

/** Problems of one row (empty when the row is sound), pending/gap aside. */
export function rowProblems(row: TraceRow, decisionAnchors: ReadonlySet<string>): string[] {
  const problems: string[] = []
  const where = `${TRACE}:${row.line} ${row.id}`
  const status = statusOf(row)
  if (!(STATUSES as readonly string[]).includes(status)) problems.push(`${where}: status "${row.status}" is not one of ${STATUSES.join(' | ')}`)
  const notes = row.cells.notes ?? ''
  if (status === 'n/a') {
    const reason = row.status.replace(/^n\/a\s*[:(-]?\s*/, '').trim() || notes.trim()
    if (reason.length < 10) problems.push(`${where}: n/a without a reason`)
  } else if (status === 'pending' || status === 'gap') {
    // Reported together by their own test; still check what they already name.
  } else {
    if (row.implementations.length === 0) problems.push(`${where}: no implementing file#symbol`)
    if (row.tests.length === 0) problems.push(`${where}: no test`)
    if (status === 'partial' && notes.trim().length < 10) problems.push(`${where}: partial without a note saying what is missing`)
  }
  if (status !== 'pending' && status !== 'gap') {
    for (const { file, symbols } of row.implementations) {
      const text = readProjectFile(file)
      if (text === null) {
        problems.push(`${where}: implementation file ${file} does not exist`)
        continue
      }
      if (symbols.length === 0 && status !== 'n/a') problems.push(`${where}: ${file} names no symbol (write ${file}#Symbol)`)
      for (const symbol of symbols) if (!isIdentifierIn(text, symbol)) problems.push(`${where}: symbol ${symbol} not found in ${file}`)
    }
    for (const { file, fragment } of row.tests) {
      const text = readProjectFile(file)
      if (text === null) {
        problems.push(`${where}: test file ${file} does not exist`)
        continue
      }
      if (!/\.(test|spec)\.tsx?$/.test(file)) problems.push(`${where}: ${file} is not a test file (*.test.ts(x) or *.spec.ts)`)
      if (fragment && !text.includes(fragment)) problems.push(`${where}: "${fragment}" not found in ${file}`)
    }
  }
  for (const m of Object.values(row.cells).join(' ').matchAll(/decisions\.md#([\w-]+)/g)) {
    if (!decisionAnchors.has(m[1]!)) problems.push(`${where}: docs/decisions.md has no heading for #${m[1]}`)
  }
  return problems
}

/** SPEC sections that need rows: `2.1`…`2.6` and `3`…`9`, with their headings. */
export function specSections(spec: string): Array<{ id: string; title: string; body: string }> {
  const sections: Array<{ id: string; title: string; body: string }> = []
  const re = /^(#{2,3}) (\d+(?:\.\d+)?)\.? (.+)$/gm
  const heads = [...spec.matchAll(re)]
  heads.forEach((m, k) => {
    const end = k + 1 < heads.length ? heads[k + 1]!.index : spec.length
    sections.push({ id: m[2]!, title: m[3]!, body: spec.slice(m.index! + m[0].length, end) })
  })
  const major = (id: string) => Number(id.split('.')[0])
  return sections.filter((s) => major(s.id) >= 2 && major(s.id) <= 9 && !(s.id === '2' && sections.some((t) => t.id.startsWith('2.'))))
}

/** The section a row id belongs to: `§2.4-3` → `2.4`, `§7-12` → `7`. */
export function sectionOfId(id: string): string | null {
  const m = /^§(\d+(?:\.\d+)?)-/.exec(id)
  return m ? m[1]! : null
}

const trace = readFileSync(join(root, TRACE), 'utf8')
const rows = parseTrace(trace)
const decisions = readFileSync(join(root, 'docs/decisions.md'), 'utf8')
const decisionAnchors = new Set([...decisions.matchAll(/^#{1,4} (.+)$/gm)].map((m) => anchorOf(m[1]!)))
const spec = existsSync(SPEC_PATH) ? readFileSync(SPEC_PATH, 'utf8') : null

describe('docs/spec-trace.md', () => {
  it('parses: rows have unique ids of the form §N-k or §N.M-k', () => {
    expect(rows.length).toBeGreaterThan(100)
    const bad = rows.filter((r) => !/^§\d+(\.\d+)?-[\w.-]+$/.test(r.id)).map((r) => `${TRACE}:${r.line} "${r.id}"`)
    expect(bad, 'ids must look like §2.4-3').toEqual([])
    const seen = new Map<string, number>()
    const dupes: string[] = []
    for (const r of rows) {
      if (seen.has(r.id)) dupes.push(`${r.id} (lines ${seen.get(r.id)} and ${r.line})`)
      seen.set(r.id, r.line)
    }
    expect(dupes, 'duplicate ids').toEqual([])
  })

  it('every row names existing files, symbols found in them and existing tests; n/a rows give a reason', () => {
    const problems = rows.flatMap((r) => rowProblems(r, decisionAnchors))
    expect(problems, `\n${problems.join('\n')}\n`).toEqual([])
  })

  it('every stored value names a storage key its implementation really uses (SPEC §3 stored values)', () => {
    const stored = rows.filter((r) => r.cells.key !== undefined && r.cells['stored value'] !== undefined)
    expect(stored.length).toBeGreaterThanOrEqual(9)
    const wrong = stored.flatMap((r) => {
      const key = /`([^`]+)`/.exec(r.cells.key ?? '')?.[1]
      if (!key) return [`${r.id}: no key`]
      const files = r.implementations.map((i) => readProjectFile(i.file) ?? '')
      return files.some((text) => text.includes(`'${key}'`) || text.includes(`"${key}"`)) ? [] : [`${r.id}: '${key}' is not a string in ${r.implementations.map((i) => i.file).join(', ')}`]
    })
    expect(wrong).toEqual([])
  })

  it('has no pending or gap rows (the list below is what is left to finish)', () => {
    const open = rows
      .filter((r) => statusOf(r) === 'pending' || statusOf(r) === 'gap')
      .map((r) => `${r.id} [${statusOf(r)}] ${r.cells.rule || r.cells['stored value'] || ''} → ${r.cells.implementation || '(nothing named)'}`)
    expect(open.length, `\n${open.length} rows still open:\n${open.join('\n')}\n`).toBe(0)
  })
})

describe('the trace checker itself', () => {
  const table = (row: string) =>
    parseTrace(['| id | rule | implementation | test | status | notes |', '|---|---|---|---|---|---|', row].join('\n'))[0]!
  const problems = (row: string) => rowProblems(table(row), decisionAnchors)

  it('accepts a sound row', () => {
    expect(problems('| §5-7 | paging | `src/api/paging.ts#pageOffset` | `src/api/paging.test.ts::pages start at 1` | done | |')).toEqual([])
  })

  it('refuses a missing file, a missing symbol, a missing test file, a test name not in it, a non-test file', () => {
    expect(problems('| §5-7 | x | `src/api/nope.ts#pageOffset` | `src/api/paging.test.ts` | done | |').join()).toContain('does not exist')
    expect(problems('| §5-7 | x | `src/api/paging.ts#noSuchSymbol` | `src/api/paging.test.ts` | done | |').join()).toContain('symbol noSuchSymbol not found')
    expect(problems('| §5-7 | x | `src/api/paging.ts#pageOff` | `src/api/paging.test.ts` | done | |').join()).toContain('symbol pageOff not found')
    expect(problems('| §5-7 | x | `src/api/paging.ts#pageOffset` | `src/api/nope.test.ts` | done | |').join()).toContain('test file src/api/nope.test.ts does not exist')
    expect(problems('| §5-7 | x | `src/api/paging.ts#pageOffset` | `src/api/paging.test.ts::no such test` | done | |').join()).toContain('"no such test" not found')
    expect(problems('| §5-7 | x | `src/api/paging.ts#pageOffset` | `src/api/paging.ts` | done | |').join()).toContain('is not a test file')
  })

  it('refuses a row without implementation symbol or test, an unknown status, an n/a without reason, a partial without note, a bad decision link', () => {
    expect(problems('| §5-7 | x | | `src/api/paging.test.ts` | done | |').join()).toContain('no implementing file#symbol')
    expect(problems('| §5-7 | x | `src/api/paging.ts` | `src/api/paging.test.ts` | done | |').join()).toContain('names no symbol')
    expect(problems('| §5-7 | x | `src/api/paging.ts#pageOffset` | | done | |').join()).toContain('no test')
    expect(problems('| §5-7 | x | `src/api/paging.ts#pageOffset` | `src/api/paging.test.ts` | finished | |').join()).toContain('is not one of')
    expect(problems('| §5-7 | x | | | n/a | |').join()).toContain('n/a without a reason')
    expect(problems('| §5-7 | x | | | n/a: the spec only describes it | |')).toEqual([])
    expect(problems('| §5-7 | x | `src/api/paging.ts#pageOffset` | `src/api/paging.test.ts` | partial | |').join()).toContain('partial without a note')
    expect(problems('| §5-7 | x | `src/api/paging.ts#pageOffset` | `src/api/paging.test.ts` | done | [d](decisions.md#no-such-entry) |').join()).toContain('no heading for #no-such-entry')
  })

  it('reads pending rows as open and finds sections of ids', () => {
    expect(statusOf(table('| §4-22 | x | `machines/x.ts#y` | `machines/x.test.ts` | pending | |'))).toBe('pending')
    expect(sectionOfId('§2.4-3')).toBe('2.4')
    expect(sectionOfId('§3-SV-1')).toBe('3')
    expect(anchorOf('Sign-in is ours: `POST /api/users/signin`')).toBe('sign-in-is-ours-post-apiuserssignin')
  })
})

describe.skipIf(spec === null)('docs/spec-trace.md covers ../shared/SPEC.md', () => {
  const sections = spec ? specSections(spec) : []
  const rowsOf = (section: string) => rows.filter((r) => sectionOfId(r.id) === section)
  const ruleText = (section: string) =>
    rowsOf(section)
      .map((r) => `${r.cells.rule ?? ''} ${r.cells['stored value'] ?? ''}`)
      .join('\n')
      .toLowerCase()

  it('has at least one row for every section heading of §2 to §9', () => {
    expect(sections.length).toBeGreaterThanOrEqual(13)
    const missing = sections.filter((s) => rowsOf(s.id).length === 0).map((s) => `§${s.id} ${s.title}`)
    expect(missing).toEqual([])
  })

  it('names every bold term of §3 (entities) and §4 (states) in a row of its section', () => {
    const missing: string[] = []
    for (const id of ['3', '4']) {
      const body = sections.find((s) => s.id === id)?.body ?? ''
      const text = ruleText(id)
      for (const m of body.matchAll(/\*\*([^*]+)\*\*/g)) {
        const term = m[1]!.replace(/:$/, '').trim().toLowerCase()
        if (!text.includes(term)) missing.push(`§${id} ${m[1]}`)
      }
    }
    expect(missing).toEqual([])
  })

  it('names every call of the §7 table in a §7 row', () => {
    const body = sections.find((s) => s.id === '7')?.body ?? ''
    const calls = [...body.matchAll(/^\| (GET|POST|PUT|DELETE) (\S+)/gm)].map((m) => `${m[1]} ${m[2]}`.toLowerCase())
    expect(calls.length).toBeGreaterThan(20)
    const text = ruleText('7')
    expect(calls.filter((c) => !text.includes(c))).toEqual([])
  })

  it('names every route path of §2 in a §2 row', () => {
    const body = sections
      .filter((s) => s.id.startsWith('2.'))
      .map((s) => s.body)
      .join('\n')
    const paths = new Set([...body.matchAll(/(?<![\w/])\/[A-Za-z0-9][\w\-/{}|*.?=]*/g)].map((m) => m[0].replace(/[.,;:)]+$/, '')))
    const text = sections
      .filter((s) => s.id.startsWith('2.'))
      .map((s) => ruleText(s.id))
      .join('\n')
    const missing = [...paths].filter((p) => !text.includes(p.toLowerCase()))
    expect(missing).toEqual([])
  })

  it('has a row for every row of the §8 error catalogue', () => {
    const body = sections.find((s) => s.id === '8')?.body ?? ''
    const catalogue = [...body.matchAll(/^\| (?!Situation|---)([^|]+)\|/gm)].map((m) => m[1]!.trim())
    expect(catalogue.length).toBeGreaterThan(15)
    expect(rowsOf('8').length).toBeGreaterThanOrEqual(catalogue.length)
  })
})
