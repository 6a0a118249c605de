// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { createActor, fromCallback, fromPromise } from 'xstate'
import type { PermissionSet } from '../../contract/api.ts'
import { permissionsMachine } from '../../machines/permissions/permissions.machine.ts'
import { readyPermissions } from '../pages/settings/testing.tsx'
import { PermissionsActorProvider } from '../system/react.tsx'
import { AccessGate } from './AccessGate.tsx'

afterEach(cleanup)

function gate(pathname: string, permissions: ReturnType<typeof createActor<typeof permissionsMachine>>) {
  render(
    <PermissionsActorProvider actor={permissions}>
      <AccessGate pathname={pathname}>
        <p>page content</p>
      </AccessGate>
    </PermissionsActorProvider>,
  )
}

function loadingPermissions() {
  const machine = permissionsMachine.provide({
    actors: { watchAuth: fromCallback(() => {}), loadPermissionSets: fromPromise<ReadonlyArray<PermissionSet>, { orgId: string }>(() => new Promise(() => {})) },
  })
  return createActor(machine, { snapshot: machine.resolveState({ value: 'loading', context: { orgId: 'o-acme', refs: ['SUPER_ADMIN'], sets: null, error: null } }) }).start()
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

  it('Scenario: a path no allowed route matches shows the Unauthorized page with its text and a Go back link to /app', () => {
    gate('/app/billing', readyPermissions(['TEAM_MEMBER']))
    expect(screen.getByRole('heading', { level: 1, name: 'Unauthorized' })).toBeTruthy()
    expect(screen.getByText('You are not authorized to view this page.')).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Go back' }).getAttribute('href')).toBe('/app')
    expect(screen.queryByText('page content')).toBeNull()
  })

  it('Scenario: an allowed path renders the page; an unknown one is Unauthorized even for a super admin', () => {
    gate('/app/billing', readyPermissions(['SUPER_ADMIN']))
    expect(screen.getByText('page content')).toBeTruthy()
    cleanup()
    gate('/app/no-such-page', readyPermissions(['SUPER_ADMIN']))
    expect(screen.getByRole('heading', { name: 'Unauthorized' })).toBeTruthy()
  })
})
