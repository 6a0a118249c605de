/**
 * Storing and listing bug reports (SPEC.md §3 Bug report, `bug_reports` table). Used by
 * `POST /api/cms/report-bug` (routes.ts), the internal API and the admin CLI (server/admin).
 */
import { desc, eq } from 'drizzle-orm'
import type { BugReportEntry, BugReportFields } from '../../contract/bugReports.ts'
import type { Database } from '../db/client.ts'
import { bugReports, users } from '../db/schema.ts'

/** Who sent a report, as the server established it (never from the body). */
export interface Reporter {
  readonly userId: string
  /** The workspace in x-org-id, already checked to be one of the user's; null without one. */
  readonly orgId: string | null
  readonly email: string
}

/** The signed-in user's email, or undefined when the user no longer exists. */
export async function userEmail(db: Database, userId: string): Promise<string | undefined> {
  const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId))
  return row?.email
}


/**
 * Stores a validated report. `reporter` undefined: an anonymous report (no user, no workspace,
 * empty reporter email). `reporter_email` in `fields` is ignored.
 */
export async function createBugReport(db: Database, fields: BugReportFields, reporter: Reporter | undefined): Promise<{ _id: string; created_at: string }> {
  const [row] = await db
    .insert(bugReports)
    .values({
      userId: reporter?.userId ?? null,
      orgId: reporter?.orgId ?? null,
      title: fields.title,
      description: fields.description,
      stepsToReproduce: fields.steps_to_reproduce ?? '',
      reporterEmail: reporter?.email ?? '',
      deviceInfo: { ...(fields.device_info ?? {}) },
      browserInfo: { ...(fields.browser_info ?? {}) },
      websiteUrl: fields.website_url ?? '',
      screenshotUrl: fields.screenshot_url || null,
    })
    .returning({ id: bugReports.id, createdAt: bugReports.createdAt })
  if (row === undefined) throw new Error('The bug report was not stored')
  return { _id: row.id, created_at: row.createdAt.toISOString() }
}

/** The newest `limit` reports, newest first. */
export async function listBugReports(db: Database, limit: number): Promise<{ bug_reports: BugReportEntry[] }> {
  const rows = await db.select().from(bugReports).orderBy(desc(bugReports.createdAt), desc(bugReports.id)).limit(limit)
  return {
    bug_reports: rows.map((r) => ({
      _id: r.id,
      created_at: r.createdAt.toISOString(),
      title: r.title,
      description: r.description,
      steps_to_reproduce: r.stepsToReproduce,
      reporter_email: r.reporterEmail,
      user_id: r.userId,
      org_id: r.orgId,
      website_url: r.websiteUrl,
      screenshot_url: r.screenshotUrl,
      device_info: r.deviceInfo,
      browser_info: r.browserInfo,
    })),
  }
}
