/**
 * One machine's page in the Statecharts section: its summary and spec sections, its chart drawn
 * from the definition (the reader behind docs/machines), and under every leaf state the stories
 * that show it (links), or the written reason it has none, or a warning that it has neither.
 */
import { toId, storyNameFromExport } from 'storybook/internal/csf'
import type { ReactNode } from 'react'
import { machines } from '../../machines/registry.ts'
import { chartOf } from '../../machines/statechart.ts'
import { StatechartView, TransitionTable } from '../../src/dev/StatechartView.tsx'
import { type StoryModule, declaredStories, machineCoverage } from '../machine-states.ts'

const modules = import.meta.glob<StoryModule>(['../*.stories.tsx', '!../Statecharts.stories.tsx'], { eager: true })
const stories = declaredStories(modules)

/** Where a story opens in the Storybook UI (relative, so the static site works under any path). */
const storyHref = (title: string, exportName: string) => `./?path=/story/${toId(title, storyNameFromExport(exportName))}`

export interface MachineChartPageProps {
  /** The machine's id in machines/registry.ts. */
  readonly id: string
}

/** The chart and story coverage of one machine of the registry. */
export function MachineChartPage({ id }: MachineChartPageProps) {
  const entry = machines.find((m) => m.machine.id === id)
  if (!entry) return <p role="alert">No machine '{id}' in machines/registry.ts.</p>
  const chart = chartOf(entry.machine)
  const notes = new Map<string, ReactNode>()
  const withStories = !('none' in entry.stories)
  if (withStories) {
    for (const leaf of machineCoverage(entry, stories)) {
      if (leaf.kind === 'story') {
        notes.set(
          leaf.state,
          <span>
            Stories:{' '}
            {leaf.stories.map((s, i) => (
              <span key={`${s.file}:${s.exportName}`}>
                {i > 0 && ', '}
                <a href={storyHref(s.title, s.exportName)} target="_top">
                  {s.title.split('/').pop()} › {storyNameFromExport(s.exportName)}
                </a>
              </span>
            ))}
          </span>,
        )
      } else if (leaf.kind === 'unseen') {
        notes.set(leaf.state, <span>No story: {leaf.reason}</span>)
      } else {
        notes.set(leaf.state, <strong role="status">No story and no reason (scripts/story-coverage.test.ts fails)</strong>)
      }
    }
  }
  return (
    <article style={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
      <header>
        <h1 style={{ margin: '0 0 4px' }}>
          <code>{id}</code> machine
        </h1>
        <p style={{ margin: 0 }}>{entry.summary}</p>
        <p style={{ margin: '4px 0 0', opacity: 0.75 }}>
          {entry.file} · SPEC.md {entry.spec.join('; ')} · docs/machines/{id}.md
        </p>
        {!withStories && 'none' in entry.stories && <p>No stories: {entry.stories.none}</p>}
      </header>
      <StatechartView chart={chart} notes={notes} />
      {chart.transitions.length > 0 && (
        <section aria-label="Transitions">
          <h2 style={{ fontSize: '1rem', margin: '8px 0 4px' }}>Transitions</h2>
          <TransitionTable chart={chart} />
        </section>
      )}
    </article>
  )
}
