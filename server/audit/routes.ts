/**
 * `/api/organizations/audit-log*` (docs/api.md "Audit log"): who did what
 * and when in the current workspace (`x-org-id`), for members holding ORGANIZATIONS read.
 *
 * - `GET /audit-log?actor&kind&before&limit`: a page, newest first, with an opaque `next_cursor`.
 * - `GET /audit-log.csv?actor&kind&before`: the same entries as a CSV attachment, streamed from one
 *   COPY of one keyset range read, at most {@link AUDIT_LOG_EXPORT_MAX_ROWS} rows.
 * - `GET /audit-log/actors`: the person filter's choices.
 *
 * Read-only by design: no route updates or deletes an entry (other methods answer 404).
 * Order of answers: 401 / 400 (no x-org-id) / 403 (not a member, or no ORGANIZATIONS read), then
 * 400 for a bad query, all before any entry is read.
 */
import { Hono, type Context } from 'hono'
import type { ApiIssue } from '../../contract/api.ts'
import {
  AUDIT_ACTORS_LIMIT,
  AUDIT_LOG_EXPORT_MAX_ROWS,
  AUDIT_LOG_PAGE_SIZE,
  auditApi as api,
  type AuditKind,
} from '../../contract/audit.ts'
import { validate } from '../../contract/validate.ts'
import type { SigningKey } from '../auth/access-token.ts'
import type { Database } from '../db/client.ts'
import { requireAccessToken } from '../http/auth.ts'
import { invalidRequest } from '../http/errors.ts'
import { contractRoutes } from '../http/route.ts'
import { accessControl, type AccessVariables } from '../members/access.ts'
import { copyCsv } from '../db/copy.ts'
import { type AuditCursor, decodeAuditCursor, encodeAuditCursor } from './cursor.ts'
import { type AuditLogFilter, auditCsvQuery, listAuditActors, listAuditEvents } from './queries.ts'

/** What the audit routes need from the app (see `AppDeps` in app.ts). */
export interface AuditRoutesDeps {
  readonly db: Database
  readonly signingKey: SigningKey
  /** Clock in ms since the epoch (names the CSV file). */
  readonly now: () => number
  /** Where a failure in the middle of a CSV stream goes (the status is sent by then). */
  readonly logError: (message: string, error: unknown) => void
}

/** The CSV's header row (no name needs quoting). */
export const AUDIT_CSV_HEADER = ['When (UTC)', 'Who', 'Who (id)', 'Action', 'Kind', 'Target', 'Target (id)', 'Details', 'IP address'] as const

/** The validated query: the filter (without the org) and the page size. */
interface ParsedQuery {
  readonly actorId?: string
  readonly kind?: AuditKind
  readonly before?: AuditCursor
  readonly limit: number
}

/**
 * Reads `actor`, `kind`, `before` and `limit` from the query string with contract
 * `AuditLogQuery`; other parameters are ignored.
 * @throws ApiError 400 `invalid_request` with an issue per bad parameter (given twice, refused by
 *   the schema, or a `before` this server never handed out).
 */
export function parseAuditQuery(c: Context): ParsedQuery {
  const given = c.req.queries()
  const issues: ApiIssue[] = []
  const input: Record<string, string> = {}
  for (const name of ['actor', 'kind', 'before', 'limit'] as const) {
    const values = given[name]
    if (values === undefined || values.length === 0) continue
    if (values.length > 1) issues.push({ path: [name], message: 'Give it once' })
    input[name] = values[0] as string
  }
  const result = validate(api.page.query, input)
  if (!result.ok) issues.push(...result.issues)
  let before: AuditCursor | undefined
  if (result.ok && result.value.before !== undefined) {
    before = decodeAuditCursor(result.value.before)
    if (before === undefined) issues.push({ path: ['before'], message: 'Not a cursor from this list' })
  }
  if (issues.length > 0 || !result.ok) throw invalidRequest('The audit log query is invalid.', issues)
  const { actor, kind, limit } = result.value
  return {
    ...(actor === undefined ? {} : { actorId: actor }),
    ...(kind === undefined ? {} : { kind }),
    ...(before === undefined ? {} : { before }),
    limit: limit === undefined ? AUDIT_LOG_PAGE_SIZE : Number(limit),
  }
}

/** The audit routes, to be mounted at `/api/organizations` (next to the team and workspace routes). */
export function auditRoutes(deps: AuditRoutesDeps): Hono<{ Variables: AccessVariables }> {
  const { db } = deps
  const app = new Hono<{ Variables: AccessVariables }>()
  const authenticated = requireAccessToken(deps.signingKey, deps.now)
  const { requirePermission } = accessControl(db)
  const canRead = requirePermission('ORGANIZATIONS', 'READ')

  const filterOf = (orgId: string, query: ParsedQuery): AuditLogFilter => {
    const { limit: _limit, ...filter } = query
    return { orgId, ...filter }
  }

  const route = contractRoutes(app, '/organizations')

  route(api.page, [authenticated, canRead], async (c) => {
    const query = parseAuditQuery(c)
    const page = await listAuditEvents(db, filterOf(c.var.orgId, query), query.limit)
    return { items: page.items, next_cursor: page.next === null ? null : encodeAuditCursor(page.next) }
  })

  /*
   * The CSV is one COPY of one keyset range read (auditCsvQuery, at most AUDIT_LOG_EXPORT_MAX_ROWS
   * rows; `limit` is ignored here), its bytes streamed as the database writes them, so a large export
   * never sits in memory as rows. A UTF-8 BOM first, so spreadsheet apps
   * read names with accents right.
   */
  route(api.exportCsv, [authenticated, canRead], (c) => {
    const query = parseAuditQuery(c)
    const chunks = copyCsv(db, auditCsvQuery(filterOf(c.var.orgId, query), AUDIT_LOG_EXPORT_MAX_ROWS))
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(`\uFEFF${AUDIT_CSV_HEADER.join(',')}\n`))
      },
      async pull(controller) {
        try {
          const next = await chunks.next()
          if (next.done) controller.close()
          else controller.enqueue(next.value)
        } catch (error) {
          // The 200 and part of the file are sent: the connection is cut so the file is not taken for complete.
          deps.logError('Audit log CSV export failed mid-stream', error)
          controller.error(error)
        }
      },
      async cancel() {
        await chunks.return(undefined)
      },
    })
    const day = new Date(deps.now()).toISOString().slice(0, 10)
    return c.body(body, 200, {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="audit-log-${day}.csv"`,
      'cache-control': 'no-store',
    })
  })

  route(api.actors, [authenticated, canRead], async (c) => {
    const given = c.req.queries('q') ?? []
    if (given.length > 1) throw invalidRequest('The person search is invalid.', [{ path: ['q'], message: 'Give it once' }])
    const result = validate(api.actors.query, given.length === 0 ? {} : { q: given[0] })
    if (!result.ok) throw invalidRequest('The person search is invalid.', result.issues)
    return { actors: await listAuditActors(db, c.var.orgId, { search: result.value.q?.trim() ?? '', limit: AUDIT_ACTORS_LIMIT }) }
  })

  return app
}
