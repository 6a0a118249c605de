/**
 * Which machine state each story shows, and which states of every machine have a story.
 *
 * A story declares the state(s) it shows in `parameters.machineState` (on the story, or on the
 * file's meta for every story of the file): the state its last frame is in, after its play
 * function. An interaction story that ends in no one named state declares `machineState: []`.
 *
 * ```ts
 * parameters: { machineState: { machine: 'notifications', state: 'signedIn.list.loading' } }
 * parameters: { machineState: [
 *   { machine: 'sidebar', state: { panel: 'collapsed', mode: 'docked' } },
 *   { machine: 'auth', state: 'authenticated' },
 * ] }
 * ```
 *
 * `machine` is the machine's id (machines/registry.ts); `state` is a state value exactly as
 * `machine.resolveState({ value })` takes it (a dotted path or an object; regions left out take
 * their initial state). A story covers every leaf (atomic or final) state of the configuration it
 * declares. Coverage is counted on leaf states: a compound or parallel state is on screen only
 * through one of its leaves, so covering the leaves covers it.
 *
 * scripts/story-coverage.test.ts fails when a leaf state of a machine with stories has neither a
 * story nor a written reason in its registry entry's `unseenStates`. After every story, the
 * preview checks that an actor the story renders is in the declared state
 * (.storybook/machine-state-check.ts); a story drawing the state from a view alone says why in
 * `parameters.machineStateWithoutActor`. Pure: used by the coverage test (node), the state check
 * and the Statecharts stories (browser).
 */
import type { AnyStateMachine, AnyStateNode, StateValue } from 'xstate'
import { documentedStates } from '../machines/machine-docs.ts'
import type { MachineEntry } from '../machines/registry.ts'

/** One machine state a story shows. */
export interface MachineStateRef {
  /** The machine's id, e.g. `notifications`. */
  readonly machine: string
  /** A state value as `resolveState` takes it: `'signedIn.list.loading'` or `{ panel: 'collapsed', mode: 'docked' }`. */
  readonly state: StateValue
}

/** What `parameters.machineState` may hold. */
export type MachineStateParameter = MachineStateRef | ReadonlyArray<MachineStateRef>

/** A story as found in a CSF module, with the states it declares. */
export interface DeclaredStory {
  /** `<file>` relative to stories/, e.g. `Notifications.stories.tsx`. */
  readonly file: string
  readonly title: string
  readonly exportName: string
  readonly refs: ReadonlyArray<MachineStateRef>
}

/** A CSF module as `import.meta.glob` gives it. */
export type StoryModule = Record<string, unknown> & { readonly default?: { readonly title?: string; readonly parameters?: Record<string, unknown> } }

/** Every leaf state of a machine as a dotted path (`signedIn.list.idle`), in document order. */
export function leafStates(machine: AnyStateMachine): string[] {
  const leaves: string[] = []
  const walk = (node: AnyStateNode) => {
    const children = Object.values(node.states) as AnyStateNode[]
    if (children.length === 0) {
      if (node !== machine.root && node.type !== 'history') leaves.push(node.path.join('.'))
      return
    }
    for (const child of children) walk(child)
  }
  walk(machine.root)
  return leaves
}

/** `'a.b.c'` → `{ a: { b: 'c' } }` (resolveState takes a bare string as one state key). */
function fromPath(path: string): StateValue {
  const keys = path.split('.')
  return keys.slice(0, -1).reduceRight<StateValue>((inner, key) => ({ [key]: inner }), keys[keys.length - 1]!)
}

/** The leaf paths of a fully resolved state value (`{ a: 'b', c: { d: 'e' } }` → `a.b`, `c.d.e`). */
function leavesOfValue(value: StateValue, prefix: string[] = []): string[] {
  if (typeof value === 'string') return [[...prefix, value].join('.')]
  const entries = Object.entries(value)
  if (entries.length === 0) return [prefix.join('.')]
  return entries.flatMap(([key, child]) => (child === undefined ? [[...prefix, key].join('.')] : leavesOfValue(child as StateValue, [...prefix, key])))
}

/**
 * The leaf states a declared state value puts on screen, resolved by xstate itself (regions left
 * out take their initial state).
 * @throws Error when the value names a state the machine does not have.
 */
export function leavesOf(machine: AnyStateMachine, state: StateValue): string[] {
  const snapshot = machine.resolveState({ value: typeof state === 'string' ? fromPath(state) : state, context: {} })
  return leavesOfValue(snapshot.value as StateValue)
}

/** The refs of `parameters.machineState`, normalised to a list (story first, then the meta). */
export function refsOf(storyParameters: unknown, metaParameters: unknown): MachineStateRef[] {
  const pick = (p: unknown) => (p && typeof p === 'object' && 'machineState' in p ? (p as { machineState: MachineStateParameter }).machineState : undefined)
  const declared = pick(storyParameters) ?? pick(metaParameters)
  if (!declared) return []
  return Array.isArray(declared) ? [...(declared as ReadonlyArray<MachineStateRef>)] : [declared as MachineStateRef]
}

/** The stories of a set of CSF modules (`import.meta.glob(..., { eager: true })`), with their declared states. */
export function declaredStories(modules: Record<string, StoryModule>): DeclaredStory[] {
  const stories: DeclaredStory[] = []
  for (const [path, module] of Object.entries(modules)) {
    const meta = module.default ?? {}
    const file = path.split('/').pop()!
    const title = meta.title ?? file.replace(/\.stories\.tsx?$/, '')
    for (const [exportName, story] of Object.entries(module)) {
      if (exportName === 'default' || exportName === '__namedExportsOrder') continue
      if (!story || typeof story !== 'object') continue
      stories.push({ file, title, exportName, refs: refsOf((story as { parameters?: unknown }).parameters, meta.parameters) })
    }
  }
  return stories
}

/** How one leaf state of a machine is accounted for. */
export type LeafCoverage =
  | { readonly state: string; readonly kind: 'story'; readonly stories: ReadonlyArray<DeclaredStory> }
  | { readonly state: string; readonly kind: 'unseen'; readonly reason: string }
  | { readonly state: string; readonly kind: 'missing' }

/** The coverage of one machine: each leaf with its stories, its skip reason, or nothing. */
export function machineCoverage(entry: MachineEntry, stories: ReadonlyArray<DeclaredStory>): LeafCoverage[] {
  const id = entry.machine.id
  const byLeaf = new Map<string, DeclaredStory[]>()
  for (const story of stories) {
    for (const ref of story.refs) {
      if (ref.machine !== id) continue
      let leaves: string[] = []
      try {
        leaves = leavesOf(entry.machine, ref.state)
      } catch {
        continue // reported by storyProblems
      }
      for (const leaf of leaves) byLeaf.set(leaf, [...(byLeaf.get(leaf) ?? []), story])
    }
  }
  return leafStates(entry.machine).map((state): LeafCoverage => {
    const covering = byLeaf.get(state)
    if (covering?.length) return { state, kind: 'story', stories: covering }
    const reason = entry.unseenStates?.[state]
    if (reason !== undefined) return { state, kind: 'unseen', reason }
    return { state, kind: 'missing' }
  })
}

/**
 * Declarations that cannot be right: an unknown machine id, a state the machine does not have,
 * or a skip reason for a state that does not exist, is too short to explain anything, or has a story.
 * Each problem is one readable line.
 */
export function coverageProblems(entries: ReadonlyArray<MachineEntry>, stories: ReadonlyArray<DeclaredStory>): string[] {
  const problems: string[] = []
  const byId = new Map(entries.map((e) => [e.machine.id, e]))
  for (const story of stories) {
    for (const ref of story.refs) {
      const entry = byId.get(ref.machine)
      const where = `${story.file} › ${story.exportName}`
      if (!entry) {
        problems.push(`${where}: parameters.machineState names machine '${ref.machine}', which is not in machines/registry.ts`)
        continue
      }
      try {
        leavesOf(entry.machine, ref.state)
      } catch (error) {
        problems.push(`${where}: state ${JSON.stringify(ref.state)} is not a state of '${ref.machine}' (${(error as Error).message})`)
      }
    }
  }
  for (const entry of entries) {
    const id = entry.machine.id
    const known = new Set(documentedStates(entry.machine))
    const leaves = new Set(leafStates(entry.machine))
    const coverage = machineCoverage(entry, stories)
    for (const [state, reason] of Object.entries(entry.unseenStates ?? {})) {
      if (!known.has(state)) problems.push(`${id}: unseenStates names '${state}', which is not a state of the machine`)
      else if (!leaves.has(state)) problems.push(`${id}: unseenStates names '${state}', a compound state: give the reason on its leaf states`)
      if (reason.trim().length < 20) problems.push(`${id}: the reason for skipping '${state}' is too short to explain anything`)
      const covered = coverage.find((c) => c.state === state && c.kind === 'story')
      if (covered && covered.kind === 'story')
        problems.push(`${id}: '${state}' has a story (${covered.stories.map((s) => `${s.file} › ${s.exportName}`).join(', ')}) and a skip reason: drop the reason`)
    }
  }
  return problems
}
