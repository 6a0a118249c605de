import { createActor, fromCallback, fromPromise, waitFor } from 'xstate'
import { describe, expect, it } from 'vitest'
import type { PermissionSet } from '../../contract/api.ts'
import { can } from '../../contract/permissions.ts'
import { appMachine } from '../app/app.machine.ts'
import { authMachine } from '../auth/auth.machine.ts'
import { creditsMachine } from '../credits/credits.machine.ts'
import { workspacesMachine } from '../workspaces/workspaces.machine.ts'
import { acme, ada, verifiedAda } from '../testing/fixtures.ts'
import { permissionsMachine } from './permissions.machine.ts'
import { selectPermissionStatus, selectPermissions } from './permissions.selectors.ts'
import { getSystemActor } from '../app/app.system.ts'
import { SystemId } from '../shared/system-ids.ts'

const sets: PermissionSet[] = [
  { _id: 's1', permission_set_key: 'SUPER_ADMIN', name: 'Super Admin', description: '', is_system: true, permissions: [] },
  { _id: 'c1', permission_set_key: null, name: 'Agent', description: '', is_system: false, permissions: [{ resource: 'CONTACTS', actions: ['READ'], conditions: {} }] },
]

function system(loads: string[]) {
  const machine = appMachine.provide({
    actors: {
      auth: authMachine.provide({
        actors: {
          verifyToken: fromPromise(async () => verifiedAda),
          logout: fromPromise(async () => ({ url: '/signin' })),
        },
      }),
    },
  })
  const root = createActor(machine, { input: { tokens: null, auth: { hasStoredSession: true, payload: { user: ada, currentOrg: acme } } } }).start()
  const permissions = permissionsMachine.provide({
    actors: {
      loadPermissionSets: fromPromise<ReadonlyArray<PermissionSet>, { orgId: string }>(async ({ input }) => {
        loads.push(input.orgId)
        return sets
      }),
    },
  })
  root.send({ type: 'app.signedInLoaded', actors: { permissions, credits: creditsMachine, workspaces: workspacesMachine } })
  return {
    root,
    auth: getSystemActor(root.system, SystemId.auth),
    permissions: getSystemActor(root.system, SystemId.permissions),
  }
}

describe('permissions', () => {
  it('Scenario: a refetch asked while a list is on its way asks again, so a role just created is listed', async () => {
    // The first refresh answers the list from before the role; the one asked after it has it.
    const created: PermissionSet = { _id: 'c2', permission_set_key: null, name: 'Billing Viewer', description: '', is_system: false, permissions: [] }
    const answers: Array<(value: ReadonlyArray<PermissionSet>) => void> = []
    const actor = createActor(
      permissionsMachine.provide({
        actors: {
          watchAuth: fromCallback(() => () => {}),
          loadPermissionSets: fromPromise<ReadonlyArray<PermissionSet>, { orgId: string }>(() => new Promise((resolve) => answers.push(resolve))),
        },
      }),
    ).start()
    actor.send({ type: 'auth.changed', orgId: acme.org_id, refs: [] } as never)
    answers.shift()!(sets)
    await waitFor(actor, (x) => x.matches('ready'))
    actor.send({ type: 'permissions.refetch' })
    actor.send({ type: 'permissions.refetch' })
    expect(answers).toHaveLength(2)
    answers[0]!(sets)
    answers[1]!([...sets, created])
    const s = await waitFor(actor, (x) => x.matches('ready'))
    expect(s.context.sets?.map((set) => set.name)).toEqual(['Super Admin', 'Agent', 'Billing Viewer'])
    actor.stop()
  })

  it('Scenario: the query runs only once authenticated, then resolves the org’s sets (SPEC §6)', async () => {
    const loads: string[] = []
    const { root, permissions } = system(loads)
    expect(selectPermissionStatus(permissions.getSnapshot())).not.toBe('ready')
    const s = await waitFor(permissions, (x) => x.matches('ready'))
    expect(loads).toEqual([acme.org_id])
    expect(selectPermissions(s).superAdmin).toBe(true)
    root.stop()
  })

  it('Scenario: re-verifying the same org keeps the list on screen, with no reload (a two-factor change)', async () => {
    const loads: string[] = []
    const { root, auth, permissions } = system(loads)
    await waitFor(permissions, (x) => x.matches('ready'))
    const seen: string[] = []
    const sub = permissions.subscribe((x) => seen.push(selectPermissionStatus(x)))
    auth.send({ type: 'auth.verify' })
    await waitFor(auth, (x) => x.matches('authenticated'))
    sub.unsubscribe()
    expect(seen.every((status) => status === 'ready')).toBe(true)
    expect(loads).toEqual([acme.org_id])
    root.stop()
  })

  it('Scenario: signing out empties the permissions (SPEC §4 Permissions list)', async () => {
    const { root, auth, permissions } = system([])
    await waitFor(permissions, (x) => x.matches('ready'))
    auth.send({ type: 'auth.signOut' })
    const s = await waitFor(permissions, (x) => x.matches('signedOut'))
    expect(can(selectPermissions(s), 'GENERAL', 'READ')).toBe(false)
    root.stop()
  })

  it('Scenario: new set references for the same org rebuild the permissions without a refetch', () => {
    const loads: string[] = []
    const actor = createActor(
      permissionsMachine.provide({
        actors: {
          watchAuth: fromCallback(() => () => {}),
          loadPermissionSets: fromPromise<ReadonlyArray<PermissionSet>, { orgId: string }>(async () => {
            loads.push('x')
            return sets
          }),
        },
      }),
    )
    actor.start()
    actor.send({ type: 'auth.changed', orgId: 'o1', refs: ['c1'] })
    return waitFor(actor, (x) => x.matches('ready')).then((s) => {
      expect(can(selectPermissions(s), 'BILLING', 'READ')).toBe(false)
      actor.send({ type: 'auth.changed', orgId: 'o1', refs: ['SUPER_ADMIN'] })
      const after = actor.getSnapshot()
      expect(after.value).toBe('ready')
      expect(can(selectPermissions(after), 'BILLING', 'READ')).toBe(true)
      expect(loads).toHaveLength(1)
      actor.stop()
    })
  })
})
