/**
 * /app/setting/audit-log, Audit log (Account & Billing, ORGANIZATIONS read): runs an
 * `auditLog` actor (its browser side, toasts and address sync: src/system/auditLog.ts) and
 * renders it. The route (src/routes/AuditLogRoute.tsx) hands it the address's filters.
 */
import { type AuditLogFilters, NO_AUDIT_FILTERS } from '../../../machines/auditLog/auditLog.machine.ts'
import { useAuditLogActor } from '../../system/auditLog.ts'
import { AuditLogView } from './AuditLogView.tsx'

export interface AuditLogPageProps {
  /** The filters of the page's address (default: none). */
  readonly filters?: AuditLogFilters
  /** Writes a person's pick to the address. */
  readonly onFiltersChange?: (filters: AuditLogFilters) => void
}

export function AuditLogPage({ filters = NO_AUDIT_FILTERS, onFiltersChange }: AuditLogPageProps) {
  return <AuditLogView actor={useAuditLogActor({ filters, onFiltersChange })} />
}
