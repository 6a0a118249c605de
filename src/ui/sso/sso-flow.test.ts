import { describe, expect, it } from 'vitest'
import { SSO_ERROR_MESSAGES } from '../../../contract/sso.ts'
import { callbackFailure, isProviderUrl, readProviderReturn, reasonFrom, signInWithReason, stateOf } from './sso-flow.ts'

describe('single sign-on in the browser', () => {
  it('Scenario: only an http(s) URL is opened as the provider', () => {
    expect(isProviderUrl('https://idp.example.com/auth?state=s')).toBe(true)
    expect(isProviderUrl('http://127.0.0.1:3001/auth')).toBe(true)
    for (const url of ['javascript:alert(1)', 'data:text/html,x', '/relative', 'not a url']) expect(isProviderUrl(url)).toBe(false)
    expect(stateOf('https://idp.example.com/auth?state=abc')).toBe('abc')
    expect(stateOf('nope')).toBeNull()
  })

  it("Scenario: the provider's return is exchanged only when its state is this tab's", () => {
    const query = new URLSearchParams({ code: 'c', state: 's', iss: 'https://idp.example.com' })
    expect(readProviderReturn(query, 's')).toEqual({ kind: 'exchange', body: { code: 'c', state: 's', iss: 'https://idp.example.com' } })
    expect(readProviderReturn(query, 'other')).toEqual({ kind: 'failed', reason: 'state_mismatch' })
    expect(readProviderReturn(query, null)).toEqual({ kind: 'failed', reason: 'state_mismatch' })
    expect(readProviderReturn(new URLSearchParams({ code: 'c' }), 's')).toEqual({ kind: 'failed', reason: 'state_mismatch' })
  })

  it("Scenario: a provider's error is a fixed reason, never its text", () => {
    expect(readProviderReturn(new URLSearchParams({ error: 'access_denied', state: 's' }), 's')).toEqual({ kind: 'failed', reason: 'denied' })
    const other = readProviderReturn(new URLSearchParams({ error: 'server_error', error_description: '<img src=x onerror=alert(1)>', state: 's' }), 's')
    expect(other).toEqual({ kind: 'failed', reason: 'provider_error' })
    expect(readProviderReturn(new URLSearchParams({ state: 's' }), 's')).toEqual({ kind: 'failed', reason: 'provider_error' })
  })

  it('Scenario: a refused callback maps to a reason by its status', () => {
    expect(callbackFailure({ status: 400 })).toBe('expired')
    expect(callbackFailure({ status: 401 })).toBe('rejected')
    expect(callbackFailure({ status: 403 })).toBe('not_member')
    expect(callbackFailure({ status: 502 })).toBe('provider_unavailable')
    expect(callbackFailure(new TypeError('offline'))).toBe('provider_unavailable')
  })

  it('Scenario: /signin shows only known reasons', () => {
    expect(signInWithReason('denied')).toBe('/signin?sso_error=denied')
    expect(reasonFrom('denied')).toBe('denied')
    expect(SSO_ERROR_MESSAGES[reasonFrom('expired') ?? 'denied']).toMatch(/expired/)
    for (const value of ['toString', '__proto__', 'anything', undefined, 42]) expect(reasonFrom(value)).toBeUndefined()
  })
})
