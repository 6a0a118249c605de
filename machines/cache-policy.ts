/**
 * SPEC.md §9 "General query cache stale time 300000 ms, no refetch on window focus", for an app
 * whose server data lives in actors instead of a query cache (docs/decisions.md: "No query cache:
 * server data lives in actors").
 *
 * What it means here: an actor holding server data treats its data as fresh for
 * `QUERY_STALE_TIME_MS` after the answer (no new call for that long unless something changed it),
 * and it does not refetch because the window gained focus (`QUERY_REFETCH_ON_WINDOW_FOCUS`).
 * The exceptions are named in `FOCUS_REFETCH_EXCEPTIONS`, each for a rule of its own.
 * `machines/cache-policy.test.ts` checks every server-data machine of the root system against it.
 */

/** SPEC §9: the general stale time (ms). */
export const QUERY_STALE_TIME_MS = 300_000

/** SPEC §9: server data is not refetched when the window gains focus. */
export const QUERY_REFETCH_ON_WINDOW_FOCUS = false

/**
 * Machines that do refetch on window focus, and the rule that makes them: the only ones allowed
 * to invoke a focus listener.
 */
export const FOCUS_REFETCH_EXCEPTIONS = {
  /** SPEC §4 Polling: "a full refresh of page 1 occurs when the window gains focus". */
  notifications: 'SPEC §4 Polling',
  /** docs/decisions.md "When the credits are fetched again": at most every 60 s, asked for. */
  credits: 'docs/decisions.md: When the credits are fetched again',
} as const
