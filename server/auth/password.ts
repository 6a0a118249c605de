/**
 * Password hashing with Node's built-in scrypt (memory-hard, so GPU guessing is expensive).
 * Stored format, self-describing so parameters can be raised later without breaking old hashes:
 *
 *     scrypt$<N>$<r>$<p>$<salt, base64url>$<hash, base64url>
 *
 * With N = 2^15, r = 8, p = 1 one hash needs 32 MiB and takes roughly 50–100 ms on this
 * hardware; it runs on libuv's thread pool, so the event loop keeps serving other requests.
 */
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto'

const N = 2 ** 15
const R = 8
const P = 1
const KEY_LENGTH = 32
const SALT_LENGTH = 16
/** Hard ceilings for parameters read back from storage, so a tampered row cannot exhaust memory. */
const MAX_N = 2 ** 20
const MAX_R = 16
const MAX_P = 4

function derive(password: string, salt: Buffer, n: number, r: number, p: number, length: number): Promise<Buffer> {
  // scrypt needs 128·N·r bytes; Node's default cap (32 MiB) is exactly too small for N = 2^15.
  const options: ScryptOptions = { N: n, r, p, maxmem: 256 * n * r + 1024 * 1024 }
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, length, options, (error, key) => (error ? reject(error) : resolve(key)))
  })
}

/** Hashes `password` with a fresh 16-byte salt; returns the stored format above. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_LENGTH)
  const key = await derive(password, salt, N, R, P, KEY_LENGTH)
  return ['scrypt', N, R, P, salt.toString('base64url'), key.toString('base64url')].join('$')
}

/**
 * Checks `password` against a stored hash in constant time. A malformed stored value answers
 * false (never throws), after spending the same work as a real check.
 */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parse(stored)
  if (parsed === undefined) {
    await derive(password, Buffer.alloc(SALT_LENGTH), N, R, P, KEY_LENGTH)
    return false
  }
  const key = await derive(password, parsed.salt, parsed.n, parsed.r, parsed.p, parsed.hash.length)
  return timingSafeEqual(key, parsed.hash)
}

/**
 * A well-formed hash that no password matches: the hash part is random bytes, not derived, so
 * building it costs nothing while checking against it costs exactly one real check.
 */
const DUMMY_HASH = ['scrypt', N, R, P, randomBytes(SALT_LENGTH).toString('base64url'), randomBytes(KEY_LENGTH).toString('base64url')].join('$')

/**
 * Spends one password check's worth of work for a sign-in with an unknown email, so response
 * time does not reveal whether an account exists. Always resolves false.
 */
export async function verifyAgainstDummy(password: string): Promise<false> {
  await verifyPassword(password, DUMMY_HASH)
  return false
}

function parse(stored: string): { n: number; r: number; p: number; salt: Buffer; hash: Buffer } | undefined {
  const parts = stored.split('$')
  if (parts.length !== 6 || parts[0] !== 'scrypt') return undefined
  const [n, r, p] = parts.slice(1, 4).map((part) => (/^\d+$/.test(part) ? Number(part) : Number.NaN))
  const salt = Buffer.from(parts[4] ?? '', 'base64url')
  const hash = Buffer.from(parts[5] ?? '', 'base64url')
  const powerOfTwo = n !== undefined && n > 1 && (n & (n - 1)) === 0
  if (!powerOfTwo || n > MAX_N || !r || r > MAX_R || !p || p > MAX_P) return undefined
  if (salt.length < 8 || hash.length < 16) return undefined
  return { n, r, p, salt, hash }
}
