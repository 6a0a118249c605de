// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { createActor, fromCallback, fromPromise } from 'xstate'
import type { CurrentOrg, PermissionSet } from '../../contract/api.ts'
import { authMachine } from '../../machines/auth/auth.machine.ts'
import { permissionsMachine } from '../../machines/permissions/permissions.machine.ts'
import { acme, ada } from '../../machines/testing/fixtures.ts'
import { readyPermissions } from '../pages/settings/testing.tsx'
import { AuthActorProvider, PermissionsActorProvider } from '../system/react.tsx'
import { AccessGate } from './AccessGate.tsx'

afterEach(cleanup)

/** Ada signed in to `org` (Acme by default). */
function authIn(org: CurrentOrg = acme) {
  return createActor(authMachine, {
    input: { hasStoredSession: false },
    snapshot: authMachine.resolveState({
      value: 'authenticated',
      context: {
        user: ada,
        currentOrg: org,
        orgId: org.org_id,
        hasStoredSession: true,
        userInitiated: false,
        redirect: null,
        signOutUrl: '/signin',
        error: null,
        twoFactorToken: null,
      },
    }),
  })
}

function gate(pathname: string, permissions: ReturnType<typeof createActor<typeof permissionsMachine>>, org: CurrentOrg = acme) {
  render(
    <AuthActorProvider actor={authIn(org)}>
      <PermissionsActorProvider actor={permissions}>
        <AccessGate pathname={pathname}>
          <p>page content</p>
        </AccessGate>
      </PermissionsActorProvider>
    </AuthActorProvider>,
  )
}

/** Acme requiring two-factor of a person who has not set it up. */
const pendingTwoFactor: CurrentOrg = { ...acme, require_two_factor: true, two_factor_required_setup: true }

function failedPermissions() {
  const machine = permissionsMachine.provide({
    actors: {
      watchAuth: fromCallback(() => {}),
      loadPermissionSets: fromPromise<ReadonlyArray<PermissionSet>, { orgId: string }>(() => new Promise(() => {})),
    },
  })
  return createActor(machine, {
    snapshot: machine.resolveState({
      value: 'failed',
      context: { orgId: 'o-acme', refs: ['SUPER_ADMIN'], sets: null, error: 'This workspace requires two-factor authentication.' },
    }),
  }).start()
}

function loadingPermissions() {
  const machine = permissionsMachine.provide({
    actors: {
      watchAuth: fromCallback(() => {}),
      loadPermissionSets: fromPromise<ReadonlyArray<PermissionSet>, { orgId: string }>(() => new Promise(() => {})),
    },
  })
  return createActor(machine, {
    snapshot: machine.resolveState({ value: 'loading', context: { orgId: 'o-acme', refs: ['SUPER_ADMIN'], sets: null, error: null } }),
  }).start()
}

describe('AccessGate (SPEC §2.2, §2.6)', () => {
  it('Scenario: while the permissions load, the splash with the logo shows (not the page)', () => {
    gate('/app/contacts', loadingPermissions())
    expect(screen.getByRole('status', { name: 'Loading Engage' }).querySelector('svg')).not.toBeNull()
    expect(screen.queryByText('page content')).toBeNull()
  })

  it('Scenario: /app alone is allowed even before the permissions are in', () => {
    gate('/app', loadingPermissions())
    expect(screen.getByText('page content')).toBeTruthy()
  })

  it('Scenario: a path no allowed route matches shows the Unauthorized page with its text and a Go back link to /app', async () => {
    gate('/app/billing', readyPermissions(['TEAM_MEMBER']))
    expect(await screen.findByRole('heading', { level: 1, name: 'Unauthorized' })).toBeTruthy()
    expect(screen.getByText('You are not authorized to view this page.')).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Go back' }).getAttribute('href')).toBe('/app')
    expect(screen.queryByText('page content')).toBeNull()
  })

  it('Scenario: an allowed path renders the page; an unknown one is Unauthorized even for a super admin', async () => {
    gate('/app/billing', readyPermissions(['SUPER_ADMIN']))
    expect(screen.getByText('page content')).toBeTruthy()
    cleanup()
    gate('/app/no-such-page', readyPermissions(['SUPER_ADMIN']))
    expect(await screen.findByRole('heading', { name: 'Unauthorized' })).toBeTruthy()
  })

  it('Scenario: a required, not yet set up second factor replaces every page on screen, /app too, with the notice (until the guard moves on)', async () => {
    for (const path of ['/app', '/app/contacts', '/app/billing', '/app/setting/profile-settings']) {
      gate(path, readyPermissions(['SUPER_ADMIN']), pendingTwoFactor)
      expect(await screen.findByRole('heading', { level: 1, name: 'Two-factor authentication required' })).toBeTruthy()
      expect(screen.getByText('Acme Support requires two-factor authentication. Turn it on to continue.')).toBeTruthy()
      expect(screen.getByRole('link', { name: 'Set up two-factor authentication' }).getAttribute('href')).toBe('/app/account?tab=security')
      // No workspaces actor here: nowhere known to switch to.
      expect(screen.queryByRole('link', { name: 'Switch workspace' })).toBeNull()
      expect(screen.queryByText('page content')).toBeNull()
      cleanup()
    }
  })

  it('Scenario: /app/account shows even though the permissions are refused; sign-out is never blocked', () => {
    gate('/app/account', failedPermissions(), pendingTwoFactor)
    expect(screen.getByText('page content')).toBeTruthy()
    cleanup()
    gate('/app/signout', failedPermissions(), pendingTwoFactor)
    expect(screen.getByText('page content')).toBeTruthy()
  })

  it('Scenario: /app/account is open to a member whose sets allow nothing else', () => {
    gate('/app/account', readyPermissions(['TEAM_MEMBER']))
    expect(screen.getByText('page content')).toBeTruthy()
    cleanup()
    gate('/app/account', loadingPermissions())
    expect(screen.getByText('page content')).toBeTruthy()
  })

  it('Scenario: once set up (or not required) the usual gate applies again', () => {
    gate('/app/contacts', readyPermissions(['SUPER_ADMIN']), { ...pendingTwoFactor, two_factor_required_setup: false })
    expect(screen.getByText('page content')).toBeTruthy()
    cleanup()
    gate('/app/setting/profile-settings', failedPermissions(), { ...pendingTwoFactor, two_factor_required_setup: false })
    expect(screen.getByRole('heading', { name: 'We could not load your permissions' })).toBeTruthy()
  })
})
