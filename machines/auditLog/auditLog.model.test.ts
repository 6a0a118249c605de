import { type SnapshotFrom, SimulatedClock, createActor } from 'xstate'
import { describe, expect, it } from 'vitest'
import type { AuditActor, AuditLogPage } from '../../contract/audit.ts'
import { walkEveryTransition } from '../testing/model-walk.ts'
import { controllable, settleActorEvent } from '../testing/stubs.ts'
import { acmeAuditActors, firstAuditPage, lastAuditPage } from './auditLog.fixtures.ts'
import {
  type AuditExportFile,
  type AuditLogEmitted,
  type AuditLogEvent,
  type AuditLogFilters,
  type AuditPageRequest,
  AUDIT_PEOPLE_DEBOUNCE_MS,
  auditLogMachine,
} from './auditLog.machine.ts'
import { selectAuditLogStatus, selectHasMore, selectIsExporting, selectIsLoadingMore } from './auditLog.selectors.ts'

type ModelEvent = AuditLogEvent | { type: `xstate.${string}`; output?: unknown; error?: unknown }
const done = (id: string, output: unknown) => ({ type: `xstate.done.actor.${id}`, output }) as const
const error = (id: string, e: unknown) => ({ type: `xstate.error.actor.${id}`, error: e }) as const

const forbidden = Object.assign(new Error('You need the View permission on Workspace to do this.'), { status: 403, code: 'forbidden', issues: [] })
const file: AuditExportFile = { filename: 'audit-log-2026-11-25.csv', data: new Blob(['When (UTC)\n']) }
const bySam: AuditLogFilters = { actor: 'u-sam', kind: null }
const PEOPLE_DEBOUNCED = 'xstate.after.peopleDebounce.auditLog.people.debouncing'
const samChoices: ReadonlyArray<AuditActor> = acmeAuditActors.filter((a) => a.label.toLowerCase().includes('sam'))

/**
 * Offered events. Bounded: the filters alternate between none and Sam's, a first page has a
 * further page and a further page is the last, so the walk ends.
 */
function events(s: SnapshotFrom<typeof auditLogMachine>): ModelEvent[] {
  return [
    ...(s.matches({ list: 'loading' }) ? [done('loadPage', firstAuditPage), error('loadPage', forbidden)] : []),
    ...(s.matches({ list: 'loadingMore' }) ? [done('loadMore', lastAuditPage), error('loadMore', new Error('offline'))] : []),
    ...(s.matches({ export: 'exporting' }) ? [done('exportCsv', file), error('exportCsv', forbidden)] : []),
    ...(s.matches({ people: 'loading' }) ? [done('loadActors', s.context.peopleQuery === '' ? acmeAuditActors : samChoices), error('loadActors', new Error('offline'))] : []),
    { type: 'auditLog.filter', filters: s.context.filters.actor === null ? bySam : { actor: null, kind: null } },
    { type: 'auditLog.filter', filters: s.context.filters },
    { type: 'auditLog.loadMore' },
    { type: 'auditLog.retry' },
    { type: 'auditLog.export' },
    // The person filter: typing 'sam' (again only while it waits: later it would only repeat it), then the pause.
    ...(s.context.peopleQuery === '' || s.matches({ people: 'debouncing' }) ? [{ type: 'auditLog.searchPeople' as const, query: 'sam' }] : []),
    { type: PEOPLE_DEBOUNCED },
  ]
}

describe('auditLog (model)', () => {
  it('walks every transition on a real actor: pages follow the filters, exports save a file or say why', async () => {
    const result = await walkEveryTransition({
      machine: auditLogMachine,
      input: {},
      events: events as never,
      // What guards and the offered events read: the state, the filters, whether a further page exists, how many entries.
      serializeState: (s) => JSON.stringify([s.value, s.context.filters, s.context.nextCursor, s.context.items.length, s.context.moreError !== null, s.context.peopleQuery, s.context.actors.length]),
      start: (inspect) => {
        // Both list invokes (`loadPage` and `loadMore`) run the `loadPage` logic, one at a time.
        const loadPage = controllable<AuditLogPage, AuditPageRequest>()
        const loadActors = controllable<ReadonlyArray<AuditActor>, { query: string }>()
        const clock = new SimulatedClock()
        const exportCsv = controllable<AuditExportFile, AuditLogFilters>()
        const saved: AuditExportFile[] = []
        const emitted: AuditLogEmitted[] = []
        const actor = createActor(
          auditLogMachine.provide({
            actors: { loadPage: loadPage.logic, loadActors: loadActors.logic, exportCsv: exportCsv.logic },
            actions: { saveFile: (_, params) => void saved.push(params.file) },
          }),
          { inspect, input: {}, clock },
        )
        actor.on('*', (e) => emitted.push(e))
        actor.start()
        const stubs = { loadPage, loadMore: loadPage, loadActors, exportCsv }
        return {
          actor,
          exec: async (event) => {
            const e = event as ModelEvent
            if (e.type === PEOPLE_DEBOUNCED) return clock.increment(AUDIT_PEOPLE_DEBOUNCE_MS)
            if (await settleActorEvent(e, stubs)) return
            actor.send(e as AuditLogEvent)
          },
          check: (s) => {
            const c = s.context
            const status = selectAuditLogStatus(s)
            if (s.matches({ list: 'loading' })) {
              expect(status).toBe('loading')
              expect(c.items).toEqual([])
              // The page asked for is the newest one of the current filters.
              expect(loadPage.calls.at(-1)).toEqual({ ...c.filters, before: null })
            }
            if (s.matches({ list: 'failed' })) {
              expect(status).toBe('failed')
              expect(c.loadError).toBe(forbidden.message)
            }
            if (s.matches({ list: 'loadingMore' })) {
              expect(selectIsLoadingMore(s)).toBe(true)
              expect(loadPage.calls.at(-1)).toEqual({ ...c.filters, before: 'cursor-2' })
            }
            // 'Load more' shows only while there is a further page and a list to add it to.
            expect(selectHasMore(s)).toBe(c.nextCursor !== null && (s.matches({ list: 'loaded' }) || s.matches({ list: 'loadingMore' })))
            const ids = c.items.map((i) => i.id)
            expect(new Set(ids).size).toBe(ids.length)
            expect(selectIsExporting(s)).toBe(s.matches({ export: 'exporting' }))
            // An export keeps the filters it started with (a later change does not alter the file).
            if (s.matches({ export: 'exporting' })) expect([bySam, { actor: null, kind: null }]).toContainEqual(exportCsv.calls.at(-1))
            // A file is saved exactly when an export succeeded, and said so.
            expect(saved.length).toBe(emitted.filter((e) => e.type === 'auditLog.exported').length)
            // Every filter change was announced, the last one being the current filters.
            const changes = emitted.filter((e) => e.type === 'auditLog.filtersChanged')
            if (changes.length > 0) expect(changes.at(-1)?.filters).toEqual(c.filters)
            // The choices are the server's answer to what was typed; the ones on screen stay while a search waits.
            if (s.matches({ people: 'ready' })) expect(c.actors).toEqual(c.peopleQuery === '' ? acmeAuditActors : samChoices)
            if (s.matches({ people: 'loading' })) expect(loadActors.calls.at(-1)).toEqual({ query: c.peopleQuery })
            expect([[], acmeAuditActors, samChoices]).toContainEqual(c.actors)
          },
          stop: () => actor.stop(),
        }
      },
    })
    expect(result.failures).toEqual([])
    expect(result.unwalked).toEqual([])
    expect(result.walked.length).toBe(result.defined.length)
  })
})
