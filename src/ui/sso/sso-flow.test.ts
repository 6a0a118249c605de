import { describe, expect, it } from 'vitest'
import { SSO_ERROR_MESSAGES } from '../../../contract/sso.ts'
import { reasonFrom, signInWithReason } from './sso-flow.ts'

describe('single sign-on on /signin', () => {
  it('Scenario: /signin shows only known reasons', () => {
    expect(signInWithReason('denied')).toBe('/signin?sso_error=denied')
    expect(reasonFrom('denied')).toBe('denied')
    expect(SSO_ERROR_MESSAGES[reasonFrom('expired') ?? 'denied']).toMatch(/expired/)
    for (const value of ['toString', '__proto__', 'anything', undefined, 42]) expect(reasonFrom(value)).toBeUndefined()
  })
})
