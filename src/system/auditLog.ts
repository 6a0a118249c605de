/**
 * The audit log machine's browser side (machines/auditLog): its HTTP actors
 * on `/organizations/audit-log*`, the CSV saved through an object URL (fetched with the session's
 * headers by the API client, so the access token never goes into a URL), its outcomes as toasts,
 * and the filters kept in step with the page's address.
 */
import { useActorRef } from '@xstate/react'
import { useEffect } from 'react'
import { fromPromise } from 'xstate'
import { localized } from '../../contract/messages.ts'
import { type AuditLogFilters, auditLogMachine } from '../../machines/auditLog/auditLog.machine.ts'
import { auditLogMessages } from '../../machines/auditLog/auditLog.messages.ts'
import type { Endpoints } from '../api/endpoints.ts'
import { saveBlob } from '../platform/download.ts'
import { useTranslator } from '../i18n/react.tsx'
import { useApi } from './api.tsx'
import { useEmitted, useOutcomeToasts } from './outcomes.ts'

/** The export's name when the server proposes none. */
export const AUDIT_EXPORT_FALLBACK_NAME = 'audit-log.csv'
/** Toast of a finished export (ours). */
export const AUDIT_EXPORTED_MESSAGE = localized(auditLogMessages.exported)

/** `{ actor, kind }` as the query takes them: a filter that is off is left out. */
const toQuery = (f: AuditLogFilters) => ({ ...(f.actor === null ? {} : { actor: f.actor }), ...(f.kind === null ? {} : { kind: f.kind }) })

/** The audit log machine with its HTTP actors and the browser's download. */
export function browserAuditLog(api: Endpoints, save: (filename: string, data: Blob) => void = saveBlob) {
  return auditLogMachine.provide({
    actors: {
      loadPage: fromPromise(({ input }) => api.auditLog.page({ ...toQuery(input), ...(input.before === null ? {} : { before: input.before }) })),
      loadActors: fromPromise(({ input }) => api.auditLog.actors(input.query)),
      exportCsv: fromPromise(async ({ input }) => {
        const file = await api.auditLog.exportCsv(toQuery(input))
        return { filename: file.filename ?? AUDIT_EXPORT_FALLBACK_NAME, data: file.data }
      }),
    },
    actions: {
      saveFile: (_, params) => save(params.file.filename, params.file.data),
    },
  })
}

export interface AuditLogActorOptions {
  /** The filters of the page's address; the actor follows them when they change (back, forward, a link). */
  readonly filters: AuditLogFilters
  /** Writes filters a person picked to the address. */
  readonly onFiltersChange?: (filters: AuditLogFilters) => void
}

/** An audit log actor for the Audit log page's lifetime. */
export function useAuditLogActor({ filters, onFiltersChange }: AuditLogActorOptions) {
  const api = useApi()
  const actor = useActorRef(browserAuditLog(api), { input: { filters } })
  const { text } = useTranslator()
  useOutcomeToasts(actor, {
    'auditLog.exported': ['success', () => text(AUDIT_EXPORTED_MESSAGE)],
    'auditLog.exportFailed': ['error', (e) => e.message],
  })
  useEmitted(actor, { 'auditLog.filtersChanged': (e) => onFiltersChange?.(e.filters) })
  // Filters equal to the actor's (its own change coming back through the address) are ignored by the machine.
  useEffect(() => {
    actor.send({ type: 'auditLog.filter', filters: { actor: filters.actor, kind: filters.kind } })
  }, [actor, filters.actor, filters.kind])
  return actor
}
