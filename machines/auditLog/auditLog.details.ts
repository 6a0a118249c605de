/**
 * The "Details" column of the audit log (Audit log): a short sentence a person reads in
 * place of an entry's `details` JSON (the CSV export keeps the JSON). `details` comes from the
 * server as `Record<string, unknown>` whose shape depends on the kind (server/audit callers), and
 * an older browser may meet a kind or a field it does not know, so every field is read by shape
 * and anything unexpected is skipped rather than shown raw. The page renders the result as text,
 * in the reader's language (auditDetails.messages.ts); the recorded values stay as they are.
 */
import type { MessageDescriptor, MessageValues } from '../../contract/messages.ts'
import { PermissionActions, PermissionResources, type PermissionAction, type PermissionResource } from '../../contract/api.ts'
import { actionLabel, resourceLabel } from '../../contract/permissions.messages.ts'
import { auditDetailsMessages as m } from './auditDetails.messages.ts'

/** A message in the reader's language: the translator's `t` (src/i18n/translator.ts). */
export type AuditTranslate = (message: MessageDescriptor, values?: MessageValues) => string

/** How many names a list shows before "and N more". */
const LIST_LIMIT = 3
/** The longest single value quoted (a workspace or role name, a description), in characters. */
const VALUE_LIMIT = 60

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)
const strings = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [])

/** A value cut to {@link VALUE_LIMIT} characters (by code point), with an ellipsis when cut. */
function clip(value: string): string {
  const chars = [...value]
  return chars.length > VALUE_LIMIT ? `${chars.slice(0, VALUE_LIMIT - 1).join('')}…` : value
}

/** "A, B, C and 2 more". */
function listOf(t: AuditTranslate, names: ReadonlyArray<string>): string {
  const shown = names.slice(0, LIST_LIMIT).map(clip).join(t(m.listSeparator))
  const rest = names.length - LIST_LIMIT
  return rest > 0 ? t(m.listMore, { names: shown, count: rest }) : shown
}

const isPermissionAction = (code: string): code is PermissionAction => (PermissionActions as ReadonlyArray<string>).includes(code)
const isPermissionResource = (code: string): code is PermissionResource => (PermissionResources as ReadonlyArray<string>).includes(code)

/** `[{ resource, actions }]` (the server's `pairsOf`) as "View Billing, Edit Billing", in the reader's language; unknown codes as they are. */
function permissionNames(t: AuditTranslate, v: unknown): string[] {
  if (!Array.isArray(v)) return []
  return v.flatMap((pair) => {
    if (!isRecord(pair) || typeof pair.resource !== 'string') return []
    const resource = isPermissionResource(pair.resource) ? t(resourceLabel(pair.resource)) : pair.resource
    return strings(pair.actions).map((a) => t(m.permission, { action: isPermissionAction(a) ? t(actionLabel(a)) : a, resource }))
  })
}

/** `{ from, to }` of two strings, or null. */
function change(v: unknown): { from: string; to: string } | null {
  return isRecord(v) && typeof v.from === 'string' && typeof v.to === 'string' ? { from: v.from, to: v.to } : null
}

/** A list part ("Roles: A, B"), or nothing for an empty list. */
const listPart = (t: AuditTranslate, message: MessageDescriptor, v: unknown): string[] => {
  const names = strings(v)
  return names.length === 0 ? [] : [t(message, { names: listOf(t, names) })]
}

/** The parts of a `permission_set.updated` entry: a rename, a new description, permissions added and removed. */
function setChanges(t: AuditTranslate, details: Record<string, unknown>): string[] {
  const parts: string[] = []
  const name = change(details.name)
  if (name) parts.push(t(m.renamed, { from: clip(name.from), to: clip(name.to) }))
  if (change(details.description)) parts.push(t(m.descriptionChanged))
  return [...parts, ...listPart(t, m.added, permissionNames(t, details.added)), ...listPart(t, m.removed, permissionNames(t, details.removed))]
}

/** The parts of a `member.roles_changed` entry: the roles given and taken (names, from `{ from, to }`). */
function roleChanges(t: AuditTranslate, details: Record<string, unknown>): string[] {
  const from = strings(details.from)
  const to = strings(details.to)
  const added = to.filter((n) => !from.includes(n))
  const removed = from.filter((n) => !to.includes(n))
  if (added.length === 0 && removed.length === 0) return listPart(t, m.roles, to)
  return [...listPart(t, m.added, added), ...listPart(t, m.removed, removed)]
}

/**
 * A short summary of an entry's details, e.g. "Added Support Agent · Removed Team Member", or ''
 * when there is nothing a person needs (a sign-in's session id, an invitation's id).
 * @param kind the entry's kind (contract/audit.ts `AuditKinds`, or one this browser does not know).
 * @param t translates the phrases into the reader's language.
 */
export function describeAuditDetails(kind: string, details: Readonly<Record<string, unknown>>, t: AuditTranslate): string {
  const d = details as Record<string, unknown>
  const parts: string[] = (() => {
    switch (kind) {
      case 'member.invited': {
        const extra = [...(d.new_account === true ? [t(m.newAccount)] : []), ...(d.pending === true ? [t(m.waiting)] : [])]
        return [...listPart(t, m.roles, d.permission_sets), ...extra]
      }
      case 'member.removed':
        return listPart(t, m.hadRoles, d.permission_sets)
      case 'invitation.accepted':
        return listPart(t, m.roles, d.permission_sets)
      case 'member.roles_changed':
        return roleChanges(t, d)
      case 'permission_set.created': {
        const granted = permissionNames(t, d.permissions)
        return granted.length > 0 ? listPart(t, m.grants, granted) : [t(m.noPermissions)]
      }
      case 'permission_set.updated':
        return setChanges(t, d)
      case 'permission_set.deleted':
        return listPart(t, m.granted, permissionNames(t, d.permissions))
      case 'workspace.renamed': {
        const name = change(d) ?? change(d.name)
        return name ? [t(m.fromTo, { from: clip(name.from), to: clip(name.to) })] : []
      }
      case 'workspace.two_factor_required': {
        const required = typeof d.required === 'boolean' ? d.required : typeof d.to === 'boolean' ? d.to : null
        return required === null ? [] : [t(required ? m.nowRequired : m.noLongerRequired)]
      }
      case 'two_factor.disabled':
        return d.with === 'recovery_code' ? [t(m.withRecoveryCode)] : d.with === 'code' ? [t(m.withAuthenticatorCode)] : []
      case 'session.revoked': {
        const browser = typeof d.browser === 'string' && d.browser !== '' ? clip(d.browser) : null
        const os = typeof d.os === 'string' && d.os !== '' ? clip(d.os) : null
        const device = browser !== null && os !== null ? t(m.browserOnOs, { browser, os }) : (browser ?? os)
        return [
          ...(device !== null ? [device] : []),
          ...(typeof d.ip_address === 'string' && d.ip_address !== '' ? [clip(d.ip_address)] : []),
          ...(d.current === true ? [t(m.thisSession)] : []),
        ]
      }
      case 'passkey.added':
      case 'passkey.removed':
        return d.device_type === 'multiDevice' ? [t(m.syncedPasskey)] : d.device_type === 'singleDevice' ? [t(m.thisDeviceOnly)] : []
      case 'api_key.created':
        return [
          ...(typeof d.prefix === 'string' ? [t(m.key, { prefix: clip(d.prefix) })] : []),
          ...(typeof d.permission_set === 'string' ? [t(m.actsAs, { name: clip(d.permission_set) })] : []),
          ...(d.expires_at === null ? [t(m.noExpiry)] : []),
        ]
      case 'api_key.revoked':
        return typeof d.prefix === 'string' ? [t(m.key, { prefix: clip(d.prefix) })] : []
      case 'webhook.created':
        return [...listPart(t, m.events, d.event_types), ...(d.enabled === false ? [t(m.disabled)] : [])]
      case 'webhook.updated': {
        const url = change(d.url)
        const enabled = d.enabled as { to?: unknown } | undefined
        return [
          ...(url ? [t(m.urlChanged, { from: clip(url.from), to: clip(url.to) })] : []),
          ...(d.event_types !== undefined ? [t(m.events, { names: listOf(t, strings((d.event_types as { to?: unknown }).to)) })] : []),
          ...(d.description !== undefined ? [t(m.descriptionChanged)] : []),
          ...(enabled?.to === true ? [t(m.enabled)] : enabled?.to === false ? [t(m.disabled)] : []),
        ]
      }
      case 'webhook.removed':
      case 'webhook.secret_rotated':
      case 'auth.signed_in':
      case 'invitation.resent':
      case 'invitation.link_copied':
      case 'invitation.revoked':
      case 'invitation.declined':
      case 'two_factor.enabled':
        return []
      default:
        return unknownDetails(t, d)
    }
  })()
  return parts.join(t(m.partSeparator))
}

/** A kind this browser does not know: its plain text and number fields, "key: value", ids left out. */
function unknownDetails(t: AuditTranslate, details: Record<string, unknown>): string[] {
  return Object.entries(details)
    .filter(([key, value]) => !key.endsWith('_id') && key !== 'id' && (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean'))
    .slice(0, LIST_LIMIT)
    .map(([key, value]) => t(m.field, { name: key.replace(/_/g, ' '), value: clip(String(value)) }))
}
