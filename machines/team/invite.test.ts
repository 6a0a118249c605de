import { createActor } from 'xstate'
import { describe, expect, it } from 'vitest'
import type { ApiIssue, PermissionSet } from '../../contract/api.ts'
import type { InviteMemberRequest, InviteMemberResponse } from '../../contract/team.ts'
import { acmeSets, supportAgentSet, teamMemberSet } from '../roleEditor/roleEditor.fixtures.ts'
import { controllable } from '../testing/stubs.ts'
import { bobInvitation, ninaMember } from './team.fixtures.ts'
import {
  INVITE_FAILED_MESSAGE,
  INVITE_LOAD_FAILED_MESSAGE,
  INVITE_PENDING_MESSAGE,
  INVITE_SENT_MESSAGE,
  inviteSentMessage,
  type InviteEmitted,
  inviteMachine,
} from './invite.machine.ts'
import { selectInviteSets, selectInviteStatus } from './invite.selectors.ts'

function apiFailure(status: number, code: string, message: string, issues: ApiIssue[] = []) {
  return Object.assign(new Error(message), { status, code, issues })
}

async function started() {
  const loadPermissionSets = controllable<ReadonlyArray<PermissionSet>, void>()
  const inviteMember = controllable<InviteMemberResponse, InviteMemberRequest>()
  const actor = createActor(inviteMachine.provide({ actors: { loadPermissionSets: loadPermissionSets.logic, inviteMember: inviteMember.logic } }))
  const emitted: InviteEmitted[] = []
  actor.on('*', (e) => emitted.push(e))
  actor.start()
  await loadPermissionSets.resolve(acmeSets)
  return { actor, loadPermissionSets, inviteMember, emitted }
}

describe('invite', () => {
  it('Scenario: an invitation with email, name and two roles is sent trimmed, with the roles in list order', async () => {
    const { actor, inviteMember, emitted } = await started()
    expect(selectInviteSets(actor.getSnapshot())).toEqual(acmeSets)
    actor.send({ type: 'invite.changeEmail', value: '  nina@acme.test ' })
    actor.send({ type: 'invite.changeName', value: ' Nina Newbie ' })
    actor.send({ type: 'invite.toggleSet', setId: supportAgentSet._id })
    actor.send({ type: 'invite.toggleSet', setId: teamMemberSet._id })
    actor.send({ type: 'invite.submit' })
    expect(selectInviteStatus(actor.getSnapshot())).toBe('sending')
    expect(inviteMember.calls).toEqual([{ email: 'nina@acme.test', fullName: 'Nina Newbie', permission_set_ids: [teamMemberSet._id, supportAgentSet._id] }])
    await inviteMember.resolve(ninaMember)
    expect(actor.getSnapshot().status).toBe('done')
    expect(emitted).toEqual([{ type: 'invite.sent', member: ninaMember }])
  })

  it('Scenario: an existing account answers a pending invitation: the toast says they join once they accept', async () => {
    const { actor, inviteMember, emitted } = await started()
    actor.send({ type: 'invite.changeEmail', value: 'bob@globex.test' })
    actor.send({ type: 'invite.toggleSet', setId: teamMemberSet._id })
    actor.send({ type: 'invite.submit' })
    await inviteMember.resolve(bobInvitation)
    expect(emitted).toEqual([{ type: 'invite.sent', member: bobInvitation }])
    expect(inviteSentMessage(bobInvitation)).toBe(INVITE_PENDING_MESSAGE)
    expect(inviteSentMessage(ninaMember)).toBe(INVITE_SENT_MESSAGE)
  })

  it('Scenario: the name is optional and left out when blank', async () => {
    const { actor, inviteMember } = await started()
    actor.send({ type: 'invite.changeEmail', value: 'sam@acme.test' })
    actor.send({ type: 'invite.changeName', value: '   ' })
    actor.send({ type: 'invite.toggleSet', setId: teamMemberSet._id })
    actor.send({ type: 'invite.submit' })
    expect(inviteMember.calls).toEqual([{ email: 'sam@acme.test', permission_set_ids: [teamMemberSet._id] }])
  })

  it('Scenario: an empty form gets an email error and a roles error, and nothing is sent', async () => {
    const { actor, inviteMember, emitted } = await started()
    actor.send({ type: 'invite.submit' })
    expect(actor.getSnapshot().value).toBe('editing')
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ email: 'Enter a valid email address', permission_set_ids: 'Choose at least one role' })
    expect(inviteMember.calls).toEqual([])
    expect(emitted).toEqual([])
  })

  it('Scenario: a malformed email is refused in the browser; fixing it clears only its error', async () => {
    const { actor } = await started()
    actor.send({ type: 'invite.changeEmail', value: 'nina@acme' })
    actor.send({ type: 'invite.submit' })
    expect(actor.getSnapshot().context.fieldErrors).toMatchObject({ email: 'Enter a valid email address' })
    actor.send({ type: 'invite.changeEmail', value: 'nina@acme.test' })
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ permission_set_ids: 'Choose at least one role' })
    actor.send({ type: 'invite.toggleSet', setId: teamMemberSet._id })
    expect(actor.getSnapshot().context.fieldErrors).toEqual({})
  })

  it('Scenario: a name over 120 characters is refused', async () => {
    const { actor } = await started()
    actor.send({ type: 'invite.changeEmail', value: 'nina@acme.test' })
    actor.send({ type: 'invite.changeName', value: 'n'.repeat(121) })
    actor.send({ type: 'invite.toggleSet', setId: teamMemberSet._id })
    actor.send({ type: 'invite.submit' })
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ fullName: 'Name must be at most 120 characters' })
  })

  it('Scenario: someone who is already a member (409) gets the error on the email field and the server’s message in the toast', async () => {
    const { actor, inviteMember, emitted } = await started()
    actor.send({ type: 'invite.changeEmail', value: 'admin@acme.test' })
    actor.send({ type: 'invite.toggleSet', setId: teamMemberSet._id })
    actor.send({ type: 'invite.submit' })
    await inviteMember.reject(apiFailure(409, 'conflict', 'admin@acme.test is already a member of this workspace.', [{ path: ['email'], message: 'Already a member' }]))
    expect(actor.getSnapshot().value).toBe('editing')
    expect(actor.getSnapshot().context).toMatchObject({ fieldErrors: { email: 'Already a member' }, formError: null })
    expect(emitted).toEqual([{ type: 'invite.failed', status: 409, message: 'admin@acme.test is already a member of this workspace.' }])
  })

  it('Scenario: a 400 about a role that no longer exists lands on the roles', async () => {
    const { actor, inviteMember } = await started()
    actor.send({ type: 'invite.changeEmail', value: 'nina@acme.test' })
    actor.send({ type: 'invite.toggleSet', setId: supportAgentSet._id })
    actor.send({ type: 'invite.submit' })
    await inviteMember.reject(
      apiFailure(400, 'invalid_request', 'Some of the chosen roles do not exist in this workspace.', [
        { path: ['permission_set_ids', 0], message: 'There is no such role in this workspace' },
      ]),
    )
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ permission_set_ids: 'There is no such role in this workspace' })
  })

  it('Scenario: a 403 (granting a role beyond one’s own permissions) is shown above the form', async () => {
    const { actor, inviteMember, emitted } = await started()
    actor.send({ type: 'invite.changeEmail', value: 'nina@acme.test' })
    actor.send({ type: 'invite.toggleSet', setId: teamMemberSet._id })
    actor.send({ type: 'invite.submit' })
    await inviteMember.reject(apiFailure(403, 'forbidden', 'Only a super admin can grant the Super Admin role.'))
    expect(actor.getSnapshot().context.formError).toBe('Only a super admin can grant the Super Admin role.')
    expect(emitted.at(-1)).toMatchObject({ type: 'invite.failed', status: 403 })
  })

  it('Scenario: a network failure has a plain message', async () => {
    const { actor, inviteMember, emitted } = await started()
    actor.send({ type: 'invite.changeEmail', value: 'nina@acme.test' })
    actor.send({ type: 'invite.toggleSet', setId: teamMemberSet._id })
    actor.send({ type: 'invite.submit' })
    await inviteMember.reject(new TypeError('Failed to fetch'))
    expect(emitted).toEqual([{ type: 'invite.failed', status: 0, message: INVITE_FAILED_MESSAGE }])
  })

  it('Scenario: the roles could not be loaded; retry loads them again', async () => {
    const loadPermissionSets = controllable<ReadonlyArray<PermissionSet>, void>()
    const actor = createActor(inviteMachine.provide({ actors: { loadPermissionSets: loadPermissionSets.logic } })).start()
    await loadPermissionSets.reject(new Error('offline'))
    expect(selectInviteStatus(actor.getSnapshot())).toBe('loadFailed')
    expect(actor.getSnapshot().context.loadError).toBe(INVITE_LOAD_FAILED_MESSAGE)
    actor.send({ type: 'invite.retry' })
    await loadPermissionSets.resolve(acmeSets)
    expect(selectInviteStatus(actor.getSnapshot())).toBe('editing')
  })
})
