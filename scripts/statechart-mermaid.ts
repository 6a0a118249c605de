/**
 * Draws a machine's chart (machines/statechart.ts `chartOf`) as Mermaid `stateDiagram-v2`
 * source that reads on GitHub, for docs/machines (scripts/statecharts.ts):
 * - every state shows its own name: ids stay unique paths (`signedIn__list__loading`), and each
 *   state is declared with its key as label (`state "loading" as signedIn__list__loading`);
 * - a parallel state is titled `name (parallel)` and its regions are Mermaid concurrent regions
 *   (separated by `--`), each region a box titled with its name;
 * - every state stays inside its parent's box. Mermaid puts a state in the block that mentions it
 *   last, so a transition written in an outer block after the inner one pulls its inner end out of
 *   its region. Each transition is written in the block of the innermost state that strictly
 *   contains both ends, before that block's child states; a state's last mention is then its own
 *   declaration in its parent's block;
 * - what a state with children handles itself (or the machine, in every state) and that leads into
 *   it (`view → view.loading`, or no target) starts from an `any state` node inside its box: Mermaid
 *   draws an arrow from a box to its own child as a dot under its label;
 * - transitions with the same source and target are one arrow, one label line per event;
 * - a box with many children lays them out left to right, so a hub state's arrows fan down the
 *   page instead of off its side (GitHub shrinks a wide chart to the page's width).
 * Big machines with parallel states get one more diagram per region (`regionCharts`).
 */
import type { AnyStateMachine } from 'xstate'
import { type Chart, type ChartState, type ChartTransition, chartOf } from '../machines/statechart.ts'

/** Machines with a parallel state and at least this many states also get one diagram per region. */
export const REGION_CHARTS_FROM_STATES = 12

/**
 * A box whose states fan out this wide lays them out left to right (`direction LR`): counted as
 * the most children the same number of steps away from its initial child (Mermaid puts them in one
 * row from top to bottom, so a hub state's targets make a chart too wide to read on GitHub).
 */
export const LEFT_TO_RIGHT_FROM_FANOUT = 4

/** The Mermaid id of the box around a machine whose root is parallel (Mermaid reserves `root`). */
const MACHINE_BOX_ID = 'machine__root'

/** The key of the `any state` node of a box (`view._any`, or `_any` for the machine). */
const ANY = '_any'
const anyOf = (box: string) => (box ? `${box}.${ANY}` : ANY)
const isAny = (path: string) => path === ANY || path.endsWith(`.${ANY}`)
const boxOfAny = (path: string) => path.slice(0, -ANY.length).replace(/\.$/, '')

const idOf = (path: string) => path.split('.').join('__')

/** A state label as Mermaid reads it inside double quotes. */
const quoted = (label: string) => `"${label.replace(/"/g, '#quot;')}"`

/** The proper ancestors of a state path, outermost first (`a.b.c` → `''`, `a`, `a.b`). */
function ancestorsOf(path: string): string[] {
  const keys = path.split('.')
  return keys.map((_, i) => keys.slice(0, i).join('.'))
}

/**
 * The path of the innermost state that strictly contains both ends of a transition (`''` for the
 * machine's root): the block the transition is written in. Strictly, because a box cannot hold an
 * arrow to itself or to its own child: `a → a.b` and `a → a` belong in `a`'s parent.
 */
export function blockOf(t: Pick<ChartTransition, 'source' | 'target'>): string {
  const targetAncestors = new Set(ancestorsOf(t.target))
  let block = ''
  for (const ancestor of ancestorsOf(t.source)) if (targetAncestors.has(ancestor)) block = ancestor
  return block
}

/**
 * An arrow's label line as Mermaid reads it: `#`, `:` and `;` as entity codes (Mermaid 10 stops at
 * a second `:` in a transition, as in `done: loadMembers`; both 10 and 11 show `#58;` as `:`).
 */
const labelOf = (t: ChartTransition) => `${t.event}${t.guard ? ` [${t.guard}]` : ''}`.replace(/[#:;]/g, (c) => `#${c.charCodeAt(0)};`)

/** Whether `path` is `box` or inside it (everything is inside the machine, `''`). */
const within = (path: string, box: string) => box === '' || path === box || path.startsWith(`${box}.`)

/** One arrow: every transition from `source` to `target`, in definition order. */
interface Arrow {
  readonly source: string
  readonly target: string
  readonly labels: string[]
}

/** The arrows by the block they are written in; a block outside `boxes` goes to the top level (`''`). */
function arrowsByBlock(transitions: ReadonlyArray<ChartTransition>, boxes: ReadonlySet<string>): Map<string, Arrow[]> {
  const byKey = new Map<string, Arrow>()
  const byBlock = new Map<string, Arrow[]>()
  for (const t of transitions) {
    const block = boxes.has(blockOf(t)) ? blockOf(t) : ''
    const key = `${block}\u0000${t.source}\u0000${t.target}`
    const known = byKey.get(key)
    if (known) {
      if (!known.labels.includes(labelOf(t))) known.labels.push(labelOf(t))
      continue
    }
    const arrow: Arrow = { source: t.source, target: t.target, labels: [labelOf(t)] }
    byKey.set(key, arrow)
    byBlock.set(block, [...(byBlock.get(block) ?? []), arrow])
  }
  return byBlock
}

/** Every state path of the given subtrees that has children (the boxes arrows can be written in). */
function boxesOf(states: ReadonlyArray<ChartState>): Set<string> {
  const boxes = new Set<string>()
  const walk = (s: ChartState) => {
    if (s.children.length === 0) return
    boxes.add(s.path)
    s.children.forEach(walk)
  }
  states.forEach(walk)
  return boxes
}

/**
 * Every transition as drawn, the machine's own first: one that a box (or the machine) handles and
 * that leads into it, or has no target, starts from the box's `any state` node (and a targetless
 * one loops on it).
 */
function drawnTransitions(chart: Chart): ChartTransition[] {
  const boxes = boxesOf(chart.states)
  return [...chart.machineTransitions, ...chart.transitions].map((t) => {
    if ((t.source !== '' && !boxes.has(t.source)) || !within(t.target, t.source)) return t
    const any = anyOf(t.source)
    return { ...t, source: any, target: t.target === t.source ? any : t.target }
  })
}

const stateLabel = (s: ChartState) => (s.type === 'parallel' ? `${s.key} (parallel)` : s.type === 'history' ? `${s.key} (history)` : s.key)

/**
 * The most children of a box at the same number of steps from its initial child, following the
 * arrows written in the box (an arrow's end inside a child counts as that child); 0 without an
 * initial child (a parallel state's regions sit side by side whatever their arrows).
 */
export function widestStep(box: string, initial: string | null, arrows: ReadonlyArray<Pick<Arrow, 'source' | 'target'>>): number {
  if (!initial) return 0
  const childOf = (path: string) => path.split('.').slice(0, box ? box.split('.').length + 1 : 1).join('.')
  const next = new Map<string, Set<string>>()
  for (const a of arrows) next.set(childOf(a.source), (next.get(childOf(a.source)) ?? new Set()).add(childOf(a.target)))
  const seen = new Set([initial])
  let step = [initial]
  let widest = 1
  while (step.length) {
    step = [...new Set(step.flatMap((c) => [...(next.get(c) ?? [])]))].filter((c) => !seen.has(c))
    step.forEach((c) => seen.add(c))
    widest = Math.max(widest, step.length)
  }
  return widest
}

/** What one diagram draws: its lines so far, the arrows by block, and the boxes with an `any state` node. */
interface Drawing {
  readonly lines: string[]
  readonly arrows: ReadonlyMap<string, Arrow[]>
  readonly anyBoxes: ReadonlySet<string>
}

/** The boxes whose `any state` node is drawn inside them: those of the endpoints `inside` accepts. */
function anyBoxesOf(transitions: ReadonlyArray<ChartTransition>, inside: (path: string) => boolean): Set<string> {
  return new Set(transitions.flatMap((t) => [t.source, t.target]).filter((p) => isAny(p) && inside(p)).map(boxOfAny))
}

/**
 * Writes one block: its layout direction, initial arrow and arrows, then its `any state` node and
 * children (a parallel state's regions, the `any state` node included, separated by `--`).
 */
function drawBlock(
  d: Drawing,
  block: { path: string; type: ChartState['type'] | 'root'; initial: string | null; children: ReadonlyArray<ChartState> },
  indent: string,
) {
  if (block.path !== '' && widestStep(block.path, block.initial, d.arrows.get(block.path) ?? []) >= LEFT_TO_RIGHT_FROM_FANOUT) d.lines.push(`${indent}direction LR`)
  if (block.initial) d.lines.push(`${indent}[*] --> ${idOf(block.initial)}`)
  for (const a of d.arrows.get(block.path) ?? []) d.lines.push(`${indent}${idOf(a.source)} --> ${idOf(a.target)}: ${a.labels.join('<br/>')}`)
  const parts: Array<() => void> = []
  if (d.anyBoxes.has(block.path)) parts.push(() => d.lines.push(`${indent}state "any state" as ${idOf(anyOf(block.path))}`))
  for (const child of block.children) parts.push(() => drawState(d, child, indent))
  parts.forEach((draw, i) => {
    if (block.type === 'parallel' && i > 0) d.lines.push(`${indent}--`)
    draw()
  })
}

function drawState(d: Drawing, state: ChartState, indent: string) {
  const declaration = `${indent}state ${quoted(stateLabel(state))} as ${idOf(state.path)}`
  if (state.children.length === 0) d.lines.push(declaration)
  else {
    d.lines.push(`${declaration} {`)
    drawBlock(d, state, `${indent}  `)
    d.lines.push(`${indent}}`)
  }
  if (state.type === 'final') d.lines.push(`${indent}${idOf(state.path)} --> [*]`)
}

/** The closing style lines: `any state` nodes dashed and italic, states outside a region dashed. */
function styles(d: Drawing, outside: ReadonlyArray<string>) {
  if (d.anyBoxes.size) {
    d.lines.push('  classDef anyState font-style:italic,stroke-dasharray:4 4')
    d.lines.push(`  class ${[...d.anyBoxes].map((b) => idOf(anyOf(b))).join(', ')} anyState`)
  }
  if (outside.length) {
    d.lines.push('  classDef outside stroke-dasharray:4 4')
    d.lines.push(`  class ${outside.map(idOf).join(', ')} outside`)
  }
}

/** The Mermaid `stateDiagram-v2` source of a whole machine: the overview chart of its page. */
export function mermaidOf(chart: Chart): string {
  if (chart.states.length === 0) return ['stateDiagram-v2', `  [*] --> ${chart.id}`].join('\n')
  const transitions = drawnTransitions(chart)
  const boxes = boxesOf(chart.states)
  const d: Drawing = { lines: ['stateDiagram-v2'], arrows: arrowsByBlock(transitions, boxes), anyBoxes: anyBoxesOf(transitions, () => true) }
  const top = { path: '', initial: chart.initial, children: chart.states }
  if (chart.type === 'parallel') {
    d.lines.push(`  state ${quoted(`${chart.id} (parallel)`)} as ${MACHINE_BOX_ID} {`)
    drawBlock(d, { ...top, type: 'parallel' }, '    ')
    d.lines.push('  }')
  } else drawBlock(d, { ...top, type: 'root' }, '  ')
  styles(d, [])
  return d.lines.join('\n')
}

/** The Mermaid source of a machine (`mermaidOf` its chart). */
export function toMermaid(machine: AnyStateMachine): string {
  return mermaidOf(chartOf(machine))
}

/** One region of a parallel state, drawn on its own. */
export interface RegionChart {
  /** The region's path (`signedIn.list`); the parallel state is its parent (`''` for the machine). */
  readonly path: string
  readonly parallel: string
  readonly mermaid: string
}

/**
 * One diagram of a region: its states and every transition touching them. A state outside the
 * region that a transition leads to or comes from is drawn beside the region's box, dashed and
 * labelled with its whole path.
 */
function regionMermaid(chart: Chart, region: ChartState): string {
  const inside = (path: string) => within(path, region.path)
  const touching = drawnTransitions(chart).filter((t) => inside(t.source) || inside(t.target))
  const outside = [...new Set(touching.flatMap((t) => [t.source, t.target]).filter((p) => !inside(p)))]
  const d: Drawing = { lines: ['stateDiagram-v2'], arrows: arrowsByBlock(touching, boxesOf([region])), anyBoxes: anyBoxesOf(touching, inside) }
  for (const path of outside) d.lines.push(`  state ${quoted(isAny(path) ? `${boxOfAny(path) || chart.id}: any state` : path)} as ${idOf(path)}`)
  drawBlock(d, { path: '', type: 'root', initial: null, children: [region] }, '  ')
  styles(d, outside)
  return d.lines.join('\n')
}

/**
 * One diagram per region of every parallel state (the machine's own regions first, then in
 * definition order), for machines with a parallel state and at least `fromStates` states
 * (`REGION_CHARTS_FROM_STATES`); none for smaller ones, whose overview reads well alone.
 */
export function regionCharts(chart: Chart, fromStates = REGION_CHARTS_FROM_STATES): RegionChart[] {
  const all: ChartState[] = []
  const walk = (s: ChartState) => {
    all.push(s)
    s.children.forEach(walk)
  }
  chart.states.forEach(walk)
  const parallels = [...(chart.type === 'parallel' ? [{ path: '', children: chart.states }] : []), ...all.filter((s) => s.type === 'parallel')]
  if (parallels.length === 0 || all.length < fromStates) return []
  return parallels.flatMap((p) => p.children.map((region) => ({ path: region.path, parallel: p.path, mermaid: regionMermaid(chart, region) })))
}
