/**
 * CONVENTIONS: one story per machine state a person can see. Every leaf state of every machine
 * with stories (machines/registry.ts) must be declared by a story's `parameters.machineState`
 * or skipped with a written reason in the entry's `unseenStates` (stories/machine-states.ts).
 */
import { describe, expect, it } from 'vitest'
import { machines } from '../machines/registry.ts'
import { type StoryModule, coverageProblems, declaredStories, machineCoverage } from '../stories/machine-states.ts'

const modules = import.meta.glob<StoryModule>('../stories/*.stories.tsx', { eager: true })
const stories = declaredStories(modules)

describe('story coverage of machine states', () => {
  it('finds the story files', () => {
    expect(Object.keys(modules).length).toBeGreaterThan(5)
    expect(stories.length).toBeGreaterThan(20)
  })

  it('has no declaration naming an unknown machine or state, and no stale skip reason', () => {
    expect(coverageProblems(machines, stories)).toEqual([])
  })

  const withStories = machines.filter((m) => !('none' in m.stories))
  it.each(withStories.map((m) => [m.machine.id, m] as const))('%s: every leaf state has a story or a written reason', (id, entry) => {
    const missing = machineCoverage(entry, stories).filter((c) => c.kind === 'missing').map((c) => c.state)
    expect(
      missing,
      `${id} has leaf states with no story: declare them in a story's parameters.machineState = { machine: '${id}', state: '<state>' } ` +
        `or give a reason in machines/registry.ts unseenStates: { '<state>': '<why a person cannot see it>' }`,
    ).toEqual([])
  })

  it('counts a story for every leaf of the configuration it declares (parallel regions included)', () => {
    const sidebar = machines.find((m) => m.machine.id === 'sidebar')!
    const fake = declaredStories({
      './Fake.stories.tsx': { default: { title: 'Fake' }, A: { parameters: { machineState: { machine: 'sidebar', state: { panel: 'collapsed', mode: { drawer: 'open' } } } } } },
    })
    const covered = machineCoverage({ ...sidebar, unseenStates: {} }, fake).filter((c) => c.kind === 'story').map((c) => c.state)
    expect(covered).toEqual(expect.arrayContaining(['panel.collapsed', 'mode.drawer.open', 'viewport.steady', 'presence.offscreen']))
    expect(covered).not.toContain('panel.expanded')
  })

  it('reports a declaration of a state the machine does not have', () => {
    const fake = declaredStories({ './Fake.stories.tsx': { default: { title: 'Fake' }, A: { parameters: { machineState: { machine: 'toasts', state: 'nowhere' } } } } })
    expect(coverageProblems(machines, fake).join('\n')).toContain("Fake.stories.tsx › A: state \"nowhere\" is not a state of 'toasts'")
  })
})
