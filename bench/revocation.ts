/**
 * The cost per request of refusing signed-out sessions (server/http/revoked-sessions.ts), against
 * its floor measured in the same run: one Hono app answering a bearer-authenticated call with the
 * check mounted, and the same app without it. Both verify nothing else and do the same work
 * otherwise, so the difference is the check: the remembered token's claims and a lookup in a
 * revocation set of {@link REVOKED_SESSIONS} sessions. Requests go through `app.request` in this
 * process (no sockets: their noise would hide a few hundred nanoseconds), the two apps alternating
 * in rounds so both see the same moments of the shared machine.
 *
 * Figures: ns per request for each, the added ns, and the ratio (with / without). No goal: the
 * check is judged against the whole request, whose cost the server section reports.
 */
import { randomBytes, randomUUID } from 'node:crypto'
import { Hono } from 'hono'
import { importSigningKey, signAccessToken, verifyAccessTokenClaims } from '../server/auth/access-token.ts'
import type { SessionRevocations } from '../server/auth/revocations.ts'
import { refuseRevokedSessions } from '../server/http/revoked-sessions.ts'

/** Sessions in the revocation set while measuring: a busy hour of sign-outs on a large install. */
export const REVOKED_SESSIONS = 10_000
const ROUNDS = 10
const REQUESTS_PER_ROUND = 20_000

export interface RevocationResult {
  readonly requests: number
  readonly withCheckNsPerRequest: number
  readonly floorNsPerRequest: number
  readonly addedNsPerRequest: number
  /** With the check divided by the floor (1.0 = free). */
  readonly ratio: number
}

/** A revocation set already loaded with `ids`. */
function loadedSet(ids: ReadonlySet<string>): SessionRevocations {
  return {
    isRevoked: (sid) => ids.has(sid),
    ready: async () => {},
    onRevoked: () => () => {},
    stop: async () => {},
  }
}

export async function benchRevocation(): Promise<RevocationResult> {
  const key = await importSigningKey(randomBytes(32))
  const nowMs = Date.now()
  const nowS = Math.floor(nowMs / 1000)
  const token = await signAccessToken(key, randomUUID(), nowS, 300, randomUUID())
  // The token is verified once, as the first request of a session would: later calls hit the memo.
  await verifyAccessTokenClaims(key, token, nowS)
  const revoked = new Set(Array.from({ length: REVOKED_SESSIONS }, () => randomUUID()))

  const answer = (app: Hono) => {
    app.get('/api/ping', (c) => c.text('ok'))
    return app
  }
  const floor = answer(new Hono())
  const checked = new Hono()
  checked.use('*', refuseRevokedSessions({ signingKey: key, revocations: loadedSet(revoked), now: () => nowMs }))
  answer(checked)

  const headers = { authorization: `Bearer ${token}` }
  const run = async (app: Hono): Promise<number> => {
    const started = process.hrtime.bigint()
    for (let i = 0; i < REQUESTS_PER_ROUND; i++) {
      const response = await app.request('/api/ping', { headers })
      if (response.status !== 200) throw new Error(`the bench request answered ${response.status}`)
    }
    return Number(process.hrtime.bigint() - started)
  }
  // Warm-up for both (JIT), then alternating rounds.
  await run(floor)
  await run(checked)
  let floorNs = 0
  let checkedNs = 0
  for (let round = 0; round < ROUNDS; round++) {
    floorNs += await run(floor)
    checkedNs += await run(checked)
  }
  const requests = ROUNDS * REQUESTS_PER_ROUND
  const floorNsPerRequest = floorNs / requests
  const withCheckNsPerRequest = checkedNs / requests
  return {
    requests,
    withCheckNsPerRequest,
    floorNsPerRequest,
    addedNsPerRequest: withCheckNsPerRequest - floorNsPerRequest,
    ratio: withCheckNsPerRequest / floorNsPerRequest,
  }
}

export function reportRevocation(r: RevocationResult): string[] {
  return [
    `Revoked-session check (${REVOKED_SESSIONS.toLocaleString('en')} sessions in the set, ${r.requests.toLocaleString('en')} requests each, in process):`,
    `  with the check ${Math.round(r.withCheckNsPerRequest)} ns/request, floor ${Math.round(r.floorNsPerRequest)} ns/request: ` +
      `+${Math.round(r.addedNsPerRequest)} ns (${r.ratio.toFixed(3)}× the floor)`,
  ]
}
