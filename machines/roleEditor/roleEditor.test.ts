import { createActor } from 'xstate'
import { describe, expect, it } from 'vitest'
import { type ApiIssue, PermissionActions, type PermissionSet } from '../../contract/api.ts'
import type { PermissionMetadata } from '../../contract/team.ts'
import { controllable } from '../testing/stubs.ts'
import { acmeSets, metadata, superAdminSet, supportAgentSet } from './roleEditor.fixtures.ts'
import {
  LOAD_FAILED_MESSAGE,
  NO_ACTION_MESSAGE,
  type RoleEditorEmitted,
  type RoleEditorInput,
  SAVE_FAILED_MESSAGE,
  type SaveRoleInput,
  roleEditorMachine,
} from './roleEditor.machine.ts'
import { selectPermissionGrid, selectRoleEditorStatus } from './roleEditor.selectors.ts'

/** Shaped like the API client's `ApiError`. */
function apiFailure(status: number, code: string, message: string, issues: ApiIssue[] = []) {
  return Object.assign(new Error(message), { status, code, issues })
}

function start(input: RoleEditorInput = {}) {
  const loadMetadata = controllable<PermissionMetadata, void>()
  const loadPermissionSets = controllable<ReadonlyArray<PermissionSet>, void>()
  const savePermissionSet = controllable<PermissionSet, SaveRoleInput>()
  const actor = createActor(
    roleEditorMachine.provide({
      actors: { loadMetadata: loadMetadata.logic, loadPermissionSets: loadPermissionSets.logic, savePermissionSet: savePermissionSet.logic },
    }),
    { input },
  )
  const emitted: RoleEditorEmitted[] = []
  actor.on('*', (e) => emitted.push(e))
  actor.start()
  const load = async (sets: ReadonlyArray<PermissionSet> = acmeSets) => {
    await loadMetadata.resolve(metadata)
    await loadPermissionSets.resolve(sets)
  }
  return { actor, loadMetadata, loadPermissionSets, savePermissionSet, emitted, load }
}

const created: PermissionSet = {
  _id: 'ps-new',
  permission_set_key: null,
  name: 'Billing Clerk',
  description: 'Looks after invoices',
  is_system: false,
  permissions: [{ resource: 'BILLING', actions: ['READ', 'UPDATE'], conditions: {} }],
}

describe('roleEditor', () => {
  it('Scenario: the row and column "All" boxes tick a whole resource or action, and clear it when all are ticked', async () => {
    const { actor, load } = start()
    await load()
    const grid = () => selectPermissionGrid(actor.getSnapshot())
    const row = (resource: string) => grid().rows.find((r) => r.resource === resource)
    const column = (action: string) => grid().columns.find((c) => c.action === action)
    actor.send({ type: 'role.toggleAction', resource: 'CONTACTS', action: 'READ' })
    expect(row('CONTACTS')?.state).toBe('some')
    expect(column('READ')?.state).toBe('some')
    // Partly ticked: the row's box fills the row.
    actor.send({ type: 'role.toggleResource', resource: 'CONTACTS' })
    expect(row('CONTACTS')).toMatchObject({ state: 'all', checked: [...PermissionActions] })
    actor.send({ type: 'role.toggleResource', resource: 'CONTACTS' })
    expect(row('CONTACTS')).toMatchObject({ state: 'none', checked: [] })
    // The column's box ticks the action on every resource, then clears it, leaving other actions as they were.
    actor.send({ type: 'role.toggleAction', resource: 'BILLING', action: 'EXPORT' })
    actor.send({ type: 'role.toggleColumn', action: 'CREATE' })
    expect(column('CREATE')?.state).toBe('all')
    expect(grid().rows.every((r) => r.checked.includes('CREATE'))).toBe(true)
    actor.send({ type: 'role.toggleColumn', action: 'CREATE' })
    expect(column('CREATE')?.state).toBe('none')
    expect(row('BILLING')?.checked).toEqual(['EXPORT'])
    expect(actor.getSnapshot().context.grants).toEqual({ BILLING: ['EXPORT'] })
  })

  it('Scenario: a new role is created with the ticked actions, trimmed, and `role.saved` says it was created', async () => {
    const { actor, load, savePermissionSet, emitted } = start()
    expect(selectRoleEditorStatus(actor.getSnapshot())).toBe('loading')
    await load()
    expect(actor.getSnapshot().value).toBe('editing')
    actor.send({ type: 'role.changeName', value: '  Billing Clerk ' })
    actor.send({ type: 'role.changeDescription', value: 'Looks after invoices' })
    // Ticked in a different order than the contract's: the body is in contract order.
    actor.send({ type: 'role.toggleAction', resource: 'BILLING', action: 'UPDATE' })
    actor.send({ type: 'role.toggleAction', resource: 'BILLING', action: 'READ' })
    actor.send({ type: 'role.save' })
    expect(actor.getSnapshot().value).toBe('saving')
    expect(savePermissionSet.calls).toEqual([
      { id: null, body: { name: 'Billing Clerk', description: 'Looks after invoices', permissions: [{ resource: 'BILLING', actions: ['READ', 'UPDATE'] }] } },
    ])
    await savePermissionSet.resolve(created)
    expect(actor.getSnapshot().status).toBe('done')
    expect(emitted).toEqual([{ type: 'role.saved', set: created, created: true }])
  })

  it('Scenario: the grid shows every resource of the metadata with its label and description, actions as View and Edit', async () => {
    const { actor, load } = start()
    await load()
    const grid = selectPermissionGrid(actor.getSnapshot())
    expect(grid.rows).toHaveLength(metadata.resources.length)
    expect(grid.rows.find((r) => r.resource === 'TEAM_MEMBERS')).toMatchObject({
      label: 'Team Members',
      description: 'Manage team members, invite users and control access levels',
      checked: [],
    })
    expect(grid.columns.map((c) => c.label)).toEqual(['Create', 'View', 'Edit', 'Delete', 'Execute', 'Export', 'Import'])
  })

  it('Scenario: an empty name and no action ticked stay in editing with two field errors, and nothing is sent', async () => {
    const { actor, load, savePermissionSet, emitted } = start()
    await load()
    actor.send({ type: 'role.changeName', value: '   ' })
    actor.send({ type: 'role.save' })
    const s = actor.getSnapshot()
    expect(s.value).toBe('editing')
    expect(s.context.fieldErrors).toEqual({ name: 'Name is required', permissions: NO_ACTION_MESSAGE })
    expect(savePermissionSet.calls).toEqual([])
    expect(emitted).toEqual([])
  })

  it('Scenario: fixing a field takes its error away and leaves the others', async () => {
    const { actor, load } = start()
    await load()
    actor.send({ type: 'role.save' })
    actor.send({ type: 'role.toggleAction', resource: 'AGENTS', action: 'READ' })
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ name: 'Name is required' })
    actor.send({ type: 'role.changeName', value: 'x'.repeat(81) })
    actor.send({ type: 'role.save' })
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ name: 'Name must be at most 80 characters' })
    actor.send({ type: 'role.changeDescription', value: 'd'.repeat(501) })
    actor.send({ type: 'role.changeName', value: 'Agents viewer' })
    actor.send({ type: 'role.save' })
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ description: 'Description must be at most 500 characters' })
  })

  it('Scenario: unticking the last action of a resource drops it from the body', async () => {
    const { actor, load, savePermissionSet } = start({ roleId: supportAgentSet._id })
    await load()
    actor.send({ type: 'role.toggleAction', resource: 'AGENTS', action: 'READ' })
    actor.send({ type: 'role.save' })
    expect(savePermissionSet.calls[0]?.body.permissions.map((p) => p.resource)).toEqual(['CONTACTS'])
  })

  it('Scenario: editing a custom set starts from its fields, keeps the conditions of its resources, and PUTs by id', async () => {
    const { actor, load, savePermissionSet, emitted } = start({ roleId: supportAgentSet._id })
    await load()
    const s = actor.getSnapshot()
    expect(s.value).toBe('editing')
    expect(s.context).toMatchObject({ name: 'Support Agent', description: supportAgentSet.description, grants: { AGENTS: ['READ'], CONTACTS: ['READ'] } })
    actor.send({ type: 'role.toggleAction', resource: 'CONTACTS', action: 'UPDATE' })
    actor.send({ type: 'role.save' })
    expect(savePermissionSet.calls[0]).toEqual({
      id: supportAgentSet._id,
      body: {
        name: 'Support Agent',
        description: supportAgentSet.description,
        permissions: [
          { resource: 'AGENTS', actions: ['READ'], conditions: {} },
          { resource: 'CONTACTS', actions: ['READ', 'UPDATE'], conditions: { region: 'EU' } },
        ],
      },
    })
    await savePermissionSet.resolve({ ...supportAgentSet })
    expect(emitted).toEqual([{ type: 'role.saved', set: supportAgentSet, created: false }])
  })

  it('Scenario: a system set is shown read-only; edits and saves are ignored', async () => {
    const { actor, load, savePermissionSet } = start({ roleId: superAdminSet._id })
    await load()
    expect(actor.getSnapshot().value).toBe('readOnly')
    expect(actor.getSnapshot().context.name).toBe('Super Admin')
    actor.send({ type: 'role.changeName', value: 'Mine now' })
    actor.send({ type: 'role.save' })
    expect(actor.getSnapshot().context.name).toBe('Super Admin')
    expect(savePermissionSet.calls).toEqual([])
  })

  it('Scenario: an unknown id (or another workspace’s set, which the list never holds) is not found', async () => {
    const { actor, load } = start({ roleId: 'ps-elsewhere' })
    await load()
    expect(actor.getSnapshot().value).toBe('notFound')
  })

  it('Scenario: the sets answer first, then the metadata; the role is decided only when both are in', async () => {
    const { actor, loadMetadata, loadPermissionSets } = start({ roleId: supportAgentSet._id })
    await loadPermissionSets.resolve(acmeSets)
    expect(actor.getSnapshot().value).toBe('loading')
    await loadMetadata.resolve(metadata)
    expect(actor.getSnapshot().value).toBe('editing')
  })

  it('Scenario: a failed load can be retried, and both calls run again', async () => {
    const { actor, loadMetadata, loadPermissionSets } = start()
    await loadMetadata.resolve(metadata)
    await loadPermissionSets.reject(apiFailure(500, 'internal_error', 'Something went wrong on our side.'))
    expect(actor.getSnapshot().value).toBe('loadFailed')
    expect(actor.getSnapshot().context.loadError).toBe('Something went wrong on our side.')
    actor.send({ type: 'role.retry' })
    expect(actor.getSnapshot().value).toBe('loading')
    expect(actor.getSnapshot().context.metadata).toBeNull()
    expect(loadMetadata.calls).toHaveLength(2)
    expect(loadPermissionSets.calls).toHaveLength(2)
    await loadPermissionSets.reject(new Error('fetch failed'))
    expect(actor.getSnapshot().context.loadError).toBe(LOAD_FAILED_MESSAGE)
  })

  it('Scenario: the server answers 409 for a taken name: the name field says so, and the toast carries the server’s message', async () => {
    const { actor, load, savePermissionSet, emitted } = start()
    await load()
    actor.send({ type: 'role.changeName', value: 'support agent' })
    actor.send({ type: 'role.toggleAction', resource: 'AGENTS', action: 'READ' })
    actor.send({ type: 'role.save' })
    await savePermissionSet.reject(apiFailure(409, 'conflict', 'A role named "support agent" already exists.', [{ path: ['name'], message: 'This name is already taken' }]))
    const s = actor.getSnapshot()
    expect(s.value).toBe('editing')
    expect(s.context.fieldErrors).toEqual({ name: 'This name is already taken' })
    expect(s.context.formError).toBeNull()
    expect(emitted).toEqual([{ type: 'role.saveFailed', status: 409, message: 'A role named "support agent" already exists.' }])
  })

  it('Scenario: a 409 without issues still tells the person why, above the form', async () => {
    const { actor, load, savePermissionSet } = start()
    await load()
    actor.send({ type: 'role.changeName', value: 'Ops' })
    actor.send({ type: 'role.toggleAction', resource: 'AGENTS', action: 'READ' })
    actor.send({ type: 'role.save' })
    await savePermissionSet.reject(apiFailure(409, 'conflict', 'A role named "Ops" already exists.'))
    expect(actor.getSnapshot().context.formError).toBe('A role named "Ops" already exists.')
  })

  it('Scenario: the server’s 400 issues land on their fields (nested paths on the grid)', async () => {
    const { actor, load, savePermissionSet } = start()
    await load()
    actor.send({ type: 'role.changeName', value: 'Ops' })
    actor.send({ type: 'role.toggleAction', resource: 'AGENTS', action: 'READ' })
    actor.send({ type: 'role.save' })
    await savePermissionSet.reject(
      apiFailure(400, 'invalid_request', 'The request is invalid.', [
        { path: ['permissions', 0, 'actions'], message: 'Choose at least one action' },
        { path: ['description'], message: 'Description must be at most 500 characters' },
      ]),
    )
    expect(actor.getSnapshot().context.fieldErrors).toEqual({
      permissions: 'Choose at least one action',
      description: 'Description must be at most 500 characters',
    })
  })

  it('Scenario: a 403 (granting what one does not hold) shows the server’s message above the form and in the toast', async () => {
    const { actor, load, savePermissionSet, emitted } = start()
    await load()
    actor.send({ type: 'role.changeName', value: 'Biller' })
    actor.send({ type: 'role.toggleAction', resource: 'BILLING', action: 'DELETE' })
    actor.send({ type: 'role.save' })
    const message = 'You can only grant permissions you hold yourself. You do not have: Delete on Billing.'
    await savePermissionSet.reject(apiFailure(403, 'forbidden', message))
    expect(actor.getSnapshot().value).toBe('editing')
    expect(actor.getSnapshot().context).toMatchObject({ formError: message, fieldErrors: {} })
    expect(emitted).toEqual([{ type: 'role.saveFailed', status: 403, message }])
  })

  it('Scenario: an error that is not from the API gets a plain message, never a stack or internal text', async () => {
    const { actor, load, savePermissionSet, emitted } = start()
    await load()
    actor.send({ type: 'role.changeName', value: 'Ops' })
    actor.send({ type: 'role.toggleAction', resource: 'AGENTS', action: 'READ' })
    actor.send({ type: 'role.save' })
    await savePermissionSet.reject(new TypeError('cannot read properties of undefined'))
    expect(actor.getSnapshot().context.formError).toBe(SAVE_FAILED_MESSAGE)
    expect(emitted).toEqual([{ type: 'role.saveFailed', status: 0, message: SAVE_FAILED_MESSAGE }])
  })

  it('Scenario: edits while saving are ignored (the form is locked until the server answers)', async () => {
    const { actor, load } = start()
    await load()
    actor.send({ type: 'role.changeName', value: 'Ops' })
    actor.send({ type: 'role.toggleAction', resource: 'AGENTS', action: 'READ' })
    actor.send({ type: 'role.save' })
    actor.send({ type: 'role.changeName', value: 'Changed mid-flight' })
    actor.send({ type: 'role.toggleAction', resource: 'AGENTS', action: 'READ' })
    expect(actor.getSnapshot().context).toMatchObject({ name: 'Ops', grants: { AGENTS: ['READ'] } })
  })
})
