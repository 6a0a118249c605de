import { createActor } from 'xstate'
import { describe, expect, it } from 'vitest'
import { supportAgentSet, teamMemberSet } from '../roleEditor/roleEditor.fixtures.ts'
import { apiError } from '../testing/fixtures.ts'
import { controllable } from '../testing/stubs.ts'
import { ROLE_DELETE_FAILED_MESSAGE, type RoleDeletionEmitted, roleDeletionMachine } from './roleDeletion.machine.ts'
import { selectRoleDeletionDialog } from './roleDeletion.selectors.ts'

function start() {
  const remove = controllable<void, { id: string }>()
  const actor = createActor(roleDeletionMachine.provide({ actors: { deletePermissionSet: remove.logic } }))
  const emitted: RoleDeletionEmitted[] = []
  actor.on('*', (e) => emitted.push(e))
  actor.start()
  return { actor, remove, emitted }
}

describe('roleDeletion', () => {
  it('Scenario: Delete asks first, naming the role; confirmed, the role is deleted and announced', async () => {
    const { actor, remove, emitted } = start()
    actor.send({ type: 'roleDeletion.request', set: supportAgentSet })
    expect(selectRoleDeletionDialog(actor.getSnapshot())).toEqual({ set: supportAgentSet, error: null, busy: false })
    expect(remove.calls).toEqual([])
    actor.send({ type: 'roleDeletion.confirm' })
    expect(selectRoleDeletionDialog(actor.getSnapshot())?.busy).toBe(true)
    expect(remove.calls).toEqual([{ id: supportAgentSet._id }])
    await remove.resolve(undefined)
    expect(selectRoleDeletionDialog(actor.getSnapshot())).toBeNull()
    expect(emitted).toEqual([{ type: 'roleDeletion.deleted', set: supportAgentSet }])
  })

  it('Scenario: a role still assigned (409) keeps the dialog open with the names; cancel closes it', async () => {
    const { actor, remove, emitted } = start()
    actor.send({ type: 'roleDeletion.request', set: supportAgentSet })
    actor.send({ type: 'roleDeletion.confirm' })
    await remove.reject(apiError(409, 'conflict', 'Assigned to Ada Admin and Sam Agent: remove it from them first.'))
    expect(selectRoleDeletionDialog(actor.getSnapshot())).toEqual({
      set: supportAgentSet,
      error: 'Assigned to Ada Admin and Sam Agent: remove it from them first.',
      busy: false,
    })
    expect(emitted).toEqual([
      { type: 'roleDeletion.failed', set: supportAgentSet, status: 409, message: 'Assigned to Ada Admin and Sam Agent: remove it from them first.' },
    ])
    actor.send({ type: 'roleDeletion.cancel' })
    expect(selectRoleDeletionDialog(actor.getSnapshot())).toBeNull()
  })

  it('Scenario: after a refusal, confirming again tries again; an error without a message gets the fallback', async () => {
    const { actor, remove } = start()
    actor.send({ type: 'roleDeletion.request', set: supportAgentSet })
    actor.send({ type: 'roleDeletion.confirm' })
    await remove.reject(new Error('socket hang up'))
    expect(actor.getSnapshot().context.error).toBe(ROLE_DELETE_FAILED_MESSAGE)
    actor.send({ type: 'roleDeletion.confirm' })
    expect(actor.getSnapshot().context.error).toBeNull()
    await remove.resolve(undefined)
    expect(actor.getSnapshot().value).toBe('idle')
  })

  it('Scenario: a system role cannot be asked for', () => {
    const { actor } = start()
    actor.send({ type: 'roleDeletion.request', set: teamMemberSet })
    expect(actor.getSnapshot().value).toBe('idle')
  })
})
