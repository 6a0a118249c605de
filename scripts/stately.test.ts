/**
 * Stately reads every machine whole. Stately's editor, its GitHub sync and its VS Code extension
 * do not run our code: they read the machine's source with `@xstate/machine-extractor`
 * (tools/stately, `@engage/stately-check`). A state config built by a function or spread in
 * from elsewhere is invisible to it, and the chart it shows is then missing states or arrows.
 *
 * For every machine of machines/registry.ts this runs the parser on the machine's file and
 * compares what it read with the real machine: the states, the transitions (source, event,
 * guard, targets; `always`, `after`, `onDone`/`onError` of invocations and of compound states
 * included) and the invocations (state and actor). It also checks the other way into Stately,
 * the JSON export (`npm run statecharts -- --json`): its `<id>.stately.js` file (the code pasted
 * into Stately's "Import from code") read by the same parser, and its JSON re-created with
 * XState's `createMachine`, both give the real machine back.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { type StatelyStateConfig, type StatelyTransition, statelyMachineConfigs } from '@engage/stately-check'
import { type AnyStateMachine, type AnyStateNode, createMachine } from 'xstate'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { machines } from '../machines/registry.ts'
import { guardName } from '../machines/statechart.ts'
import { exportJson } from './statecharts.ts'

const root = join(import.meta.dirname, '..')

/** What Stately's chart shows of a machine, each list sorted (a transition or state listed twice counts twice). */
interface MachineShape {
  /** Dotted state paths (`ready.fresh`). */
  readonly states: string[]
  /** `source · event [guard] → targets`; `(root)` for the machine's own; `(self)` for a targetless one. */
  readonly transitions: string[]
  /** `state invokes src`; `inline` for an actor written in the config. */
  readonly invocations: string[]
}

const pathOf = (node: AnyStateNode) => node.path.join('.') || '(root)'

/** An inline actor's generated name (`xstate.invoke.…`) or the parser's hash of it reads `inline`. */
const srcName = (src: unknown) => (typeof src === 'string' && !src.startsWith('xstate.invoke.') && !src.startsWith('inline:') ? src : 'inline')

/** The event of a transition as the chart names it: invocation outcomes by actor, delays by name. */
function eventName(node: AnyStateNode, eventType: string): string {
  const outcome = /^xstate\.(done|error)\.actor\.(.+)$/.exec(eventType)
  if (outcome) {
    const invoke = node.invoke.find((inv) => inv.id === outcome[2])
    return `${outcome[1] === 'done' ? 'onDone' : 'onError'}(${invoke ? srcName(invoke.src) : `unknown actor ${outcome[2]}`})`
  }
  const delayed = /^xstate\.after\.([^.]+)\./.exec(eventType)
  if (delayed) return `after ${delayed[1]}`
  if (eventType.startsWith('xstate.done.state.')) return 'onDone'
  return eventType
}

/** The shape of a machine, read from its state nodes (XState 5 resolves every target). */
function shapeOf(machine: AnyStateMachine): MachineShape {
  const states: string[] = []
  const transitions: string[] = []
  const invocations: string[] = []
  const walk = (node: AnyStateNode) => {
    if (node !== machine.root) states.push(pathOf(node))
    const edges: Array<[string, { target?: ReadonlyArray<AnyStateNode>; guard?: unknown }]> = []
    for (const [eventType, candidates] of node.transitions) for (const t of candidates) edges.push([eventName(node, eventType), t])
    for (const t of node.always ?? []) edges.push(['always', t])
    for (const [event, t] of edges) {
      const guard = guardName(t.guard)
      const targets = t.target?.length ? t.target.map(pathOf).join(', ') : '(self)'
      transitions.push(`${pathOf(node)} · ${event}${guard ? ` [${guard === 'guard' ? 'inline' : guard}]` : ''} → ${targets}`)
    }
    for (const inv of node.invoke) invocations.push(`${pathOf(node)} invokes ${srcName(inv.src)}`)
    for (const child of Object.values(node.states) as AnyStateNode[]) walk(child)
  }
  walk(machine.root)
  return { states: states.sort(), transitions: transitions.sort(), invocations: invocations.sort() }
}

type MaybeArray<T> = T | ReadonlyArray<T>
const listOf = <T>(value: MaybeArray<T> | undefined): ReadonlyArray<T> => (value === undefined ? [] : Array.isArray(value) ? value : [value as T])

/** A candidate the parser read, as an XState 5 transition config: its targets and its guard (a name, or inline). */
function transitionConfig(t: StatelyTransition) {
  return {
    ...(t.target !== undefined ? { target: listOf(t.target) } : {}),
    ...(t.cond ? { guard: t.cond.kind === 'named' ? t.cond.type : () => true } : {}),
  }
}

const transitionsConfig = (value: MaybeArray<StatelyTransition> | undefined) => listOf(value).map(transitionConfig)
const mapValues = <T, U>(record: Readonly<Record<string, T>> | undefined, f: (value: T) => U) =>
  record ? Object.fromEntries(Object.entries(record).map(([key, value]) => [key, f(value)])) : undefined

/**
 * The parser's config as an XState 5 state config: the same states, targets, guards (by name)
 * and invocations, without actions or context (they do not change the chart). Building a
 * machine of it lets XState resolve the targets exactly as it does for the real machine.
 */
function stateConfig(config: StatelyStateConfig): Record<string, unknown> {
  return {
    ...(config.id ? { id: config.id } : {}),
    ...(config.initial ? { initial: config.initial } : {}),
    ...(config.type ? { type: config.type } : {}),
    ...(config.history !== undefined ? { history: config.history === true ? 'deep' : config.history || 'shallow' } : {}),
    ...(config.states ? { states: mapValues(config.states, stateConfig) } : {}),
    ...(config.on ? { on: mapValues(config.on, transitionsConfig) } : {}),
    ...(config.after ? { after: mapValues(config.after, transitionsConfig) } : {}),
    ...(config.always ? { always: transitionsConfig(config.always) } : {}),
    ...(config.onDone ? { onDone: transitionsConfig(config.onDone) } : {}),
    ...(config.invoke
      ? {
          invoke: listOf(config.invoke).map((inv) => ({
            ...(inv.id ? { id: inv.id } : {}),
            src: inv.kind === 'named' ? inv.src : 'inline:',
            onDone: transitionsConfig(inv.onDone),
            onError: transitionsConfig(inv.onError),
          })),
        }
      : {}),
  }
}

/** The state paths of a config the parser read (for a reading XState cannot build: a target it lacks). */
function statePathsOf(config: StatelyStateConfig, prefix: string[] = []): string[] {
  return Object.entries(config.states ?? {}).flatMap(([key, child]) => [[...prefix, key].join('.'), ...statePathsOf(child, [...prefix, key])])
}

/**
 * The machine with `id` that Stately's parser reads in a source text, as a real (XState 5)
 * machine. When its reading targets a state it did not find, the error lists the states missing.
 */
function parsedMachine(source: string, id: string, real: MachineShape): AnyStateMachine {
  const configs = statelyMachineConfigs(source)
  const config = configs.find((c) => c?.id === id)
  if (!config)
    throw new Error(`Stately's parser finds no machine with id '${id}' (it read ${configs.map((c) => c?.id ?? '(unreadable)').join(', ') || 'none'})`)
  try {
    return createMachine(stateConfig(config) as Parameters<typeof createMachine>[0])
  } catch (error) {
    const missing = minus(real.states, statePathsOf(config))
    throw new Error(`Stately's reading of '${id}' does not build (states it misses: ${missing.join(', ') || 'none'}): ${(error as Error).message}`)
  }
}

/** Entries of `a` not matched one for one in `b`. */
function minus(a: ReadonlyArray<string>, b: ReadonlyArray<string>): string[] {
  const left = [...b]
  return a.filter((x) => {
    const i = left.indexOf(x)
    if (i === -1) return true
    left.splice(i, 1)
    return false
  })
}

/** What one side has that the other lacks, per part: all empty when Stately shows the machine whole. */
function differences(real: MachineShape, read: MachineShape) {
  const parts = ['states', 'transitions', 'invocations'] as const
  return Object.fromEntries(parts.map((part) => [part, { missingInStately: minus(real[part], read[part]), onlyInStately: minus(read[part], real[part]) }]))
}
const none = { missingInStately: [], onlyInStately: [] }
const whole = { states: none, transitions: none, invocations: none }

describe("Stately's source parser (@xstate/machine-extractor) reads every machine whole", () => {
  it.each(machines.map((m) => [m.machine.id, m] as const))('%s', (_, { machine, file }) => {
    const real = shapeOf(machine)
    const read = shapeOf(parsedMachine(readFileSync(join(root, file), 'utf8'), machine.id, real))
    expect(differences(real, read), `${file} as Stately reads it`).toEqual(whole)
    // Guards against comparing two empty readings.
    expect(read.states.length + read.transitions.length).toBeGreaterThan(0)
  })
})

describe('the JSON export into Stately (npm run statecharts -- --json)', () => {
  let dir = ''
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'stately-export-'))
    exportJson(dir)
  })
  afterAll(() => rmSync(dir, { recursive: true, force: true }))

  it.each(machines.map((m) => [m.machine.id, m.machine] as const))(
    '%s: imported as code or re-created with createMachine, it is the real machine',
    (_, machine) => {
      // The `<id>.stately.js` file pasted into Stately's "Import from code", read by Stately's parser.
      const real = shapeOf(machine)
      const imported = parsedMachine(readFileSync(join(dir, `${machine.id}.stately.js`), 'utf8'), machine.id, real)
      const recreated = createMachine(JSON.parse(readFileSync(join(dir, `${machine.id}.json`), 'utf8')))
      expect(differences(real, shapeOf(imported)), 'imported from code').toEqual(whole)
      expect(differences(real, shapeOf(recreated)), 're-created with createMachine').toEqual(whole)
    },
  )
})
