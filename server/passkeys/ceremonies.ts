/**
 * The two WebAuthn ceremonies over @simplewebauthn/server (docs/decisions.md), with every way an
 * answer can fail named, so the routes answer a clear 400/401 instead of the library's exception:
 *
 * - `malformed`: clientDataJSON or the authenticator's data do not parse;
 * - `wrongOrigin`: made for another origin or RP ID, or for the other ceremony;
 * - `wrongChallenge`: signed over another challenge than the one taken;
 * - `notVerified`: a bad signature or attestation, no user verification, or a signature counter
 *   that did not move forward (a cloned authenticator; 0 then 0 is allowed, for authenticators
 *   that do not count).
 *
 * User verification is required in both: a passkey is a whole sign-in (possession and the
 * person's PIN or biometric), never a second step only.
 */
import {
  type AuthenticationResponseJSON,
  type RegistrationResponseJSON,
  type WebAuthnCredential,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server'
import type { RelyingParty } from './relying-party.ts'

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
