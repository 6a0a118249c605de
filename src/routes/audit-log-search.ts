/**
 * /app/setting/audit-log search params (Audit log): the person (`actor`, a user id)
 * and the kind (`kind`, one of contract/audit.ts `AuditKinds`) the list is filtered by, checked
 * with the contract's own rules for the API query. The page reads the address through
 * {@link validateAuditLogSearch} (src/routes/AuditLogRoute.tsx), so the contract's query Schema
 * loads with the page, not with the route table.
 */
import { AuditLogQuery } from '../../contract/audit-query.ts'
import { validate } from '../../contract/validate.ts'

const AuditLogSearch = AuditLogQuery.mapFields((fields) => ({ actor: fields.actor, kind: fields.kind }))
export type AuditLogSearch = typeof AuditLogSearch.Type

/**
 * The valid filters of the address's search params. Each bad value is dropped on its own (an old
 * or hand-edited link still opens the page, unfiltered by it); never throws.
 */
export function validateAuditLogSearch(raw: Record<string, unknown>): AuditLogSearch {
  const actor = validate(AuditLogSearch, { actor: raw.actor })
  const kind = validate(AuditLogSearch, { kind: raw.kind })
  return {
    ...(actor.ok && actor.value.actor !== undefined ? { actor: actor.value.actor } : {}),
    ...(kind.ok && kind.value.kind !== undefined ? { kind: kind.value.kind } : {}),
  }
}
