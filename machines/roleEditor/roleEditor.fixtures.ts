/**
 * Contract-shaped permission sets and metadata for the role and team machines' tests and the
 * settings stories. They mirror the demo seed (docs/permissions.md): system sets by key, and
 * Acme's custom "Support Agent" set.
 */
import { PermissionActions, PermissionResources, type PermissionSet } from '../../contract/api.ts'
import { permissionMetadata } from '../../contract/permissions.ts'
import { type PermissionMetadata } from '../../contract/team.ts'

export const metadata: PermissionMetadata = permissionMetadata()

export const superAdminSet: PermissionSet = {
  _id: 'ps-super-admin',
  permission_set_key: 'SUPER_ADMIN',
  name: 'Super Admin',
  description: 'Full access to everything in the workspace, including billing and roles.',
  is_system: true,
  permissions: PermissionResources.map((resource) => ({ resource, actions: [...PermissionActions], conditions: {} })),
}

export const teamMemberSet: PermissionSet = {
  _id: 'ps-team-member',
  permission_set_key: 'TEAM_MEMBER',
  name: 'Team Member',
  description: 'Works with contacts, agents and reports; changes nothing about the workspace.',
  is_system: true,
  permissions: [
    { resource: 'GENERAL', actions: ['READ'], conditions: {} },
    { resource: 'AGENTS', actions: ['READ'], conditions: {} },
    { resource: 'CONTACTS', actions: ['READ'], conditions: {} },
    { resource: 'REPORTS', actions: ['READ'], conditions: {} },
  ],
}

export const supportAgentSet: PermissionSet = {
  _id: 'ps-support-agent',
  permission_set_key: null,
  name: 'Support Agent',
  description: 'Answers customers: sees contacts and agents.',
  is_system: false,
  permissions: [
    { resource: 'AGENTS', actions: ['READ'], conditions: {} },
    { resource: 'CONTACTS', actions: ['READ'], conditions: { region: 'EU' } },
  ],
}

/** What `GET /permissions/permission-sets` answers for Acme: system sets first, then custom ones by name. */
export const acmeSets: ReadonlyArray<PermissionSet> = [superAdminSet, teamMemberSet, supportAgentSet]
