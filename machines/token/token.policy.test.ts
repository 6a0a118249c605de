import { describe, expect, it } from 'vitest'
import { effectiveExpiresIn, isRefreshDue, toStoredTokens } from './token.policy.ts'

describe('token policy (SPEC §4 Token refresh, §9)', () => {
  it.each([
    [undefined, 300],
    [null, 300],
    [0, 300],
    [-5, 300],
    [Number.NaN, 300],
    [60, 60],
    [180, 180],
    [181, 151],
    [3600, 3570],
  ])('expires_in %s gives an effective lifetime of %s s', (input, expected) => {
    expect(effectiveExpiresIn(input as number | undefined)).toBe(expected)
  })

  it('stores expiry as epoch ms from now', () => {
    expect(toStoredTokens({ access_token: 'a', refresh_token: 'r', expires_in: 300 }, 1_000)).toEqual({
      accessToken: 'a',
      refreshToken: 'r',
      expiresAt: 1_000 + 270_000,
    })
  })

  it('is due when expiry is missing or within 10 s', () => {
    const t = { accessToken: 'a', refreshToken: 'r' }
    expect(isRefreshDue({ ...t, expiresAt: null }, 0)).toBe(true)
    expect(isRefreshDue({ ...t, expiresAt: 10_000 }, 0)).toBe(true)
    expect(isRefreshDue({ ...t, expiresAt: 10_001 }, 0)).toBe(false)
    expect(isRefreshDue({ ...t, expiresAt: 5_000 }, 10_000)).toBe(true)
  })
})
