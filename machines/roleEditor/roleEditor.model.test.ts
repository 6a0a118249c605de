import { type SnapshotFrom, createActor } from 'xstate'
import { describe, expect, it } from 'vitest'
import type { PermissionSet } from '../../contract/api.ts'
import type { PermissionMetadata } from '../../contract/team.ts'
import { type WalkResult, walkEveryTransition } from '../testing/model-walk.ts'
import { controllable, settleActorEvent } from '../testing/stubs.ts'
import { metadata, superAdminSet } from './roleEditor.fixtures.ts'
import {
  ROLE_FIELDS,
  type RoleEditorEmitted,
  type RoleEditorEvent,
  type RoleEditorInput,
  type SaveRoleInput,
  findRole,
  roleEditorMachine,
  roleErrors,
  toBody,
} from './roleEditor.machine.ts'
import { selectPermissionGrid, selectRoleEditorStatus } from './roleEditor.selectors.ts'

const ROLE_ID = 'ps-ops'
const asCustom: PermissionSet = {
  _id: ROLE_ID,
  permission_set_key: null,
  name: 'Ops',
  description: '',
  is_system: false,
  permissions: [{ resource: 'WORKFLOWS', actions: ['READ'], conditions: {} }],
}
// The same id as a system set: what decides read-only is the loaded list, not the address.
const asSystem: PermissionSet = { ...asCustom, permission_set_key: 'OPS', is_system: true }
const saved: PermissionSet = { ...asCustom, name: 'Ops team' }
const conflict = Object.assign(new Error('A role named "Ops" already exists.'), {
  status: 409,
  code: 'conflict',
  issues: [{ path: ['name'], message: 'This name is already taken' }],
})

type ModelEvent = RoleEditorEvent | { type: `xstate.${string}`; output?: unknown; error?: unknown }

const done = (id: string, output: unknown) => ({ type: `xstate.done.actor.${id}`, output }) as const
const error = (id: string, e: unknown) => ({ type: `xstate.error.actor.${id}`, error: e }) as const

/**
 * Events offered in a state (the walk keeps the ones the state handles). A call answers once,
 * so its done/error events are offered only while its result is missing. Bounded: two names,
 * one description, one box.
 */
function events(input: RoleEditorInput, s: SnapshotFrom<typeof roleEditorMachine>): ModelEvent[] {
  const setVariants: ReadonlyArray<ReadonlyArray<PermissionSet>> = input.roleId ? [[superAdminSet, asCustom], [asSystem], [superAdminSet]] : [[superAdminSet]]
  const loading = s.matches('loading')
  return [
    ...(loading && s.context.metadata === null ? [done('loadMetadata', metadata), error('loadMetadata', new Error('offline'))] : []),
    ...(loading && s.context.sets === null
      ? [...setVariants.map((sets) => done('loadPermissionSets', sets)), error('loadPermissionSets', new Error('offline'))]
      : []),
    { type: 'role.retry' },
    { type: 'role.changeName', value: '' },
    { type: 'role.changeName', value: 'Ops team' },
    { type: 'role.changeDescription', value: 'Runs the workflows' },
    { type: 'role.toggleAction', resource: 'AGENTS', action: 'READ' },
    { type: 'role.toggleResource', resource: 'AGENTS' },
    { type: 'role.toggleColumn', action: 'READ' },
    { type: 'role.save' },
    done('savePermissionSet', saved),
    error('savePermissionSet', conflict),
  ]
}

function walk(input: RoleEditorInput): Promise<WalkResult> {
  return walkEveryTransition({
    machine: roleEditorMachine,
    input,
    events: ((s: SnapshotFrom<typeof roleEditorMachine>) => events(input, s)) as never,
    // Only what guards read: loaded lists (which sets), and whether name, description and ticks make a valid body.
    serializeState: (s) =>
      JSON.stringify([
        s.value,
        s.context.metadata !== null,
        s.context.sets?.map((set) => `${set._id}:${set.is_system}`) ?? null,
        s.context.name,
        s.context.description.length,
        s.context.grants,
      ]),
    start: (inspect) => {
      const loadMetadata = controllable<PermissionMetadata, void>()
      const loadPermissionSets = controllable<ReadonlyArray<PermissionSet>, void>()
      const savePermissionSet = controllable<PermissionSet, SaveRoleInput>()
      const emitted: RoleEditorEmitted[] = []
      const actor = createActor(
        roleEditorMachine.provide({
          actors: { loadMetadata: loadMetadata.logic, loadPermissionSets: loadPermissionSets.logic, savePermissionSet: savePermissionSet.logic },
        }),
        { input, inspect },
      )
      actor.on('*', (e) => emitted.push(e))
      actor.start()
      const stubs = { loadMetadata, loadPermissionSets, savePermissionSet }
      return {
        actor,
        exec: async (event) => {
          const e = event as ModelEvent
          if (await settleActorEvent(e, stubs)) return
          actor.send(e as RoleEditorEvent)
        },
        check: (s) => {
          const c = s.context
          // The page's status selector agrees with the machine.
          expect(s.matches(selectRoleEditorStatus(s))).toBe(true)
          for (const key of Object.keys(c.fieldErrors)) expect(ROLE_FIELDS).toContain(key)
          if (c.metadata !== null) {
            const grid = selectPermissionGrid(s)
            expect(grid.rows).toHaveLength(metadata.resources.length)
            // The tri-state 'All' boxes agree with the ticks they stand for.
            for (const row of grid.rows) expect(row.state).toBe(row.checked.length === 0 ? 'none' : row.checked.length === grid.columns.length ? 'all' : 'some')
            for (const col of grid.columns) {
              const holders = grid.rows.filter((row) => row.checked.includes(col.action)).length
              expect(col.state).toBe(holders === 0 ? 'none' : holders === grid.rows.length ? 'all' : 'some')
            }
          }
          // A form error and field errors never compete for the same failure.
          if (c.formError !== null) expect(c.fieldErrors).toEqual({})
          if (s.matches('loadFailed')) expect(c.loadError).not.toBeNull()
          if (s.matches('notFound')) expect(findRole(c)).toBeUndefined()
          if (s.matches('readOnly')) expect(c.original?.is_system).toBe(true)
          if (s.matches('editing') && input.roleId) expect(c.original?._id).toBe(input.roleId)
          if (s.matches('saving')) {
            // Nothing invalid ever reaches the server, and what is sent is what is on screen.
            const body = toBody(c)
            expect(roleErrors(body)).toEqual({})
            expect(savePermissionSet.calls.at(-1)).toEqual({ id: c.original?._id ?? null, body })
            expect(c.fieldErrors).toEqual({})
          }
          if (s.matches('saved')) expect(emitted.at(-1)).toEqual({ type: 'role.saved', set: saved, created: !input.roleId })
          if (c.fieldErrors.name === 'This name is already taken') expect(emitted.at(-1)).toMatchObject({ type: 'role.saveFailed', status: 409 })
          // Saves are announced only by the server's answer.
          expect(emitted.filter((e) => e.type === 'role.saved').length).toBe(s.matches('saved') ? 1 : 0)
        },
        stop: () => actor.stop(),
      }
    },
  })
}

describe('roleEditor (model)', () => {
  it('walks every transition on a real actor, creating and editing', async () => {
    const creating = await walk({})
    const editing = await walk({ roleId: ROLE_ID })
    expect(creating.failures).toEqual([])
    expect(editing.failures).toEqual([])
    // The two inputs take different branches out of `loading`; together they take them all.
    const walked = new Set([...creating.walked, ...editing.walked])
    expect(creating.defined.filter((k) => !walked.has(k))).toEqual([])
    expect(creating.paths + editing.paths).toBeGreaterThan(20)
  })
})
