/**
 * /app/setting/team/invite (SPEC §2.5: TEAM_MEMBERS create; the call is ours,
 * `POST /organizations/members/invite`): runs an `invite` actor whose HTTP actors are the API
 * endpoints. Sent → toast 'Invitation sent' and back to /app/setting/team; refused → an error
 * toast with the server's message (the fields show the details).
 */
import { useActorRef } from '@xstate/react'
import { useEffect } from 'react'
import { fromPromise } from 'xstate'
import { inviteMachine } from '../../../machines/team/invite.machine.ts'
import { useApi } from '../../system/api.tsx'
import { useToasts } from '../../system/toasts.tsx'
import { TEAM_PATH } from './crumbs.ts'
import { InviteMemberView } from './InviteMemberView.tsx'
import { useGoTo } from './navigation.ts'

export function InviteMemberPage() {
  const api = useApi()
  const toasts = useToasts()
  const goTo = useGoTo()
  const actor = useActorRef(
    inviteMachine.provide({
      actors: {
        loadPermissionSets: fromPromise(() => api.permissionSets()),
        inviteMember: fromPromise(({ input }) => api.inviteMember(input)),
      },
    }),
  )

  useEffect(() => {
    const subscriptions = [
      actor.on('invite.sent', () => {
        toasts.show('success', 'Invitation sent')
        goTo(TEAM_PATH)
      }),
      actor.on('invite.failed', (e) => toasts.show('error', e.message)),
    ]
    return () => subscriptions.forEach((s) => s.unsubscribe())
  }, [actor, toasts, goTo])

  return <InviteMemberView actor={actor} />
}
