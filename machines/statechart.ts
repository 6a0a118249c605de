/**
 * Reads a machine definition as a statechart: its states (nested), its transitions with their
 * events and guards (docs/machines draws them as Mermaid with scripts/statechart-mermaid.ts). Pure
 * (no fs, no DOM), so the same code feeds docs/machines (scripts/statecharts.ts), the Statecharts
 * stories and the dev inspector (src/dev): the diagram a designer sees and the docs cannot diverge.
 */
import type { AnyStateMachine, AnyStateNode } from 'xstate'

/** A readable label for an event type (`xstate.done.actor.x` → `done: x`). */
export function eventLabel(eventType: string): string {
  const done = /^xstate\.done\.actor\.(.+)$/.exec(eventType)
  if (done) return `done: ${done[1]}`
  const error = /^xstate\.error\.actor\.(.+)$/.exec(eventType)
  if (error) return `error: ${error[1]}`
  const after = /^xstate\.after\.([^.]+)\./.exec(eventType)
  if (after) return `after ${after[1]}`
  return eventType
}

/** A guard's name, or `guard` for an inline one; null without a guard. */
export function guardName(guard: unknown): string | null {
  if (!guard) return null
  if (typeof guard === 'string') return guard
  if (typeof guard === 'object' && guard !== null && 'type' in guard) return String((guard as { type: string }).type)
  return 'guard'
}

/** One state of the chart. `path` is dotted (`signedIn.list.idle`); the root is not listed. */
export interface ChartState {
  readonly path: string
  readonly key: string
  readonly type: 'atomic' | 'compound' | 'parallel' | 'final' | 'history'
  /** The initial child's path, for compound states. */
  readonly initial: string | null
  readonly children: ReadonlyArray<ChartState>
  /** Event labels handled here (`always` first), for the states table. */
  readonly handles: ReadonlyArray<string>
}

/** One drawn transition: from `source` to `target` (the same state for a self or targetless one). */
export interface ChartTransition {
  readonly source: string
  readonly target: string
  /** The readable label (`eventLabel`), or `always`. */
  readonly event: string
  readonly guard: string | null
}

/** The chart of a machine: its top-level states (nested) and every transition, in definition order. */
export interface Chart {
  readonly id: string
  /** The root's kind: `parallel` when the top-level states are regions that are all active at once. */
  readonly type: 'atomic' | 'compound' | 'parallel'
  readonly initial: string | null
  readonly states: ReadonlyArray<ChartState>
  readonly transitions: ReadonlyArray<ChartTransition>
  /** The transitions the machine handles in every state (its root's `on` and `always`); their source is `''`. */
  readonly machineTransitions: ReadonlyArray<ChartTransition>
}

const pathOf = (node: AnyStateNode) => node.path.join('.')

/** The transitions leaving one state node, as drawn: one per target. */
export function transitionsOf(node: AnyStateNode): ChartTransition[] {
  const edges: Array<{ event: string; t: { target?: ReadonlyArray<AnyStateNode>; guard?: unknown } }> = []
  for (const [eventType, candidates] of node.transitions) for (const t of candidates) edges.push({ event: eventLabel(eventType), t })
  for (const t of node.always ?? []) edges.push({ event: 'always', t })
  const out: ChartTransition[] = []
  for (const { event, t } of edges) {
    const targets = t.target && t.target.length > 0 ? t.target : [node]
    for (const target of targets) out.push({ source: pathOf(node), target: pathOf(target), event, guard: guardName(t.guard) })
  }
  return out
}

function stateOf(node: AnyStateNode): ChartState {
  const children = (Object.values(node.states) as AnyStateNode[]).map(stateOf)
  return {
    path: pathOf(node),
    key: node.key,
    type: node.type as ChartState['type'],
    initial: node.type === 'compound' && node.initial?.target?.[0] ? pathOf(node.initial.target[0]) : null,
    children,
    handles: [...(node.always?.length ? ['always'] : []), ...[...node.transitions.keys()].map(eventLabel)],
  }
}

/** The chart of a machine, read from its definition. */
export function chartOf(machine: AnyStateMachine): Chart {
  const transitions: ChartTransition[] = []
  const walk = (node: AnyStateNode) => {
    for (const child of Object.values(node.states) as AnyStateNode[]) {
      transitions.push(...transitionsOf(child))
      walk(child)
    }
  }
  walk(machine.root)
  return {
    id: machine.id,
    type: machine.root.type as Chart['type'],
    initial: machine.root.type === 'compound' && machine.root.initial?.target?.[0] ? pathOf(machine.root.initial.target[0]) : null,
    states: (Object.values(machine.root.states) as AnyStateNode[]).map(stateOf),
    transitions,
    machineTransitions: transitionsOf(machine.root),
  }
}

// ---------------------------------------------------------------------------------------------
// Export for Stately's tools

type JsonTransition = { target?: string[]; guard?: { type: string }; actions?: string[]; reenter?: true }
/** A JSON machine config as `createMachine` takes it (names instead of implementations). */
export type StatelyConfig = { [key: string]: unknown }

function actionNameList(actions: ReadonlyArray<unknown>): string[] {
  return actions
    .map((a) => (typeof a === 'string' ? a : typeof a === 'object' && a !== null && 'type' in a ? String((a as { type: string }).type) : 'inline'))
    .filter((a) => !a.startsWith('xstate.'))
}

function jsonTransition(t: { target?: ReadonlyArray<AnyStateNode>; guard?: unknown; actions?: ReadonlyArray<unknown>; reenter?: boolean }): JsonTransition {
  const out: JsonTransition = {}
  if (t.target?.length) out.target = t.target.map((n) => `#${n.id}`)
  const guard = guardName(t.guard)
  if (guard) out.guard = { type: guard }
  const actions = actionNameList(t.actions ?? [])
  if (actions.length) out.actions = actions
  if (t.reenter) out.reenter = true
  return out
}

const oneOrMany = (list: JsonTransition[]) => (list.length === 1 ? list[0] : list)

function configOf(node: AnyStateNode): StatelyConfig {
  const config: StatelyConfig = {}
  if (node.type === 'parallel' || node.type === 'final' || node.type === 'history') config.type = node.type
  if (node.description) config.description = node.description
  const initial = node.initial?.target?.[0]
  if (initial && node.type === 'compound') config.initial = initial.key
  const on: Record<string, unknown> = {}
  const after: Record<string, unknown> = {}
  const invokeDone = new Map<string, { onDone?: unknown; onError?: unknown }>()
  let onDone: unknown
  for (const [eventType, candidates] of node.transitions) {
    const list = oneOrMany(candidates.map(jsonTransition))
    const delayed = /^xstate\.after\.([^.]+)\./.exec(eventType)
    const done = /^xstate\.done\.actor\.(.+)$/.exec(eventType)
    const error = /^xstate\.error\.actor\.(.+)$/.exec(eventType)
    if (delayed) after[delayed[1]!] = list
    else if (done) invokeDone.set(done[1]!, { ...invokeDone.get(done[1]!), onDone: list })
    else if (error) invokeDone.set(error[1]!, { ...invokeDone.get(error[1]!), onError: list })
    else if (eventType.startsWith('xstate.done.state.')) onDone = list
    else on[eventType] = list
  }
  if (node.invoke.length) {
    config.invoke = node.invoke.map((inv) => ({
      id: inv.id,
      src: typeof inv.src === 'string' ? inv.src : inv.id,
      ...(inv.systemId ? { systemId: inv.systemId } : {}),
      ...invokeDone.get(inv.id),
    }))
  }
  if (Object.keys(on).length) config.on = on
  if (Object.keys(after).length) config.after = after
  if (onDone) config.onDone = onDone
  if (node.always?.length) config.always = oneOrMany(node.always.map(jsonTransition))
  const entry = actionNameList(node.entry)
  if (entry.length) config.entry = entry
  const exit = actionNameList(node.exit)
  if (exit.length) config.exit = exit
  const children = Object.values(node.states) as AnyStateNode[]
  if (children.length) config.states = Object.fromEntries(children.map((c) => [c.key, configOf(c)]))
  return config
}

/**
 * The machine as a JSON config `createMachine` (and Stately Studio's "Import from code") takes:
 * states, events, targets (absolute, `#id.path`), guards, actions, delays and invoked actors by
 * name. Implementations stay in the code; context is left out (it is built from input).
 */
export function toStatelyConfig(machine: AnyStateMachine): StatelyConfig {
  return { id: machine.id, ...configOf(machine.root) }
}

/** Every active state path of a state value, compound ones included (`{ a: 'b' }` → `a`, `a.b`). */
export function activePaths(value: unknown, prefix: string[] = []): string[] {
  if (typeof value === 'string') return [[...prefix, value].join('.')]
  if (!value || typeof value !== 'object') return []
  return Object.entries(value).flatMap(([key, child]) => [[...prefix, key].join('.'), ...activePaths(child, [...prefix, key])])
}
