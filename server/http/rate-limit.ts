/**
 * Rate limits on the endpoints a script would hammer (docs/api.md "Rate limits"):
 * sign-in, sign-up, the human-verification check, bug reports, upload URLs and password changes. Counting is done
 * by `rate-limiter-flexible` in fixed windows: on PostgreSQL in the database (`RateLimiterPostgres`,
 * table `rate_limits`), so every process and every host on that database sees one count
 *, with an in-memory block in front of it so a key already over its limit costs no
 * query; on the embedded PGlite (one process) in this process's memory.
 *
 * Over the limit: 429 `rate_limited` with `Retry-After` (whole seconds) and nothing done.
 *
 * Failed sign-ins per email are counted too, but never refuse anyone (a
 * lockout would let anyone lock any account out): past the threshold each sign-in on that email
 * needs a fresh bot-check proof (server/botcheck/proof.ts) and each failure is answered after a
 * delay growing with the count ({@link signInFailureDelayMs}).
 *
 * The client address is the socket's peer; behind a reverse proxy set TRUST_PROXY=1 to use the
 * first `X-Forwarded-For` hop instead (never trusted otherwise: anyone can send that header).
 */
import { getConnInfo } from '@hono/node-server/conninfo'
import type { Context, MiddlewareHandler } from 'hono'
import type pg from 'pg'
import { RateLimiterMemory, RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible'
import { getTableName } from 'drizzle-orm'
import { ErrorCode } from '../../contract/api.ts'
import { API_KEY_RATE_LIMIT } from '../../contract/developers.ts'
import { rateLimits } from '../db/schema.ts'
import { ApiError } from './errors.ts'

/** One limit: at most `points` requests per `durationS` seconds for one key. */
export interface Limit {
  readonly points: number
  readonly durationS: number
}

/** The documented limits (docs/api.md "Rate limits"). */
export const RATE_LIMITS = {
  /** Per client address: any email. */
  signInPerAddress: { points: 20, durationS: 60 },
  /**
   * Failed sign-ins per email counted over 15 minutes (a success clears them). Not a limit: past
   * `points` failures, each attempt on that email needs a fresh bot-check proof and failures slow
   * down, against password guessing spread over many addresses.
   */
  signInFailuresPerEmail: { points: 10, durationS: 15 * 60 },
  signUpPerAddress: { points: 10, durationS: 60 * 60 },
  botCheckPerAddress: { points: 30, durationS: 60 },
  bugReportPerAddress: { points: 10, durationS: 60 * 60 },
  uploadUrlPerAddress: { points: 30, durationS: 10 * 60 },
  /** Password changes (each checks the current password): guessing it from a stolen session. */
  passwordChangePerAddress: { points: 10, durationS: 15 * 60 },
  /** 'Forgot password?' requests per client address, like sign-in. */
  passwordResetPerAddress: { points: 20, durationS: 60 },
  /**
   * Reset links mailed to one address. Past it the answer is the same 202 but nothing
   * is sent, so nobody can flood a mailbox and the answer still tells nothing.
   */
  passwordResetPerEmail: { points: 3, durationS: 15 * 60 },
  /** 'Resend' of the address-confirmation link per client address (429 past it). */
  confirmationResendPerAddress: { points: 5, durationS: 15 * 60 },
} as const satisfies Record<string, Limit>

/** How failed sign-ins past the threshold are slowed down: the first delay and the cap, ms. */
export const SIGN_IN_SLOWDOWN = { firstMs: 500, maxMs: 4000 } as const

/**
 * How long to hold the answer to a failed sign-in, ms, given the email's failures counted so far
 * including this one: nothing up to {@link RATE_LIMITS}.signInFailuresPerEmail.points, then
 * {@link SIGN_IN_SLOWDOWN}.firstMs doubling with each further failure, capped at `maxMs`.
 */
export function signInFailureDelayMs(failures: number): number {
  const past = failures - RATE_LIMITS.signInFailuresPerEmail.points
  if (past <= 0) return 0
  return Math.min(SIGN_IN_SLOWDOWN.maxMs, SIGN_IN_SLOWDOWN.firstMs * 2 ** Math.min(past - 1, 16))
}

/** The caller's address: the socket peer, or the first X-Forwarded-For hop when `trustProxy`. */
export function clientAddress(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = c.req.header('x-forwarded-for')?.split(',')[0]?.trim()
    if (forwarded) return forwarded
  }
  try {
    return getConnInfo(c).remote.address ?? 'unknown'
  } catch {
    // No socket (app.request in tests): every such caller shares one bucket.
    return 'unknown'
  }
}

/** 429 `rate_limited`, with the wait in the message. */
export function rateLimited(retryAfterS: number): ApiError {
  return new ApiError(429, ErrorCode.rateLimited, `Too many attempts. Try again in ${retryAfterS} second${retryAfterS === 1 ? '' : 's'}.`)
}

/** A limiter that says where a key stands after each request, for `RateLimit-*` headers. */
export interface MeteredLimiter {
  readonly limit: Limit
  /**
   * Counts one request for `key`; answers what is left of the window.
   * @returns `remaining` requests and `resetS`, whole seconds until the window ends.
   * @throws ApiError 429 `rate_limited` (with `retryAfterS`) once `key` is over its limit.
   */
  consume(key: string): Promise<{ readonly remaining: number; readonly resetS: number }>
}

/** A limiter for one {@link Limit}, counting per key. */
export interface Limiter {
  /**
   * Counts one request for `key`.
   * @throws ApiError 429 `rate_limited` once the key is over its limit (with `retryAfterS`, s).
   */
  consume(key: string): Promise<void>
  /**
   * Throws like {@link consume} if `key` is already over its limit, without counting.
   * For limits that count only failures (two-factor codes per person).
   */
  check(key: string): Promise<void>
  /** Forgets `key`'s count (a success clears its failures). */
  reset(key: string): Promise<void>
}

/** Counts failures per key over a window, without ever refusing (failed sign-ins per email). */
export interface FailureCounter {
  /** Failures counted for `key` in the current window (0 when counting is off). */
  count(key: string): Promise<number>
  /** Counts one failure for `key`; returns the count including it (0 when counting is off). */
  record(key: string): Promise<number>
  /** Forgets `key`'s count (a successful sign-in clears its failures). */
  reset(key: string): Promise<void>
}

const tooMany = (msBeforeNext: number) => {
  const retryAfterS = Math.max(1, Math.ceil(msBeforeNext / 1000))
  return Object.assign(rateLimited(retryAfterS), { retryAfterS })
}

/**
 * Where counts are kept: this process's memory, or a PostgreSQL pool shared by every host.
 * `sweeps`: this limiter deletes the table's expired rows every 5 minutes (the library's sweep
 * covers the whole table, so one limiter per process is enough).
 */
export type LimitStore = { readonly kind: 'memory' } | { readonly kind: 'postgres'; readonly pool: pg.Pool; readonly sweeps?: boolean }


/**
 * A limiter for `limit`, counting under `name` in `store`; `enabled: false` (RATE_LIMITS=off,
 * development only) counts nothing.
 */
export function createLimiter(limit: Limit, enabled = true, store: LimitStore = { kind: 'memory' }, name = 'limit'): Limiter {
  // Once a key is over its limit, this process refuses it from memory until the window ends: a
  // flood of refused requests costs the database nothing.
  const limiter = counterIn(store, name, limit, limit.points + 1)
  return {
    async consume(key) {
      if (!enabled) return
      try {
        await limiter.consume(key)
      } catch (rejection) {
        if (rejection instanceof RateLimiterRes) throw tooMany(rejection.msBeforeNext)
        throw rejection
      }
    },
    async check(key) {
      if (!enabled) return
      const state = await limiter.get(key)
      if (state !== null && state.consumedPoints >= limit.points) throw tooMany(state.msBeforeNext)
    },
    async reset(key) {
      await limiter.delete(key)
    },
  }
}

/**
 * A {@link MeteredLimiter} for `limit` under `name` in `store` (API keys: docs/api.md "Rate
 * limits"); `enabled: false` counts nothing and always answers the whole limit.
 */
export function createMeteredLimiter(limit: Limit, enabled = true, store: LimitStore = { kind: 'memory' }, name = 'metered'): MeteredLimiter {
  const limiter = counterIn(store, name, limit, limit.points + 1)
  return {
    limit,
    async consume(key) {
      if (!enabled) return { remaining: limit.points, resetS: limit.durationS }
      try {
        const state = await limiter.consume(key)
        return { remaining: state.remainingPoints, resetS: Math.max(1, Math.ceil(state.msBeforeNext / 1000)) }
      } catch (rejection) {
        if (rejection instanceof RateLimiterRes) throw tooMany(rejection.msBeforeNext)
        throw rejection
      }
    },
  }
}

/** The rate-limiter-flexible counter for `limit` under `name` in `store`. */
function counterIn(store: LimitStore, name: string, limit: Limit, inMemoryBlockOnConsumed?: number): RateLimiterMemory | RateLimiterPostgres {
  if (store.kind === 'memory') return new RateLimiterMemory({ keyPrefix: name, points: limit.points, duration: limit.durationS })
  return new RateLimiterPostgres({
    storeClient: store.pool,
    storeType: 'pool',
    // Created by our migrations (server/db/schema.ts), so its name comes from the schema.
    tableName: getTableName(rateLimits),
    tableCreated: true,
    clearExpiredByTimeout: store.sweeps === true,
    keyPrefix: name,
    points: limit.points,
    duration: limit.durationS,
    ...(inMemoryBlockOnConsumed === undefined ? {} : { inMemoryBlockOnConsumed }),
  })
}

/**
 * A failure counter over `limit.durationS` (fixed windows), counting under `name` in `store`;
 * `limit.points` is not enforced (see {@link signInFailureDelayMs}). `enabled: false` counts
 * nothing and reports 0.
 */
export function createFailureCounter(limit: Limit, enabled = true, store: LimitStore = { kind: 'memory' }, name = 'failures'): FailureCounter {
  // Never blocked in memory: a count past `points` refuses nothing.
  const counter = counterIn(store, name, limit)
  return {
    async count(key) {
      if (!enabled) return 0
      return (await counter.get(key))?.consumedPoints ?? 0
    },
    async record(key) {
      if (!enabled) return 0
      return (await counter.penalty(key, 1)).consumedPoints
    },
    async reset(key) {
      await counter.delete(key)
    },
  }
}

/** The app's limiters (one set per app), see {@link RATE_LIMITS}. */
export interface RateLimiters {
  readonly signInPerAddress: Limiter
  /** Failed sign-ins per email: past the threshold, fresh proofs and a slowdown. */
  readonly signInFailuresPerEmail: FailureCounter
  readonly signUpPerAddress: Limiter
  readonly botCheckPerAddress: Limiter
  readonly bugReportPerAddress: Limiter
  readonly uploadUrlPerAddress: Limiter
  readonly passwordChangePerAddress: Limiter
  readonly passwordResetPerAddress: Limiter
  readonly passwordResetPerEmail: Limiter
  readonly confirmationResendPerAddress: Limiter
  /** Requests per API key (contract/developers.ts API_KEY_RATE_LIMIT), with `RateLimit-*` headers. */
  readonly perApiKey: MeteredLimiter
  /** The client address of a request (see {@link clientAddress}). */
  address(c: Context): string
  /** Waits `ms` (the failed sign-in slowdown); tests record it instead. */
  sleep(ms: number): Promise<void>
}

/** Options from the server config: RATE_LIMITS (on/off) and TRUST_PROXY, and where counts are kept. */
export interface RateLimitOptions {
  readonly enabled: boolean
  readonly trustProxy: boolean
  /** Memory by default; the PostgreSQL pool when the server runs on PostgreSQL (server/main.ts). */
  readonly store?: LimitStore
  /** How the failed sign-in slowdown waits, ms; defaults to a timer (tests pass a recorder). */
  readonly sleep?: (ms: number) => Promise<void>
}

/** Builds the limiters for one app. */
export function createRateLimiters(options: RateLimitOptions = { enabled: true, trustProxy: false }): RateLimiters {
  // Counts are keyed by the limit's name: every host's sign-in limiter is the same one.
  const store = options.store
  const storeFor = (name: keyof typeof RATE_LIMITS) => (store?.kind === 'postgres' ? { ...store, sweeps: name === 'signInPerAddress' } : store)
  const make = (name: keyof typeof RATE_LIMITS) => createLimiter(RATE_LIMITS[name], options.enabled, storeFor(name), `engage_${name}`)
  return {
    signInPerAddress: make('signInPerAddress'),
    signInFailuresPerEmail: createFailureCounter(
      RATE_LIMITS.signInFailuresPerEmail,
      options.enabled,
      storeFor('signInFailuresPerEmail'),
      'engage_signInFailuresPerEmail',
    ),
    signUpPerAddress: make('signUpPerAddress'),
    botCheckPerAddress: make('botCheckPerAddress'),
    bugReportPerAddress: make('bugReportPerAddress'),
    uploadUrlPerAddress: make('uploadUrlPerAddress'),
    passwordChangePerAddress: make('passwordChangePerAddress'),
    passwordResetPerAddress: make('passwordResetPerAddress'),
    passwordResetPerEmail: make('passwordResetPerEmail'),
    confirmationResendPerAddress: make('confirmationResendPerAddress'),
    perApiKey: createMeteredLimiter(API_KEY_RATE_LIMIT, options.enabled, store, 'engage_perApiKey'),
    address: (c) => clientAddress(c, options.trustProxy),
    sleep: options.sleep ?? ((ms) => (ms <= 0 ? Promise.resolve() : new Promise((resolve) => setTimeout(resolve, ms)))),
  }
}

/**
 * Middleware counting each request of `method` against `limiter` under the client address.
 * Sets `Retry-After` (s) on the 429. Other methods pass uncounted.
 */
export function limitByAddress(limiters: RateLimiters, limiter: Limiter, method = 'POST'): MiddlewareHandler {
  return async (c, next) => {
    if (c.req.method === method) await withRetryAfter(c, () => limiter.consume(limiters.address(c)))
    await next()
  }
}

/** Runs `count`; if it throws a 429, sets `Retry-After` on the answer before rethrowing. */
export async function withRetryAfter(c: Context, count: () => Promise<void>): Promise<void> {
  try {
    await count()
  } catch (error) {
    const retryAfterS = (error as { retryAfterS?: number }).retryAfterS
    if (retryAfterS !== undefined) c.header('Retry-After', String(retryAfterS))
    throw error
  }
}
