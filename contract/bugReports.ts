/**
 * Bug reports (SPEC.md §2.6 Bug-report modal, §3 Bug report, §5 validation, §7 `POST
 * /cms/report-bug`, §8 toasts). The spec shows no length bounds; ours are below.
 *
 * `reporter_email` is accepted in the body for compatibility but never trusted: the server
 * records the signed-in user's email (empty for an anonymous report) whatever the body says.
 */
import { Schema, SchemaGetter } from 'effect'
import { endpoint } from './endpoint.ts'
import { isHttpUrl } from './uploads.ts'

/** Length bounds (ours), characters after trimming. */
export const BUG_REPORT_LIMITS = {
  title: 200,
  description: 5000,
  stepsToReproduce: 5000,
  url: 2048,
  /** device_info / browser_info: at most this many keys and this many characters of JSON. */
  infoKeys: 30,
  infoJsonChars: 4096,
} as const

/** SPEC §8 toasts. */
export const BUG_REPORT_SUBMITTED_MESSAGE = 'Bug report submitted successfully'
export const BUG_REPORT_FAILED_MESSAGE = 'Failed to submit bug report'

const trimmed = Schema.String.pipe(
  Schema.decode({
    decode: SchemaGetter.transform((s: string) => s.trim()),
    encode: SchemaGetter.transform((s: string) => s),
  }),
)

const required = (field: string, max: number) =>
  trimmed.check(
    Schema.isMinLength(1, { message: `${field} is required` }),
    Schema.isMaxLength(max, { message: `${field} must be at most ${max} characters` }),
  )

/** An absolute http(s) URL (SPEC §5: the screenshot URL must be a valid URL; `javascript:` and the like are refused). */
export const HttpUrl = trimmed.check(
  Schema.makeFilter((s: string) => (isHttpUrl(s) ? undefined : 'Enter a valid http(s) URL')),
)

/** A flat description of the device or browser: bounded in keys and size. */
export const InfoObject = Schema.Record(Schema.String, Schema.Unknown).check(
  Schema.makeFilter((o: Readonly<Record<string, unknown>>) => {
    if (Object.keys(o).length > BUG_REPORT_LIMITS.infoKeys) return `At most ${BUG_REPORT_LIMITS.infoKeys} fields`
    return JSON.stringify(o).length > BUG_REPORT_LIMITS.infoJsonChars ? `At most ${BUG_REPORT_LIMITS.infoJsonChars} characters of JSON` : undefined
  }),
)

/**
 * `POST /cms/report-bug` body (SPEC §3 Bug report). Title and description required; steps
 * optional; `screenshot_url` an http(s) URL or absent (null and "" count as absent);
 * `device_info` / `browser_info` filled by the browser; `website_url` the page it was sent from.
 */
export const BugReportRequest = Schema.Struct({
  title: required('Title', BUG_REPORT_LIMITS.title),
  description: required('Description', BUG_REPORT_LIMITS.description),
  steps_to_reproduce: Schema.optional(
    trimmed.check(Schema.isMaxLength(BUG_REPORT_LIMITS.stepsToReproduce, { message: `Steps to reproduce must be at most ${BUG_REPORT_LIMITS.stepsToReproduce} characters` })),
  ),
  screenshot_url: Schema.optional(Schema.NullOr(Schema.Union([Schema.Literal(''), HttpUrl]))),
  /** Ignored by the server (see the module comment). */
  reporter_email: Schema.optional(Schema.String.check(Schema.isMaxLength(254))),
  device_info: Schema.optional(InfoObject),
  browser_info: Schema.optional(InfoObject),
  website_url: Schema.optional(Schema.Union([Schema.Literal(''), HttpUrl])),
})
export type BugReportRequest = typeof BugReportRequest.Encoded
export type BugReportFields = typeof BugReportRequest.Type

/** `POST /cms/report-bug` answer (ours: the spec shows none): 201 with the stored report's id. */
export const BugReportResponse = Schema.Struct({
  _id: Schema.String,
  created_at: Schema.String,
})
export type BugReportResponse = typeof BugReportResponse.Type

/** One report as the operator's listing shows it (`npm run admin -- bug-reports`). */
export const BugReportEntry = Schema.Struct({
  _id: Schema.String,
  created_at: Schema.String,
  title: Schema.String,
  description: Schema.String,
  steps_to_reproduce: Schema.String,
  reporter_email: Schema.String,
  user_id: Schema.NullOr(Schema.String),
  org_id: Schema.NullOr(Schema.String),
  website_url: Schema.String,
  screenshot_url: Schema.NullOr(Schema.String),
  device_info: Schema.Record(Schema.String, Schema.Unknown),
  browser_info: Schema.Record(Schema.String, Schema.Unknown),
})
export type BugReportEntry = typeof BugReportEntry.Type

// ---------------------------------------------------------------------------------------------
// Endpoint (contract/endpoint.ts)

/**
 * `POST /cms/report-bug` (SPEC §7), 201: signed in (bearer, and `x-org-id` when there is a
 * current workspace) the report names its reporter, else it is anonymous; 401 for a bearer that
 * is not valid, 403 for a workspace the reporter is not in. The address is checked before the body.
 */
export const bugReportsApi = {
  report: endpoint('POST', '/cms/report-bug', {
    body: BugReportRequest,
    response: BugReportResponse,
    status: 201,
    access: 'optional',
    errors: ['unauthorized', 'forbidden'],
  }),
}
