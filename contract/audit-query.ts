/**
 * The audit log's kinds and query (docs/api.md "Audit log"): what the router validates the log's
 * address with (`src/routes/search.ts`) from the first load, apart from the rest of the log's
 * contract (./audit.ts, which re-exports all of this), so that loads with the page.
 */
import { Schema } from 'effect'

/** Every kind of audit entry, in the order the kind filter lists them. */
export const AuditKinds = [
  'auth.signed_in',
  'member.invited',
  'member.removed',
  'member.roles_changed',
  'invitation.resent',
  'invitation.link_copied',
  'invitation.revoked',
  'invitation.accepted',
  'invitation.declined',
  'permission_set.created',
  'permission_set.updated',
  'permission_set.deleted',
  'workspace.renamed',
  'workspace.two_factor_required',
  'workspace.default_language_changed',
  'two_factor.enabled',
  'two_factor.disabled',
  'session.revoked',
  'sso.updated',
  'sso.removed',
  'passkey.added',
  'passkey.removed',
  'api_key.created',
  'api_key.revoked',
  'webhook.created',
  'webhook.updated',
  'webhook.removed',
  'webhook.secret_rotated',
] as const
export const AuditKind = Schema.Literals(AuditKinds)
export type AuditKind = typeof AuditKind.Type

/** Entries per page when `limit` is not given. */
export const AUDIT_LOG_PAGE_SIZE = 50
/** The most entries one page may ask for. */
export const AUDIT_LOG_MAX_PAGE_SIZE = 100
/** The most rows one CSV export holds (the newest matching ones; `before` reaches older ones). */
export const AUDIT_LOG_EXPORT_MAX_ROWS = 10_000

/** The longest id or cursor a query may carry: ids are UUIDs, cursors about 100 characters. */
const MAX_ID_LENGTH = 64
const MAX_CURSOR_LENGTH = 256

/**
 * The query of the list and of the CSV export, as the query string carries it (strings). Every
 * field is optional; text fields also pass the NUL / lone-surrogate rule of contract/validate.ts.
 * - `actor`: a user id: only that person's entries.
 * - `kind`: one of {@link AuditKinds}.
 * - `before`: the `next_cursor` of the previous page (opaque: base64url).
 * - `limit`: a whole number from 1 to {@link AUDIT_LOG_MAX_PAGE_SIZE} (list only; default {@link AUDIT_LOG_PAGE_SIZE}).
 */
export const AuditLogQuery = Schema.Struct({
  actor: Schema.optional(
    Schema.String.check(Schema.isMinLength(1, { message: 'Give a person’s id' }), Schema.isMaxLength(MAX_ID_LENGTH, { message: 'Not a person’s id' })),
  ),
  kind: Schema.optional(AuditKind.annotate({ message: 'Not a kind of audit entry' })),
  before: Schema.optional(
    Schema.String.check(
      Schema.isPattern(/^[A-Za-z0-9_-]+$/, { message: 'Not a cursor from this list' }),
      Schema.isMaxLength(MAX_CURSOR_LENGTH, { message: 'Not a cursor from this list' }),
    ),
  ),
  limit: Schema.optional(Schema.String.check(Schema.isPattern(/^(100|[1-9][0-9]?)$/, { message: `A whole number from 1 to ${AUDIT_LOG_MAX_PAGE_SIZE}` }))),
})
export type AuditLogQuery = typeof AuditLogQuery.Type
