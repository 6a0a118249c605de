/**
 * Selectors over the audit log snapshot (Audit log), for the page and its stories: what
 * the list shows (status, rows with their texts), the filter choices, and the busy flags.
 */
import type { SnapshotFrom } from 'xstate'
import { AUDIT_KIND_LABELS, type AuditKind, AuditKinds, type AuditLogItem, auditKindLabel } from '../../contract/audit.ts'
import { relativeTime } from '../shared/relative-time.ts'
import { describeAuditDetails } from './auditLog.details.ts'
import type { AuditLogFilters, AuditLogMachine } from './auditLog.machine.ts'

export type AuditLogSnapshot = SnapshotFrom<AuditLogMachine>

/**
 * What the list area shows: the skeleton, the error with 'Try again', an empty state (`empty` when
 * the workspace has no entry at all, `noMatch` when the filters match none), or the entries.
 */
export type AuditLogStatus = 'loading' | 'failed' | 'empty' | 'noMatch' | 'ready'

export function selectAuditLogStatus(s: AuditLogSnapshot): AuditLogStatus {
  if (s.matches({ list: 'loading' })) return 'loading'
  if (s.matches({ list: 'failed' })) return 'failed'
  if (s.context.items.length > 0) return 'ready'
  return hasFilters(s.context.filters) ? 'noMatch' : 'empty'
}

export const selectAuditLoadError = (s: AuditLogSnapshot): string | null => s.context.loadError
export const selectAuditMoreError = (s: AuditLogSnapshot): string | null => s.context.moreError
export const selectAuditFilters = (s: AuditLogSnapshot): AuditLogFilters => s.context.filters
export const selectIsLoadingMore = (s: AuditLogSnapshot): boolean => s.matches({ list: 'loadingMore' })
/** 'Load more' is offered while a further page exists (also while it loads, as a busy button). */
export const selectHasMore = (s: AuditLogSnapshot): boolean => s.context.nextCursor !== null && (s.matches({ list: 'loaded' }) || s.matches({ list: 'loadingMore' }))
export const selectIsExporting = (s: AuditLogSnapshot): boolean => s.matches({ export: 'exporting' })

/** True when a filter narrows the list. */
export const hasFilters = (f: AuditLogFilters): boolean => f.actor !== null || f.kind !== null

/** One choice of a filter select. */
export interface FilterOption {
  readonly id: string
  readonly label: string
}

/** The id of the "no filter" choice of both selects (never a user id: those are UUIDs). */
export const ALL_FILTER_ID = 'all'

/** The kind filter: 'All actions', then every kind by its label, in contract order. */
export const KIND_OPTIONS: ReadonlyArray<FilterOption> = [
  { id: ALL_FILTER_ID, label: 'All actions' },
  ...AuditKinds.map((kind) => ({ id: kind, label: AUDIT_KIND_LABELS[kind] })),
]

/** The kind a select choice stands for (null for 'All actions' or an id that is not a kind). */
export function kindOfOption(id: string | null): AuditKind | null {
  return (AuditKinds as ReadonlyArray<string>).includes(id ?? '') ? (id as AuditKind) : null
}

let actorMemo: { actors: unknown; actor: string | null; options: ReadonlyArray<FilterOption> } | undefined

/**
 * The person filter: 'Everyone', then the workspace's people by label. A person in the address
 * whom the list lacks (it failed or is still loading, or an old link) stays choosable as
 * 'Selected person', so the select never shows a filter that is not applied.
 */
export function selectActorOptions(s: AuditLogSnapshot): ReadonlyArray<FilterOption> {
  const { actors, filters } = s.context
  if (actorMemo && actorMemo.actors === actors && actorMemo.actor === filters.actor) return actorMemo.options
  const listed = actors.map((a) => ({ id: a.id, label: a.label }))
  const missing = filters.actor !== null && !actors.some((a) => a.id === filters.actor)
  const options = [{ id: ALL_FILTER_ID, label: 'Everyone' }, ...(missing ? [{ id: filters.actor as string, label: 'Selected person' }] : []), ...listed]
  actorMemo = { actors, actor: filters.actor, options }
  return options
}

/** One row of the table, with every text it shows. */
export interface AuditRow {
  readonly id: string
  readonly item: AuditLogItem
  /** "5 minutes ago" (relative to the `now` given to {@link toAuditRows}). */
  readonly when: string
  /** The exact local date and time, for the title; the ISO text when it does not parse. */
  readonly exactWhen: string
  /** The actor's label, or 'System' for an entry no person made. */
  readonly who: string
  readonly action: string
  /** The target's label, or '' when the entry has none. */
  readonly target: string
  /** {@link describeAuditDetails}; '' when there is nothing to say. */
  readonly details: string
  /** The client address, or '' when none was recorded. */
  readonly ipAddress: string
}

/** The exact local time of an ISO 8601 time ("25 Nov 2026, 11:42:05"); the input itself if it does not parse. */
export function exactAuditTime(iso: string, locale?: string): string {
  const ms = Date.parse(iso)
  return Number.isNaN(ms) ? iso : new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'medium' }).format(ms)
}

/** Rows of `items` as seen at `nowMs` (ms since the epoch). */
export function toAuditRows(items: ReadonlyArray<AuditLogItem>, nowMs: number, locale?: string): AuditRow[] {
  return items.map((item) => {
    const ms = Date.parse(item.created_at)
    return {
      id: item.id,
      item,
      when: Number.isNaN(ms) ? item.created_at : relativeTime(ms / 1000, nowMs, locale),
      exactWhen: exactAuditTime(item.created_at, locale),
      // A deleted account keeps the label it was stored with; only an entry without one is the system's.
      who: item.actor.label === '' ? 'System' : item.actor.label,
      action: auditKindLabel(item.kind),
      target: item.target.label,
      details: describeAuditDetails(item.kind, item.details),
      ipAddress: item.ip_address ?? '',
    }
  })
}

export const selectAuditItems = (s: AuditLogSnapshot): ReadonlyArray<AuditLogItem> => s.context.items
