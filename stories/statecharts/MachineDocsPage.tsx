/**
 * One machine's docs page: the docs page of its Machines/<id> node in Storybook (chosen in
 * .storybook/docs-page.tsx) and its page in Statecharts/All machines. It shows the summary and
 * spec sections, the chart drawn from the definition (the reader behind docs/machines) with the
 * stories of every leaf state, then every state with what it means to a person and its stories
 * (or the written reason it has none), every event with what sends it and where it leads, and the
 * transitions as a table. The sentences come from the machine's `<id>.docs.ts` (machines/docs.ts).
 */
import { toId, storyNameFromExport } from 'storybook/internal/csf'
import { type CSSProperties, Fragment, type ReactNode } from 'react'
import { machineDocs } from '../../machines/docs.ts'
import { documentedEvents } from '../../machines/machine-docs.ts'
import { machines } from '../../machines/registry.ts'
import { type ChartState, chartOf } from '../../machines/statechart.ts'
import { StatechartView, TransitionTable } from '../../src/dev/StatechartView.tsx'
import { type DeclaredStory, type LeafCoverage, type StoryModule, declaredStories, machineCoverage } from '../machine-states.ts'
import * as css from './MachineDocsPage.css.ts'

const modules = import.meta.glob<StoryModule>(['../*.stories.tsx', '!../Statecharts.stories.tsx'], { eager: true })
const stories = declaredStories(modules)

/** Where a story opens in the Storybook UI (relative, so the static site works under any path). */
const storyHref = (title: string, exportName: string) => `./?path=/story/${toId(title, storyNameFromExport(exportName))}`

function StoryLinks({ stories }: { readonly stories: ReadonlyArray<DeclaredStory> }) {
  return stories.map((s, i) => (
    <span key={`${s.file}:${s.exportName}`}>
      {i > 0 && ', '}
      <a href={storyHref(s.title, s.exportName)} target="_top">
        {storyNameFromExport(s.exportName)}
      </a>
    </span>
  ))
}

/** What the page says of a leaf state's stories: links, the reason it has none, or the coverage test's failure. */
function coverageNote(leaf: LeafCoverage): ReactNode {
  if (leaf.kind === 'story') return <StoryLinks stories={leaf.stories} />
  if (leaf.kind === 'unseen') return <span className={css.muted}>No story: {leaf.reason}</span>
  return <strong role="status">No story and no reason (scripts/story-coverage.test.ts fails)</strong>
}

/** An event type or state path that may wrap after each dot (`notifications.<wbr>applyToEach`). */
function Dotted({ text }: { readonly text: string }) {
  return text.split('.').map((part, i) => (
    <Fragment key={i}>
      {i > 0 && (
        <>
          .<wbr />
        </>
      )}
      {part}
    </Fragment>
  ))
}

/** The states in document order with their depth, for the states table. */
/** The head of the States and Events tables: the name, what it means, and `last` when given. */
function TableHead({ name, last }: { readonly name: string; readonly last?: string | undefined }) {
  return (
    <>
      <colgroup>
        <col className={css.nameColumn} />
        <col className={css.meaningColumn} />
        <col />
      </colgroup>
      <thead>
        <tr>
          <th scope="col">{name}</th>
          <th scope="col">What it means</th>
          {last !== undefined && <th scope="col">{last}</th>}
        </tr>
      </thead>
    </>
  )
}

function flatStates(states: ReadonlyArray<ChartState>, depth = 0): Array<{ state: ChartState; depth: number }> {
  return states.flatMap((state) => [{ state, depth }, ...flatStates(state.children, depth + 1)])
}

export interface MachineDocsPageProps {
  /** The machine's id in machines/registry.ts. */
  readonly id: string
}

/** The docs of one machine of the registry. */
export function MachineDocsPage({ id }: MachineDocsPageProps) {
  const entry = machines.find((m) => m.machine.id === id)
  if (!entry) return <p role="alert">No machine '{id}' in machines/registry.ts.</p>
  const chart = chartOf(entry.machine)
  const docs = machineDocs[id]
  const withStories = !('none' in entry.stories)
  const coverage = new Map(withStories ? machineCoverage(entry, stories).map((leaf) => [leaf.state, leaf]) : [])
  const notes = new Map([...coverage].map(([state, leaf]) => [state, coverageNote(leaf)]))
  const allTransitions = [...chart.machineTransitions, ...chart.transitions]
  return (
    <article className={css.page}>
      <header>
        <h1 className={css.title}>
          <code>{id}</code> machine
        </h1>
        <p className={css.lead}>{entry.summary}</p>
        <p className={css.muted}>
          {entry.file} · SPEC.md {entry.spec.join('; ')} · docs/machines/{id}.md
        </p>
        {'none' in entry.stories && <p>No stories: {entry.stories.none}</p>}
      </header>
      <section aria-labelledby={`${id}-chart`}>
        <h2 id={`${id}-chart`} className={css.heading}>
          Chart
        </h2>
        <StatechartView chart={chart} notes={notes} />
      </section>
      <section aria-labelledby={`${id}-states`}>
        <h2 id={`${id}-states`} className={css.heading}>
          States
        </h2>
        <table className={css.table} aria-labelledby={`${id}-states`}>
          <TableHead name="State" last={withStories ? 'Stories' : undefined} />
          <tbody>
            {flatStates(chart.states).map(({ state, depth }) => {
              const leaf = coverage.get(state.path)
              return (
                <tr key={state.path}>
                  <th scope="row" className={css.stateCell} style={{ [css.depthProperty]: depth } as CSSProperties}>
                    <code>{state.key}</code>
                    {state.type !== 'atomic' && <span className={css.muted}> {state.type}</span>}
                  </th>
                  <td>{docs?.states[state.path] ?? <strong role="status">No sentence (scripts/machine-docs.test.ts fails)</strong>}</td>
                  {withStories && <td>{leaf ? coverageNote(leaf) : <span className={css.muted}>Through its states below.</span>}</td>}
                </tr>
              )
            })}
          </tbody>
        </table>
      </section>
      <section aria-labelledby={`${id}-events`}>
        <h2 id={`${id}-events`} className={css.heading}>
          Events
        </h2>
        <table className={css.table} aria-labelledby={`${id}-events`}>
          <TableHead name="Event" last="Handled in → leads to" />
          <tbody>
            {documentedEvents(entry.machine).map((type) => (
              <tr key={type}>
                <th scope="row" className={css.stateCell}>
                  <code>
                    <Dotted text={type} />
                  </code>
                </th>
                <td>{docs?.events[type] ?? <strong role="status">No sentence (scripts/machine-docs.test.ts fails)</strong>}</td>
                <td>
                  <ul className={css.list}>
                    {allTransitions
                      .filter((t) => t.event === type)
                      .map((t, i) => (
                        <li key={i}>
                          <code>{t.source ? <Dotted text={t.source} /> : 'any state'}</code>
                          {t.guard && <span className={css.muted}> if {t.guard}</span>} →{' '}
                          <code>{t.target === t.source || !t.target ? '(stays)' : <Dotted text={t.target} />}</code>
                        </li>
                      ))}
                  </ul>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      {chart.transitions.length > 0 && (
        <section aria-labelledby={`${id}-transitions`}>
          <h2 id={`${id}-transitions`} className={css.heading}>
            Transitions
          </h2>
          <TransitionTable chart={chart} />
        </section>
      )}
    </article>
  )
}
