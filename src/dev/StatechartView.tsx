/**
 * A machine's statechart drawn from its definition (machines/statechart.ts, the reader behind
 * docs/machines): each state a box, compound states holding their children, parallel regions
 * dashed, final states doubled, the initial child marked ●, and under each state the transitions
 * leaving it (`event [guard] → target`). Active states are outlined. Development tooling: used by
 * the Statecharts stories and the dev inspector, never by the app's pages.
 */
import type { ReactNode } from 'react'
import type { Chart, ChartState, ChartTransition } from '../../machines/statechart.ts'
import * as css from './StatechartView.css.ts'

export interface StatechartViewProps {
  readonly chart: Chart
  /** Active state paths (compound ones included), outlined; see `activePaths`. */
  readonly active?: ReadonlySet<string>
  /** Something to show under a state, by path (e.g. its stories). */
  readonly notes?: ReadonlyMap<string, ReactNode>
}

/** The chart, nested boxes with their transitions. */
export function StatechartView({ chart, active, notes }: StatechartViewProps) {
  const bySource = new Map<string, ChartTransition[]>()
  for (const t of chart.transitions) bySource.set(t.source, [...(bySource.get(t.source) ?? []), t])
  return (
    <div className={css.chart} role="tree" aria-label={`${chart.id} statechart`}>
      {chart.states.map((s) => (
        <StateBox key={s.path} state={s} initial={chart.initial === s.path} bySource={bySource} active={active} notes={notes} />
      ))}
    </div>
  )
}

function StateBox({ state, initial, bySource, active, notes }: { state: ChartState; initial: boolean; bySource: Map<string, ChartTransition[]>; active?: ReadonlySet<string>; notes?: ReadonlyMap<string, ReactNode> }) {
  const isActive = active?.has(state.path) ?? false
  const out = bySource.get(state.path) ?? []
  const note = notes?.get(state.path)
  return (
    <div
      role="treeitem"
      aria-selected={isActive}
      aria-label={state.path}
      data-state={state.path}
      data-active={isActive || undefined}
      className={`${css.state[state.type]} ${isActive ? css.active : ''}`}
    >
      <div className={css.name}>
        {initial && (
          <span className={css.initialMark} title="initial state" aria-label="initial">
            ●
          </span>
        )}
        <span>{state.key}</span>
        {state.type !== 'atomic' && <span className={css.kind}>{state.type}</span>}
      </div>
      {out.length > 0 && (
        <ul className={css.transitions} aria-label={`transitions from ${state.path}`}>
          {out.map((t, i) => (
            <li key={i} className={css.transition}>
              <span className={css.event}>{t.event}</span>
              {t.guard ? ` [${t.guard}]` : ''} → {t.target === t.source ? '(self)' : t.target}
            </li>
          ))}
        </ul>
      )}
      {note && <div className={css.note}>{note}</div>}
      {state.children.length > 0 && (
        <div className={css.children} role="group">
          {state.children.map((c) => (
            <StateBox key={c.path} state={c} initial={state.initial === c.path} bySource={bySource} active={active} notes={notes} />
          ))}
        </div>
      )}
    </div>
  )
}

/** The same transitions as a table (source, event, guard, target), for reading and screen readers. */
export function TransitionTable({ chart }: { readonly chart: Chart }) {
  return (
    <table className={css.table} aria-label={`${chart.id} transitions`}>
      <thead>
        <tr>
          <th scope="col">from</th>
          <th scope="col">event</th>
          <th scope="col">guard</th>
          <th scope="col">to</th>
        </tr>
      </thead>
      <tbody>
        {chart.transitions.map((t, i) => (
          <tr key={i}>
            <td>{t.source}</td>
            <td>{t.event}</td>
            <td>{t.guard ?? ''}</td>
            <td>{t.target === t.source ? '(self)' : t.target}</td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}
