/**
 * The audit log's vocabulary (Audit log), shared by the server that writes entries and
 * the page that lists them (Account & Billing › Audit log, for members with ORGANIZATIONS read).
 * Each kind is `<subject>.<verb in the past>`; `AUDIT_KIND_LABELS` is how the page names it.
 */
import { Schema } from 'effect'
import { type AuditKind, AuditLogQuery } from './audit-query.ts'
import { endpoint } from './endpoint.ts'

// The part the router reads from the first load (the log's address), in a module of its own so the
// rest of the log's contract loads with its page.
export {
  AUDIT_LOG_EXPORT_MAX_ROWS,
  AUDIT_LOG_MAX_PAGE_SIZE,
  AUDIT_LOG_PAGE_SIZE,
  AuditKind,
  AuditKinds,
  AuditLogQuery,
} from './audit-query.ts'

/** How the audit page names each kind (filter options, the "Action" column, the CSV export). */
export const AUDIT_KIND_LABELS: Readonly<Record<AuditKind, string>> = {
  'auth.signed_in': 'Signed in',
  'member.invited': 'Member invited',
  'member.removed': 'Member removed',
  'member.roles_changed': 'Roles assigned',
  'invitation.resent': 'Invitation resent',
  'invitation.link_copied': 'Invitation link copied',
  'invitation.revoked': 'Invitation revoked',
  'invitation.accepted': 'Invitation accepted',
  'invitation.declined': 'Invitation declined',
  'permission_set.created': 'Permission set created',
  'permission_set.updated': 'Permission set changed',
  'permission_set.deleted': 'Permission set deleted',
  'workspace.renamed': 'Workspace renamed',
  'workspace.two_factor_required': 'Two-factor requirement changed',
  'workspace.default_language_changed': 'Default language changed',
  'two_factor.enabled': 'Two-factor turned on',
  'two_factor.disabled': 'Two-factor turned off',
  'session.revoked': 'Session signed out',
  'sso.updated': 'Single sign-on changed',
  'sso.removed': 'Single sign-on removed',
  'passkey.added': 'Passkey added',
  'passkey.removed': 'Passkey deleted',
  'api_key.created': 'API key created',
  'api_key.revoked': 'API key revoked',
  'webhook.created': 'Webhook endpoint added',
  'webhook.updated': 'Webhook endpoint changed',
  'webhook.removed': 'Webhook endpoint deleted',
  'webhook.secret_rotated': 'Webhook signing secret rotated',
}

// ---------------------------------------------------------------------------------------------
// Reading the log: `GET /api/organizations/audit-log` (+ `.csv`, `/actors`), docs/api.md "Audit log".


/** Who did it, or what it was done to: the id (null for the system, or an account since deleted) and the label stored with the entry. */
export const AuditParty = Schema.Struct({ id: Schema.NullOr(Schema.String), label: Schema.String })
export type AuditParty = typeof AuditParty.Type

/**
 * One entry as the API answers it. `kind` is any string on the wire, so a browser older than
 * the server still shows entries of a kind it does not know (by the kind itself).
 * `created_at` is ISO 8601 (UTC, ms).
 */
export const AuditLogItem = Schema.Struct({
  id: Schema.String,
  kind: Schema.String,
  actor: AuditParty,
  target: AuditParty,
  details: Schema.Record(Schema.String, Schema.Unknown),
  ip_address: Schema.NullOr(Schema.String),
  created_at: Schema.String,
})
export type AuditLogItem = typeof AuditLogItem.Type

/** A page of the log, newest first; `next_cursor` is the `before` of the next page, null on the last. */
export const AuditLogPage = Schema.Struct({
  items: Schema.Array(AuditLogItem),
  next_cursor: Schema.NullOr(Schema.String),
})
export type AuditLogPage = typeof AuditLogPage.Type

/** A choice of the person filter: a member of the workspace, or someone seen in its log. */
export const AuditActor = Schema.Struct({ id: Schema.String, label: Schema.String })
export type AuditActor = typeof AuditActor.Type

/** The most choices `GET /audit-log/actors` answers. */
export const AUDIT_ACTORS_LIMIT = 20
/** The longest search `q` of `GET /audit-log/actors`, in characters. */
export const AUDIT_ACTORS_MAX_QUERY_LENGTH = 100

/**
 * `GET /api/organizations/audit-log/actors` query: `q`, the people whose label (name and email)
 * contains it, ignoring case (trimmed; empty or absent: the first by label).
 */
export const AuditActorsQuery = Schema.Struct({
  q: Schema.optional(
    Schema.String.check(Schema.isMaxLength(AUDIT_ACTORS_MAX_QUERY_LENGTH, { message: `Search for at most ${AUDIT_ACTORS_MAX_QUERY_LENGTH} characters` })),
  ),
})
export type AuditActorsQuery = typeof AuditActorsQuery.Encoded

/** `GET /api/organizations/audit-log/actors`: the person filter's choices, by label, at most {@link AUDIT_ACTORS_LIMIT}. */
export const AuditActorsResponse = Schema.Struct({ actors: Schema.Array(AuditActor) })
export type AuditActorsResponse = typeof AuditActorsResponse.Type

/** How the page names a kind, falling back to the kind itself for one this browser does not know. */
export function auditKindLabel(kind: string): string {
  return (AUDIT_KIND_LABELS as Readonly<Record<string, string>>)[kind] ?? kind
}

// ---------------------------------------------------------------------------------------------
// Endpoints (contract/endpoint.ts): ORGANIZATIONS read, else 403; 400 `invalid_request` with an
// issue per bad query parameter (given twice, refused by {@link AuditLogQuery}, or a `before`
// this server never handed out).

const readers = ['forbidden', 'two_factor_required'] as const

/**
 * - `page`: newest first, with the `next_cursor` of the next page.
 * - `actors`: the person filter's choices.
 * - `exportCsv`: the matching entries (`limit` ignored; at most {@link AUDIT_LOG_EXPORT_MAX_ROWS})
 *   as a UTF-8 CSV download.
 */
export const auditApi = {
  page: endpoint('GET', '/organizations/audit-log', { query: AuditLogQuery, response: AuditLogPage, errors: readers, apiKeys: true }),
  actors: endpoint('GET', '/organizations/audit-log/actors', { query: AuditActorsQuery, response: AuditActorsResponse, errors: readers }),
  exportCsv: endpoint('GET', '/organizations/audit-log.csv', { query: AuditLogQuery, response: 'file', errors: readers }),
}
