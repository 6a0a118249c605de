/**
 * What a database error means, for the callers that turn one into an answer (a taken name → 409).
 * The same test on embedded PGlite and on node-postgres: both put the PostgreSQL SQLSTATE in
 * `code`, possibly on an error's `cause` when Drizzle wraps it.
 */

/** Whether `error` (or one of its first five causes) is a unique-constraint violation (SQLSTATE 23505). */
export function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e !== null && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    if ((e as { code?: unknown }).code === '23505') return true
  }
  return false
}
