/**
 * A software WebAuthn authenticator for server tests: a real ES256 key pair (node:crypto), and the
 * bytes a browser and authenticator would send, built here by hand: clientDataJSON, authenticator
 * data, the COSE public key and an attestation object of format 'none' (W3C WebAuthn §6.1, §6.5,
 * §8.7; RFC 8152 §13.1.1 for the EC2 key). No library in between, so the server's checks meet
 * exactly what a real client sends, and tests can bend each part (origin, counter, flags).
 */
import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from 'node:crypto'

/** Authenticator data flags (W3C WebAuthn §6.1). */
export const FLAGS = { UP: 0x01, UV: 0x04, BE: 0x08, BS: 0x10, AT: 0x40 } as const

// ---------------------------------------------------------------------------------------------
// Just enough CBOR (RFC 8949) to write an attestation object and a COSE key.

type Cbor = number | string | Uint8Array | Map<Cbor, Cbor> | { readonly [key: string]: Cbor }

function head(major: number, length: number): Buffer {
  if (length < 24) return Buffer.from([(major << 5) | length])
  if (length < 0x100) return Buffer.from([(major << 5) | 24, length])
  if (length < 0x10000) return Buffer.from([(major << 5) | 25, length >> 8, length & 0xff])
  const b = Buffer.alloc(5)
  b[0] = (major << 5) | 26
  b.writeUInt32BE(length, 1)
  return b
}

/** CBOR of `value`: unsigned and negative integers, text, byte strings and maps. */
export function cbor(value: Cbor): Buffer {
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value)
  if (typeof value === 'string') {
    const bytes = Buffer.from(value, 'utf8')
    return Buffer.concat([head(3, bytes.length), bytes])
  }
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), Buffer.from(value)])
  const entries: Array<[Cbor, Cbor]> = value instanceof Map ? [...value.entries()] : Object.entries(value)
  return Buffer.concat([head(5, entries.length), ...entries.flatMap(([k, v]) => [cbor(k), cbor(v)])])
}

// ---------------------------------------------------------------------------------------------

const b64url = (bytes: Uint8Array | string) => Buffer.from(bytes).toString('base64url')
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest()

/** What a ceremony's answer is made with; each part can be bent to make a bad answer. */
export interface CeremonyOptions {
  /** The origin the browser reports (default: the authenticator's). */
  readonly origin?: string
  /** The RP ID whose hash goes in the authenticator data (default: the authenticator's). */
  readonly rpId?: string
  /** The challenge signed (default: the options'). */
  readonly challenge?: string
  /** The flags (default UP | UV, and AT for a registration). */
  readonly flags?: number
  /** The signature counter to report (default: one more than the last, or 0 for a counter-less authenticator). */
  readonly counter?: number
  /** The user handle to return with an assertion (default: the one registered). */
  readonly userHandle?: string | null
}

/** A registration answer as @simplewebauthn/browser's `startRegistration` makes it. */
export interface RegistrationAnswer {
  id: string
  rawId: string
  type: 'public-key'
  response: { clientDataJSON: string; attestationObject: string; transports: string[] }
  clientExtensionResults: Record<string, never>
  authenticatorAttachment: 'platform'
}

/** An assertion as @simplewebauthn/browser's `startAuthentication` makes it. */
export interface AssertionAnswer {
  id: string
  rawId: string
  type: 'public-key'
  response: { clientDataJSON: string; authenticatorData: string; signature: string; userHandle?: string }
  clientExtensionResults: Record<string, never>
  authenticatorAttachment: 'platform'
}

/**
 * One authenticator holding one passkey for `rpId`, made when {@link SoftwareAuthenticator.register}
 * answers a registration. `counting: false` makes it report 0 every time, as many platform
 * authenticators (synced passkeys) do.
 */
export class SoftwareAuthenticator {
  readonly credentialId = randomBytes(32)
  private readonly privateKey: KeyObject
  private readonly publicKey: KeyObject
  private counter = 0
  private userHandle: string | undefined

  constructor(
    readonly origin: string,
    readonly rpId: string,
    private readonly counting = true,
  ) {
    const pair = generateKeyPairSync('ec', { namedCurve: 'P-256' })
    this.privateKey = pair.privateKey
    this.publicKey = pair.publicKey
  }

  /** The credential id, base64url, as the server stores it. */
  get id(): string {
    return b64url(this.credentialId)
  }

  /** The COSE_Key of the public key: EC2, ES256, P-256. */
  coseKey(): Buffer {
    const jwk = this.publicKey.export({ format: 'jwk' })
    return cbor(
      new Map<Cbor, Cbor>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, Buffer.from(jwk.x ?? '', 'base64url')],
        [-3, Buffer.from(jwk.y ?? '', 'base64url')],
      ]),
    )
  }

  private nextCounter(given: number | undefined): number {
    if (given !== undefined) return given
    if (!this.counting) return 0
    this.counter += 1
    return this.counter
  }

  private authenticatorData(rpId: string, flags: number, counter: number, attested?: Buffer): Buffer {
    const count = Buffer.alloc(4)
    count.writeUInt32BE(counter, 0)
    return Buffer.concat([sha256(rpId), Buffer.from([flags]), count, ...(attested === undefined ? [] : [attested])])
  }

  private clientData(type: string, challenge: string, origin: string): string {
    return b64url(JSON.stringify({ type, challenge, origin, crossOrigin: false }))
  }

  /** Answers `options` (the server's creation options) as a browser would after the person agreed. */
  register(options: { challenge: string; user: { id: string } }, bend: CeremonyOptions = {}): RegistrationAnswer {
    this.userHandle = options.user.id
    const idLength = Buffer.alloc(2)
    idLength.writeUInt16BE(this.credentialId.length, 0)
    const attested = Buffer.concat([Buffer.alloc(16), idLength, this.credentialId, this.coseKey()])
    const flags = bend.flags ?? FLAGS.UP | FLAGS.UV | FLAGS.AT
    const authData = this.authenticatorData(bend.rpId ?? this.rpId, flags, this.nextCounter(bend.counter), attested)
    const attestationObject = cbor({ fmt: 'none', attStmt: {}, authData })
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key',
      response: {
        clientDataJSON: this.clientData('webauthn.create', bend.challenge ?? options.challenge, bend.origin ?? this.origin),
        attestationObject: b64url(attestationObject),
        transports: ['internal', 'hybrid'],
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    }
  }

  /** Answers `options` (the server's request options) with this passkey, signed with its private key. */
  assert(options: { challenge: string }, bend: CeremonyOptions = {}): AssertionAnswer {
    const flags = bend.flags ?? FLAGS.UP | FLAGS.UV
    const authData = this.authenticatorData(bend.rpId ?? this.rpId, flags, this.nextCounter(bend.counter))
    const clientDataJSON = this.clientData('webauthn.get', bend.challenge ?? options.challenge, bend.origin ?? this.origin)
    const signature = sign('sha256', Buffer.concat([authData, sha256(Buffer.from(clientDataJSON, 'base64url'))]), this.privateKey)
    const userHandle = bend.userHandle === undefined ? this.userHandle : bend.userHandle
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key',
      response: {
        clientDataJSON,
        authenticatorData: b64url(authData),
        signature: b64url(signature),
        ...(userHandle === undefined || userHandle === null ? {} : { userHandle }),
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    }
  }
}
