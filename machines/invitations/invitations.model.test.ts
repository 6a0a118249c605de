import { createActor } from 'xstate'
import { describe, expect, it } from 'vitest'
import type { WorkspaceItem } from '../../contract/api.ts'
import type { PendingInvitation } from '../../contract/workspaces.ts'
import { apiError } from '../testing/fixtures.ts'
import { walkEveryTransition } from '../testing/model-walk.ts'
import { controllable, settleActorEvent } from '../testing/stubs.ts'
import { acmeInvitation, globexInvitation, joinedAcme, ninaInvitations } from './invitations.fixtures.ts'
import { type InvitationsEmitted, invitationsMachine } from './invitations.machine.ts'
import { selectAnsweringId } from './invitations.selectors.ts'

const offline = apiError(503, 'unavailable', 'Try again later.')
const gone = apiError(404, 'not_found', 'There is no such pending invitation.')

describe('invitations (model)', () => {
  it('walks every transition on a real actor; an invitation leaves the list only when answered or gone', async () => {
    const result = await walkEveryTransition({
      machine: invitationsMachine,
      // Bounded: the walk acts on Acme's invitation (Globex's stays as the witness of order).
      events: [
        { type: 'invitations.refresh' },
        { type: 'invitations.accept', id: acmeInvitation.id },
        { type: 'invitations.decline', id: acmeInvitation.id },
        { type: 'xstate.done.actor.loadInvitations', output: ninaInvitations },
        { type: 'xstate.error.actor.loadInvitations', error: offline },
        { type: 'xstate.done.actor.acceptInvitation', output: joinedAcme },
        { type: 'xstate.error.actor.acceptInvitation', error: offline },
        { type: 'xstate.error.actor.acceptInvitation', error: gone },
        { type: 'xstate.done.actor.declineInvitation', output: undefined },
        { type: 'xstate.error.actor.declineInvitation', error: offline },
        { type: 'xstate.error.actor.declineInvitation', error: gone },
      ] as never[],
      serializeState: (s) => JSON.stringify([s.value, s.context.invitations?.map((i) => i.id) ?? null, s.context.target?.id ?? null]),
      start: (inspect) => {
        const loadInvitations = controllable<ReadonlyArray<PendingInvitation>, void>()
        const acceptInvitation = controllable<WorkspaceItem, { id: string }>()
        const declineInvitation = controllable<void, { id: string }>()
        const stubs = { loadInvitations, acceptInvitation, declineInvitation }
        const emitted: InvitationsEmitted[] = []
        const actor = createActor(
          invitationsMachine.provide({
            actors: { loadInvitations: loadInvitations.logic, acceptInvitation: acceptInvitation.logic, declineInvitation: declineInvitation.logic },
          }),
          { inspect },
        )
        actor.on('*', (e) => emitted.push(e))
        actor.start()
        return {
          actor,
          exec: async (event) => {
            if (await settleActorEvent(event as { type: string }, stubs)) return
            actor.send(event)
          },
          check: (s) => {
            const c = s.context
            const answering = s.matches('accepting') || s.matches('declining')
            expect(c.target !== null).toBe(answering)
            expect(selectAnsweringId(s)).toBe(answering ? acmeInvitation.id : null)
            if (s.matches('accepting')) expect(acceptInvitation.calls.at(-1)).toEqual({ id: acmeInvitation.id })
            if (s.matches('declining')) {
              expect(declineInvitation.calls.at(-1)).toEqual({ id: acmeInvitation.id })
              expect(c.invitations?.map((i) => i.id)).toEqual([globexInvitation.id])
            }
            if (s.matches('failed')) expect(c.loadError).toBe('Try again later.')
            // Globex's invitation is never touched, and the order is the server's.
            if (c.invitations !== null) expect(c.invitations[0]).toEqual(globexInvitation)
            for (const e of emitted) {
              expect(e.invitation).toEqual(acmeInvitation)
              if (e.type === 'invitations.accepted') expect(e.workspace).toEqual(joinedAcme)
            }
          },
          stop: () => actor.stop(),
        }
      },
    })
    expect(result.failures).toEqual([])
    expect(result.unwalked).toEqual([])
  })
})
