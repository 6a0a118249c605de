import { describe, expect, it } from 'vitest'
import { createMachine } from 'xstate'
import { machines } from '../machines/registry.ts'
import { type Chart, type ChartState, chartOf } from '../machines/statechart.ts'
import { blockOf, mermaidOf, regionCharts, widestStep } from './statechart-mermaid.ts'

/**
 * A small machine with every case the drawing rules handle: a parallel state with regions, a
 * transition across regions, transitions of a box into itself and of the machine, two events with
 * the same source and target, a final state, an invocation's `done` event.
 */
const lamp = createMachine({
  id: 'lamp',
  initial: 'off',
  on: { 'lamp.reset': { target: '.off' }, 'lamp.ping': {} },
  states: {
    off: { on: { 'lamp.start': 'on', 'lamp.toggle': 'on' } },
    on: {
      type: 'parallel',
      on: { 'lamp.tick': {} },
      states: {
        sound: {
          initial: 'quiet',
          on: { 'lamp.mute': '.quiet' },
          states: { quiet: { on: { 'lamp.loud': 'loud' } }, loud: { invoke: { id: 'beep', src: 'beep', onDone: 'quiet' } } },
        },
        light: {
          initial: 'dim',
          states: {
            dim: { on: { 'lamp.bright': { target: 'bright', guard: 'isDark' }, 'lamp.blast': '#lamp.on.sound.loud' } },
            bright: { on: { 'lamp.done': 'done' } },
            done: { type: 'final' },
          },
        },
      },
    },
  },
})

/**
 * The block each Mermaid id is last mentioned in, which is where Mermaid draws it: `''` for the top
 * level, else the id of the `state … {` block around it (a `--` region stays in its block).
 */
function drawnIn(mermaid: string): Map<string, string> {
  const where = new Map<string, string>()
  const stack: string[] = ['']
  for (const raw of mermaid.split('\n').slice(1)) {
    const line = raw.trim()
    const declared = /^state "[^"]*" as (\S+)( \{)?$/.exec(line)
    const arrow = /^(\S+) --> ([^:\s]+)/.exec(line)
    if (declared) {
      where.set(declared[1]!, stack.at(-1)!)
      if (declared[2]) stack.push(declared[1]!)
    } else if (line === '}') stack.pop()
    else if (arrow) for (const id of [arrow[1]!, arrow[2]!]) if (id !== '[*]') where.set(id, stack.at(-1)!)
  }
  return where
}

/** Where each state belongs: its parent's Mermaid id (`''` at the top level; the machine's box for a parallel machine). */
function parentsOf(chart: Chart): Map<string, string> {
  const top = chart.type === 'parallel' ? 'machine__root' : ''
  const parents = new Map<string, string>()
  const walk = (s: ChartState, parent: string) => {
    const id = s.path.split('.').join('__')
    parents.set(id, parent)
    s.children.forEach((c) => walk(c, id))
  }
  chart.states.forEach((s) => walk(s, top))
  return parents
}

describe('Mermaid charts of docs/machines', () => {
  const chart = chartOf(lamp)
  const mermaid = mermaidOf(chart)

  it('labels every state with its own name and keeps the path as its id', () => {
    expect(mermaid).toContain('state "quiet" as on__sound__quiet')
    expect(mermaid).toContain('state "dim" as on__light__dim')
    expect(mermaid).toContain('state "sound" as on__sound {')
    expect(mermaid).not.toMatch(/state on__/)
  })

  it('marks a parallel state and separates its regions with --', () => {
    const block = mermaid.slice(mermaid.indexOf('state "on (parallel)" as on {'))
    const inOn = block.slice(0, block.indexOf('\n  }\n') === -1 ? undefined : block.indexOf('\n  }\n'))
    // The `any state` node of `on` (its lamp.tick) is a region of its own, then sound, then light.
    expect(inOn.match(/^ {4}--$/gm)).toHaveLength(2)
    expect(inOn.indexOf('state "any state" as on___any')).toBeLessThan(inOn.indexOf('state "sound" as on__sound {'))
    expect(inOn.indexOf('state "sound" as on__sound {')).toBeLessThan(inOn.indexOf('state "light" as on__light {'))
  })

  it('writes a transition in the innermost state strictly holding both ends, before that state’s children', () => {
    expect(blockOf({ source: 'on.light.dim', target: 'on.sound.loud' })).toBe('on')
    expect(blockOf({ source: 'on.sound', target: 'on.sound.quiet' })).toBe('on')
    expect(blockOf({ source: 'on.sound.quiet', target: 'on.sound.loud' })).toBe('on.sound')
    expect(blockOf({ source: 'off', target: 'on' })).toBe('')
    expect(blockOf({ source: 'on', target: 'on' })).toBe('')
    const across = mermaid.indexOf('on__light__dim --> on__sound__loud: lamp.blast')
    expect(across).toBeGreaterThan(mermaid.indexOf('state "on (parallel)" as on {'))
    expect(across).toBeLessThan(mermaid.indexOf('state "sound" as on__sound {'))
  })

  it('draws every state in its parent’s box (its last mention is there)', () => {
    const where = drawnIn(mermaid)
    for (const [id, parent] of parentsOf(chart)) expect([id, where.get(id)]).toEqual([id, parent])
  })

  it.each(machines.map((m) => [m.machine.id, m.machine] as const))('%s: every state is drawn in its parent’s box', (_, machine) => {
    const machineChart = chartOf(machine)
    const where = drawnIn(mermaidOf(machineChart))
    for (const [id, parent] of parentsOf(machineChart)) expect([id, where.get(id)]).toEqual([id, parent])
  })

  it('starts what a box or the machine handles into itself from its `any state` node', () => {
    expect(mermaid).toContain('_any --> off: lamp.reset')
    expect(mermaid).toContain('_any --> _any: lamp.ping')
    expect(mermaid).toContain('on___any --> on___any: lamp.tick')
    expect(mermaid).toContain('on__sound___any --> on__sound__quiet: lamp.mute')
    expect(mermaid).toMatch(/class .*on__sound___any.* anyState/)
    expect(drawnIn(mermaid).get('on__sound___any')).toBe('on__sound')
  })

  it('draws transitions with the same source and target as one arrow, guards in brackets, finals ending', () => {
    expect(mermaid).toContain('off --> on: lamp.start<br/>lamp.toggle')
    expect(mermaid).toContain('on__light__dim --> on__light__bright: lamp.bright [isDark]')
    expect(mermaid).toContain('on__light__done --> [*]')
  })

  it('writes a label’s colons as entity codes (Mermaid 10 stops at a second colon)', () => {
    expect(mermaid).toContain('on__sound__loud --> on__sound__quiet: done#58; beep')
  })

  it('lays a hub’s children out left to right', () => {
    const arrows = ['a', 'b', 'c', 'd'].map((k) => ({ source: 'box.hub', target: `box.${k}.x` }))
    expect(widestStep('box', 'box.hub', arrows)).toBe(4)
    expect(widestStep('box', 'box.hub', arrows.slice(0, 1))).toBe(1)
    expect(widestStep('box', null, arrows)).toBe(0)
    const hub = createMachine({
      id: 'hub',
      initial: 'ready',
      states: { ready: { initial: 'idle', states: { idle: { on: { a: 'a', b: 'b', c: 'c', d: 'd' } }, a: {}, b: {}, c: {}, d: {} } } },
    })
    expect(mermaidOf(chartOf(hub))).toMatch(/state "ready" as ready \{\n {4}direction LR/)
    expect(mermaid).not.toContain('direction LR')
  })

  it('draws each region of a big machine on its own, with the states outside it dashed', () => {
    expect(regionCharts(chart)).toEqual([])
    const regions = regionCharts(chart, 1)
    expect(regions.map((r) => [r.path, r.parallel])).toEqual([
      ['on.sound', 'on'],
      ['on.light', 'on'],
    ])
    const light = regions[1]!.mermaid
    expect(light).toContain('state "on.sound.loud" as on__sound__loud')
    expect(light).toContain('class on__sound__loud outside')
    expect(light).toContain('state "light" as on__light {')
    expect(light).not.toContain('on__sound__quiet')
    const where = drawnIn(light)
    expect(where.get('on__light__dim')).toBe('on__light')
    expect(where.get('on__sound__loud')).toBe('')
    expect(regions[0]!.mermaid).toContain('state "on.light.dim" as on__light__dim')
  })

  it('draws a parallel machine inside one box titled with its id', () => {
    const both = createMachine({ id: 'both', type: 'parallel', states: { a: { initial: 'x', states: { x: {} } }, b: { initial: 'y', states: { y: {} } } } })
    const drawn = mermaidOf(chartOf(both))
    expect(drawn).toContain('state "both (parallel)" as machine__root {')
    expect(drawn.match(/^ {4}--$/gm)).toHaveLength(1)
  })
})
