/**
 * /app/setting/team, Team Members (SPEC §2.4 Account & Billing; §8 toasts): runs a `team` actor
 * whose HTTP actors are the API endpoints, and turns what it emits into toasts, success or
 * failure, the latter with the server's message (e.g. the last super admin, 409).
 */
import { useActorRef } from '@xstate/react'
import { useEffect } from 'react'
import { fromPromise } from 'xstate'
import { teamMachine } from '../../../machines/team/team.machine.ts'
import { selectUser } from '../../../machines/auth/auth.selectors.ts'
import { useApi } from '../../system/api.tsx'
import { useOptionalAuthActor } from '../../system/react.tsx'
import { useToasts } from '../../system/toasts.tsx'
import { TeamView } from './TeamView.tsx'

export function TeamPage() {
  const api = useApi()
  const toasts = useToasts()
  const auth = useOptionalAuthActor()
  const actor = useActorRef(
    teamMachine.provide({
      actors: {
        loadMembers: fromPromise(async () => (await api.members()).members),
        loadPermissionSets: fromPromise(() => api.permissionSets()),
        assignPermissionSets: fromPromise(({ input }) => api.assignPermissionSets(input)),
        removeMember: fromPromise(({ input }) => api.removeMember(input.userId)),
      },
    }),
  )

  useEffect(() => {
    const subscriptions = [
      actor.on('team.rolesSaved', (e) => {
        toasts.show('success', `Roles updated for ${e.member.fullName}`)
        // One's own sets come from verify-token (SPEC §6): re-verify so the menu and gate follow at once.
        if (auth && e.member.user_id === selectUser(auth.getSnapshot())?._id) auth.send({ type: 'auth.verify', userInitiated: false })
      }),
      actor.on('team.memberRemoved', (e) => toasts.show('success', `${e.member.fullName} was removed from the workspace`)),
      actor.on('team.operationFailed', (e) => toasts.show('error', e.message)),
    ]
    return () => subscriptions.forEach((s) => s.unsubscribe())
  }, [actor, toasts, auth])

  return <TeamView actor={actor} />
}
