/**
 * Selectors over the audit log snapshot (Audit log), for the page and its stories: what
 * the list shows (status, rows with their texts), the filter choices, and the busy flags.
 */
import type { SnapshotFrom } from 'xstate'
import { AUDIT_KIND_LABELS, type AuditKind, AuditKinds, type AuditLogItem, auditKindLabel } from '../../contract/audit.ts'
import { type DisplayText, localized, type MessageDescriptor } from '../../contract/messages.ts'
import { relativeTime } from '../shared/relative-time.ts'
import { type AuditTranslate, describeAuditDetails } from './auditLog.details.ts'
import type { AuditLogFilters, AuditLogMachine } from './auditLog.machine.ts'
import { auditKindMessages as kinds, auditLogMessages } from './auditLog.messages.ts'

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

export const selectAuditLoadError = (s: AuditLogSnapshot): DisplayText | null => s.context.loadError
export const selectAuditMoreError = (s: AuditLogSnapshot): DisplayText | null => s.context.moreError
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

/** How the page names each kind in the reader's language (the English is `AUDIT_KIND_LABELS`, which the CSV export keeps). */
export const AUDIT_KIND_TEXTS: Readonly<Record<AuditKind, MessageDescriptor>> = {
  'auth.signed_in': kinds.authSignedIn,
  'member.invited': kinds.memberInvited,
  'member.removed': kinds.memberRemoved,
  'member.roles_changed': kinds.memberRolesChanged,
  'invitation.resent': kinds.invitationResent,
  'invitation.link_copied': kinds.invitationLinkCopied,
  'invitation.revoked': kinds.invitationRevoked,
  'invitation.accepted': kinds.invitationAccepted,
  'invitation.declined': kinds.invitationDeclined,
  'permission_set.created': kinds.permissionSetCreated,
  'permission_set.updated': kinds.permissionSetUpdated,
  'permission_set.deleted': kinds.permissionSetDeleted,
  'workspace.renamed': kinds.workspaceRenamed,
  'workspace.two_factor_required': kinds.workspaceTwoFactorRequired,
  'workspace.default_language_changed': kinds.workspaceDefaultLanguageChanged,
  'two_factor.enabled': kinds.twoFactorEnabled,
  'two_factor.disabled': kinds.twoFactorDisabled,
  'session.revoked': kinds.sessionRevoked,
  'sso.updated': kinds.ssoUpdated,
  'sso.removed': kinds.ssoRemoved,
  'passkey.added': kinds.passkeyAdded,
  'passkey.removed': kinds.passkeyRemoved,
  'api_key.created': kinds.apiKeyCreated,
  'api_key.revoked': kinds.apiKeyRevoked,
  'webhook.created': kinds.webhookCreated,
  'webhook.updated': kinds.webhookUpdated,
  'webhook.removed': kinds.webhookRemoved,
  'webhook.secret_rotated': kinds.webhookSecretRotated,
}

/** A kind as the page names it, to translate; a kind this browser does not know shows as itself. */
export function auditKindText(kind: string): DisplayText {
  const message = Object.hasOwn(AUDIT_KIND_TEXTS, kind) ? AUDIT_KIND_TEXTS[kind as AuditKind] : undefined
  return message ? localized(message) : kind
}

/** A kind filter choice's label to translate: 'All actions', or the kind's name. */
export const kindOptionText = (id: string): DisplayText => (id === ALL_FILTER_ID ? localized(auditLogMessages.allActions) : auditKindText(id))

/** The kind a select choice stands for (null for 'All actions' or an id that is not a kind). */
export function kindOfOption(id: string | null): AuditKind | null {
  return (AuditKinds as ReadonlyArray<string>).includes(id ?? '') ? (id as AuditKind) : null
}

let actorMemo: { actors: unknown; actor: string | null; label: string | null; options: ReadonlyArray<FilterOption> } | undefined

/**
 * The person filter: 'Everyone', then the people the server answered for what is typed, by label.
 * A person in the address whom those choices lack (another search, a list that failed or is still
 * loading, an old link) stays choosable under the label their entries carry, else as 'Selected
 * person', so the filter never shows a choice that is not applied.
 */
export function selectActorOptions(s: AuditLogSnapshot): ReadonlyArray<FilterOption> {
  const { actors, filters, items } = s.context
  const missing = filters.actor !== null && !actors.some((a) => a.id === filters.actor)
  const label = missing ? (items.find((i) => i.actor.id === filters.actor)?.actor.label ?? null) : null
  if (actorMemo && actorMemo.actors === actors && actorMemo.actor === filters.actor && actorMemo.label === label) return actorMemo.options
  const listed = actors.map((a) => ({ id: a.id, label: a.label }))
  const options = [{ id: ALL_FILTER_ID, label: 'Everyone' }, ...(missing ? [{ id: filters.actor as string, label: label ?? 'Selected person' }] : []), ...listed]
  actorMemo = { actors, actor: filters.actor, label, options }
  return options
}

/** A person filter choice to show: {@link selectActorOptions}' 'Everyone' and 'Selected person' to translate, people's labels as they are. */
export interface ActorChoice {
  readonly id: string
  readonly label: DisplayText
}

let choicesMemo: { options: ReadonlyArray<FilterOption>; choices: ReadonlyArray<ActorChoice> } | undefined

/** {@link selectActorOptions} in the reader's language (the view translates the two choices that are ours). */
export function selectActorChoices(s: AuditLogSnapshot): ReadonlyArray<ActorChoice> {
  const options = selectActorOptions(s)
  if (choicesMemo?.options === options) return choicesMemo.choices
  const { actors, filters } = s.context
  const missing = filters.actor !== null && !actors.some((a) => a.id === filters.actor)
  const choices = options.map((o, i): ActorChoice => {
    if (i === 0) return { id: o.id, label: localized(auditLogMessages.everyone) }
    if (i === 1 && missing && o.label === 'Selected person') return { id: o.id, label: localized(auditLogMessages.selectedPerson) }
    return o
  })
  choicesMemo = { options, choices }
  return choices
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
  /** {@link describeAuditDetails} in the language of the `t` given to {@link toAuditRows}; '' when there is nothing to say. */
  readonly details: string
  /** The client address, or '' when none was recorded. */
  readonly ipAddress: string
}

/** The exact local time of an ISO 8601 time ("25 Nov 2026, 11:42:05"); the input itself if it does not parse. */
export function exactAuditTime(iso: string, locale?: string): string {
  const ms = Date.parse(iso)
  return Number.isNaN(ms) ? iso : new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'medium' }).format(ms)
}

/** Rows of `items` as seen at `nowMs` (ms since the epoch), their details read with `t` (the reader's language). */
export function toAuditRows(items: ReadonlyArray<AuditLogItem>, nowMs: number, t: AuditTranslate, locale?: string): AuditRow[] {
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
      details: describeAuditDetails(item.kind, item.details, t),
      ipAddress: item.ip_address ?? '',
    }
  })
}

export const selectAuditItems = (s: AuditLogSnapshot): ReadonlyArray<AuditLogItem> => s.context.items
