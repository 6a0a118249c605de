import { createActor } from 'xstate'
import { describe, expect, it } from 'vitest'
import { supportAgentSet, teamMemberSet } from '../roleEditor/roleEditor.fixtures.ts'
import { apiError } from '../testing/fixtures.ts'
import { walkEveryTransition } from '../testing/model-walk.ts'
import { controllable, settleActorEvent } from '../testing/stubs.ts'
import { type RoleDeletionEmitted, roleDeletionMachine } from './roleDeletion.machine.ts'
import { selectRoleDeletionDialog } from './roleDeletion.selectors.ts'

const assigned = apiError(409, 'conflict', 'Assigned to Ada Admin and Sam Agent: remove it from them first.')

describe('roleDeletion (model)', () => {
  it('walks every transition on a real actor; only a custom role is ever sent, and only after confirming', async () => {
    const result = await walkEveryTransition({
      machine: roleDeletionMachine,
      events: [
        { type: 'roleDeletion.request', set: supportAgentSet },
        { type: 'roleDeletion.request', set: teamMemberSet },
        { type: 'roleDeletion.confirm' },
        { type: 'roleDeletion.cancel' },
        { type: 'xstate.done.actor.deletePermissionSet', output: undefined },
        { type: 'xstate.error.actor.deletePermissionSet', error: assigned },
      ] as never[],
      serializeState: (s) => JSON.stringify([s.value, s.context.target?._id ?? null, s.context.error !== null]),
      start: (inspect) => {
        const remove = controllable<void, { id: string }>()
        const emitted: RoleDeletionEmitted[] = []
        const actor = createActor(roleDeletionMachine.provide({ actors: { deletePermissionSet: remove.logic } }), { inspect })
        actor.on('*', (e) => emitted.push(e))
        actor.start()
        return {
          actor,
          exec: async (event) => {
            if (await settleActorEvent(event as { type: string }, { deletePermissionSet: remove })) return
            actor.send(event)
          },
          check: (s) => {
            const dialog = selectRoleDeletionDialog(s)
            expect(dialog !== null).toBe(!s.matches('idle'))
            if (s.matches('idle')) expect(s.context).toEqual({ target: null, error: null })
            // A system role never gets this far.
            expect(s.context.target?.is_system ?? false).toBe(false)
            if (s.matches('deleting')) {
              expect(dialog?.busy).toBe(true)
              expect(remove.calls.at(-1)).toEqual({ id: supportAgentSet._id })
            }
            for (const e of emitted) {
              expect(e.set).toEqual(supportAgentSet)
              if (e.type === 'roleDeletion.failed') expect(e).toMatchObject({ status: 409, message: assigned.message })
            }
            if (s.context.error !== null) expect(s.context.error).toBe(assigned.message)
          },
          stop: () => actor.stop(),
        }
      },
    })
    expect(result.failures).toEqual([])
    expect(result.unwalked).toEqual([])
  })
})
