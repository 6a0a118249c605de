import { type SnapshotFrom, SimulatedClock, createActor, fromCallback } from 'xstate'
import { describe, expect, it } from 'vitest'
import type { PermissionSet } from '../../contract/api.ts'
import type { AssignPermissionSetsRequest, TeamInvitation, TeamInvitationList, TeamMember, TeamMemberList } from '../../contract/team.ts'
import { acmeSets, supportAgentSet, teamMemberSet } from '../roleEditor/roleEditor.fixtures.ts'
import { walkEveryTransition } from '../testing/model-walk.ts'
import { controllable, settleActorEvent } from '../testing/stubs.ts'
import { acmeInvitations, adaMember, bobInvitation, ninaInvitation, samMember } from './team.fixtures.ts'
import { type InvitationPageRequest, type MemberPageRequest, NO_ROLE_MESSAGE, TEAM_SEARCH_DEBOUNCE_MS, type TeamEmitted, type TeamEvent, teamMachine } from './team.machine.ts'
import { selectMemberRows, selectTeamDialog, selectTeamStatus } from './team.selectors.ts'

const members: ReadonlyArray<TeamMember> = [adaMember, samMember]
/** The first page holds Ada, the next Sam; a search for 'sam' answers Sam alone. */
const firstPage: TeamMemberList = { members: [adaMember], next_cursor: 'c2', super_admins: 1 }
const secondPage: TeamMemberList = { members: [samMember], next_cursor: null, super_admins: 1 }
const samSearched: TeamMemberList = { members: [samMember], next_cursor: null, super_admins: 1 }
/** The first page of invitations holds Bob and Carla (accounts), the next Nina (a new person's link). */
const firstInvitations: TeamInvitationList = { invitations: [bobInvitation, acmeInvitations[1]!], next_cursor: 'i2', total: acmeInvitations.length }
const lastInvitations: TeamInvitationList = { invitations: [ninaInvitation], next_cursor: null, total: null }
const DEBOUNCED = 'xstate.after.searchDebounce.team.ready.searching.debouncing'
const samAssigned: TeamMember = { ...samMember, permission_set_ids: [teamMemberSet._id], roles: ['TEAM_MEMBER'] }
const alreadyJoined = Object.assign(new Error('bob@globex.test has already joined this workspace.'), { status: 409, code: 'conflict', issues: [] })
/** The server's answers: the invitation as listed now (a resend dated later, a copied link's new expiry). */
const bobResent: TeamInvitation = { ...bobInvitation, invited_by: { label: 'Sam Agent' } }
const ninaCopied: TeamInvitation = { ...ninaInvitation, expires_at: '2025-04-10T09:00:00.000Z' }
const lastSuperAdmin = Object.assign(new Error('A workspace needs at least one super admin.'), { status: 409, code: 'conflict', issues: [] })

type ModelEvent = TeamEvent | { type: `xstate.${string}`; output?: unknown; error?: unknown }
const done = (id: string, output: unknown) => ({ type: `xstate.done.actor.${id}`, output }) as const
const error = (id: string, e: unknown) => ({ type: `xstate.error.actor.${id}`, error: e }) as const

/** Offered events; a load answers once, so its done/error only while its result is missing. Bounded: one member acted on, one set ticked. */
function events(s: SnapshotFrom<typeof teamMachine>): ModelEvent[] {
  const loading = s.matches('loading')
  return [
    // The permissions listener's reports: allowed in Acme, refused in Globex, unknown mid-switch.
    { type: 'team.access', orgId: 'o-acme', allowed: true },
    { type: 'team.access', orgId: 'o-acme', allowed: null },
    { type: 'team.access', orgId: 'o-globex', allowed: false },
    { type: 'team.access', orgId: 'o-globex', allowed: true },
    ...(loading && s.context.members === null ? [done('loadMembers', firstPage), error('loadMembers', new Error('offline'))] : []),
    { type: 'team.search', query: 'sam' },
    { type: 'team.loadMore' },
    { type: DEBOUNCED },
    ...(s.matches({ ready: { searching: 'fetching' } }) ? [done('searchMembers', samSearched), error('searchMembers', new Error('offline'))] : []),
    ...(s.matches({ ready: 'loadingMore' }) ? [done('loadMoreMembers', secondPage), error('loadMoreMembers', new Error('offline'))] : []),
    ...(loading && s.context.sets === null ? [done('loadPermissionSets', acmeSets), error('loadPermissionSets', new Error('offline'))] : []),
    ...(loading && s.context.invitations === null ? [done('loadInvitations', firstInvitations), error('loadInvitations', new Error('offline'))] : []),
    { type: 'team.loadMoreInvitations' },
    ...(s.matches({ ready: 'loadingMoreInvitations' }) ? [done('loadMoreInvitations', lastInvitations), error('loadMoreInvitations', new Error('offline'))] : []),
    { type: 'team.retry' },
    { type: 'team.editRoles', userId: samMember.user_id },
    { type: 'team.remove', userId: samMember.user_id },
    { type: 'team.toggleSet', setId: supportAgentSet._id },
    { type: 'team.saveRoles' },
    { type: 'team.confirmRemove' },
    { type: 'team.cancel' },
    done('assignPermissionSets', samAssigned),
    error('assignPermissionSets', lastSuperAdmin),
    done('removeMember', undefined),
    error('removeMember', lastSuperAdmin),
    { type: 'team.resendInvitation', userId: bobInvitation.user_id },
    { type: 'team.copyInvitationLink', userId: ninaInvitation.user_id },
    // An account's invitation has no link: not offered, and refused if sent.
    { type: 'team.copyInvitationLink', userId: bobInvitation.user_id },
    { type: 'team.revokeInvitation', userId: bobInvitation.user_id },
    { type: 'team.confirmRevoke' },
    done('resendInvitation', bobResent),
    error('resendInvitation', alreadyJoined),
    done('copyInvitationLink', ninaCopied),
    error('copyInvitationLink', alreadyJoined),
    done('revokeInvitation', undefined),
    error('revokeInvitation', alreadyJoined),
  ]
}

describe('team (model)', () => {
  it('walks every transition on a real actor, with the list changed only by the server’s answers', async () => {
    const result = await walkEveryTransition({
      machine: teamMachine,
      events: events as never,
      // Only what guards read: which members are listed, whether sets are in, the ticks and the dialog's member.
      serializeState: (s) =>
        JSON.stringify([
          s.value,
          s.context.members?.map((m) => `${m.user_id}:${m.permission_set_ids.join('+')}`) ?? null,
          s.context.query,
          s.context.nextCursor,
          s.context.listError !== null,
          s.context.moreError !== null,
          s.context.sets !== null,
          s.context.selection,
          s.context.target?.user_id ?? null,
          s.context.invitations?.map((i) => i.id) ?? null,
          s.context.invitationsCursor,
          s.context.invitationsError !== null,
          s.context.invitationTarget?.id ?? null,
          s.context.orgId,
        ]),
      start: (inspect) => {
        const loadMembers = controllable<TeamMemberList, MemberPageRequest>()
        const loadPermissionSets = controllable<ReadonlyArray<PermissionSet>, void>()
        const assignPermissionSets = controllable<TeamMember, AssignPermissionSetsRequest>()
        const removeMember = controllable<void, { userId: string }>()
        const loadInvitations = controllable<TeamInvitationList, InvitationPageRequest>()
        const resendInvitation = controllable<TeamInvitation, { userId: string }>()
        const copyInvitationLink = controllable<TeamInvitation, { userId: string }>()
        const revokeInvitation = controllable<void, { userId: string }>()
        const clock = new SimulatedClock()
        /** How many events had been emitted before the step being checked. */
        let stepStart = 0
        const stubs = { loadMembers, searchMembers: loadMembers, loadMoreMembers: loadMembers, loadPermissionSets, assignPermissionSets, removeMember, loadInvitations, loadMoreInvitations: loadInvitations, resendInvitation, copyInvitationLink, revokeInvitation }
        const emitted: TeamEmitted[] = []
        const actor = createActor(
          teamMachine.provide({
            actors: {
              watchAccess: fromCallback(() => {}),
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
          { inspect, clock },
        )
        actor.on('*', (e) => emitted.push(e))
        actor.start()
        return {
          actor,
          exec: async (event) => {
            const e = event as ModelEvent
            stepStart = emitted.length
            if (e.type === DEBOUNCED) return clock.increment(TEAM_SEARCH_DEBOUNCE_MS)
            if (await settleActorEvent(e, stubs)) return
            actor.send(e as TeamEvent)
          },
          check: (s) => {
            const c = s.context
            expect(s.matches(selectTeamStatus(s))).toBe(true)
            // Nothing is held or fetched before access is known, nor where it is refused.
            if (s.matches('checkingAccess') || s.matches('forbidden')) {
              expect([c.members, c.sets, c.invitations, c.target, c.invitationTarget]).toEqual([null, null, null, null, null])
            }
            if (s.matches('forbidden')) expect(c.orgId).not.toBeNull()
            if (s.matches('failed')) expect(c.loadError).not.toBeNull()
            if (s.matches('ready')) expect(selectMemberRows(s).length).toBe(c.members?.length)
            const ids = c.members?.map((m) => m.user_id) ?? []
            expect(new Set(ids).size).toBe(ids.length)
            // A dialog is on screen exactly in the dialog states, and always about a listed member.
            const dialog = selectTeamDialog(s)
            const inDialog = (['editingRoles', 'assigning', 'confirmingRemoval', 'removing', 'confirmingRevoke'] as const).some((d) => s.matches({ ready: d }))
            expect(dialog !== null).toBe(inDialog)
            if (dialog && dialog.kind !== 'revoke') expect(ids).toContain(dialog.member.user_id)
            if (dialog?.kind === 'revoke') expect(c.invitations?.map((i) => i.id)).toContain(dialog.invitation.id)
            if (!(['editingRoles', 'assigning', 'confirmingRemoval', 'removing'] as const).some((d) => s.matches({ ready: d }))) expect(c.target).toBeNull()
            // An invitation is acted on exactly in the invitation states; the calls name it.
            const onInvitation = (['resendingInvitation', 'copyingLink', 'confirmingRevoke', 'revokingInvitation'] as const).some((d) => s.matches({ ready: d }))
            expect(c.invitationTarget !== null).toBe(onInvitation)
            if (s.matches({ ready: 'resendingInvitation' })) expect(resendInvitation.calls.at(-1)).toEqual({ userId: c.invitationTarget?.user_id })
            // Only a new person's invitation has a link to copy.
            if (s.matches({ ready: 'copyingLink' })) {
              expect(c.invitationTarget?.kind).toBe('link')
              expect(copyInvitationLink.calls.at(-1)).toEqual({ userId: c.invitationTarget?.user_id })
            }
            // An answered resend or copy puts the server's copy in place.
            const nina = c.invitations?.find((i) => i.id === ninaInvitation.id)
            if (nina) expect(nina).toEqual(emitted.some((e) => e.type === 'team.invitationLinkCopied') ? ninaCopied : ninaInvitation)
            if (s.matches({ ready: 'revokingInvitation' })) {
              expect(revokeInvitation.calls.at(-1)).toEqual({ userId: c.invitationTarget?.user_id })
              // Optimistic: gone from the list while the call runs.
              expect(c.invitations?.some((i) => i.id === c.invitationTarget?.id)).toBe(false)
            }
            // Rolled back on refusal: an invitation leaves the list for good only with an announced revoke.
            // Pages appended in the server's order: the first page, then the next once read (its cursor gone).
            const revoked = emitted.filter((e) => e.type === 'team.invitationRevoked').map((e) => e.invitation.id)
            const read = c.invitationsCursor === null ? acmeInvitations : firstInvitations.invitations
            if (c.invitations !== null && !s.matches({ ready: 'revokingInvitation' })) {
              expect(c.invitations.map((i) => i.id)).toEqual(read.map((i) => i.id).filter((id) => !revoked.includes(id)))
              // The count of all pending follows the revokes, listed or not yet.
              expect(c.invitationsTotal).toBe(acmeInvitations.length - revoked.length)
            }
            if (s.matches({ ready: 'loadingMoreInvitations' })) expect(loadInvitations.calls.at(-1)).toEqual({ cursor: c.invitationsCursor })
            if (c.invitations === null) expect([c.invitationsCursor, c.invitationsTotal, c.invitationsError]).toEqual([null, 0, null])
            if (c.dialogError === NO_ROLE_MESSAGE) expect(c.selection).toEqual([])
            if (s.matches({ ready: 'assigning' })) {
              expect(c.selection.length).toBeGreaterThan(0)
              expect(assignPermissionSets.calls.at(-1)).toEqual({ user_id: c.target?.user_id, permission_set_ids: c.selection })
            }
            if (s.matches({ ready: 'removing' })) expect(removeMember.calls.at(-1)).toEqual({ userId: c.target?.user_id })
            // Listed in the server's order (pages appended, a search starting over), never by a guess.
            if (c.members !== null) {
              expect(members.map((m) => m.user_id).filter((id) => ids.includes(id))).toEqual(ids)
              const sam = c.members.find((m) => m.user_id === samMember.user_id)
              if (sam) expect([samMember, samAssigned]).toContainEqual(sam)
              // The pages asked for carry the search as typed, and a further page the cursor answered.
              if (s.matches({ ready: 'loadingMore' })) expect(loadMembers.calls.at(-1)).toEqual({ query: c.query, cursor: c.nextCursor })
              if (s.matches({ ready: { searching: 'fetching' } })) expect(loadMembers.calls.at(-1)).toEqual({ query: c.query, cursor: null })
              // A failed search leaves nothing listed and no further page to ask for.
              if (c.listError !== null) expect([c.members, c.nextCursor]).toEqual([[], null])
            }
            // Pessimistic: a member leaves the list only with an announced removal, and changes only with an announced save.
            for (const e of emitted.slice(stepStart)) {
              if (e.type === 'team.memberRemoved') expect(ids).not.toContain(e.member.user_id)
              if (e.type === 'team.rolesSaved') expect(c.members?.find((m) => m.user_id === e.member.user_id)).toEqual(e.member)
            }
            // The Super Admin count follows the server's answers and the changes made here (Ada is the only one).
            expect(c.superAdmins).toBe(c.members === null ? 0 : 1)
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
