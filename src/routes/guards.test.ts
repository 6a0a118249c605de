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
  it('blocks every page, /app itself included, while the person still has to set it up', () => {
    for (const path of ['/app', '/app/dashboard', '/app/setting/team-members', '/app/setting/workspace-settings', '/app/no-such-page']) {
      expect(twoFactorGateFor(snapshot('authenticated', pending), path)).toBe('blocked')
    }
  })
  it('keeps Profile Settings (its Security tab) reachable without the permissions, trailing slash or not', () => {
    expect(twoFactorGateFor(snapshot('authenticated', pending), '/app/setting/profile-settings')).toBe('setup')
    expect(twoFactorGateFor(snapshot('authenticated', pending), '/app/setting/profile-settings/')).toBe('setup')
  })
  it('leaves the session-only pages (sign-out, workspace selection) open', () => {
    expect(twoFactorGateFor(snapshot('authenticated', pending), '/app/signout')).toBe('open')
    expect(twoFactorGateFor(snapshot('authenticated', pending), '/app/workspace-selection')).toBe('open')
  })
  it('is open once it is set up, when the workspace does not require it, or when nobody is signed in', () => {
    expect(twoFactorGateFor(snapshot('authenticated', { ...pending, two_factor_required_setup: false }), '/app/dashboard')).toBe('open')
    expect(twoFactorGateFor(snapshot('authenticated'), '/app/dashboard')).toBe('open')
    expect(twoFactorGateFor(snapshot('unauthenticated', null), '/app/dashboard')).toBe('open')
  })
  it('holds still during a re-verification (the org on hand decides)', () => {
    expect(twoFactorGateFor(snapshot('verifying', pending), '/app/setting/profile-settings')).toBe('setup')
    expect(twoFactorGateFor(snapshot('verifying', pending), '/app/dashboard')).toBe('blocked')
  })
})
