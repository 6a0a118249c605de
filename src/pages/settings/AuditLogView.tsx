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
  auditKindText,
  kindOfOption,
  kindOptionText,
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
import { auditLogMessages as m } from '../../../machines/auditLog/auditLog.messages.ts'
import { useTranslator } from '../../i18n/react.tsx'
import type { Translator } from '../../i18n/translator.ts'
import { navTitle } from '../../navigation/nav-title.ts'
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
import { PersonFilter } from './PersonFilter.tsx'

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
  const translator = useTranslator()
  const { t } = translator
  return (
    <div className={css.page}>
      <PageHeader
        title={navTitle(translator, 'Audit log')}
        crumbs={AUDIT_LOG_CRUMBS}
        description={t(m.description)}
        actions={
          <Button variant="secondary" icon={<DownloadIcon size={16} aria-hidden="true" />} isPending={exporting} onPress={() => actor.send({ type: 'auditLog.export' })}>
            {t(m.exportCsv)}
          </Button>
        }
      />
      <Filters actor={actor} />
      {status === 'loading' && <Skeleton shape="block" count={5} height={44} label={t(m.loading)} />}
      {status === 'failed' && <LoadFailed message={loadError ?? t(m.loadFailed)} onRetry={() => actor.send({ type: 'auditLog.retry' })} />}
      {status === 'empty' && <EmptyState icon={<ScrollTextIcon size={28} />} title={t(m.emptyTitle)} description={t(m.emptyDescription)} />}
      {status === 'noMatch' && (
        <EmptyState
          icon={<ScrollTextIcon size={28} />}
          title={t(m.noMatchTitle)}
          description={t(m.noMatchDescription)}
          action={
            <Button variant="secondary" onPress={() => actor.send({ type: 'auditLog.filter', filters: { actor: null, kind: null } })}>
              {t(m.clearFilters)}
            </Button>
          }
        />
      )}
      {status === 'ready' && <Entries actor={actor} now={now} />}
    </div>
  )
}

/**
 * The person filter (searched on the server: ./PersonFilter.tsx) and the action select; each pick
 * is sent to the actor, which announces it to the address.
 */
function Filters({ actor }: { actor: AuditLogActor }) {
  const filters = useSelector(actor, selectAuditFilters)
  const { t, text } = useTranslator()
  const kinds = useMemo(() => KIND_OPTIONS.map((o) => ({ id: o.id, label: text(kindOptionText(o.id)) })), [text])
  return (
    <div className={css.filters} role="group" aria-label={t(m.filters)}>
      <PersonFilter actor={actor} />
      <Select
        label={t(m.action)}
        items={kinds}
        selectedKey={filters.kind ?? ALL_FILTER_ID}
        onSelectionChange={(id) => actor.send({ type: 'auditLog.filter', filters: { ...filters, kind: kindOfOption(id) } })}
      />
    </div>
  )
}

const dash = <span className={css.none}>—</span>

/** The table's columns in the reader's language; `now` is when relative times count from. */
function columns(translator: Translator, now: number): ReadonlyArray<TableColumn<AuditRow>> {
  const { t, text } = translator
  return [
    {
      id: 'when',
      name: t(m.when),
      cell: (row) => {
        const exact = translator.date(row.item.created_at, { dateStyle: 'medium', timeStyle: 'medium' }) || row.exactWhen
        return (
          <time className={css.when} dateTime={row.item.created_at} title={exact}>
            {translator.relative(row.item.created_at, now) || row.when}
            <VisuallyHidden>, {exact}</VisuallyHidden>
          </time>
        )
      },
    },
    // A deleted account keeps the label it was stored with; only an entry without one is the system's.
    {
      id: 'who',
      name: t(m.who),
      cell: (row) => (
        <span className={css.wrap} dir="auto">
          {row.item.actor.label === '' ? t(m.system) : row.who}
        </span>
      ),
    },
    { id: 'action', name: t(m.action), cell: (row) => text(auditKindText(row.item.kind)) },
    // A missing value is a dash in the table and no line at all on a phone's card.
    { id: 'target', name: t(m.target), isEmpty: (row) => row.target === '', cell: (row) => (row.target === '' ? dash : <span className={css.wrap} dir="auto">{row.target}</span>) },
    { id: 'details', name: t(m.details), isEmpty: (row) => row.details === '', cell: (row) => (row.details === '' ? dash : <span className={css.details} dir="auto">{row.details}</span>) },
    { id: 'ip', name: t(m.ipAddress), isEmpty: (row) => row.ipAddress === '', cell: (row) => (row.ipAddress === '' ? dash : <span className={css.ip}>{row.ipAddress}</span>) },
  ]
}

/** The table, then 'Load more' while a further page exists (and why the last try failed). */
function Entries({ actor, now: fixedNow }: { actor: AuditLogActor; now: number | undefined }) {
  const items = useSelector(actor, selectAuditItems)
  const hasMore = useSelector(actor, selectHasMore)
  const loadingMore = useSelector(actor, selectIsLoadingMore)
  const moreError = useSelector(actor, selectAuditMoreError)
  const now = useNow(fixedNow)
  const translator = useTranslator()
  const { t } = translator
  const rows = useMemo(() => toAuditRows(items, now, t), [items, now, t])
  const cols = useMemo(() => columns(translator, now), [translator, now])
  return (
    <>
      <Table aria-label={t(m.entries)} columns={cols} rows={rows} />
      {(hasMore || moreError !== null) && (
        <div className={css.more}>
          {moreError !== null && (
            <p role="alert" className={`${alert} ${pages.alertRow}`}>
              {translator.text(moreError)}
            </p>
          )}
          {hasMore && (
            <Button variant="secondary" isPending={loadingMore} onPress={() => actor.send({ type: 'auditLog.loadMore' })}>
              {moreError === null ? t(m.loadMore) : t(m.tryAgain)}
            </Button>
          )}
        </div>
      )}
    </>
  )
}
