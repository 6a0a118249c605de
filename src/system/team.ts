/**
 * The team machine's browser side (machines/team; SPEC §2.4 Team Members, §8 toasts): its HTTP
 * actors on the API and its outcomes as toasts, success or the server's message (e.g. the last
 * super admin, 409), including the pending invitations (resend, copy a new person's link, revoke).
 */
import { useActorRef } from '@xstate/react'
import { fromCallback, fromPromise } from 'xstate'
import { can } from '../../contract/permissions.ts'
import { selectPermissionStatus, selectPermissions, type PermissionsSnapshot } from '../../machines/permissions/permissions.selectors.ts'
import type { TeamEvent } from '../../machines/team/team.machine.ts'
import { selectUser } from '../../machines/auth/auth.selectors.ts'
import { teamMachine } from '../../machines/team/team.machine.ts'
import { teamMessages as m } from '../../machines/team/team.messages.ts'
import type { Endpoints } from '../api/endpoints.ts'
import { useTranslator } from '../i18n/react.tsx'
import { copyText } from '../platform/clipboard.ts'
import { useApi } from './api.tsx'
import { useEmitted, useOutcomeToasts } from './outcomes.ts'
import { useOptionalAuthActor, usePermissionsActor } from './react.tsx'

/** The part of the permissions actor the team page follows (structural, for tests). */
export interface PermissionsSource {
  getSnapshot(): PermissionsSnapshot
  subscribe(observer: (s: PermissionsSnapshot) => void): { unsubscribe(): void }
}

/**
 * What the team machine may do in the current workspace, from a permissions snapshot:
 * `allowed` is TEAM_MEMBERS read (SPEC §2.4 Team Members' route), null while the org's sets load.
 */
export function teamAccessOf(s: PermissionsSnapshot): Extract<TeamEvent, { type: 'team.access' }> {
  const status = selectPermissionStatus(s)
  const known = status === 'ready' || (status === 'failed' && s.context.sets !== null)
  return { type: 'team.access', orgId: s.context.orgId, allowed: known ? can(selectPermissions(s), 'TEAM_MEMBERS', 'READ') : null }
}

/** `watchAccess` over a permissions actor: reports `team.access` at start and whenever it changes. */
export function watchTeamAccess(permissions: PermissionsSource) {
  return fromCallback<TeamEvent>(({ sendBack }) => {
    let last = ''
    const report = (s: PermissionsSnapshot) => {
      const access = teamAccessOf(s)
      const key = `${access.orgId}:${access.allowed}`
      if (key === last) return
      last = key
      sendBack(access)
    }
    report(permissions.getSnapshot())
    const sub = permissions.subscribe(report)
    return () => sub.unsubscribe()
  })
}

/** The team machine with its HTTP actors, gated on the person's TEAM_MEMBERS read when `permissions` is given. */
export function browserTeam(api: Endpoints, permissions?: PermissionsSource) {
  return teamMachine.provide({
    actors: {
      ...(permissions ? { watchAccess: watchTeamAccess(permissions) } : {}),
      loadMembers: fromPromise(({ input }) =>
        api.members({ ...(input.query.trim() === '' ? {} : { q: input.query.trim() }), ...(input.cursor === null ? {} : { cursor: input.cursor }) }),
      ),
      loadPermissionSets: fromPromise(() => api.permissionSets()),
      assignPermissionSets: fromPromise(({ input }) => api.assignPermissionSets(input)),
      removeMember: fromPromise(({ input }) => api.removeMember(input.userId)),
      loadInvitations: fromPromise(({ input }) => api.invitations.ofOrg(input.cursor === null ? {} : { cursor: input.cursor })),
      resendInvitation: fromPromise(({ input }) => api.invitations.resend(input.userId)),
      copyInvitationLink: fromPromise(async ({ input }) => {
        const { link, invitation } = await api.invitations.link(input.userId)
        await copyText(link)
        return invitation
      }),
      revokeInvitation: fromPromise(({ input }) => api.invitations.revoke(input.userId)),
    },
  })
}

/** A team actor for the Team Members page's lifetime. */
export function useTeamActor() {
  const api = useApi()
  const auth = useOptionalAuthActor()
  const permissions = usePermissionsActor()
  const actor = useActorRef(browserTeam(api, permissions))
  const { t } = useTranslator()
  useOutcomeToasts(actor, {
    'team.rolesSaved': ['success', (e) => t(m.rolesSaved, { name: e.member.fullName })],
    'team.memberRemoved': ['success', (e) => t(m.memberRemoved, { name: e.member.fullName })],
    'team.invitationResent': ['success', (e) => t(m.invitationResent, { name: e.invitation.fullName || e.invitation.email })],
    'team.invitationLinkCopied': ['success', (e) => t(m.invitationLinkCopied, { name: e.invitation.fullName || e.invitation.email })],
    'team.invitationRevoked': ['success', (e) => t(m.invitationRevoked, { name: e.invitation.fullName || e.invitation.email })],
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
