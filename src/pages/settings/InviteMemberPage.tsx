/**
 * /app/setting/team/invite (SPEC §2.5: TEAM_MEMBERS create; the call is ours,
 * `POST /organizations/members/invite`): runs an `invite` actor (src/system/invite.ts: the call and
 * the toasts) and goes back to /app/setting/team once the invitation is sent.
 */
import { useInviteActor } from '../../system/invite.ts'
import { TEAM_PATH } from './crumbs.ts'
import { InviteMemberView } from './InviteMemberView.tsx'
import { useGoTo } from './navigation.ts'

export function InviteMemberPage() {
  const goTo = useGoTo()
  return <InviteMemberView actor={useInviteActor(() => goTo(TEAM_PATH))} />
}
