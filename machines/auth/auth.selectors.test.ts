import { describe, expect, it } from 'vitest'
import { acme, ada } from '../testing/fixtures.ts'
import { authMachine, type AuthContext } from './auth.machine.ts'
import { selectAuthStatus, selectCurrentOrg, selectLayoutType, selectUser } from './auth.selectors.ts'

const context = (over: Partial<AuthContext>): AuthContext => ({
  user: null,
  currentOrg: null,
  orgId: null,
  hasStoredSession: false,
  userInitiated: false,
  redirect: null,
  signOutUrl: '/signin',
  error: null,
  twoFactorToken: null,
  ...over,
})

describe('auth selectors (SPEC §3 Auth state)', () => {
  it('isLoading / isAuthenticated: loading and verifying are loading; authenticated carries user and current_org', () => {
    expect(selectAuthStatus(authMachine.resolveState({ value: 'verifying', context: context({ hasStoredSession: true }) }))).toBe('loading')
    const signedIn = authMachine.resolveState({ value: 'authenticated', context: context({ user: ada, currentOrg: acme, orgId: acme.org_id }) })
    expect(selectAuthStatus(signedIn)).toBe('authenticated')
    expect(selectUser(signedIn)).toEqual(ada)
    expect(selectCurrentOrg(signedIn)?.org_id).toBe('o-acme')
    expect(selectAuthStatus(authMachine.resolveState({ value: 'unauthenticated', context: context({}) }))).toBe('unauthenticated')
  })

  it('layout_type is the current org’s layout, DEFAULT without one', () => {
    expect(selectLayoutType(authMachine.resolveState({ value: 'unauthenticated', context: context({}) }))).toBe('DEFAULT')
    const creator = authMachine.resolveState({ value: 'authenticated', context: context({ user: ada, currentOrg: { ...acme, layout: 'CREATOR' }, orgId: acme.org_id }) })
    expect(selectLayoutType(creator)).toBe('CREATOR')
  })
})
