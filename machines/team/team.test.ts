// Long file: the team machine's scenarios (members, paging, search, the invitations' pages and every row action), one behaviour each.
import { SimulatedClock, createActor, fromCallback } from 'xstate'
import { describe, expect, it } from 'vitest'
import type { ApiIssue, PermissionSet } from '../../contract/api.ts'
import type { AssignPermissionSetsRequest, TeamInvitation, TeamInvitationList, TeamMember, TeamMemberList } from '../../contract/team.ts'
import { acmeSets, superAdminSet, supportAgentSet, teamMemberSet } from '../roleEditor/roleEditor.fixtures.ts'
import { controllable } from '../testing/stubs.ts'
import { acmeInvitationPage, acmeInvitations, acmeMemberPage, noInvitationPage, adaMember, bobInvitation, carlaInvitation, ninaInvitation, ninaMember, samMember } from './team.fixtures.ts'
import { NO_ROLE_MESSAGE, TEAM_CHANGE_FAILED_MESSAGE, TEAM_LOAD_FAILED_MESSAGE, TEAM_LOAD_MORE_INVITATIONS_FAILED_MESSAGE, TEAM_SEARCH_DEBOUNCE_MS, type InvitationPageRequest, type MemberPageRequest, type TeamEmitted, teamMachine } from './team.machine.ts'
import {
  selectCanLoadMore,
  selectHasMoreInvitations,
  selectInvitationRows,
  selectInvitationsError,
  selectInvitationsRemaining,
  selectIsLoadingMoreInvitations,
  selectIsLoadingMore,
  selectListError,
  selectMemberRows,
  selectMoreError,
  selectTeamDialog,
  selectTeamQuery,
  selectTeamStatus,
} from './team.selectors.ts'

function apiFailure(status: number, code: string, message: string, issues: ApiIssue[] = []) {
  return Object.assign(new Error(message), { status, code, issues })
}

function start() {
  const loadMembers = controllable<TeamMemberList, MemberPageRequest>()
  const loadPermissionSets = controllable<ReadonlyArray<PermissionSet>, void>()
  const assignPermissionSets = controllable<TeamMember, AssignPermissionSetsRequest>()
  const removeMember = controllable<void, { userId: string }>()
  const loadInvitations = controllable<TeamInvitationList, InvitationPageRequest>()
  const resendInvitation = controllable<TeamInvitation, { userId: string }>()
  const copyInvitationLink = controllable<TeamInvitation, { userId: string }>()
  const revokeInvitation = controllable<void, { userId: string }>()
  const actor = createActor(
    teamMachine.provide({
      actors: {
        loadMembers: loadMembers.logic,
        loadPermissionSets: loadPermissionSets.logic,
        assignPermissionSets: assignPermissionSets.logic,
        removeMember: removeMember.logic,
        loadInvitations: loadInvitations.logic,
        resendInvitation: resendInvitation.logic,
        copyInvitationLink: copyInvitationLink.logic,
        revokeInvitation: revokeInvitation.logic,
      },
    }),
  )
  const emitted: TeamEmitted[] = []
  actor.on('*', (e) => emitted.push(e))
  actor.start()
  const load = async () => {
    await loadMembers.resolve(acmeMemberPage)
    await loadPermissionSets.resolve(acmeSets)
    await loadInvitations.resolve(acmeInvitationPage)
  }
  return { actor, loadMembers, loadPermissionSets, assignPermissionSets, removeMember, loadInvitations, resendInvitation, copyInvitationLink, revokeInvitation, emitted, load }
}

describe('team', () => {
  it('Scenario: switching to a workspace where members may not be read fetches nothing there and shows `forbidden`', async () => {
    const loadMembers = controllable<TeamMemberList, MemberPageRequest>()
    const loadPermissionSets = controllable<ReadonlyArray<PermissionSet>, void>()
    const loadInvitations = controllable<TeamInvitationList, InvitationPageRequest>()
    let report: (e: { type: 'team.access'; orgId: string | null; allowed: boolean | null }) => void = () => {}
    const actor = createActor(
      teamMachine.provide({
        actors: {
          watchAccess: fromCallback(({ sendBack }) => {
            report = sendBack
          }),
          loadMembers: loadMembers.logic,
          loadPermissionSets: loadPermissionSets.logic,
          loadInvitations: loadInvitations.logic,
        },
      }),
    ).start()
    // Permissions still loading: no call.
    expect(selectTeamStatus(actor.getSnapshot())).toBe('checkingAccess')
    report({ type: 'team.access', orgId: null, allowed: null })
    expect(loadMembers.calls).toHaveLength(0)
    report({ type: 'team.access', orgId: 'o-acme', allowed: true })
    expect(selectTeamStatus(actor.getSnapshot())).toBe('loading')
    await loadMembers.resolve(acmeMemberPage)
    await loadPermissionSets.resolve(acmeSets)
    await loadInvitations.resolve(acmeInvitationPage)
    expect(selectTeamStatus(actor.getSnapshot())).toBe('ready')
    // The switch: permissions drop (unknown), then Globex answers without TEAM_MEMBERS read.
    report({ type: 'team.access', orgId: null, allowed: null })
    expect(actor.getSnapshot().context.members).toBeNull()
    report({ type: 'team.access', orgId: 'o-globex', allowed: false })
    expect(selectTeamStatus(actor.getSnapshot())).toBe('forbidden')
    expect(loadMembers.calls).toHaveLength(1)
    // Back in a workspace that allows it: loaded afresh.
    report({ type: 'team.access', orgId: 'o-acme', allowed: true })
    expect(selectTeamStatus(actor.getSnapshot())).toBe('loading')
    expect(loadMembers.calls).toHaveLength(2)
    actor.stop()
  })

  it('Scenario: the members who joined are listed with their role names, in the order of the org’s sets; a new person waits among the invitations', async () => {
    const { actor, load } = start()
    expect(selectTeamStatus(actor.getSnapshot())).toBe('loading')
    await load()
    expect(selectTeamStatus(actor.getSnapshot())).toBe('ready')
    expect(selectMemberRows(actor.getSnapshot()).map((r) => [r.member.fullName, r.member.status, r.roleNames])).toEqual([
      ['Ada Admin', 'active', ['Super Admin']],
      ['Sam Agent', 'active', ['Support Agent']],
    ])
    expect(selectInvitationRows(actor.getSnapshot()).map((r) => [r.invitation.fullName, r.invitation.kind])).toContainEqual(['Nina Newbie', 'link'])
  })

  it('Scenario: the only member holding the super-admin set is marked, so the page offers no Remove', async () => {
    const { actor, load } = start()
    await load()
    expect(selectMemberRows(actor.getSnapshot()).map((r) => [r.member.fullName, r.isLastSuperAdmin])).toEqual([
      ['Ada Admin', true],
      ['Sam Agent', false],
    ])
  })

  it('Scenario: editing roles sends the ticked sets, and the row shows what the server stored', async () => {
    const { actor, load, assignPermissionSets, emitted } = start()
    await load()
    actor.send({ type: 'team.editRoles', userId: samMember.user_id })
    expect(selectTeamDialog(actor.getSnapshot())).toMatchObject({ kind: 'roles', member: samMember, selection: [supportAgentSet._id], busy: false })
    actor.send({ type: 'team.toggleSet', setId: teamMemberSet._id })
    actor.send({ type: 'team.saveRoles' })
    expect(selectTeamDialog(actor.getSnapshot())).toMatchObject({ busy: true })
    expect(assignPermissionSets.calls).toEqual([{ user_id: 'u-sam', permission_set_ids: [supportAgentSet._id, teamMemberSet._id] }])
    // Pessimistic: nothing changes before the answer.
    expect(selectMemberRows(actor.getSnapshot())[1]?.roleNames).toEqual(['Support Agent'])
    const stored: TeamMember = { ...samMember, permission_set_ids: [teamMemberSet._id, supportAgentSet._id], roles: ['TEAM_MEMBER'] }
    await assignPermissionSets.resolve(stored)
    expect(actor.getSnapshot().value).toEqual({ ready: 'idle' })
    expect(selectTeamDialog(actor.getSnapshot())).toBeNull()
    expect(selectMemberRows(actor.getSnapshot())[1]?.roleNames).toEqual(['Team Member', 'Support Agent'])
    expect(emitted).toEqual([{ type: 'team.rolesSaved', member: stored }])
  })

  it('Scenario: saving with no role ticked keeps the dialog open with a message, and nothing is sent', async () => {
    const { actor, load, assignPermissionSets } = start()
    await load()
    actor.send({ type: 'team.editRoles', userId: samMember.user_id })
    actor.send({ type: 'team.toggleSet', setId: supportAgentSet._id })
    actor.send({ type: 'team.saveRoles' })
    expect(actor.getSnapshot().value).toEqual({ ready: 'editingRoles' })
    expect(selectTeamDialog(actor.getSnapshot())).toMatchObject({ error: NO_ROLE_MESSAGE })
    expect(assignPermissionSets.calls).toEqual([])
    actor.send({ type: 'team.toggleSet', setId: supportAgentSet._id })
    expect(selectTeamDialog(actor.getSnapshot())).toMatchObject({ error: null })
  })

  it('Scenario: taking Super Admin from the last super admin is refused (409); the dialog says why and the toast carries the server’s message', async () => {
    const { actor, load, assignPermissionSets, emitted } = start()
    await load()
    actor.send({ type: 'team.editRoles', userId: adaMember.user_id })
    actor.send({ type: 'team.toggleSet', setId: superAdminSet._id })
    actor.send({ type: 'team.toggleSet', setId: teamMemberSet._id })
    actor.send({ type: 'team.saveRoles' })
    await assignPermissionSets.reject(apiFailure(409, 'conflict', 'A workspace needs at least one super admin.'))
    expect(actor.getSnapshot().value).toEqual({ ready: 'editingRoles' })
    expect(selectTeamDialog(actor.getSnapshot())).toMatchObject({ error: 'A workspace needs at least one super admin.', selection: [teamMemberSet._id] })
    expect(selectMemberRows(actor.getSnapshot())[0]?.roleNames).toEqual(['Super Admin'])
    expect(emitted).toEqual([{ type: 'team.operationFailed', operation: 'assign', status: 409, message: 'A workspace needs at least one super admin.' }])
  })

  it('Scenario: a 403 and a 400 on assignment keep the dialog open with the server’s words', async () => {
    const { actor, load, assignPermissionSets, emitted } = start()
    await load()
    actor.send({ type: 'team.editRoles', userId: ninaMember.user_id })
    actor.send({ type: 'team.toggleSet', setId: superAdminSet._id })
    actor.send({ type: 'team.saveRoles' })
    await assignPermissionSets.reject(apiFailure(403, 'forbidden', 'Only a super admin can grant the Super Admin role.'))
    expect(selectTeamDialog(actor.getSnapshot())).toMatchObject({ error: 'Only a super admin can grant the Super Admin role.' })
    actor.send({ type: 'team.saveRoles' })
    await assignPermissionSets.reject(
      apiFailure(400, 'invalid_request', 'Some of the chosen roles do not exist in this workspace.', [
        { path: ['permission_set_ids', 0], message: 'There is no such role in this workspace' },
      ]),
    )
    expect(selectTeamDialog(actor.getSnapshot())).toMatchObject({ error: 'Some of the chosen roles do not exist in this workspace.' })
    expect(emitted.map((e) => e.type === 'team.operationFailed' && e.status)).toEqual([403, 400])
  })

  it('Scenario: cancelling the roles dialog changes nothing', async () => {
    const { actor, load, assignPermissionSets } = start()
    await load()
    actor.send({ type: 'team.editRoles', userId: samMember.user_id })
    actor.send({ type: 'team.toggleSet', setId: teamMemberSet._id })
    actor.send({ type: 'team.cancel' })
    expect(actor.getSnapshot().value).toEqual({ ready: 'idle' })
    expect(actor.getSnapshot().context).toMatchObject({ target: null, selection: [] })
    expect(assignPermissionSets.calls).toEqual([])
    expect(selectMemberRows(actor.getSnapshot())[1]?.member).toEqual(samMember)
  })

  it('Scenario: removing a member asks first, then drops the row on the server’s 204', async () => {
    const { actor, load, removeMember, emitted } = start()
    await load()
    actor.send({ type: 'team.remove', userId: samMember.user_id })
    expect(selectTeamDialog(actor.getSnapshot())).toEqual({ kind: 'remove', member: samMember, busy: false })
    actor.send({ type: 'team.confirmRemove' })
    expect(removeMember.calls).toEqual([{ userId: 'u-sam' }])
    expect(selectMemberRows(actor.getSnapshot())).toHaveLength(2)
    await removeMember.resolve(undefined)
    expect(selectMemberRows(actor.getSnapshot()).map((r) => r.member.user_id)).toEqual(['u-ada'])
    expect(emitted).toEqual([{ type: 'team.memberRemoved', member: samMember }])
  })

  it('Scenario: removing the last super admin is refused (409); the member stays and the toast says why', async () => {
    const { actor, load, removeMember, emitted } = start()
    await load()
    actor.send({ type: 'team.remove', userId: adaMember.user_id })
    actor.send({ type: 'team.confirmRemove' })
    await removeMember.reject(apiFailure(409, 'conflict', 'A workspace needs at least one super admin.'))
    expect(actor.getSnapshot().value).toEqual({ ready: 'idle' })
    expect(selectMemberRows(actor.getSnapshot())).toHaveLength(2)
    expect(emitted).toEqual([{ type: 'team.operationFailed', operation: 'remove', status: 409, message: 'A workspace needs at least one super admin.' }])
  })

  it('Scenario: a removal that fails without a server answer gets a plain message', async () => {
    const { actor, load, removeMember, emitted } = start()
    await load()
    actor.send({ type: 'team.remove', userId: ninaMember.user_id })
    actor.send({ type: 'team.confirmRemove' })
    await removeMember.reject(new Error('socket hang up'))
    expect(emitted).toEqual([{ type: 'team.operationFailed', operation: 'remove', status: 0, message: TEAM_CHANGE_FAILED_MESSAGE }])
  })

  it('Scenario: cancelling the removal keeps the member', async () => {
    const { actor, load, removeMember } = start()
    await load()
    actor.send({ type: 'team.remove', userId: samMember.user_id })
    actor.send({ type: 'team.cancel' })
    expect(actor.getSnapshot().value).toEqual({ ready: 'idle' })
    expect(removeMember.calls).toEqual([])
  })

  it('Scenario: an unknown member id opens no dialog', async () => {
    const { actor, load } = start()
    await load()
    actor.send({ type: 'team.editRoles', userId: 'u-ghost' })
    actor.send({ type: 'team.remove', userId: 'u-ghost' })
    expect(actor.getSnapshot().value).toEqual({ ready: 'idle' })
  })

  it('Scenario: a failed load (e.g. 403 without TEAM_MEMBERS view) can be retried', async () => {
    const { actor, loadMembers, loadPermissionSets, loadInvitations } = start()
    await loadMembers.reject(apiFailure(403, 'forbidden', 'You need the View permission on Team Members.'))
    expect(selectTeamStatus(actor.getSnapshot())).toBe('failed')
    expect(actor.getSnapshot().context.loadError).toBe('You need the View permission on Team Members.')
    actor.send({ type: 'team.retry' })
    await loadPermissionSets.reject(new Error('fetch failed'))
    expect(actor.getSnapshot().context.loadError).toBe(TEAM_LOAD_FAILED_MESSAGE)
    actor.send({ type: 'team.retry' })
    await loadPermissionSets.resolve(acmeSets)
    await loadMembers.resolve(acmeMemberPage)
    await loadInvitations.resolve(noInvitationPage)
    expect(selectTeamStatus(actor.getSnapshot())).toBe('ready')
  })

  it('Scenario: the pending invitations of both kinds are listed newest first with the roles they would grant', async () => {
    const { actor, load } = start()
    await load()
    expect(selectInvitationRows(actor.getSnapshot()).map((r) => [r.invitation.fullName, r.invitation.kind, r.roleNames, r.busy])).toEqual([
      ['Bob Builder', 'account', ['Team Member'], false],
      ['Carla Client', 'account', ['Support Agent'], false],
      ['Nina Newbie', 'link', ['Team Member', 'Support Agent'], false],
    ])
  })

  it('Scenario: copying a new person’s link waits for the server, shows its new expiry and announces it; an account’s invitation has none', async () => {
    const { actor, load, copyInvitationLink, emitted } = start()
    await load()
    actor.send({ type: 'team.copyInvitationLink', userId: bobInvitation.user_id })
    expect(copyInvitationLink.calls).toEqual([])
    actor.send({ type: 'team.copyInvitationLink', userId: ninaInvitation.user_id })
    expect(copyInvitationLink.calls).toEqual([{ userId: ninaInvitation.user_id }])
    expect(selectInvitationRows(actor.getSnapshot()).find((r) => r.invitation.id === ninaInvitation.id)?.busy).toBe(true)
    const copied = { ...ninaInvitation, expires_at: '2025-04-10T09:00:00.000Z' }
    await copyInvitationLink.resolve(copied)
    expect(selectInvitationRows(actor.getSnapshot()).find((r) => r.invitation.id === ninaInvitation.id)?.invitation).toEqual(copied)
    expect(emitted).toEqual([{ type: 'team.invitationLinkCopied', invitation: ninaInvitation }])
    actor.send({ type: 'team.copyInvitationLink', userId: ninaInvitation.user_id })
    await copyInvitationLink.reject(new Error('The clipboard is not available'))
    expect(emitted.at(-1)).toMatchObject({ type: 'team.operationFailed', operation: 'copyLink' })
    expect(actor.getSnapshot().value).toEqual({ ready: 'idle' })
  })

  it('Scenario: resend calls the server for that person and announces it; a refusal is announced too', async () => {
    const { actor, load, resendInvitation, emitted } = start()
    await load()
    actor.send({ type: 'team.resendInvitation', userId: bobInvitation.user_id })
    expect(resendInvitation.calls).toEqual([{ userId: bobInvitation.user_id }])
    expect(selectInvitationRows(actor.getSnapshot())[0]?.busy).toBe(true)
    await resendInvitation.resolve(bobInvitation)
    expect(emitted).toEqual([{ type: 'team.invitationResent', invitation: bobInvitation }])
    actor.send({ type: 'team.resendInvitation', userId: carlaInvitation.user_id })
    await resendInvitation.reject(apiFailure(409, 'conflict', 'carla@initech.test has already joined this workspace.'))
    expect(emitted.at(-1)).toEqual({
      type: 'team.operationFailed',
      operation: 'resend',
      status: 409,
      message: 'carla@initech.test has already joined this workspace.',
    })
    expect(actor.getSnapshot().value).toEqual({ ready: 'idle' })
  })

  it('Scenario: revoke asks first; confirmed, the row goes at once and stays gone when the server agrees', async () => {
    const { actor, load, revokeInvitation, emitted } = start()
    await load()
    actor.send({ type: 'team.revokeInvitation', userId: bobInvitation.user_id })
    expect(selectTeamDialog(actor.getSnapshot())).toEqual({ kind: 'revoke', invitation: bobInvitation })
    actor.send({ type: 'team.cancel' })
    expect(selectTeamDialog(actor.getSnapshot())).toBeNull()
    expect(revokeInvitation.calls).toEqual([])
    actor.send({ type: 'team.revokeInvitation', userId: bobInvitation.user_id })
    actor.send({ type: 'team.confirmRevoke' })
    expect(selectTeamDialog(actor.getSnapshot())).toBeNull()
    expect(selectInvitationRows(actor.getSnapshot()).map((r) => r.invitation.id)).toEqual([carlaInvitation.id, ninaInvitation.id])
    await revokeInvitation.resolve(undefined)
    expect(emitted).toEqual([{ type: 'team.invitationRevoked', invitation: bobInvitation }])
    expect(selectInvitationRows(actor.getSnapshot()).map((r) => r.invitation.id)).toEqual([carlaInvitation.id, ninaInvitation.id])
  })

  it('Scenario: a refused revoke rolls back: the invitation returns to its place, and the reason is announced', async () => {
    const { actor, load, revokeInvitation, emitted } = start()
    await load()
    actor.send({ type: 'team.revokeInvitation', userId: bobInvitation.user_id })
    actor.send({ type: 'team.confirmRevoke' })
    await revokeInvitation.reject(apiFailure(404, 'not_found', 'This person has no pending invitation to this workspace.'))
    expect(selectInvitationRows(actor.getSnapshot()).map((r) => r.invitation.id)).toEqual([bobInvitation.id, carlaInvitation.id, ninaInvitation.id])
    expect(emitted).toEqual([
      { type: 'team.operationFailed', operation: 'revoke', status: 404, message: 'This person has no pending invitation to this workspace.' },
    ])
  })

  it('Scenario: resend or revoke of someone not listed as invited does nothing', async () => {
    const { actor, load, resendInvitation } = start()
    await load()
    actor.send({ type: 'team.resendInvitation', userId: samMember.user_id })
    actor.send({ type: 'team.revokeInvitation', userId: 'u-ghost' })
    expect(actor.getSnapshot().value).toEqual({ ready: 'idle' })
    expect(resendInvitation.calls).toEqual([])
  })
})

describe('team (pages and search)', () => {
  function startPaged() {
    const clock = new SimulatedClock()
    const loadMembers = controllable<TeamMemberList, MemberPageRequest>()
    const loadPermissionSets = controllable<ReadonlyArray<PermissionSet>, void>()
    const loadInvitations = controllable<TeamInvitationList, InvitationPageRequest>()
    const assignPermissionSets = controllable<TeamMember, AssignPermissionSetsRequest>()
    const actor = createActor(
      teamMachine.provide({ actors: { loadMembers: loadMembers.logic, loadPermissionSets: loadPermissionSets.logic, loadInvitations: loadInvitations.logic, assignPermissionSets: assignPermissionSets.logic } }),
      { clock },
    ).start()
    return { actor, clock, loadMembers, loadPermissionSets, loadInvitations, assignPermissionSets }
  }

  it('Scenario: the next page is appended as the person scrolls, once per page, and a member already listed is not listed twice', async () => {
    const { actor, loadMembers, loadPermissionSets, loadInvitations } = startPaged()
    await loadMembers.resolve({ members: [adaMember], next_cursor: 'c2', super_admins: 1 })
    await loadPermissionSets.resolve(acmeSets)
    await loadInvitations.resolve(noInvitationPage)
    expect(loadMembers.calls).toEqual([{ query: '', cursor: null }])
    actor.send({ type: 'team.loadMore' })
    actor.send({ type: 'team.loadMore' })
    expect(selectIsLoadingMore(actor.getSnapshot())).toBe(true)
    expect(loadMembers.calls).toEqual([{ query: '', cursor: null }, { query: '', cursor: 'c2' }])
    await loadMembers.resolve({ members: [adaMember, samMember], next_cursor: null, super_admins: 1 })
    expect(selectMemberRows(actor.getSnapshot()).map((r) => r.member.user_id)).toEqual([adaMember.user_id, samMember.user_id])
    // The last page: nothing more to ask for.
    expect(selectCanLoadMore(actor.getSnapshot())).toBe(false)
    actor.send({ type: 'team.loadMore' })
    expect(loadMembers.calls).toHaveLength(2)
  })

  it('Scenario: typing searches on the server once typing pauses, the answer replacing the list', async () => {
    const { actor, clock, loadMembers, loadPermissionSets, loadInvitations } = startPaged()
    await loadMembers.resolve({ members: [adaMember, samMember], next_cursor: 'c2', super_admins: 1 })
    await loadPermissionSets.resolve(acmeSets)
    await loadInvitations.resolve(noInvitationPage)
    for (const query of ['s', 'sa', 'sam']) {
      actor.send({ type: 'team.search', query })
      clock.increment(TEAM_SEARCH_DEBOUNCE_MS - 1)
    }
    // Still typing: nothing sent yet.
    expect(loadMembers.calls).toHaveLength(1)
    expect(selectTeamQuery(actor.getSnapshot())).toBe('sam')
    clock.increment(1)
    expect(loadMembers.calls.at(-1)).toEqual({ query: 'sam', cursor: null })
    await loadMembers.resolve({ members: [samMember], next_cursor: null, super_admins: 1 })
    expect(selectMemberRows(actor.getSnapshot()).map((r) => r.member.user_id)).toEqual([samMember.user_id])
    expect(actor.getSnapshot().matches({ ready: 'idle' })).toBe(true)
  })

  it('Scenario: a search that fails empties the list with the reason; Try again reads it again at once', async () => {
    const { actor, clock, loadMembers, loadPermissionSets, loadInvitations } = startPaged()
    await loadMembers.resolve({ members: [adaMember], next_cursor: null, super_admins: 1 })
    await loadPermissionSets.resolve(acmeSets)
    await loadInvitations.resolve(noInvitationPage)
    actor.send({ type: 'team.search', query: 'ada' })
    clock.increment(TEAM_SEARCH_DEBOUNCE_MS)
    await loadMembers.reject(apiFailure(503, 'unavailable', 'The service is busy.'))
    expect(selectListError(actor.getSnapshot())).toBe('The service is busy.')
    expect(selectMemberRows(actor.getSnapshot())).toEqual([])
    actor.send({ type: 'team.retry' })
    expect(loadMembers.calls.at(-1)).toEqual({ query: 'ada', cursor: null })
    await loadMembers.resolve({ members: [adaMember], next_cursor: null, super_admins: 1 })
    expect(selectListError(actor.getSnapshot())).toBeNull()
    expect(selectMemberRows(actor.getSnapshot())).toHaveLength(1)
  })

  it('Scenario: a further page that fails keeps the members listed, says why, and is asked for again only when the person does', async () => {
    const { actor, loadMembers, loadPermissionSets, loadInvitations } = startPaged()
    await loadMembers.resolve({ members: [adaMember], next_cursor: 'c2', super_admins: 1 })
    await loadPermissionSets.resolve(acmeSets)
    await loadInvitations.resolve(noInvitationPage)
    actor.send({ type: 'team.loadMore' })
    await loadMembers.reject(new Error('offline'))
    expect(selectMoreError(actor.getSnapshot())).not.toBeNull()
    expect(selectMemberRows(actor.getSnapshot())).toHaveLength(1)
    expect(selectCanLoadMore(actor.getSnapshot())).toBe(false)
    actor.send({ type: 'team.loadMore' })
    expect(loadMembers.calls.at(-1)).toEqual({ query: '', cursor: 'c2' })
  })

  it('Scenario: the last Super Admin is told by the workspace’s count, even when the other one is on a page not read yet', async () => {
    const { actor, loadMembers, loadPermissionSets, loadInvitations, assignPermissionSets } = startPaged()
    const samSuper: TeamMember = { ...samMember, permission_set_ids: [superAdminSet._id], roles: ['SUPER_ADMIN'] }
    await loadMembers.resolve({ members: [adaMember, samMember], next_cursor: 'c2', super_admins: 2 })
    await loadPermissionSets.resolve(acmeSets)
    await loadInvitations.resolve(noInvitationPage)
    expect(selectMemberRows(actor.getSnapshot()).map((r) => r.isLastSuperAdmin)).toEqual([false, false])
    // Sam made Super Admin too: three; then back to what he had: two again.
    actor.send({ type: 'team.editRoles', userId: samMember.user_id })
    actor.send({ type: 'team.toggleSet', setId: superAdminSet._id })
    actor.send({ type: 'team.saveRoles' })
    await assignPermissionSets.resolve(samSuper)
    expect(actor.getSnapshot().context.superAdmins).toBe(3)
    actor.send({ type: 'team.editRoles', userId: samMember.user_id })
    actor.send({ type: 'team.toggleSet', setId: supportAgentSet._id })
    actor.send({ type: 'team.toggleSet', setId: superAdminSet._id })
    actor.send({ type: 'team.saveRoles' })
    await assignPermissionSets.resolve(samMember)
    expect(actor.getSnapshot().context.superAdmins).toBe(2)
  })

  it('Scenario: a row’s action while a further page loads opens its dialog (the page is asked for again later)', async () => {
    const { actor, loadMembers, loadPermissionSets, loadInvitations } = startPaged()
    await loadMembers.resolve({ members: [adaMember, samMember], next_cursor: 'c2', super_admins: 1 })
    await loadPermissionSets.resolve(acmeSets)
    await loadInvitations.resolve(noInvitationPage)
    actor.send({ type: 'team.loadMore' })
    actor.send({ type: 'team.editRoles', userId: samMember.user_id })
    expect(selectTeamDialog(actor.getSnapshot())).toMatchObject({ kind: 'roles', member: samMember })
    actor.send({ type: 'team.cancel' })
    expect(selectCanLoadMore(actor.getSnapshot())).toBe(true)
  })
})

describe('team (pending invitations, paged)', () => {
  /** Bob and Carla first, Nina on the next page; three pending in all. */
  const firstInvitations: TeamInvitationList = { invitations: [bobInvitation, carlaInvitation], next_cursor: 'i2', total: 3 }
  const lastInvitations: TeamInvitationList = { invitations: [ninaInvitation], next_cursor: null, total: null }

  async function startPagedInvitations() {
    const team = start()
    await team.loadMembers.resolve(acmeMemberPage)
    await team.loadPermissionSets.resolve(acmeSets)
    await team.loadInvitations.resolve(firstInvitations)
    return team
  }

  it('Scenario: the first page comes with the members; Show more reads the next page by its cursor and appends it', async () => {
    const { actor, loadInvitations } = await startPagedInvitations()
    expect(loadInvitations.calls).toEqual([{ cursor: null }])
    expect(selectInvitationRows(actor.getSnapshot()).map((r) => r.invitation.id)).toEqual([bobInvitation.id, carlaInvitation.id])
    expect([selectHasMoreInvitations(actor.getSnapshot()), selectInvitationsRemaining(actor.getSnapshot())]).toEqual([true, 1])
    actor.send({ type: 'team.loadMoreInvitations' })
    expect(selectIsLoadingMoreInvitations(actor.getSnapshot())).toBe(true)
    expect(loadInvitations.calls.at(-1)).toEqual({ cursor: 'i2' })
    await loadInvitations.resolve(lastInvitations)
    expect(actor.getSnapshot().value).toEqual({ ready: 'idle' })
    expect(selectInvitationRows(actor.getSnapshot()).map((r) => r.invitation.id)).toEqual(acmeInvitations.map((i) => i.id))
    expect([selectHasMoreInvitations(actor.getSnapshot()), selectInvitationsRemaining(actor.getSnapshot())]).toEqual([false, 0])
    // The last page read: nothing further is asked for.
    actor.send({ type: 'team.loadMoreInvitations' })
    expect(loadInvitations.calls).toHaveLength(2)
  })

  it('Scenario: a further page that fails keeps the invitations listed and says why; Try again reads it again', async () => {
    const { actor, loadInvitations } = await startPagedInvitations()
    actor.send({ type: 'team.loadMoreInvitations' })
    await loadInvitations.reject(new Error('fetch failed'))
    expect(selectInvitationsError(actor.getSnapshot())).toBe(TEAM_LOAD_MORE_INVITATIONS_FAILED_MESSAGE)
    expect(selectInvitationRows(actor.getSnapshot())).toHaveLength(2)
    actor.send({ type: 'team.loadMoreInvitations' })
    expect(selectInvitationsError(actor.getSnapshot())).toBeNull()
    await loadInvitations.resolve({ ...lastInvitations, invitations: [carlaInvitation, ninaInvitation] })
    // An invitation already listed (a boundary that moved) is not listed twice.
    expect(selectInvitationRows(actor.getSnapshot()).map((r) => r.invitation.id)).toEqual(acmeInvitations.map((i) => i.id))
  })

  it('Scenario: a row action while the next page loads wins; Show more asks again afterwards', async () => {
    const { actor, loadInvitations, resendInvitation } = await startPagedInvitations()
    actor.send({ type: 'team.loadMoreInvitations' })
    actor.send({ type: 'team.resendInvitation', userId: bobInvitation.user_id })
    expect(actor.getSnapshot().value).toEqual({ ready: 'resendingInvitation' })
    await resendInvitation.resolve(bobInvitation)
    actor.send({ type: 'team.loadMoreInvitations' })
    expect(loadInvitations.calls.at(-1)).toEqual({ cursor: 'i2' })
  })

  it('Scenario: a revoked invitation leaves the count of the rest; a refused revoke puts it back', async () => {
    const { actor, revokeInvitation } = await startPagedInvitations()
    actor.send({ type: 'team.revokeInvitation', userId: bobInvitation.user_id })
    actor.send({ type: 'team.confirmRevoke' })
    expect(actor.getSnapshot().context.invitationsTotal).toBe(2)
    await revokeInvitation.reject(apiFailure(409, 'conflict', 'bob@globex.test has already joined this workspace.'))
    expect(actor.getSnapshot().context.invitationsTotal).toBe(3)
    expect(selectInvitationRows(actor.getSnapshot()).map((r) => r.invitation.id)).toEqual([bobInvitation.id, carlaInvitation.id])
    actor.send({ type: 'team.revokeInvitation', userId: carlaInvitation.user_id })
    actor.send({ type: 'team.confirmRevoke' })
    await revokeInvitation.resolve()
    expect(actor.getSnapshot().context.invitationsTotal).toBe(2)
    expect(selectInvitationsRemaining(actor.getSnapshot())).toBe(1)
  })

  it('Scenario: revoking every listed invitation keeps Show more while more are pending', async () => {
    const { actor, revokeInvitation } = await startPagedInvitations()
    for (const invitation of [bobInvitation, carlaInvitation]) {
      actor.send({ type: 'team.revokeInvitation', userId: invitation.user_id })
      actor.send({ type: 'team.confirmRevoke' })
      await revokeInvitation.resolve()
    }
    expect(selectInvitationRows(actor.getSnapshot())).toEqual([])
    expect([selectHasMoreInvitations(actor.getSnapshot()), selectInvitationsRemaining(actor.getSnapshot())]).toEqual([true, 1])
  })
})
