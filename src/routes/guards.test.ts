import { createActor } from 'xstate'
import { describe, expect, it } from 'vitest'
import { authMachine } from '../../machines/auth/auth.machine.ts'
import { acme, ada, initech, waitlistLabs } from '../../machines/testing/fixtures.ts'
import type { CurrentOrg } from '../../contract/api.ts'
import { appRedirectFor, twoFactorGateFor } from './guards.ts'

function snapshot(value: string, org: CurrentOrg | null = acme) {
  const actor = createActor(authMachine, {
    input: { hasStoredSession: false },
    snapshot: authMachine.resolveState({
      value,
      context: { user: org ? ada : null, currentOrg: org, orgId: org?.org_id ?? null, hasStoredSession: true, userInitiated: false, redirect: null, signOutUrl: '/signin', error: null, twoFactorToken: null },
    }),
  })
  return actor.getSnapshot()
}

describe('access gate (SPEC §2.2)', () => {
  it('sends an unauthenticated visit to /signin with main_app and the encoded path and query', () => {
    expect(appRedirectFor(snapshot('unauthenticated', null), '/app/dashboard', '/app/dashboard?tab=x')).toBe(
      '/signin?main_app=true&app_path=%2Fapp%2Fdashboard%3Ftab%3Dx',
    )
  })
  it('sends a signed-out visit to /app/signout to plain /signin', () => {
    expect(appRedirectFor(snapshot('unauthenticated', null), '/app/signout', '/app/signout')).toBe('/signin')
  })
  it('lets an approved, completed workspace through', () => {
    expect(appRedirectFor(snapshot('authenticated'), '/app/dashboard', '/app/dashboard')).toBeNull()
  })
  it('forces a workspace that is not waitlist_approved to /app/waitlist', () => {
    expect(appRedirectFor(snapshot('authenticated', waitlistLabs), '/app/dashboard', '/app/dashboard')).toBe('/app/waitlist')
    expect(appRedirectFor(snapshot('authenticated', waitlistLabs), '/app/waitlist', '/app/waitlist')).toBeNull()
    expect(appRedirectFor(snapshot('authenticated', waitlistLabs), '/app/sign-up-info', '/app/sign-up-info')).toBe('/app/waitlist')
  })
  it('forces an approved workspace without completed sign-up to /app/sign-up-info', () => {
    expect(appRedirectFor(snapshot('authenticated', initech), '/app/dashboard', '/app/dashboard')).toBe('/app/sign-up-info')
    expect(appRedirectFor(snapshot('authenticated', initech), '/app/sign-up-info', '/app/sign-up-info')).toBeNull()
  })
  it('lets anyone signed in reach /app/signout', () => {
    expect(appRedirectFor(snapshot('authenticated', waitlistLabs), '/app/signout', '/app/signout')).toBeNull()
  })
  it('moves a ready workspace off the waitlist and sign-up-info pages', () => {
    expect(appRedirectFor(snapshot('authenticated'), '/app/waitlist', '/app/waitlist')).toBe('/app')
    expect(appRedirectFor(snapshot('authenticated'), '/app/sign-up-info', '/app/sign-up-info')).toBe('/app')
  })
  it('does not interrupt a sign-out in progress', () => {
    expect(appRedirectFor(snapshot('signedOut', null), '/app/signout', '/app/signout')).toBeNull()
  })
})

describe('two-factor requirement gate', () => {
  const pending: CurrentOrg = { ...acme, require_two_factor: true, two_factor_required_setup: true }
  it('blocks every page, /app itself and Profile Settings included, while the person still has to set it up', () => {
    for (const path of ['/app', '/app/dashboard', '/app/setting/team-members', '/app/setting/workspace-settings', '/app/setting/profile-settings', '/app/no-such-page']) {
      expect(twoFactorGateFor(snapshot('authenticated', pending), path)).toBe('blocked')
    }
  })
  it('keeps /app/account (its Security tab sets it up) and the other session-only pages open, trailing slash or not', () => {
    for (const path of ['/app/account', '/app/account/', '/app/signout', '/app/workspace-selection']) {
      expect(twoFactorGateFor(snapshot('authenticated', pending), path)).toBe('open')
    }
  })
  it('is open once it is set up, when the workspace does not require it, or when nobody is signed in', () => {
    expect(twoFactorGateFor(snapshot('authenticated', { ...pending, two_factor_required_setup: false }), '/app/dashboard')).toBe('open')
    expect(twoFactorGateFor(snapshot('authenticated'), '/app/dashboard')).toBe('open')
    expect(twoFactorGateFor(snapshot('unauthenticated', null), '/app/dashboard')).toBe('open')
  })
  it('holds still during a re-verification (the org on hand decides)', () => {
    expect(twoFactorGateFor(snapshot('verifying', pending), '/app/account')).toBe('open')
    expect(twoFactorGateFor(snapshot('verifying', pending), '/app/dashboard')).toBe('blocked')
  })
  it('sends a blocked page to /app/account › Security, and lets the account page through', () => {
    for (const path of ['/app', '/app/dashboard', '/app/setting/profile-settings']) {
      expect(appRedirectFor(snapshot('authenticated', pending), path, path)).toBe('/app/account?tab=security')
    }
    expect(appRedirectFor(snapshot('authenticated', pending), '/app/account', '/app/account?tab=security')).toBeNull()
    expect(appRedirectFor(snapshot('authenticated', pending), '/app/signout', '/app/signout')).toBeNull()
    // Once it is on, every page is back.
    expect(appRedirectFor(snapshot('authenticated', { ...pending, two_factor_required_setup: false }), '/app/dashboard', '/app/dashboard')).toBeNull()
  })
})
