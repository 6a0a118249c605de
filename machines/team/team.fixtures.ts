/**
 * Contract-shaped team members for the team machines' tests and the settings stories, mirroring
 * the demo seed of Acme Support (docs/permissions.md): a super admin, an agent with the custom
 * "Support Agent" set, and an invited person who has not set a password yet.
 */
import type { TeamInvitation, TeamInvitationList, TeamMember, TeamMemberList } from '../../contract/team.ts'
import { superAdminSet, supportAgentSet, teamMemberSet } from '../roleEditor/roleEditor.fixtures.ts'

export const adaMember: TeamMember = {
  user_id: 'u-ada',
  fullName: 'Ada Admin',
  email: 'admin@acme.test',
  permission_set_ids: [superAdminSet._id],
  roles: ['SUPER_ADMIN'],
  status: 'active',
  joined_at: '2025-01-06T09:00:00.000Z',
}

export const samMember: TeamMember = {
  user_id: 'u-sam',
  fullName: 'Sam Agent',
  email: 'agent@acme.test',
  permission_set_ids: [supportAgentSet._id],
  roles: [],
  status: 'active',
  joined_at: '2025-02-10T09:00:00.000Z',
}

export const ninaMember: TeamMember = {
  user_id: 'u-nina',
  fullName: 'Nina Newbie',
  email: 'nina@acme.test',
  permission_set_ids: [teamMemberSet._id, supportAgentSet._id],
  roles: ['TEAM_MEMBER'],
  status: 'invited',
  joined_at: '2025-03-03T09:00:00.000Z',
}

/** What `GET /organizations/members` answers for Acme. */
export const acmeMembers: ReadonlyArray<TeamMember> = [adaMember, samMember, ninaMember]

/**
 * A pending invitation of an existing account (Bob, who has a password elsewhere), as
 * `GET /organizations/invitations` and the invite's answer give it.
 */
export const bobInvitation: TeamInvitation = {
  id: 'inv-bob',
  kind: 'account',
  user_id: 'u-bob',
  fullName: 'Bob Builder',
  email: 'bob@globex.test',
  permission_set_ids: [teamMemberSet._id],
  status: 'pending',
  invited_by: { label: 'Ada Admin' },
  created_at: '2025-04-01T09:00:00.000Z',
  expires_at: null,
}

/** A second pending invitation, older. */
export const carlaInvitation: TeamInvitation = {
  id: 'inv-carla',
  kind: 'account',
  user_id: 'u-carla',
  fullName: 'Carla Client',
  email: 'carla@initech.test',
  permission_set_ids: [supportAgentSet._id],
  status: 'pending',
  invited_by: { label: 'Ada Admin' },
  created_at: '2025-03-20T09:00:00.000Z',
  expires_at: null,
}

/**
 * Nina's invitation as a new person (she is listed as an `invited` member too): her set-password
 * link expires seven days after it was sent.
 */
export const ninaInvitation: TeamInvitation = {
  id: `link-${ninaMember.user_id}`,
  kind: 'link',
  user_id: ninaMember.user_id,
  fullName: ninaMember.fullName,
  email: ninaMember.email,
  permission_set_ids: ninaMember.permission_set_ids,
  status: 'pending',
  invited_by: { label: 'Ada Admin' },
  created_at: ninaMember.joined_at,
  expires_at: '2025-03-10T09:00:00.000Z',
}

/** What `GET /organizations/invitations` answers for Acme in the stories and tests: both kinds, newest first. */
export const acmeInvitations: ReadonlyArray<TeamInvitation> = [bobInvitation, carlaInvitation, ninaInvitation]

/** That answer as one page: every invitation, no further page, the count. */
export const acmeInvitationPage: TeamInvitationList = { invitations: acmeInvitations, next_cursor: null, total: acmeInvitations.length }

/** The answer of a workspace with no pending invitation. */
export const noInvitationPage: TeamInvitationList = { invitations: [], next_cursor: null, total: 0 }

/** What `GET /organizations/members` answers for Acme: one page holding everyone, Ada its only Super Admin. */
export const acmeMemberPage: TeamMemberList = { members: acmeMembers, next_cursor: null, super_admins: 1 }
