import { describe, expect, it } from 'vitest'
import { createActor, fromCallback } from 'xstate'
import type { PermissionSet } from '../../contract/api.ts'
import { permissionsMachine } from '../../machines/permissions/permissions.machine.ts'
import { acmeSets } from '../../machines/roleEditor/roleEditor.fixtures.ts'
import { controllable } from '../../machines/testing/stubs.ts'
import type { AuthActor } from './react.tsx'
import { reverifyAfterTwoFactorChange } from './twoFactor.ts'

/** An auth actor stand-in recording what it is sent, in order with the permission loads. */
function recorder(log: string[]) {
  return { send: (event: { type: string }) => log.push(event.type) } as unknown as AuthActor
}

function permissionsIn(value: 'failed' | 'ready', log: string[]) {
  const load = controllable<ReadonlyArray<PermissionSet>, { orgId: string }>()
  const machine = permissionsMachine.provide({ actors: { watchAuth: fromCallback(() => {}), loadPermissionSets: load.logic } })
  const actor = createActor(machine, {
    snapshot: machine.resolveState({ value, context: { orgId: 'o-acme', refs: ['SUPER_ADMIN'], sets: value === 'ready' ? acmeSets : null, error: null } }),
  }).start()
  actor.subscribe((s) => log.push(`permissions:${String(s.value)}`))
  return { actor, load }
}

describe('reverifyAfterTwoFactorChange (issue #19)', () => {
  it('Scenario: permissions refused while set-up was pending load again before the session is verified', async () => {
    const log: string[] = []
    const { actor, load } = permissionsIn('failed', log)
    const done = reverifyAfterTwoFactorChange(recorder(log), actor)
    expect(load.calls).toEqual([{ orgId: 'o-acme' }])
    expect(log).toEqual(['permissions:loading'])
    await load.resolve(acmeSets)
    await done
    expect(log).toEqual(['permissions:loading', 'permissions:ready', 'auth.verify'])
  })

  it('Scenario: with the permissions on hand the session is verified at once', async () => {
    const log: string[] = []
    const { actor, load } = permissionsIn('ready', log)
    await reverifyAfterTwoFactorChange(recorder(log), actor)
    expect(load.calls).toEqual([])
    expect(log).toEqual(['auth.verify'])
  })

  it('Scenario: outside the app system (no actors) nothing happens', async () => {
    await expect(reverifyAfterTwoFactorChange(null, null)).resolves.toBeUndefined()
  })
})
