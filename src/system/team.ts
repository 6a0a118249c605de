/**
 * The team machine's browser side (machines/team; SPEC §2.4 Team Members, §8 toasts): its HTTP
 * actors on the API and its outcomes as toasts, success or the server's message (e.g. the last
 * super admin, 409), including issue #19's pending invitations (resend, revoke).
 */
import { useActorRef } from '@xstate/react'
import { fromPromise } from 'xstate'
import { selectUser } from '../../machines/auth/auth.selectors.ts'
import { teamMachine } from '../../machines/team/team.machine.ts'
import type { Endpoints } from '../api/endpoints.ts'
import { useApi } from './api.tsx'
import { useEmitted, useOutcomeToasts } from './outcomes.ts'
import { useOptionalAuthActor } from './react.tsx'

/** The team machine with its HTTP actors. */
export function browserTeam(api: Endpoints) {
  return teamMachine.provide({
    actors: {
      loadMembers: fromPromise(async () => (await api.members()).members),
      loadPermissionSets: fromPromise(() => api.permissionSets()),
      assignPermissionSets: fromPromise(({ input }) => api.assignPermissionSets(input)),
      removeMember: fromPromise(({ input }) => api.removeMember(input.userId)),
      loadInvitations: fromPromise(() => api.invitations.ofOrg()),
      resendInvitation: fromPromise(({ input }) => api.invitations.resend(input.userId)),
      revokeInvitation: fromPromise(({ input }) => api.invitations.revoke(input.userId)),
    },
  })
}

/** A team actor for the Team Members page's lifetime. */
export function useTeamActor() {
  const api = useApi()
  const auth = useOptionalAuthActor()
  const actor = useActorRef(browserTeam(api))
  useOutcomeToasts(actor, {
    'team.rolesSaved': ['success', (e) => `Roles updated for ${e.member.fullName}`],
    'team.memberRemoved': ['success', (e) => `${e.member.fullName} was removed from the workspace`],
    'team.invitationResent': ['success', (e) => `Invitation sent again to ${e.invitation.fullName || e.invitation.email}`],
    'team.invitationRevoked': ['success', (e) => `Invitation to ${e.invitation.fullName || e.invitation.email} revoked`],
    'team.operationFailed': ['error', (e) => e.message],
  })
  useEmitted(actor, {
    'team.rolesSaved': (e) => {
      // One's own sets come from verify-token (SPEC §6): re-verify so the menu and gate follow at once.
      if (auth && e.member.user_id === selectUser(auth.getSnapshot())?._id) auth.send({ type: 'auth.verify', userInitiated: false })
    },
  })
  return actor
}
