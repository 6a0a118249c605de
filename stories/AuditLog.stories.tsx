/**
 * The Audit log page (Audit log; Account & Billing), one story per state a person can
 * see. The machine starts from a saved state (`resolveState`) with stubbed actors that never
 * settle, so a story shows exactly that state; the rows are read at a fixed "now". Providers
 * are stubs: an API whose calls never answer, a toasts actor and a super admin's permissions.
 * Choose the toolbar's Mobile viewport for the stacked (card) layout at 390 px.
 */
import type { Meta, StoryObj } from '@storybook/react-vite'
import { useState } from 'react'
import { createActor, fromPromise, type StateValue } from 'xstate'
import type { AuditActor, AuditLogPage } from '../contract/audit.ts'
import { AUDIT_NOW_MS, acmeAuditActors, firstAuditPage, lastAuditPage } from '../machines/auditLog/auditLog.fixtures.ts'
import { type AuditExportFile, type AuditLogContext, auditLogMachine } from '../machines/auditLog/auditLog.machine.ts'
import { AuditLogView } from '../src/pages/settings/AuditLogView.tsx'
import { pending, withProviders } from './settings-stories.tsx'

const meta: Meta = { title: 'Machines/auditLog', decorators: [withProviders] }
export default meta
type Story = StoryObj

const allEntries = [...firstAuditPage.items, ...lastAuditPage.items]
const defaults: AuditLogContext = {
  filters: { actor: null, kind: null },
  items: firstAuditPage.items,
  nextCursor: firstAuditPage.next_cursor,
  loadError: null,
  moreError: null,
  actors: acmeAuditActors,
  peopleQuery: '',
}

/** A story of the page over an actor in `value` (regions left out: list loaded, no export, people ready). */
function auditLogIn(value: { list: string; export?: string; people?: string }, context: Partial<AuditLogContext> = {}): Story {
  const state: StateValue = { list: value.list, export: value.export ?? 'idle', people: value.people ?? 'ready' }
  return {
    parameters: { machineState: { machine: auditLogMachine.id, state } },
    render: function Render() {
      const [actor] = useState(() => {
        const machine = auditLogMachine.provide({
          actors: {
            loadPage: fromPromise(() => pending<AuditLogPage>()),
            loadActors: fromPromise(() => pending<ReadonlyArray<AuditActor>>()),
            exportCsv: fromPromise(() => pending<AuditExportFile>()),
          },
        })
        const full = { ...defaults, ...context }
        return createActor(machine, { input: { filters: full.filters }, snapshot: machine.resolveState({ value: state, context: full }) }).start()
      })
      return <AuditLogView actor={actor} now={AUDIT_NOW_MS} />
    },
  }
}

/** `list.loading`, `people.loading`: the skeleton under the filters. */
export const Loading = auditLogIn({ list: 'loading', people: 'loading' }, { items: [], nextCursor: null, actors: [] })

/** `list.loaded`: the newest entries, with 'Load more' for the next page. */
export const Loaded = auditLogIn({ list: 'loaded' })

/** `list.loaded` on the last page: every entry read, no 'Load more'. */
export const LoadedAll = auditLogIn({ list: 'loaded' }, { items: allEntries, nextCursor: null })

/** `list.loaded`, filtered by person and action (as from `?actor=u-sam&kind=member.roles_changed`). */
export const Filtered = auditLogIn(
  { list: 'loaded' },
  { filters: { actor: 'u-ada', kind: 'member.roles_changed' }, items: firstAuditPage.items.filter((i) => i.kind === 'member.roles_changed'), nextCursor: null },
)

/** `list.loaded` after a failed 'Load more': the reason, and 'Try again'. */
export const LoadMoreFailed = auditLogIn({ list: 'loaded' }, { moreError: 'Could not reach the server. Check your connection and try again.' })

/** `list.loaded` with no entry at all. */
export const Empty = auditLogIn({ list: 'loaded' }, { items: [], nextCursor: null })

/** `list.loaded`: filters that match no entry, with 'Clear filters'. */
export const NoMatch = auditLogIn({ list: 'loaded' }, { filters: { actor: null, kind: 'session.revoked' }, items: [], nextCursor: null })

/** `people.debouncing`: 'sam' typed in the person filter; its choices are asked for once typing pauses. */
export const PeopleSearching = auditLogIn({ list: 'loaded', people: 'debouncing' }, { peopleQuery: 'sam' })

/** `export.exporting`: 'Export CSV' is busy while the file downloads. */
export const Exporting = auditLogIn({ list: 'loaded', export: 'exporting' })

/** `list.loadingMore`: 'Load more' is busy; the entries stay. */
export const LoadingMore = auditLogIn({ list: 'loadingMore' })

/** `list.failed`, `people.failed`: the server's message and 'Try again'; the person filter offers Everyone only. */
export const Failed = auditLogIn(
  { list: 'failed', people: 'failed' },
  { items: [], nextCursor: null, actors: [], loadError: 'You need the View permission on Workspace to do this.' },
)
