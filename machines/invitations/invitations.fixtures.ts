/** Contract-shaped pending invitations of Nina (newbie@initech.test) for tests and stories. */
import type { WorkspaceItem } from '../../contract/api.ts'
import type { PendingInvitation } from '../../contract/workspaces.ts'

export const globexInvitation: PendingInvitation = {
  id: 'inv-globex',
  org_id: 'o-globex',
  org_name: 'Globex',
  invited_by: { label: 'Ada Admin' },
  created_at: '2025-04-02T09:00:00.000Z',
}

export const acmeInvitation: PendingInvitation = {
  id: 'inv-acme',
  org_id: 'o-acme',
  org_name: 'Acme Support',
  invited_by: { label: 'Ada Admin' },
  created_at: '2025-04-01T09:00:00.000Z',
}

/** What `GET /users/invitations` answers for Nina: newest first. */
export const ninaInvitations: ReadonlyArray<PendingInvitation> = [globexInvitation, acmeInvitation]

/** The workspace accepting {@link acmeInvitation} answers. */
export const joinedAcme: WorkspaceItem = {
  org_id: 'o-acme',
  org_name: 'Acme Support',
  roles: ['TEAM_MEMBER'],
  waitlist_approved: true,
  signup_completed: true,
  is_default: false,
}
