/**
 * Access tokens (SPEC.md §4 Token refresh, §7): the verified-token memo of verifyAccessToken
 * answers exactly as the full check does, at every time and for every key.
 */
import { describe, expect, test } from 'vitest'
import { importSigningKey, NOT_REMEMBERED, rememberedAccessToken, signAccessToken, verifyAccessToken } from './access-token.ts'

const key = (fill: number) => importSigningKey(new Uint8Array(32).fill(fill))

describe('verifyAccessToken', () => {
  test('Scenario: a remembered token is still refused from its exp on, and valid before it whatever the order of the checks', async () => {
    const k = await key(1)
    const token = await signAccessToken(k, 'user-1', 1_000, 60)
    expect(await verifyAccessToken(k, token, 1_000)).toBe('user-1')
    // Second call: answered from the memo, same answer.
    expect(await verifyAccessToken(k, token, 1_059)).toBe('user-1')
    expect(await verifyAccessToken(k, token, 1_060)).toBeUndefined()
    expect(await verifyAccessToken(k, token, 1_061)).toBeUndefined()
    // A clock set back (tests inject one): still valid before exp, as the full check says.
    expect(await verifyAccessToken(k, token, 1_030)).toBe('user-1')
  })

  test('Scenario: a token remembered under one key is refused under another; a tampered one is never accepted', async () => {
    const [a, b] = [await key(1), await key(2)]
    const token = await signAccessToken(a, 'user-1', 1_000, 60)
    expect(await verifyAccessToken(a, token, 1_000)).toBe('user-1')
    expect(await verifyAccessToken(b, token, 1_000)).toBeUndefined()
    const [header, payload, signature] = token.split('.') as [string, string, string]
    const forged = `${header}.${Buffer.from(JSON.stringify({ sub: 'admin', jti: 'x', iat: 1_000, exp: 9_999 })).toString('base64url')}.${signature}`
    expect(await verifyAccessToken(a, forged, 1_000)).toBeUndefined()
    expect(await verifyAccessToken(a, `${header}.${payload}.${signature.slice(0, -2)}AA`, 1_000)).toBeUndefined()
    expect(await verifyAccessToken(a, forged, 1_000)).toBeUndefined()
  })

  test('Scenario: an expired token is refused on its first check too (nothing remembered)', async () => {
    const k = await key(3)
    const token = await signAccessToken(k, 'user-2', 1_000, 60)
    expect(await verifyAccessToken(k, token, 2_000)).toBeUndefined()
    expect(await verifyAccessToken(k, token, 1_010)).toBe('user-2')
  })

  test('Scenario: the synchronous lookup answers only for a verified token, and as the full check does', async () => {
    const k = await key(3)
    const token = await signAccessToken(k, 'user-3', 1_000, 60, 'session-3')
    // Never verified: only the full check may answer; a forged or foreign token is never remembered.
    expect(rememberedAccessToken(k, token, 1_000)).toBe(NOT_REMEMBERED)
    expect(await verifyAccessToken(await key(4), token, 1_000)).toBeUndefined()
    expect(rememberedAccessToken(await key(4), token, 1_000)).toBe(NOT_REMEMBERED)
    expect(await verifyAccessToken(k, token, 1_000)).toBe('user-3')
    expect(rememberedAccessToken(k, token, 1_059)).toEqual({ sub: 'user-3', sid: 'session-3' })
    // From exp on: refused, and forgotten (the next call goes back to the full check, which refuses it too).
    expect(rememberedAccessToken(k, token, 1_060)).toBeUndefined()
    expect(rememberedAccessToken(k, token, 1_060)).toBe(NOT_REMEMBERED)
    expect(await verifyAccessToken(k, token, 1_060)).toBeUndefined()
  })
})
