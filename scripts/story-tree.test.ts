/**
 * Storybook's sidebar is organised for review by machine: Welcome, then `Machines/<machine id>` (one node per machine of machines/registry.ts), the generated
 * Statecharts, `Pages/…` (public pages and pages
 * that are not one machine), `Primitives/…` (src/ui/primitives) and Dev tools. The titles and
 * the stories are read as Storybook's indexer reads them (`loadCsf`); .storybook/preview.tsx
 * `storySort` puts the roots in that order, the nodes under them alphabetically, and keeps each
 * node's stories in file order: the stories of the machine's states first, in the order the
 * machine defines its states, then the interaction stories.
 */
import { readFileSync } from 'node:fs'
import { relative } from 'node:path'
import { loadCsf } from 'storybook/internal/csf-tools'
import type { StateValue } from 'xstate'
import { describe, expect, it } from 'vitest'
import { machines } from '../machines/registry.ts'
import { type MachineStateRef, type StoryModule, declaredStories, leafStates, leavesOf } from '../stories/machine-states.ts'

const ROOTS = ['Machines', 'Statecharts', 'Pages', 'Primitives', 'Dev tools'] as const

const modules = import.meta.glob<StoryModule>(['../stories/*.stories.tsx', '../src/ui/primitives/**/*.stories.tsx'], { eager: true })
const declared = declaredStories(modules)

/** One CSF file as the indexer sees it: its title and its stories in sidebar order. */
interface IndexedFile {
  readonly path: string
  readonly title: string
  readonly stories: ReadonlyArray<{ readonly exportName: string; readonly refs: ReadonlyArray<MachineStateRef> }>
}

const files: IndexedFile[] = Object.keys(modules).map((key) => {
  const path = relative(process.cwd(), new URL(key, import.meta.url).pathname)
  const csf = loadCsf(readFileSync(path, 'utf8'), { fileName: path, makeTitle: (title) => title }).parse()
  const name = path.split('/').pop()!
  const stories = Object.keys(csf._stories).map((exportName) => ({
    exportName,
    refs: declared.find((s) => s.file === name && s.exportName === exportName)?.refs ?? [],
  }))
  return { path, title: csf.meta.title ?? '', stories }
})

/** The state paths a state value names: `'a.b'` → `['a.b']`, `{ a: 'b', c: { d: 'e' } }` → `['a.b', 'c.d.e']`. */
function namedPaths(value: StateValue, prefix = ''): string[] {
  if (typeof value === 'string') return [prefix + value]
  return Object.entries(value).flatMap(([key, child]) => (child === undefined ? [] : namedPaths(child, `${prefix}${key}.`)))
}

describe('Storybook tree: one node per machine', () => {
  it('reads every story file', () => {
    expect(files.length).toBeGreaterThan(40)
  })

  it('puts every title under Machines, Statecharts, Pages, Primitives or Dev tools', () => {
    const wrong = files.filter((f) => !ROOTS.includes(f.title.split('/')[0] as (typeof ROOTS)[number])).map((f) => `${f.path}: '${f.title}'`)
    expect(wrong).toEqual([])
    const primitivesElsewhere = files.filter((f) => f.title.startsWith('Primitives/') !== f.path.startsWith('src/ui/primitives/'))
    expect(primitivesElsewhere.map((f) => `${f.path}: '${f.title}'`), 'Primitives/… is exactly src/ui/primitives').toEqual([])
  })

  it('names a machine of the registry in every Machines/<id> title, and gives every machine with stories its node', () => {
    const ids = new Set(machines.map((m) => m.machine.id))
    const nodes = files.filter((f) => f.title.startsWith('Machines/'))
    expect(nodes.filter((f) => f.title.split('/').length !== 2 || !ids.has(f.title.split('/')[1]!)).map((f) => `${f.path}: '${f.title}'`)).toEqual([])
    const withStories = machines.filter((m) => !('none' in m.stories)).map((m) => m.machine.id)
    const missing = withStories.filter((id) => !nodes.some((f) => f.title === `Machines/${id}`))
    expect(missing, 'machines with stories but no Machines/<id> node').toEqual([])
  })

  it('files a story under a machine only when it shows a state of that machine (or is an interaction story)', () => {
    const misplaced = files
      .filter((f) => f.title.startsWith('Machines/'))
      .flatMap((f) => {
        const id = f.title.split('/')[1]!
        return f.stories.filter((s) => s.refs.length > 0 && !s.refs.some((r) => r.machine === id)).map((s) => `${f.path} › ${s.exportName} shows ${s.refs.map((r) => r.machine).join(', ')}, not ${id}`)
      })
    expect(misplaced).toEqual([])
  })

  it("lists a node's state stories in the order of the machine's states, then its interaction stories", () => {
    const unordered = files
      .filter((f) => f.title.startsWith('Machines/'))
      .flatMap((f) => {
        const id = f.title.split('/')[1]!
        const machine = machines.find((m) => m.machine.id === id)?.machine
        if (!machine) return []
        const leaves = leafStates(machine)
        // A story's place: the first leaf state it names (regions it leaves to their initial state do
        // not count); interaction stories (no state) last.
        const keyed = f.stories.map((s) => {
          const shown = s.refs
            .filter((r) => r.machine === id)
            .flatMap((r) => leavesOf(machine, r.state).filter((leaf) => namedPaths(r.state).some((p) => leaf === p || leaf.startsWith(`${p}.`))))
          return { name: s.exportName, key: shown.length > 0 ? Math.min(...shown.map((l) => leaves.indexOf(l))) : Number.POSITIVE_INFINITY }
        })
        const expected = [...keyed].sort((a, b) => a.key - b.key).map((s) => s.name)
        return expected.join() === keyed.map((s) => s.name).join() ? [] : [`${f.path}: ${expected.join(', ')}`]
      })
    expect(unordered, 'order the exports as listed').toEqual([])
  })
})
