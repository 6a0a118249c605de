/**
 * Passkeys (WebAuthn credentials; docs/api.md "Passkeys"), shared by the server that registers
 * and checks them (server/passkeys) and the browser that lists them (machines/passkeys,
 * src/pages/security/PasskeysSection.tsx) and signs in with them (src/ui/PasskeySignIn.tsx).
 *
 * Every ceremony has two calls: `.../options` answers the browser's WebAuthn options and a
 * `challenge_id` (single-use, five minutes; the server keeps only its hash), then the browser's
 * answer goes back with that `challenge_id`. The WebAuthn JSON shapes below are the W3C
 * `PublicKeyCredentialCreationOptionsJSON` / `RequestOptionsJSON` and `RegistrationResponseJSON`
 * / `AuthenticationResponseJSON` as @simplewebauthn/browser reads and writes them; binary
 * values are base64url.
 */
import { Schema } from 'effect'
import { SignInResponse } from './api.ts'
import { endpoint } from './endpoint.ts'
import { Trimmed } from './validate.ts'

/** The longest passkey name, in UTF-16 code units. */
export const PASSKEY_NAME_MAX = 64

/** A passkey's name as the person gives it: trimmed, 1 to 64 characters. */
export const PasskeyName = Trimmed('Name', 1, PASSKEY_NAME_MAX)

/**
 * `singleDevice`: bound to one authenticator ('This device only'); `multiDevice`: synced by a
 * password manager or platform account ('Synced passkey').
 */
export const PasskeyDeviceTypes = ['singleDevice', 'multiDevice'] as const
export type PasskeyDeviceType = (typeof PasskeyDeviceTypes)[number]

/** One passkey of `GET /users/me/passkeys`. Times are ISO 8601 (UTC). */
export const PasskeyItem = Schema.Struct({
  id: Schema.String,
  name: Schema.String,
  created_at: Schema.String,
  /** The last sign-in or reverification with it; null when never used since it was added. */
  last_used_at: Schema.NullOr(Schema.String),
  device_type: Schema.Literals(PasskeyDeviceTypes),
  /** Whether the authenticator says the passkey is backed up (synced) now. */
  backed_up: Schema.Boolean,
})
export type PasskeyItem = typeof PasskeyItem.Type

/** `GET /users/me/passkeys`: newest first. */
export const PasskeysResponse = Schema.Struct({ passkeys: Schema.Array(PasskeyItem) })
export type PasskeysResponse = typeof PasskeysResponse.Type

// ---------------------------------------------------------------------------------------------
// WebAuthn JSON (W3C WebAuthn Level 3 §5.1.8 / §5.5 JSON forms)

/** The longest base64url text accepted in an answer: 16 kB covers an attestation 'none' object and any credential id (at most 1023 bytes). */
const BASE64URL_MAX = 16_384

/** base64url text (no padding), at most `max` characters. */
const Base64Url = (max = BASE64URL_MAX) =>
  Schema.String.check(Schema.isPattern(/^[A-Za-z0-9_-]*$/, { message: 'Must be base64url text' }), Schema.isMaxLength(max, { message: 'Too long' }))

/** A `challenge_id` from an options call: 43 base64url characters (32 random bytes). */
export const ChallengeId = Schema.String.check(Schema.isPattern(/^[A-Za-z0-9_-]{43}$/, { message: 'Not a challenge from this server' }))

const Transports = Schema.Array(Schema.String.check(Schema.isMaxLength(32, { message: 'Too long' }))).check(Schema.isMaxLength(8, { message: 'Too many transports' }))

const CredentialDescriptor = Schema.Struct({
  id: Schema.String,
  type: Schema.Literal('public-key'),
  transports: Schema.optional(Schema.Array(Schema.String)),
})

/** What `startRegistration({ optionsJSON })` takes (the server's `generateRegistrationOptions`). */
export const CreationOptionsJSON = Schema.Struct({
  rp: Schema.Struct({ id: Schema.optional(Schema.String), name: Schema.String }),
  user: Schema.Struct({ id: Schema.String, name: Schema.String, displayName: Schema.String }),
  challenge: Schema.String,
  pubKeyCredParams: Schema.Array(Schema.Struct({ type: Schema.Literal('public-key'), alg: Schema.Number })),
  timeout: Schema.optional(Schema.Number),
  excludeCredentials: Schema.optional(Schema.Array(CredentialDescriptor)),
  authenticatorSelection: Schema.optional(
    Schema.Struct({
      authenticatorAttachment: Schema.optional(Schema.Literals(['platform', 'cross-platform'])),
      requireResidentKey: Schema.optional(Schema.Boolean),
      residentKey: Schema.optional(Schema.Literals(['discouraged', 'preferred', 'required'])),
      userVerification: Schema.optional(Schema.Literals(['discouraged', 'preferred', 'required'])),
    }),
  ),
  hints: Schema.optional(Schema.Array(Schema.String)),
  attestation: Schema.optional(Schema.Literals(['none', 'indirect', 'direct', 'enterprise'])),
  extensions: Schema.optional(Schema.Record(Schema.String, Schema.Unknown)),
})
export type CreationOptionsJSON = typeof CreationOptionsJSON.Type

/** What `startAuthentication({ optionsJSON })` takes (the server's `generateAuthenticationOptions`). */
export const RequestOptionsJSON = Schema.Struct({
  challenge: Schema.String,
  timeout: Schema.optional(Schema.Number),
  rpId: Schema.optional(Schema.String),
  allowCredentials: Schema.optional(Schema.Array(CredentialDescriptor)),
  userVerification: Schema.optional(Schema.Literals(['discouraged', 'preferred', 'required'])),
  hints: Schema.optional(Schema.Array(Schema.String)),
  extensions: Schema.optional(Schema.Record(Schema.String, Schema.Unknown)),
})
export type RequestOptionsJSON = typeof RequestOptionsJSON.Type

/** What the browser's `startRegistration` answers. */
export const RegistrationResponseJSON = Schema.Struct({
  id: Base64Url(1400),
  rawId: Base64Url(1400),
  type: Schema.Literal('public-key'),
  response: Schema.Struct({
    clientDataJSON: Base64Url(),
    attestationObject: Base64Url(),
    authenticatorData: Schema.optional(Base64Url()),
    transports: Schema.optional(Transports),
    publicKeyAlgorithm: Schema.optional(Schema.Number),
    publicKey: Schema.optional(Base64Url()),
  }),
  authenticatorAttachment: Schema.optional(Schema.Literals(['platform', 'cross-platform'])),
  clientExtensionResults: Schema.Record(Schema.String, Schema.Unknown),
})
export type RegistrationResponseJSON = typeof RegistrationResponseJSON.Type

/** What the browser's `startAuthentication` answers. */
export const AuthenticationResponseJSON = Schema.Struct({
  id: Base64Url(1400),
  rawId: Base64Url(1400),
  type: Schema.Literal('public-key'),
  response: Schema.Struct({
    clientDataJSON: Base64Url(),
    authenticatorData: Base64Url(),
    signature: Base64Url(),
    userHandle: Schema.optional(Base64Url(1400)),
  }),
  authenticatorAttachment: Schema.optional(Schema.Literals(['platform', 'cross-platform'])),
  clientExtensionResults: Schema.Record(Schema.String, Schema.Unknown),
})
export type AuthenticationResponseJSON = typeof AuthenticationResponseJSON.Type

// ---------------------------------------------------------------------------------------------
// Requests and answers

/** `POST /users/me/passkeys/options`: the browser's prompt to create a passkey. */
export const RegistrationOptionsResponse = Schema.Struct({ challenge_id: Schema.String, options: CreationOptionsJSON })
export type RegistrationOptionsResponse = typeof RegistrationOptionsResponse.Type

/** `POST /users/me/passkeys`: the new passkey's name and the browser's answer to the prompt. */
export const RegisterPasskeyRequest = Schema.Struct({ challenge_id: ChallengeId, name: PasskeyName, response: RegistrationResponseJSON })
export type RegisterPasskeyRequest = typeof RegisterPasskeyRequest.Encoded

/** `PATCH /users/me/passkeys/{id}`. */
export const RenamePasskeyRequest = Schema.Struct({ name: PasskeyName })
export type RenamePasskeyRequest = typeof RenamePasskeyRequest.Encoded

/** `POST /users/signin/passkey/options`, `POST /users/me/reverification/passkey/options`: the browser's prompt to use a passkey. */
export const AuthenticationOptionsResponse = Schema.Struct({ challenge_id: Schema.String, options: RequestOptionsJSON })
export type AuthenticationOptionsResponse = typeof AuthenticationOptionsResponse.Type

/** `POST /users/signin/passkey`, `POST /users/me/reverification/passkey`: the browser's answer to that prompt. */
export const PasskeyAssertionRequest = Schema.Struct({ challenge_id: ChallengeId, response: AuthenticationResponseJSON })
export type PasskeyAssertionRequest = typeof PasskeyAssertionRequest.Encoded

/** `POST /users/me/reverification/passkey`: sensitive changes are allowed until `verified_until` (ISO 8601), as `POST /users/me/reverification` answers. */
export const PasskeyReverifyResponse = Schema.Struct({ verified_until: Schema.String })
export type PasskeyReverifyResponse = typeof PasskeyReverifyResponse.Type

/** What the server says for each refusal (also the browser's fallbacks). */
export const PASSKEY_MESSAGES = {
  challengeExpired: 'This passkey prompt has expired. Try again.',
  wrongOrigin: 'This passkey answer was not made for this site.',
  unknownCredential: 'This passkey is not registered with Engage. Sign in another way, then add it.',
  notVerified: 'The passkey could not be verified. Try again.',
  alreadyRegistered: 'This passkey is already registered.',
  notFound: 'There is no such passkey.',
  notYours: 'Use one of your own passkeys.',
} as const

// ---------------------------------------------------------------------------------------------
// Endpoints (contract/endpoint.ts). Refusals of a ceremony are 400 `invalid_request` (expired or
// used challenge, wrong origin, malformed answer, a bad signature in reverification); a sign-in
// with an unknown passkey or a bad signature is 401 `invalid_credentials`. Another person's
// passkey is 404 like an unknown one. Deleting needs a factor in the last 10 minutes
// (403 `reverification_required`).

export const passkeysApi = {
  list: endpoint('GET', '/users/me/passkeys', { response: PasskeysResponse }),
  registrationOptions: endpoint('POST', '/users/me/passkeys/options', { response: RegistrationOptionsResponse, errors: ['conflict', 'forbidden'] }),
  register: endpoint('POST', '/users/me/passkeys', { body: RegisterPasskeyRequest, response: PasskeyItem, status: 201, errors: ['conflict', 'forbidden'] }),
  rename: endpoint('PATCH', '/users/me/passkeys/:id', { body: RenamePasskeyRequest, response: PasskeyItem, errors: ['not_found'] }),
  remove: endpoint('DELETE', '/users/me/passkeys/:id', { errors: ['not_found', 'reverification_required', 'forbidden'] }),
  signInOptions: endpoint('POST', '/users/signin/passkey/options', { response: AuthenticationOptionsResponse, access: 'public' }),
  signIn: endpoint('POST', '/users/signin/passkey', {
    body: PasskeyAssertionRequest,
    response: SignInResponse,
    access: 'public',
    errors: ['invalid_credentials', 'forbidden'],
  }),
  reverificationOptions: endpoint('POST', '/users/me/reverification/passkey/options', { response: AuthenticationOptionsResponse, errors: ['not_found'] }),
  reverify: endpoint('POST', '/users/me/reverification/passkey', { body: PasskeyAssertionRequest, response: PasskeyReverifyResponse }),
}
