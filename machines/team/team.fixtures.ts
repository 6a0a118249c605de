/**
 * Contract-shaped team members for the team machines' tests and the settings stories, mirroring
 * the demo seed of Acme Support (docs/permissions.md): a super admin, an agent with the custom
 * "Support Agent" set, and an invited person who has not set a password yet.
 */
import type { TeamMember } from '../../contract/permissions.ts'
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
