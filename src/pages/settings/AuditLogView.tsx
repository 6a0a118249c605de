/**
 * The audit log page's view (Audit log): the person and action filters (Select
 * primitive), 'Export CSV', and the entries in the Table primitive (When, Who, Action, Target,
 * Details, IP address; cards under 768 px, so nothing scrolls sideways at 390 px, leaving out a
 * field the entry has no value for), with 'Load
 * more', a skeleton while loading, the error with 'Try again', and the empty states. Every text
 * from an entry is rendered as text. It reads the `auditLog` actor through selectors and sends
 * events only.
 */
import { useSelector } from '@xstate/react'
import DownloadIcon from 'lucide-react/icons/download'
import ScrollTextIcon from 'lucide-react/icons/scroll-text'
import { useEffect, useMemo, useState } from 'react'
import { VisuallyHidden } from 'react-aria-components'
import type { ActorRefFrom } from 'xstate'
import type { AuditLogMachine } from '../../../machines/auditLog/auditLog.machine.ts'
import {
  ALL_FILTER_ID,
  type AuditRow,
  KIND_OPTIONS,
  kindOfOption,
  selectActorOptions,
  selectAuditFilters,
  selectAuditItems,
  selectAuditLoadError,
  selectAuditLogStatus,
  selectAuditMoreError,
  selectHasMore,
  selectIsExporting,
  selectIsLoadingMore,
  toAuditRows,
} from '../../../machines/auditLog/auditLog.selectors.ts'
import { alert } from '../../ui/FormAlert.css.ts'
import { Button } from '../../ui/primitives/Button/Button.tsx'
import { EmptyState } from '../../ui/primitives/EmptyState/EmptyState.tsx'
import { PageHeader } from '../../ui/primitives/PageHeader/PageHeader.tsx'
import { Select } from '../../ui/primitives/Select/Select.tsx'
import { Skeleton } from '../../ui/primitives/Skeleton/Skeleton.tsx'
import { Table, type TableColumn } from '../../ui/primitives/Table/Table.tsx'
import * as pages from '../pages.css.ts'
import * as css from './AuditLogPage.css.ts'
import { AUDIT_LOG_CRUMBS } from './crumbs.ts'
import { LoadFailed } from './fields.tsx'

export type AuditLogActor = ActorRefFrom<AuditLogMachine>

/** How often the relative times ("5 minutes ago") are brought up to date, in ms. */
const CLOCK_TICK_MS = 60_000

/** The time the rows are read at: `fixed` when given (stories), else now, kept up to date every minute. */
function useNow(fixed: number | undefined): number {
  const [now, setNow] = useState(() => fixed ?? Date.now())
  useEffect(() => {
    if (fixed !== undefined) return
    const id = setInterval(() => setNow(Date.now()), CLOCK_TICK_MS)
    return () => clearInterval(id)
  }, [fixed])
  return fixed ?? now
}

export interface AuditLogViewProps {
  readonly actor: AuditLogActor
  /** The time relative times are counted from (ms since the epoch); default now. */
  readonly now?: number
}

export function AuditLogView({ actor, now }: AuditLogViewProps) {
  const status = useSelector(actor, selectAuditLogStatus)
  const loadError = useSelector(actor, selectAuditLoadError)
  const exporting = useSelector(actor, selectIsExporting)
  return (
    <div className={css.page}>
      <PageHeader
        title="Audit log"
        crumbs={AUDIT_LOG_CRUMBS}
        description="Who did what in this workspace, and when: sign-ins, members, roles and settings."
        actions={
          <Button variant="secondary" icon={<DownloadIcon size={16} aria-hidden="true" />} isPending={exporting} onPress={() => actor.send({ type: 'auditLog.export' })}>
            Export CSV
          </Button>
        }
      />
      <Filters actor={actor} />
      {status === 'loading' && <Skeleton shape="block" count={5} height={44} label="Loading the audit log…" />}
      {status === 'failed' && <LoadFailed message={loadError ?? 'Could not load the audit log.'} onRetry={() => actor.send({ type: 'auditLog.retry' })} />}
      {status === 'empty' && (
        <EmptyState
          icon={<ScrollTextIcon size={28} />}
          title="No audit entries yet"
          description="Sign-ins and changes to members, roles and workspace settings will be listed here."
        />
      )}
      {status === 'noMatch' && (
        <EmptyState
          icon={<ScrollTextIcon size={28} />}
          title="No audit entries match these filters"
          description="Try another person or action."
          action={
            <Button variant="secondary" onPress={() => actor.send({ type: 'auditLog.filter', filters: { actor: null, kind: null } })}>
              Clear filters
            </Button>
          }
        />
      )}
      {status === 'ready' && <Entries actor={actor} now={now} />}
    </div>
  )
}

/** The person and action selects; each pick is sent to the actor, which announces it to the address. */
function Filters({ actor }: { actor: AuditLogActor }) {
  const filters = useSelector(actor, selectAuditFilters)
  const people = useSelector(actor, selectActorOptions)
  return (
    <div className={css.filters} role="group" aria-label="Filters">
      <Select
        label="Person"
        items={people}
        selectedKey={filters.actor ?? ALL_FILTER_ID}
        onSelectionChange={(id) => actor.send({ type: 'auditLog.filter', filters: { ...filters, actor: id === null || id === ALL_FILTER_ID ? null : id } })}
      />
      <Select
        label="Action"
        items={KIND_OPTIONS}
        selectedKey={filters.kind ?? ALL_FILTER_ID}
        onSelectionChange={(id) => actor.send({ type: 'auditLog.filter', filters: { ...filters, kind: kindOfOption(id) } })}
      />
    </div>
  )
}

const dash = <span className={css.none}>—</span>

const COLUMNS: ReadonlyArray<TableColumn<AuditRow>> = [
  {
    id: 'when',
    name: 'When',
    cell: (row) => (
      <time className={css.when} dateTime={row.item.created_at} title={row.exactWhen}>
        {row.when}
        <VisuallyHidden>, {row.exactWhen}</VisuallyHidden>
      </time>
    ),
  },
  { id: 'who', name: 'Who', cell: (row) => <span className={css.wrap}>{row.who}</span> },
  { id: 'action', name: 'Action', cell: (row) => row.action },
  // A missing value is a dash in the table and no line at all on a phone's card.
  { id: 'target', name: 'Target', isEmpty: (row) => row.target === '', cell: (row) => (row.target === '' ? dash : <span className={css.wrap}>{row.target}</span>) },
  { id: 'details', name: 'Details', isEmpty: (row) => row.details === '', cell: (row) => (row.details === '' ? dash : <span className={css.details}>{row.details}</span>) },
  { id: 'ip', name: 'IP address', isEmpty: (row) => row.ipAddress === '', cell: (row) => (row.ipAddress === '' ? dash : <span className={css.ip}>{row.ipAddress}</span>) },
]

/** The table, then 'Load more' while a further page exists (and why the last try failed). */
function Entries({ actor, now: fixedNow }: { actor: AuditLogActor; now: number | undefined }) {
  const items = useSelector(actor, selectAuditItems)
  const hasMore = useSelector(actor, selectHasMore)
  const loadingMore = useSelector(actor, selectIsLoadingMore)
  const moreError = useSelector(actor, selectAuditMoreError)
  const now = useNow(fixedNow)
  const rows = useMemo(() => toAuditRows(items, now), [items, now])
  return (
    <>
      <Table aria-label="Audit log entries" columns={COLUMNS} rows={rows} />
      {(hasMore || moreError !== null) && (
        <div className={css.more}>
          {moreError !== null && (
            <p role="alert" className={`${alert} ${pages.alertRow}`}>
              {moreError}
            </p>
          )}
          {hasMore && (
            <Button variant="secondary" isPending={loadingMore} onPress={() => actor.send({ type: 'auditLog.loadMore' })}>
              {moreError === null ? 'Load more' : 'Try again'}
            </Button>
          )}
        </div>
      )}
    </>
  )
}
