import { type SnapshotFrom, createActor } from 'xstate'
import { describe, expect, it } from 'vitest'
import type { PermissionSet } from '../../contract/api.ts'
import type { InviteMemberRequest, InviteMemberResponse } from '../../contract/team.ts'
import { acmeSets, teamMemberSet } from '../roleEditor/roleEditor.fixtures.ts'
import { walkEveryTransition } from '../testing/model-walk.ts'
import { controllable, settleActorEvent } from '../testing/stubs.ts'
import { ninaMember } from './team.fixtures.ts'
import { INVITE_FIELDS, type InviteEmitted, type InviteEvent, inviteErrors, inviteMachine, toRequest } from './invite.machine.ts'
import { selectInviteStatus } from './invite.selectors.ts'

const alreadyMember = Object.assign(new Error('nina@acme.test is already a member of this workspace.'), {
  status: 409,
  code: 'conflict',
  issues: [{ path: ['email'], message: 'Already a member' }],
})

type ModelEvent = InviteEvent | { type: `xstate.${string}`; output?: unknown; error?: unknown }
const done = (id: string, output: unknown) => ({ type: `xstate.done.actor.${id}`, output }) as const
const error = (id: string, e: unknown) => ({ type: `xstate.error.actor.${id}`, error: e }) as const

/** Bounded: a bad and a good email, one name, one role. */
const events: ReadonlyArray<ModelEvent> = [
  done('loadPermissionSets', acmeSets),
  error('loadPermissionSets', new Error('offline')),
  { type: 'invite.retry' },
  { type: 'invite.changeEmail', value: 'nina@' },
  { type: 'invite.changeEmail', value: 'nina@acme.test' },
  { type: 'invite.changeName', value: 'Nina Newbie' },
  { type: 'invite.toggleSet', setId: teamMemberSet._id },
  { type: 'invite.submit' },
  done('inviteMember', ninaMember),
  error('inviteMember', alreadyMember),
]

describe('invite (model)', () => {
  it('walks every transition on a real actor; nothing invalid is ever sent', async () => {
    const result = await walkEveryTransition({
      machine: inviteMachine,
      events: events as never,
      // Only what the guard reads: the request the form would send.
      serializeState: (s: SnapshotFrom<typeof inviteMachine>) => JSON.stringify([s.value, s.context.sets !== null, toRequest(s.context)]),
      start: (inspect) => {
        const loadPermissionSets = controllable<ReadonlyArray<PermissionSet>, void>()
        const inviteMember = controllable<InviteMemberResponse, InviteMemberRequest>()
        const stubs = { loadPermissionSets, inviteMember }
        const emitted: InviteEmitted[] = []
        const actor = createActor(inviteMachine.provide({ actors: { loadPermissionSets: loadPermissionSets.logic, inviteMember: inviteMember.logic } }), { inspect })
        actor.on('*', (e) => emitted.push(e))
        actor.start()
        return {
          actor,
          exec: async (event) => {
            const e = event as ModelEvent
            if (await settleActorEvent(e, stubs)) return
            actor.send(e as InviteEvent)
          },
          check: (s) => {
            const c = s.context
            expect(s.matches(selectInviteStatus(s))).toBe(true)
            for (const key of Object.keys(c.fieldErrors)) expect(INVITE_FIELDS).toContain(key)
            if (c.formError !== null) expect(c.fieldErrors).toEqual({})
            if (s.matches('loadFailed')) expect(c.loadError).not.toBeNull()
            if (s.matches('editing') || s.matches('sending')) expect(c.sets).not.toBeNull()
            if (s.matches('sending')) {
              expect(inviteErrors(toRequest(c))).toEqual({})
              expect(inviteMember.calls.at(-1)).toEqual(toRequest(c))
            }
            if (c.fieldErrors.email === 'Already a member') expect(emitted.at(-1)).toMatchObject({ type: 'invite.failed', status: 409 })
            expect(emitted.filter((e) => e.type === 'invite.sent')).toEqual(s.matches('sent') ? [{ type: 'invite.sent', member: ninaMember }] : [])
          },
          stop: () => actor.stop(),
        }
      },
    })
    expect(result.failures).toEqual([])
    expect(result.unwalked).toEqual([])
    expect(result.walked.length).toBe(result.defined.length)
  })
})
