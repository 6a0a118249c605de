/**
 * Passkeys (docs/api.md "Passkeys"), mounted at `/api/users`:
 *
 * - `GET    /me/passkeys`: the person's passkeys, newest first;
 * - `POST   /me/passkeys/options` then `POST /me/passkeys {challenge_id, name, response}`: add one
 *   (a discoverable credential with user verification; the person's others excluded);
 * - `PATCH  /me/passkeys/:id {name}`, `DELETE /me/passkeys/:id` (reverification): rename, remove;
 * - `POST   /signin/passkey/options` then `POST /signin/passkey {challenge_id, response}`: sign in
 *   with any registered passkey (discoverable: no email first), answered like `POST /signin`;
 * - `POST   /me/reverification/passkey/options` then `POST /me/reverification/passkey`: the
 *   passkey factor of 'Confirm it's you' (server/auth/reverification.ts) for this session.
 *
 * The `/me` routes are the person's own: every query is bounded by the caller's id, so another
 * person's passkey answers 404 like an unknown one. Adding and removing write `passkey.added` /
 * `passkey.removed` to x-org-id's audit log (the caller must belong to it, 403 otherwise) in the
 * change's transaction. A passkey sign-in is a whole sign-in, for people with two-factor on too
 * (docs/decisions.md), and needs no bot-check proof: an assertion needs the authenticator and the
 * person's verification, which no script has (docs/decisions.md).
 */
import type { AuthenticationResponseJSON as LibAuthenticationResponse, RegistrationResponseJSON as LibRegistrationResponse } from '@simplewebauthn/server'
import { generateRegistrationOptions } from '@simplewebauthn/server'
import { and, count, desc, eq } from 'drizzle-orm'
import { type Context, Hono } from 'hono'
import { ErrorCode } from '../../contract/api.ts'
import {
  type AuthenticationResponseJSON,
  type CreationOptionsJSON,
  PASSKEY_MESSAGES,
  type PasskeyItem,
  passkeysApi as api,
  type RegistrationResponseJSON,
  type RequestOptionsJSON,
} from '../../contract/passkeys.ts'
import { auditAddress } from '../audit-trail/actor.ts'
import { memberActorEmail } from '../members/actor-email.ts'
import { recordAudit } from '../audit-trail/record.ts'
import { recordSignIn } from '../audit-trail/sign-in.ts'
import { signAccessToken, type SigningKey } from '../auth/access-token.ts'
import { issueRefreshToken, revokeSessionsOfPasskey } from '../auth/refresh-token.ts'
import { markSessionVerified, REVERIFICATION_WINDOW_MS } from '../auth/reverification.ts'
import type { Database } from '../db/client.ts'
import { isUniqueViolation } from '../db/errors.ts'
import { passkeys, users } from '../db/schema.ts'
import {
  type AssertionFailure,
  authenticationOptions as optionsFor,
  CHALLENGE_TTL_MS,
  type ChallengePurpose,
  checkAssertion,
  type StoredCredential,
  relyingPartyOf,
  storeChallenge,
  takeChallenge,
  userHandleOf,
  verifyRegistration,
} from '../auth/webauthn.ts'
import { requireAccessToken, type AuthVariables } from '../http/auth.ts'
import { ApiError, conflict, invalidRequest, notFound, unauthorized } from '../http/errors.ts'
import { requireReverification } from '../http/reverification.ts'
import { contractRoutes } from '../http/route.ts'
import { startingOrgId } from '../members/workspaces.ts'

/** The most passkeys one person may have: enough for every device and a spare key or two. */
export const MAX_PASSKEYS_PER_PERSON = 25

export interface PasskeyRoutesDeps {
  readonly db: Database
  readonly signingKey: SigningKey
  /** Seconds. */
  readonly accessTokenTtlS: number
  /** Seconds. */
  readonly refreshTokenTtlS: number
  /** Clock in ms since the epoch. */
  readonly now: () => number
  /** The public origin (server/config.ts `publicOriginOf`): the relying party's ID and origin. */
  readonly publicOrigin: () => string
  /** The client address of a request (RateLimiters.address), for sessions and audit entries. */
  readonly address: (c: Context) => string
  /** How long a factor allows sensitive changes, ms; default {@link REVERIFICATION_WINDOW_MS}. */
  readonly reverificationWindowMs?: number
}

const challengeExpired = () =>
  invalidRequest(PASSKEY_MESSAGES.challengeExpired, [{ path: ['challenge_id'], message: PASSKEY_MESSAGES.challengeExpired }])

/** A failed ceremony as its answer: 400 for an answer not for us; `signIn` makes a bad signature (and an unknown passkey) a 401. */
function refusal(failure: AssertionFailure, signIn: boolean): ApiError {
  switch (failure) {
    case 'challengeExpired':
      return challengeExpired()
    case 'unknownCredential':
    case 'notYours': {
      const message = failure === 'unknownCredential' ? PASSKEY_MESSAGES.unknownCredential : PASSKEY_MESSAGES.notYours
      return signIn ? new ApiError(401, ErrorCode.invalidCredentials, message) : invalidRequest(message, [{ path: ['response'], message }])
    }
    case 'malformed':
      return invalidRequest('The passkey answer is malformed.', [{ path: ['response'], message: 'Not a WebAuthn answer' }])
    case 'wrongOrigin':
      return invalidRequest(PASSKEY_MESSAGES.wrongOrigin, [{ path: ['response'], message: PASSKEY_MESSAGES.wrongOrigin }])
    case 'wrongChallenge':
      return challengeExpired()
    case 'notVerified':
      return signIn
        ? new ApiError(401, ErrorCode.invalidCredentials, PASSKEY_MESSAGES.notVerified)
        : invalidRequest(PASSKEY_MESSAGES.notVerified, [{ path: ['response'], message: PASSKEY_MESSAGES.notVerified }])
  }
}

/** A row as the contract lists it. */
const toItem = (row: typeof passkeys.$inferSelect): PasskeyItem => ({
  id: row.id,
  name: row.name,
  created_at: row.createdAt.toISOString(),
  last_used_at: row.lastUsedAt?.toISOString() ?? null,
  device_type: row.deviceType === 'multiDevice' ? 'multiDevice' : 'singleDevice',
  backed_up: row.backedUp,
})

/** The passkey routes, to be mounted at `/api/users`. */
export function passkeyRoutes(deps: PasskeyRoutesDeps): Hono<{ Variables: AuthVariables }> {
  const { db } = deps
  const app = new Hono<{ Variables: AuthVariables }>()
  const authenticated = requireAccessToken(deps.signingKey, deps.now)
  const windowMs = deps.reverificationWindowMs ?? REVERIFICATION_WINDOW_MS
  const reverified = requireReverification({ db, signingKey: deps.signingKey, now: deps.now, windowMs })
  const rp = () => relyingPartyOf(deps.publicOrigin())
  const route = contractRoutes(app, '/users')


  /** The caller's session id (set by requireAccessToken); 401 for a token without one. */
  const sessionIdOf = (c: Context<{ Variables: AuthVariables }>): string => {
    const sid = c.var.sessionId
    if (sid === undefined) throw unauthorized()
    return sid
  }

  /** Authentication options (discoverable when `allow` is empty) and their stored challenge (server/auth/webauthn.ts). */
  const authenticationOptions = async (purpose: ChallengePurpose, userId: string | null, allow: ReadonlyArray<StoredCredential>) => {
    const { challenge_id, options } = await optionsFor(db, rp(), { purpose, userId, allow, now: new Date(deps.now()) })
    // The library's JSON is the contract's shape (checked by the tests' decode), typed more loosely.
    return { challenge_id, options: options as unknown as RequestOptionsJSON }
  }

  /**
   * Checks an assertion answered to a `purpose` challenge (server/auth/webauthn.ts
   * `checkAssertion`: single-use challenge, `ownerId`'s passkeys only, signature, user
   * verification, counter).
   * @returns the passkey's row as it was.
   * @throws ApiError as {@link refusal} says; unknown passkeys 401 (sign-in) or 400.
   */
  const assert = async (purpose: ChallengePurpose, body: { challenge_id: string; response: AuthenticationResponseJSON }, ownerId: string | null) => {
    const result = await checkAssertion(db, rp(), {
      purpose,
      challengeId: body.challenge_id,
      response: body.response as unknown as LibAuthenticationResponse,
      ownerId,
      now: new Date(deps.now()),
    })
    if (!result.ok) throw refusal(result.failure, ownerId === null)
    return result.value
  }

  route(api.list, [authenticated], async (c) => {
    const rows = await db.select().from(passkeys).where(eq(passkeys.userId, c.var.userId)).orderBy(desc(passkeys.createdAt), passkeys.id)
    return { passkeys: rows.map(toItem) }
  })

  route(api.registrationOptions, [authenticated], async (c) => {
    const { userId, orgId } = c.var
    // Adding is audited in x-org-id's log: refused at once outside it, rather than after the browser's prompt.
    const email = await memberActorEmail(db, userId, orgId)
    const [user] = await db.select({ fullName: users.fullName }).from(users).where(eq(users.id, userId))
    if (user === undefined) throw unauthorized()
    const mine = await db.select({ id: passkeys.credentialId, transports: passkeys.transports }).from(passkeys).where(eq(passkeys.userId, userId))
    if (mine.length >= MAX_PASSKEYS_PER_PERSON) throw conflict(`You can have at most ${MAX_PASSKEYS_PER_PERSON} passkeys. Delete one first.`)
    const relyingParty = rp()
    const options = await generateRegistrationOptions({
      rpName: relyingParty.name,
      rpID: relyingParty.id,
      userName: email,
      userID: userHandleOf(userId),
      userDisplayName: user.fullName,
      timeout: CHALLENGE_TTL_MS,
      attestationType: 'none',
      excludeCredentials: mine.map((p) => ({ id: p.id, transports: p.transports })),
      authenticatorSelection: { residentKey: 'required', requireResidentKey: true, userVerification: 'required' },
    })
    const challenge_id = await storeChallenge(db, { challenge: options.challenge, purpose: 'registration', userId, now: new Date(deps.now()) })
    return { challenge_id, options: options as unknown as CreationOptionsJSON }
  })

  route(api.register, [authenticated], async (c, { body }) => {
    const { userId, orgId } = c.var
    const now = new Date(deps.now())
    const taken = await takeChallenge(db, body.challenge_id, 'registration', now)
    if (taken === undefined || taken.userId !== userId) throw challengeExpired()
    const result = await verifyRegistration(rp(), taken.challenge, body.response as RegistrationResponseJSON as unknown as LibRegistrationResponse)
    if (!result.ok) throw refusal(result.failure, false)
    const credential = result.value
    try {
      const row = await db.transaction(async (tx) => {
        const w = tx as unknown as Database
        const email = await memberActorEmail(w, userId, orgId)
        const [held] = await w.select({ n: count() }).from(passkeys).where(eq(passkeys.userId, userId))
        if ((held?.n ?? 0) >= MAX_PASSKEYS_PER_PERSON) throw conflict(`You can have at most ${MAX_PASSKEYS_PER_PERSON} passkeys. Delete one first.`)
        const [inserted] = await w
          .insert(passkeys)
          .values({
            userId,
            credentialId: credential.credentialId,
            publicKey: credential.publicKey,
            counter: credential.counter,
            transports: [...(body.response.response.transports ?? [])],
            deviceType: credential.deviceType,
            backedUp: credential.backedUp,
            name: body.name,
            createdAt: now,
          })
          .returning()
        if (inserted === undefined) throw new Error('passkeys: the insert returned no row')
        await recordAudit(w, {
          orgId,
          actorId: userId,
          actorLabel: email,
          kind: 'passkey.added',
          targetId: inserted.id,
          targetLabel: inserted.name,
          details: { name: inserted.name, device_type: inserted.deviceType },
          ipAddress: auditAddress(deps.address, c),
          at: now,
        })
        return inserted
      })
      return toItem(row)
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict(PASSKEY_MESSAGES.alreadyRegistered)
      throw error
    }
  })

  route(api.rename, [authenticated], async (c, { params, body }) => {
    const [row] = await db
      .update(passkeys)
      .set({ name: body.name })
      .where(and(eq(passkeys.id, params.id), eq(passkeys.userId, c.var.userId)))
      .returning()
    if (row === undefined) throw notFound(PASSKEY_MESSAGES.notFound)
    return toItem(row)
  })

  route(api.remove, [authenticated, reverified], async (c, { params }) => {
    const { userId, orgId } = c.var
    const now = new Date(deps.now())
    await db.transaction(async (tx) => {
      const w = tx as unknown as Database
      const email = await memberActorEmail(w, userId, orgId)
      // A lost or stolen device's passkey: the sessions it started end at once (not this one).
      const current = sessionIdOf(c)
      const [owned] = await w.select({ id: passkeys.id }).from(passkeys).where(and(eq(passkeys.id, params.id), eq(passkeys.userId, userId)))
      if (owned !== undefined) await revokeSessionsOfPasskey(w, userId, owned.id, current, now)
      const [row] = await w
        .delete(passkeys)
        .where(and(eq(passkeys.id, params.id), eq(passkeys.userId, userId)))
        .returning()
      if (row === undefined) throw notFound(PASSKEY_MESSAGES.notFound)
      await recordAudit(w, {
        orgId,
        actorId: userId,
        actorLabel: email,
        kind: 'passkey.removed',
        targetId: row.id,
        targetLabel: row.name,
        details: { name: row.name, device_type: row.deviceType },
        ipAddress: auditAddress(deps.address, c),
        at: now,
      })
    })
    return c.body(null, 204)
  })

  // Discoverable: the browser offers every passkey it has for this site (no email first).
  route(api.signInOptions, [], async () => authenticationOptions('authentication', null, []))

  /*
   * A whole sign-in: the same session and answer as `POST /signin` (the starting workspace, the
   * `auth.signed_in` entry), the session's method `passkey`. Two-factor is not asked again: the
   * passkey proved possession and the person's verification.
   */
  route(api.signIn, [], async (c, { body }) => {
    const passkey = await assert('authentication', body, null)
    const [account] = await db.select({ orgId: startingOrgId }).from(users).where(eq(users.id, passkey.userId))
    if (account === undefined) throw new ApiError(401, ErrorCode.invalidCredentials, PASSKEY_MESSAGES.unknownCredential)
    if (account.orgId === null) throw new ApiError(403, ErrorCode.forbidden, 'This account does not belong to any workspace.')
    const nowMs = deps.now()
    const ipAddress = deps.address(c)
    const session = await issueRefreshToken(db, passkey.userId, new Date(nowMs), deps.refreshTokenTtlS, {
      userAgent: c.req.header('user-agent'),
      ipAddress,
      method: 'passkey',
      passkeyId: passkey.id,
    })
    const [access_token] = await Promise.all([
      signAccessToken(deps.signingKey, passkey.userId, Math.floor(nowMs / 1000), deps.accessTokenTtlS, session.sessionId),
      recordSignIn(db, { userId: passkey.userId, orgId: account.orgId, ipAddress: auditAddress(deps.address, c), sessionId: session.sessionId, at: new Date(nowMs) }),
    ])
    return { access_token, refresh_token: session.refreshToken, expires_in: deps.accessTokenTtlS, org_id: account.orgId }
  })

  // Only the caller's own passkeys are offered (and accepted).
  route(api.reverificationOptions, [authenticated], async (c) => {
    sessionIdOf(c)
    const mine = await db
      .select({ credentialId: passkeys.credentialId, publicKey: passkeys.publicKey, counter: passkeys.counter, transports: passkeys.transports })
      .from(passkeys)
      .where(eq(passkeys.userId, c.var.userId))
    if (mine.length === 0) throw notFound('You have no passkeys. Confirm with your password or a code.')
    return authenticationOptions('reverification', c.var.userId, mine)
  })

  route(api.reverify, [authenticated], async (c, { body }) => {
    const sid = sessionIdOf(c)
    await assert('reverification', body, c.var.userId)
    const now = deps.now()
    await markSessionVerified(db, sid, new Date(now))
    return { verified_until: new Date(now + windowMs).toISOString() }
  })

  return app
}
