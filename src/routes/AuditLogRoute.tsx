/**
 * /app/setting/audit-log (Audit log): the page with its filters kept in the address
 * (`?actor&kind`, read through `validateAuditLogSearch`), so a filtered view can be shared,
 * reloaded and walked back with the browser's history.
 */
import { useNavigate, useSearch } from '@tanstack/react-router'
import { useCallback } from 'react'
import type { AuditLogFilters } from '../../machines/auditLog/auditLog.machine.ts'
import { AuditLogPage } from '../pages/settings/AuditLogPage.tsx'
import { AUDIT_LOG_PATH } from '../pages/settings/crumbs.ts'
import { type AuditLogSearch, validateAuditLogSearch } from './audit-log-search.ts'

/** The Audit log page over the address's filters. */
export function AuditLogRoute() {
  const search = validateAuditLogSearch(useSearch({ strict: false }))
  const navigate = useNavigate()
  const onFiltersChange = useCallback(
    (filters: AuditLogFilters) => {
      // The actor also announces filters that came from the address (Back, a link): no new entry for those.
      if ((search.actor ?? null) === filters.actor && (search.kind ?? null) === filters.kind) return
      const next: AuditLogSearch = { ...(filters.actor === null ? {} : { actor: filters.actor }), ...(filters.kind === null ? {} : { kind: filters.kind }) }
      // Each pick is a history entry, so Back returns to the previous filters.
      void navigate({ to: AUDIT_LOG_PATH, search: next as never })
    },
    [navigate, search.actor, search.kind],
  )
  return <AuditLogPage filters={{ actor: search.actor ?? null, kind: search.kind ?? null }} onFiltersChange={onFiltersChange} />
}
