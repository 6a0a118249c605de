/**
 * WebAuthn for every server feature that asks for a passkey (docs/api.md "Passkeys", "Single
 * sign-on"; docs/decisions.md): server/passkeys (adding, signing in, reverification) and
 * server/sso (proving an account before single sign-on is linked to it). Feature folders may not
 * import each other (scripts/layers.ts), so what they share lives here:
 *
 * - the relying party: Engage at its public origin. The RP ID is the public origin's host name and
 *   the only origin accepted in an answer is the public origin itself (APP_URL, else the address
 *   the server listens on; server/config.ts `publicOriginOf`). A loopback IP address (127.0.0.1,
 *   the default HOST, or ::1) is served as `localhost`: browsers refuse an IP address as RP ID, and
 *   `localhost` is the same machine and a secure context;
 * - challenges (table `webauthn_challenges`): single-use and short-lived. The browser holds a
 *   random `challenge_id`; the server keeps only its SHA-256 with the challenge it signed for, the
 *   ceremony it is for and, when the ceremony is for one person, that person. Taking a challenge
 *   deletes it, whatever the ceremony's outcome, so an answer can be checked once;
 * - the two ceremonies over @simplewebauthn/server, with every way an answer can fail named, so
 *   the routes answer a clear 400/401 instead of the library's exception (`malformed`,
 *   `wrongOrigin`, `wrongChallenge`, `notVerified`: a bad signature or attestation, no user
 *   verification, or a signature counter that did not move forward; 0 then 0 is allowed);
 * - an assertion checked end to end ({@link authenticationOptions}, {@link checkAssertion}):
 *   the challenge taken, the passkey it names (only its owner's when the ceremony is for one
 *   person), the signature, and the counter kept.
 *
 * User verification is required in both ceremonies: a passkey is a whole sign-in (possession and
 * the person's PIN or biometric), never a second step only. Nothing here answers HTTP: failures
 * are values the routes turn into their errors.
 */
import { createHash, randomBytes } from 'node:crypto'
import {
  type AuthenticationResponseJSON,
  generateAuthenticationOptions,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
  type WebAuthnCredential,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server'
import { and, eq, lt } from 'drizzle-orm'
import type { Database } from '../db/client.ts'
import { passkeys, webauthnChallenges } from '../db/schema.ts'

// ---------------------------------------------------------------------------------------------
// The relying party

/** The relying party of one request: its name, RP ID and the one origin answers must come from. */
export interface RelyingParty {
  readonly name: string
  /** A host name (never an IP address, never with a port). */
  readonly id: string
  /** `scheme://host[:port]`, without a trailing slash. */
  readonly origin: string
}

/** The relying party's name, shown by the browser's prompt. */
export const RP_NAME = 'Engage'

const LOOPBACK = /^(127(\.\d{1,3}){3}|\[::1\])$/

/**
 * The relying party at `publicOrigin` (an absolute URL; only its origin counts).
 * @throws TypeError when `publicOrigin` is not an absolute URL (config validates APP_URL first).
 */
export function relyingPartyOf(publicOrigin: string): RelyingParty {
  const url = new URL(publicOrigin)
  if (LOOPBACK.test(url.hostname)) {
    return { name: RP_NAME, id: 'localhost', origin: `${url.protocol}//localhost${url.port === '' ? '' : `:${url.port}`}` }
  }
  return { name: RP_NAME, id: url.hostname, origin: url.origin }
}

// ---------------------------------------------------------------------------------------------
// Challenges

/** How long a challenge can be answered, ms (5 minutes: the browser's prompt times out then too). */
export const CHALLENGE_TTL_MS = 5 * 60_000

/** What a challenge is for: adding a passkey, signing in, or confirming it's you. */
export type ChallengePurpose = 'registration' | 'authentication' | 'reverification'

/** A challenge taken back: what was signed and for whom (null for a sign-in). */
export interface TakenChallenge {
  readonly challenge: string
  readonly userId: string | null
}

const hashOf = (challengeId: string) => createHash('sha256').update(challengeId).digest('hex')

/**
 * Keeps `challenge` (base64url, from the options) for `purpose` until `now` + {@link CHALLENGE_TTL_MS},
 * dropping every expired one first (the table stays as small as the ceremonies under way).
 * @returns the `challenge_id` for the browser: 32 random bytes, base64url (43 characters).
 */
export async function storeChallenge(
  db: Database,
  entry: { readonly challenge: string; readonly purpose: ChallengePurpose; readonly userId: string | null; readonly now: Date },
): Promise<string> {
  const challengeId = randomBytes(32).toString('base64url')
  await db.delete(webauthnChallenges).where(lt(webauthnChallenges.expiresAt, entry.now))
  await db.insert(webauthnChallenges).values({
    handleHash: hashOf(challengeId),
    challenge: entry.challenge,
    purpose: entry.purpose,
    userId: entry.userId,
    expiresAt: new Date(entry.now.getTime() + CHALLENGE_TTL_MS),
  })
  return challengeId
}

/**
 * Takes (deletes) the challenge `challengeId` of `purpose`.
 * @returns it, or undefined when it is unknown, used, of another purpose, or expired at `now`.
 */
export async function takeChallenge(db: Database, challengeId: string, purpose: ChallengePurpose, now: Date): Promise<TakenChallenge | undefined> {
  const [row] = await db
    .delete(webauthnChallenges)
    .where(and(eq(webauthnChallenges.handleHash, hashOf(challengeId)), eq(webauthnChallenges.purpose, purpose)))
    .returning({ challenge: webauthnChallenges.challenge, userId: webauthnChallenges.userId, expiresAt: webauthnChallenges.expiresAt })
  if (row === undefined || row.expiresAt.getTime() <= now.getTime()) return undefined
  return { challenge: row.challenge, userId: row.userId }
}

// ---------------------------------------------------------------------------------------------
// The ceremonies

export type CeremonyFailure = 'malformed' | 'wrongOrigin' | 'wrongChallenge' | 'notVerified'

export type CeremonyResult<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly failure: CeremonyFailure }

/** A passkey as it is stored, for checking an assertion made with it. */
export interface StoredCredential {
  /** base64url credential id. */
  readonly credentialId: string
  /** base64url COSE public key. */
  readonly publicKey: string
  readonly counter: number
  readonly transports: ReadonlyArray<string>
}

/** A new passkey as the registration made it. */
export interface NewCredential {
  readonly credentialId: string
  readonly publicKey: string
  readonly counter: number
  readonly deviceType: 'singleDevice' | 'multiDevice'
  readonly backedUp: boolean
}

/** What an assertion proved: the counter to keep and the backup state now. */
export interface Assertion {
  readonly newCounter: number
  readonly deviceType: 'singleDevice' | 'multiDevice'
  readonly backedUp: boolean
}

type ClientData = { readonly type: string; readonly origin: string; readonly challenge: string }

/** The parts of clientDataJSON (base64url) checked before the signature, or undefined when it does not parse. */
export function readClientData(clientDataJSON: string): ClientData | undefined {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8'))
    if (typeof parsed !== 'object' || parsed === null) return undefined
    const { type, origin, challenge } = parsed as Record<string, unknown>
    if (typeof type !== 'string' || typeof origin !== 'string' || typeof challenge !== 'string') return undefined
    return { type, origin, challenge }
  } catch {
    return undefined
  }
}

/** The checks before the library's: parseable, this origin and ceremony, this challenge. */
function precheck(clientDataJSON: string, type: 'webauthn.create' | 'webauthn.get', rp: RelyingParty, challenge: string): CeremonyFailure | undefined {
  const data = readClientData(clientDataJSON)
  if (data === undefined) return 'malformed'
  if (data.type !== type || data.origin !== rp.origin) return 'wrongOrigin'
  if (data.challenge !== challenge) return 'wrongChallenge'
  return undefined
}

/** The library's refusals that say the answer was made for another relying party. */
const isRpMismatch = (error: unknown) => error instanceof Error && /RP ID|rpIdHash/i.test(error.message)

/**
 * Verifies a registration answer (attestation 'none' or any the library knows) against `challenge`.
 * Never throws for bad input.
 */
export async function verifyRegistration(rp: RelyingParty, challenge: string, response: RegistrationResponseJSON): Promise<CeremonyResult<NewCredential>> {
  const early = precheck(response.response.clientDataJSON, 'webauthn.create', rp, challenge)
  if (early !== undefined) return { ok: false, failure: early }
  try {
    const result = await verifyRegistrationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: true,
    })
    if (!result.verified) return { ok: false, failure: 'notVerified' }
    const info = result.registrationInfo
    return {
      ok: true,
      value: {
        credentialId: info.credential.id,
        publicKey: Buffer.from(info.credential.publicKey).toString('base64url'),
        counter: info.credential.counter,
        deviceType: info.credentialDeviceType,
        backedUp: info.credentialBackedUp,
      },
    }
  } catch (error) {
    return { ok: false, failure: isRpMismatch(error) ? 'wrongOrigin' : 'notVerified' }
  }
}

/**
 * Verifies an assertion made with `credential` against `challenge`, the counter included.
 * Never throws for bad input.
 */
export async function verifyAssertion(
  rp: RelyingParty,
  challenge: string,
  response: AuthenticationResponseJSON,
  credential: StoredCredential,
): Promise<CeremonyResult<Assertion>> {
  const early = precheck(response.response.clientDataJSON, 'webauthn.get', rp, challenge)
  if (early !== undefined) return { ok: false, failure: early }
  const stored: WebAuthnCredential = {
    id: credential.credentialId,
    publicKey: new Uint8Array(Buffer.from(credential.publicKey, 'base64url')),
    counter: credential.counter,
    transports: [...credential.transports],
  }
  try {
    const result = await verifyAuthenticationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      credential: stored,
      requireUserVerification: true,
    })
    if (!result.verified) return { ok: false, failure: 'notVerified' }
    const info = result.authenticationInfo
    return { ok: true, value: { newCounter: info.newCounter, deviceType: info.credentialDeviceType, backedUp: info.credentialBackedUp } }
  } catch (error) {
    return { ok: false, failure: isRpMismatch(error) ? 'wrongOrigin' : 'notVerified' }
  }
}

// ---------------------------------------------------------------------------------------------
// An assertion, end to end

/** The WebAuthn user handle of a person: their id's bytes (stable, and no personal data). */
export const userHandleOf = (userId: string): Uint8Array<ArrayBuffer> => new TextEncoder().encode(userId)

/** A stored passkey row. */
export type PasskeyRow = typeof passkeys.$inferSelect

/**
 * Options for the browser's prompt to use a passkey (user verification required), and their
 * challenge stored for `purpose` and `userId` (null: anyone's passkey, a sign-in). `allow` empty
 * means discoverable (the browser offers every passkey it has for this site).
 * @returns `challenge_id` for the browser and the library's options JSON.
 */
export async function authenticationOptions(
  db: Database,
  rp: RelyingParty,
  request: { readonly purpose: ChallengePurpose; readonly userId: string | null; readonly allow: ReadonlyArray<Pick<StoredCredential, 'credentialId' | 'transports'>>; readonly now: Date },
): Promise<{ challenge_id: string; options: PublicKeyCredentialRequestOptionsJSON }> {
  const options = await generateAuthenticationOptions({
    rpID: rp.id,
    allowCredentials: request.allow.map((p) => ({ id: p.credentialId, transports: [...p.transports] as never })),
    userVerification: 'required',
    timeout: CHALLENGE_TTL_MS,
  })
  const challenge_id = await storeChallenge(db, { challenge: options.challenge, purpose: request.purpose, userId: request.userId, now: request.now })
  return { challenge_id, options }
}

/**
 * Why {@link checkAssertion} refused: a ceremony failure, or `challengeExpired` (unknown, used,
 * expired, of another purpose, or issued for another person), `unknownCredential` (no such
 * passkey), `notYours` (a passkey of someone else than `ownerId`).
 */
export type AssertionFailure = CeremonyFailure | 'challengeExpired' | 'unknownCredential' | 'notYours'

/**
 * Checks an assertion answered to a `purpose` challenge: the challenge (taken, single-use; for a
 * person's ceremony it must have been issued for `ownerId`), the passkey it names (`ownerId`:
 * only that person's; null: anyone's, a sign-in), the user handle, the signature, user
 * verification and the counter; then keeps the new counter and the moment of use (`now`). The
 * update is conditional on the counter read, so two answers racing with one signature cannot
 * both pass. Never throws for bad input.
 * @returns the passkey's row as it was, or why not.
 */
export async function checkAssertion(
  db: Database,
  rp: RelyingParty,
  request: {
    readonly purpose: ChallengePurpose
    readonly challengeId: string
    readonly response: AuthenticationResponseJSON
    readonly ownerId: string | null
    readonly now: Date
  },
): Promise<{ readonly ok: true; readonly value: PasskeyRow } | { readonly ok: false; readonly failure: AssertionFailure }> {
  const { ownerId, now, response } = request
  const taken = await takeChallenge(db, request.challengeId, request.purpose, now)
  if (taken === undefined || (ownerId !== null && taken.userId !== ownerId)) return { ok: false, failure: 'challengeExpired' }
  const [row] = await db.select().from(passkeys).where(eq(passkeys.credentialId, response.id))
  if (row === undefined) return { ok: false, failure: 'unknownCredential' }
  if (ownerId !== null && row.userId !== ownerId) return { ok: false, failure: 'notYours' }
  // A discoverable credential names its person: it must be the passkey's.
  const handle = response.response.userHandle
  if (handle !== undefined && handle !== Buffer.from(userHandleOf(row.userId)).toString('base64url')) return { ok: false, failure: 'notVerified' }
  const result = await verifyAssertion(rp, taken.challenge, response, {
    credentialId: row.credentialId,
    publicKey: row.publicKey,
    counter: row.counter,
    transports: row.transports,
  })
  if (!result.ok) return result
  const updated = await db
    .update(passkeys)
    .set({ counter: result.value.newCounter, backedUp: result.value.backedUp, lastUsedAt: now })
    .where(and(eq(passkeys.id, row.id), eq(passkeys.counter, row.counter)))
    .returning({ id: passkeys.id })
  if (updated.length === 0) return { ok: false, failure: 'notVerified' }
  return { ok: true, value: row }
}
