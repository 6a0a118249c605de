/**
 * Most notification streams one person may hold open at once on one server process:
 * tabs and devices together, unless the operator sets STREAMS_PER_USER (server/config.ts).
 * Counted in memory, so behind a load balancer each host (and each WEB_CONCURRENCY worker) allows
 * this many.
 */
export const MAX_STREAMS_PER_USER = 10
