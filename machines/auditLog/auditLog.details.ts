/**
 * The "Details" column of the audit log (Audit log): a short sentence a person reads in
 * place of an entry's `details` JSON (the CSV export keeps the JSON). `details` comes from the
 * server as `Record<string, unknown>` whose shape depends on the kind (server/audit callers), and
 * an older browser may meet a kind or a field it does not know, so every field is read by shape
 * and anything unexpected is skipped rather than shown raw. The page renders the result as text.
 */
import { ACTION_LABELS, RESOURCE_METADATA } from '../../contract/permissions.ts'

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
function listOf(names: ReadonlyArray<string>): string {
  const shown = names.slice(0, LIST_LIMIT).map(clip)
  const rest = names.length - shown.length
  return rest > 0 ? `${shown.join(', ')} and ${rest} more` : shown.join(', ')
}

/** `[{ resource, actions }]` (the server's `pairsOf`) as "View Billing, Edit Billing". */
function permissionNames(v: unknown): string[] {
  if (!Array.isArray(v)) return []
  return v.flatMap((pair) => {
    if (!isRecord(pair) || typeof pair.resource !== 'string') return []
    const resource = (RESOURCE_METADATA as Readonly<Record<string, { label: string }>>)[pair.resource]?.label ?? pair.resource
    return strings(pair.actions).map((a) => `${(ACTION_LABELS as Readonly<Record<string, string>>)[a] ?? a} ${resource}`)
  })
}

/** `{ from, to }` of two strings, or null. */
function change(v: unknown): { from: string; to: string } | null {
  return isRecord(v) && typeof v.from === 'string' && typeof v.to === 'string' ? { from: v.from, to: v.to } : null
}

const rolesPart = (label: string, v: unknown): string[] => {
  const names = strings(v)
  return names.length === 0 ? [] : [`${label}: ${listOf(names)}`]
}

/** The parts of a `permission_set.updated` entry: a rename, a new description, permissions added and removed. */
function setChanges(details: Record<string, unknown>): string[] {
  const parts: string[] = []
  const name = change(details.name)
  if (name) parts.push(`Renamed from “${clip(name.from)}” to “${clip(name.to)}”`)
  if (change(details.description)) parts.push('Description changed')
  const added = permissionNames(details.added)
  if (added.length > 0) parts.push(`Added ${listOf(added)}`)
  const removed = permissionNames(details.removed)
  if (removed.length > 0) parts.push(`Removed ${listOf(removed)}`)
  return parts
}

/** The parts of a `member.roles_changed` entry: the roles given and taken (names, from `{ from, to }`). */
function roleChanges(details: Record<string, unknown>): string[] {
  const from = strings(details.from)
  const to = strings(details.to)
  const added = to.filter((n) => !from.includes(n))
  const removed = from.filter((n) => !to.includes(n))
  if (added.length === 0 && removed.length === 0) return rolesPart('Roles', to)
  return [...(added.length > 0 ? [`Added ${listOf(added)}`] : []), ...(removed.length > 0 ? [`Removed ${listOf(removed)}`] : [])]
}

/**
 * A short summary of an entry's details, e.g. "Added Support Agent · Removed Team Member", or ''
 * when there is nothing a person needs (a sign-in's session id, an invitation's id).
 * @param kind the entry's kind (contract/audit.ts `AuditKinds`, or one this browser does not know).
 */
export function describeAuditDetails(kind: string, details: Readonly<Record<string, unknown>>): string {
  const d = details as Record<string, unknown>
  const parts: string[] = (() => {
    switch (kind) {
      case 'member.invited': {
        const extra = [...(d.new_account === true ? ['New account'] : []), ...(d.pending === true ? ['Waiting for an answer'] : [])]
        return [...rolesPart('Roles', d.permission_sets), ...extra]
      }
      case 'member.removed':
        return rolesPart('Had roles', d.permission_sets)
      case 'invitation.accepted':
        return rolesPart('Roles', d.permission_sets)
      case 'member.roles_changed':
        return roleChanges(d)
      case 'permission_set.created': {
        const granted = permissionNames(d.permissions)
        return granted.length > 0 ? [`Grants ${listOf(granted)}`] : ['No permissions']
      }
      case 'permission_set.updated':
        return setChanges(d)
      case 'permission_set.deleted': {
        const granted = permissionNames(d.permissions)
        return granted.length > 0 ? [`Granted ${listOf(granted)}`] : []
      }
      case 'workspace.renamed': {
        const name = change(d) ?? change(d.name)
        return name ? [`From “${clip(name.from)}” to “${clip(name.to)}”`] : []
      }
      case 'workspace.two_factor_required': {
        const required = typeof d.required === 'boolean' ? d.required : typeof d.to === 'boolean' ? d.to : null
        return required === null ? [] : [required ? 'Now required for every member' : 'No longer required']
      }
      case 'two_factor.disabled':
        return d.with === 'recovery_code' ? ['With a recovery code'] : d.with === 'code' ? ['With an authenticator code'] : []
      case 'session.revoked': {
        const device = [typeof d.browser === 'string' ? d.browser : null, typeof d.os === 'string' ? d.os : null].filter((x) => x !== null && x !== '')
        return [
          ...(device.length > 0 ? [device.map((x) => clip(x as string)).join(' on ')] : []),
          ...(typeof d.ip_address === 'string' && d.ip_address !== '' ? [clip(d.ip_address)] : []),
          ...(d.current === true ? ['This session'] : []),
        ]
      }
      case 'passkey.added':
      case 'passkey.removed':
        return d.device_type === 'multiDevice' ? ['Synced passkey'] : d.device_type === 'singleDevice' ? ['This device only'] : []
      case 'api_key.created':
        return [
          ...(typeof d.prefix === 'string' ? [`Key ${clip(d.prefix)}…`] : []),
          ...(typeof d.permission_set === 'string' ? [`Acts as ${clip(d.permission_set)}`] : []),
          ...(d.expires_at === null ? ['No expiry'] : []),
        ]
      case 'api_key.revoked':
        return typeof d.prefix === 'string' ? [`Key ${clip(d.prefix)}…`] : []
      case 'webhook.created': {
        const events = strings(d.event_types)
        return [...(events.length > 0 ? [`Events: ${listOf(events)}`] : []), ...(d.enabled === false ? ['Disabled'] : [])]
      }
      case 'webhook.updated': {
        const url = change(d.url)
        const enabled = d.enabled as { to?: unknown } | undefined
        return [
          ...(url ? [`URL from “${clip(url.from)}” to “${clip(url.to)}”`] : []),
          ...(d.event_types !== undefined ? [`Events: ${listOf(strings((d.event_types as { to?: unknown }).to))}`] : []),
          ...(d.description !== undefined ? ['Description changed'] : []),
          ...(enabled?.to === true ? ['Enabled'] : enabled?.to === false ? ['Disabled'] : []),
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
        return unknownDetails(d)
    }
  })()
  return parts.join(' · ')
}

/** A kind this browser does not know: its plain text and number fields, "key: value", ids left out. */
function unknownDetails(details: Record<string, unknown>): string[] {
  return Object.entries(details)
    .filter(([key, value]) => !key.endsWith('_id') && key !== 'id' && (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean'))
    .slice(0, LIST_LIMIT)
    .map(([key, value]) => `${key.replace(/_/g, ' ')}: ${clip(String(value))}`)
}
