/**
 * The audit log (contract/audit.ts). Loaded with the first of these calls (src/api/endpoints.ts);
 * each returns the contract-decoded response or rejects with `ApiError`.
 */
import { auditApi, type AuditLogQuery } from '../../../contract/audit.ts'
import type { Call } from '../call.ts'

/** The audit-log calls over `call` (src/api/call.ts). */
export function auditCalls(call: Call) {
  return {
    /** `/organizations/audit-log*` (Audit log): ORGANIZATIONS read, else 403; 400 `invalid_request` for a bad query. */
    auditLog: {
      /** `GET ?actor&kind&before&limit`: a page, newest first, with the `before` of the next one. */
      page: async (query: AuditLogQuery) => call(auditApi.page, { query }),
      /** `GET /actors?q`: the person filter's choices, at most 20 by label; `q` narrows them by name or email. */
      actors: async (q = '') => (await call(auditApi.actors, { query: q.trim() === '' ? {} : { q: q.trim() } })).actors,
      /** `GET .csv?actor&kind&before`: the matching entries as a CSV file (with the session's headers, never a token in the URL). */
      exportCsv: async (query: Omit<AuditLogQuery, 'limit'>) => call(auditApi.exportCsv, { query }),
    },
  }
}
