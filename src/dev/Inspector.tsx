/**
 * Development only: the live inspector panel (docs/machines/README.md). Lists the actors of the
 * root system with their current state; for the selected one, its state value, its context
 * (secrets redacted), the last events it received, and its statechart with the active states
 * outlined (src/dev/StatechartView.tsx). Reads an `InspectionHub`; sends nothing to the actors.
 */
import { useMemo, useState, useSyncExternalStore } from 'react'
import { Button } from 'react-aria-components'
import type { AnyStateMachine } from 'xstate'
import { activePaths, chartOf } from '../../machines/statechart.ts'
import type { InspectedActor, InspectionHub } from './inspection.ts'
import * as css from './Inspector.css.ts'
import { StatechartView } from './StatechartView.tsx'

/** A state value as one line: `signedIn.list.idle`, parallel regions joined by ' | '. */
export function formatValue(value: unknown): string {
  if (value === undefined) return '—'
  if (typeof value === 'string') return value
  if (!value || typeof value !== 'object') return String(value)
  return activePaths(value)
    .filter((p, _, all) => !all.some((q) => q.startsWith(`${p}.`)))
    .join(' | ')
}

const isMachine = (logic: unknown): logic is AnyStateMachine => !!logic && typeof logic === 'object' && 'root' in logic && 'resolveState' in logic
/** The name a person knows an actor by: its system id, (the root) its machine's id, or its parent's name › its invoke id. */
function labelIn(actors: ReadonlyArray<InspectedActor>, a: InspectedActor): string {
  if (a.systemId) return a.systemId
  const logic = (a.ref as { logic?: unknown }).logic
  if (/^x:\d+$/.test(a.id) && isMachine(logic)) return logic.id
  const parent = actors.find((p) => p.sessionId === a.parentSessionId)
  return parent && parent.parentSessionId !== null ? `${labelIn(actors, parent)} › ${a.id}` : a.id
}

export interface InspectorProps {
  readonly hub: InspectionHub
  readonly onClose: () => void
}

/** The panel. */
export function Inspector({ hub, onClose }: InspectorProps) {
  const actors = useSyncExternalStore(hub.subscribe, hub.actors)
  const events = useSyncExternalStore(hub.subscribe, hub.events)
  const [selectedId, setSelectedId] = useState<string | null>(null)
  const selected = actors.find((a) => a.sessionId === selectedId) ?? actors[0]
  const names = useMemo(() => new Map(actors.map((a) => [a.sessionId, labelIn(actors, a)])), [actors])
  const label = (a: InspectedActor) => names.get(a.sessionId) ?? a.id
  const logic = (selected?.ref as { logic?: unknown } | undefined)?.logic
  const chart = useMemo(() => (isMachine(logic) ? chartOf(logic) : null), [logic])
  const active = useMemo(() => new Set(activePaths(selected?.snapshot.value)), [selected?.snapshot.value])
  const own = events.filter((e) => e.target === selected?.sessionId).slice(0, 20)

  return (
    <aside className={css.panel} aria-label="Statechart inspector" data-engage-inspector="">
      <div className={css.header}>
        <h2 className={css.title}>Statechart inspector</h2>
        <span className={css.muted}>Alt+Shift+I</span>
        <Button className={css.close} onPress={onClose}>
          Close
        </Button>
      </div>
      <div className={css.body}>
        <ul className={css.actors} aria-label="Actors">
          {actors.map((a) => (
            <li key={a.sessionId}>
              <Button className={css.actorButton} data-selected={a === selected || undefined} aria-current={a === selected || undefined} onPress={() => setSelectedId(a.sessionId)}>
                <div>{label(a)}</div>
                <div className={css.muted}>
                  {formatValue(a.snapshot.value)}
                  {a.snapshot.status && a.snapshot.status !== 'active' ? ` (${a.snapshot.status})` : ''}
                </div>
              </Button>
            </li>
          ))}
        </ul>
        {selected && (
          // Scrolls on its own: focusable, so a keyboard can scroll it too.
          <div className={css.detail} role="region" aria-label="Selected actor" tabIndex={0}>
            <div>
              <h3 className={css.section}>
                {label(selected)} <span className={css.muted}>{isMachine(logic) ? `machine ${logic.id}` : 'actor'}</span>
              </h3>
              <p className={css.muted} aria-label="Current state">
                {formatValue(selected.snapshot.value)}
              </p>
            </div>
            <section aria-label="Context">
              <h3 className={css.section}>Context</h3>
              <pre className={css.pre} tabIndex={0}>{JSON.stringify(selected.snapshot.context ?? null, null, 2)}</pre>
            </section>
            <section aria-label="Last events">
              <h3 className={css.section}>Last events</h3>
              {own.length === 0 ? (
                <p className={css.muted}>None since the inspector started.</p>
              ) : (
                <ol className={css.muted}>
                  {own.map((e) => (
                    <li key={e.seq}>
                      {new Date(e.at).toLocaleTimeString()} {e.type}
                      {e.source ? ` from ${names.get(e.source) ?? e.source}` : ''}
                    </li>
                  ))}
                </ol>
              )}
            </section>
            {chart && chart.states.length > 0 && (
              <section aria-label="Statechart">
                <h3 className={css.section}>Statechart</h3>
                <StatechartView chart={chart} active={active} />
              </section>
            )}
          </div>
        )}
      </div>
    </aside>
  )
}
