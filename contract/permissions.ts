/**
 * Permission sets, team members and the permission rules shared by browser and server
 * (SPEC.md §3 Permission set, Permission resources and actions; §6; §7 /permissions/*).
 *
 * The rules (`resolvePermissions`, `can`...) are the single definition of who may do what: the
 * server enforces them on its endpoints, the browser uses them to show and hide.
 */
import { Schema, SchemaGetter } from 'effect'
import {
  type Permission,
  PermissionAction,
  type PermissionAction as Action,
  PermissionActions,
  PermissionResource,
  type PermissionResource as Resource,
  PermissionResources,
  PermissionSet,
  Role,
  SUPER_ADMIN_SET_KEY,
} from './api.ts'
import { endpoint } from './endpoint.ts'

// ---------------------------------------------------------------------------------------------
// Schemas

/** `GET /permissions/permission-sets`: the system sets and this org's custom sets. */
export const PermissionSetList = Schema.Array(PermissionSet)
export type PermissionSetList = typeof PermissionSetList.Type

const Trimmed = (field: string, min: number, max: number) =>
  Schema.String.pipe(
    Schema.decode({
      decode: SchemaGetter.transform((s: string) => s.trim()),
      encode: SchemaGetter.transform((s: string) => s),
    }),
  ).check(
    Schema.isMinLength(min, { message: min === 1 ? `${field} is required` : `${field} needs at least ${min} characters` }),
    Schema.isMaxLength(max, { message: `${field} must be at most ${max} characters` }),
  )

/** One permission in a set being saved: a resource and at least one action. */
export const PermissionInput = Schema.Struct({
  resource: PermissionResource,
  actions: Schema.Array(PermissionAction).check(Schema.isMinLength(1, { message: 'Choose at least one action' })),
  conditions: Schema.optional(Schema.Record(Schema.String, Schema.Unknown)),
})

/**
 * `POST /permissions/permission-sets` and `PUT /permissions/permission-sets/{id}` body.
 * Name 1–80 characters (trimmed), description up to 500, at most one entry per resource.
 */
export const PermissionSetInput = Schema.Struct({
  name: Trimmed('Name', 1, 80),
  description: Schema.optional(Trimmed('Description', 0, 500)),
  permissions: Schema.Array(PermissionInput).check(
    Schema.makeFilter((list: ReadonlyArray<{ resource: string }>) =>
      new Set(list.map((p) => p.resource)).size === list.length ? undefined : 'Each resource may appear only once',
    ),
  ),
})
export type PermissionSetInput = typeof PermissionSetInput.Encoded

/** `POST /permissions/assign-permission-sets`: replaces the member's sets in this org (set `_id`s). */
export const AssignPermissionSetsRequest = Schema.Struct({
  user_id: Schema.String.check(Schema.isMinLength(1, { message: 'user_id is required' })),
  permission_set_ids: Schema.Array(Schema.String).check(Schema.isMaxLength(50, { message: 'At most 50 permission sets' })),
})
export type AssignPermissionSetsRequest = typeof AssignPermissionSetsRequest.Type

/** `GET /permissions/metadata`: what the role editor shows for each resource and action. */
export const PermissionMetadata = Schema.Struct({
  resources: Schema.Array(Schema.Struct({ key: PermissionResource, label: Schema.String, description: Schema.String })),
  actions: Schema.Array(Schema.Struct({ key: PermissionAction, label: Schema.String })),
})
export type PermissionMetadata = typeof PermissionMetadata.Type

/** A member of the current org (ours: `GET /organizations/members`). */
export const TeamMember = Schema.Struct({
  user_id: Schema.String,
  fullName: Schema.String,
  email: Schema.String,
  /** `_id`s of the permission sets the member holds in this org. */
  permission_set_ids: Schema.Array(Schema.String),
  roles: Schema.Array(Role),
  /** `invited` until the person has set a password through their invite link. */
  status: Schema.Literals(['active', 'invited']),
  joined_at: Schema.String,
})
export type TeamMember = typeof TeamMember.Type

export const TeamMemberList = Schema.Struct({ members: Schema.Array(TeamMember) })
export type TeamMemberList = typeof TeamMemberList.Type

/**
 * An existing account invited to the current org, not yet a member: the membership
 * is created only when they accept (ours: `GET /organizations/invitations`, and the answer of an
 * invite that reached an existing account).
 */
export const TeamInvitation = Schema.Struct({
  /** The invitation's id. */
  id: Schema.String,
  user_id: Schema.String,
  fullName: Schema.String,
  email: Schema.String,
  /** `_id`s of the sets the membership will hold once accepted. */
  permission_set_ids: Schema.Array(Schema.String),
  status: Schema.Literal('pending'),
  /** Who sent it, as a person names them (their name, else their email; empty if the account is gone). */
  invited_by: Schema.Struct({ label: Schema.String }),
  /** When it was sent (ISO 8601). */
  created_at: Schema.String,
})
export type TeamInvitation = typeof TeamInvitation.Type

/** `GET /organizations/invitations` (ours): the org's pending invitations, newest first. */
export const TeamInvitationList = Schema.Struct({ invitations: Schema.Array(TeamInvitation) })
export type TeamInvitationList = typeof TeamInvitationList.Type

/**
 * `POST /organizations/members/invite` answer (ours): the new member (a new account, or one that
 * never set a password) or, for an existing account, the pending invitation it must accept.
 * Told apart by `status`: `active`/`invited` for a member, `pending` for an invitation.
 */
export const InviteMemberResponse = Schema.Union([TeamMember, TeamInvitation])
export type InviteMemberResponse = typeof InviteMemberResponse.Type

/** `POST /organizations/members/invite` (ours). */
export const InviteMemberRequest = Schema.Struct({
  email: Schema.String.check(
    Schema.isPattern(/^\s*[^@\s]+@[^@\s]+\.[^@\s]+\s*$/, { message: 'Enter a valid email address' }),
    Schema.isMaxLength(254, { message: 'Email is too long' }),
  ).pipe(
    Schema.decode({
      decode: SchemaGetter.transform((s: string) => s.trim().toLowerCase()),
      encode: SchemaGetter.transform((s: string) => s),
    }),
  ),
  fullName: Schema.optional(Trimmed('Name', 0, 120)),
  permission_set_ids: Schema.Array(Schema.String).check(Schema.isMinLength(1, { message: 'Choose at least one role' })),
})
export type InviteMemberRequest = typeof InviteMemberRequest.Encoded

/** `POST /users/set-password` (ours): completes an invite with its one-time token. */
export const SetPasswordRequest = Schema.Struct({
  token: Schema.String.check(Schema.isMinLength(1, { message: 'The link is incomplete' })),
  password: Schema.String.check(
    Schema.isMinLength(10, { message: 'Use at least 10 characters' }),
    Schema.isMaxLength(1024, { message: 'Password is too long' }),
  ),
})

/** `POST /users/set-password` response (ours). */
export const SetPasswordResponse = Schema.Struct({ ok: Schema.Literal(true) })
export type SetPasswordResponse = typeof SetPasswordResponse.Type

/**
 * Error code of a 409 answer (ours): a custom set's name already taken, a person who is already
 * a member, or a change that would leave the workspace without a super admin. Sent in
 * `ApiErrorBody.error.code` next to the codes of `ErrorCode` (contract/api.ts).
 */
export const CONFLICT_ERROR_CODE = 'conflict'

// ---------------------------------------------------------------------------------------------
// Labels (SPEC §3: READ shows as View, UPDATE as Edit; each resource has a description)

export const ACTION_LABELS: Readonly<Record<Action, string>> = {
  CREATE: 'Create',
  READ: 'View',
  UPDATE: 'Edit',
  DELETE: 'Delete',
  EXECUTE: 'Execute',
  EXPORT: 'Export',
  IMPORT: 'Import',
}

export const RESOURCE_METADATA: Readonly<Record<Resource, { label: string; description: string }>> = {
  GENERAL: { label: 'General', description: 'Access the workspace overview and everyday features' },
  AGENTS: { label: 'AI Agents', description: 'Manage AI agents' },
  USERS: { label: 'Users', description: 'Manage user profiles and account settings' },
  CONTACTS: { label: 'Contacts (basic)', description: 'View and manage contacts without personal data' },
  CONTACTS_FULL: { label: 'Contacts (full)', description: 'View and manage contacts including personal data' },
  EVENTS: { label: 'Events', description: 'View and manage contact events and activity' },
  ORGANIZATIONS: { label: 'Workspace', description: 'Manage workspace details and settings' },
  TEAM_MEMBERS: { label: 'Team Members', description: 'Manage team members, invite users and control access levels' },
  QA: { label: 'Quality Assurance', description: 'Run QA dashboards and agent tests' },
  WORKFLOWS: { label: 'Workflows', description: 'Build and run automated workflows' },
  ORG_AGENTS: { label: 'Workspace Agents', description: 'View agent execution history across the workspace' },
  CODE_FUNCTIONS: { label: 'Apps & Functions', description: 'Manage public and private apps and code functions' },
  COMMUNICATION_CHANNELS: { label: 'Touchpoints', description: 'Connect and manage messaging channels' },
  MESSAGE_TEMPLATES: { label: 'Message Templates', description: 'Create and manage message templates' },
  INTEGRATIONS: { label: 'Integrations', description: 'Connect and manage third-party apps' },
  WEBHOOKS: { label: 'Webhooks', description: 'Manage webhooks that notify external systems' },
  AD_ACCOUNTS: { label: 'Ad Accounts', description: 'Connect and manage advertising accounts' },
  SETTINGS: { label: 'Settings', description: 'Change workspace-wide settings' },
  PERMISSION_SETS: { label: 'User Roles', description: 'Create and edit roles (permission sets)' },
  API_KEYS: { label: 'API Keys', description: 'Manage API keys for external access' },
  PROMPT_MANAGEMENT: { label: 'Prompt Management', description: 'Manage prompts used by AI agents' },
  SCHEMAS: { label: 'Data Model', description: 'Define data schemas in the data hub' },
  DATA_STORAGE: { label: 'Knowledge Base', description: 'Manage knowledge base data sources and storage' },
  REPORTS: { label: 'Reports', description: 'Build and view dashboards and reports' },
  BILLING: { label: 'Billing', description: 'View and manage billing, plans and credits' },
  MARKETING_ASSETS: { label: 'Marketing Assets', description: 'Manage marketing assets and their integrations' },
}

/** The metadata response, built from the tables above (served by `GET /permissions/metadata`). */
export function permissionMetadata(): PermissionMetadata {
  return {
    resources: PermissionResources.map((key) => ({ key, ...RESOURCE_METADATA[key] })),
    actions: PermissionActions.map((key) => ({ key, label: ACTION_LABELS[key] })),
  }
}

// ---------------------------------------------------------------------------------------------
// Rules (SPEC §6)

/** The effective permissions of a member: resource → actions held. `superAdmin` holds everything. */
export interface ResolvedPermissions {
  readonly superAdmin: boolean
  readonly grants: ReadonlyMap<Resource, ReadonlySet<Action>>
}

export const NO_PERMISSIONS: ResolvedPermissions = { superAdmin: false, grants: new Map() }

/**
 * SPEC §6: resolves the member's set references (system sets by `permission_set_key`, custom
 * sets by `_id`) against `sets`, adds GENERAL read for every resolved set, and unions them.
 * Unknown references are ignored. Holding the super-admin set means holding everything.
 */
export function resolvePermissions(refs: ReadonlyArray<string>, sets: ReadonlyArray<PermissionSet>): ResolvedPermissions {
  const wanted = new Set(refs)
  const resolved = sets.filter((s) => (s.is_system ? s.permission_set_key !== null && wanted.has(s.permission_set_key) : wanted.has(s._id)))
  const grants = new Map<Resource, Set<Action>>()
  const add = (p: Pick<Permission, 'resource' | 'actions'>) => {
    const actions = grants.get(p.resource) ?? new Set<Action>()
    for (const a of p.actions) actions.add(a)
    grants.set(p.resource, actions)
  }
  for (const set of resolved) {
    for (const p of set.permissions) add(p)
    add({ resource: 'GENERAL', actions: ['READ'] })
  }
  return { superAdmin: resolved.some((s) => s.is_system && s.permission_set_key === SUPER_ADMIN_SET_KEY), grants }
}

/** SPEC §6 check: holds `action` on `resource`. */
export function can(p: ResolvedPermissions, resource: Resource, action: Action): boolean {
  return p.superAdmin || (p.grants.get(resource)?.has(action) ?? false)
}

/** SPEC §6 check: holds any of `actions` on `resource`. */
export function canAny(p: ResolvedPermissions, resource: Resource, actions: ReadonlyArray<Action>): boolean {
  return actions.some((a) => can(p, resource, a))
}

/** SPEC §6 check: holds all of `actions` on `resource`. */
export function canAll(p: ResolvedPermissions, resource: Resource, actions: ReadonlyArray<Action>): boolean {
  return actions.every((a) => can(p, resource, a))
}

/** SPEC §6: the actions held on `resource`, in the order of `PermissionActions`. */
export function actionsFor(p: ResolvedPermissions, resource: Resource): Action[] {
  return PermissionActions.filter((a) => can(p, resource, a))
}

/** One resource and action pair, e.g. the first permission someone lacks. */
export interface PermissionPair {
  readonly resource: Resource
  readonly action: Action
}

/**
 * The pairs of `permissions` that `p` does not hold, in the order given (resources) and of
 * `PermissionActions` (actions); empty when `p` holds them all. Conditions are not compared.
 * The server refuses to let anyone but a super admin grant permissions they lack themselves
 * (docs/permissions.md, "Privilege escalation"); the browser can use the same rule to disable
 * what the user cannot grant.
 */
export function permissionsNotHeld(p: ResolvedPermissions, permissions: ReadonlyArray<Pick<Permission, 'resource' | 'actions'>>): PermissionPair[] {
  const seen = new Set<string>()
  const missing: PermissionPair[] = []
  for (const { resource, actions } of permissions) {
    for (const action of PermissionActions) {
      const key = `${resource}:${action}`
      if (!actions.includes(action) || seen.has(key) || can(p, resource, action)) continue
      seen.add(key)
      missing.push({ resource, action })
    }
  }
  return missing
}

// ---------------------------------------------------------------------------------------------
// Endpoints (contract/endpoint.ts) of the current workspace (`x-org-id`); which permission each
// needs is in docs/permissions.md (403 `forbidden` without it, or for a non-member).

/** 403 for a non-member, a missing permission, or a workspace requiring two-factor the caller lacks. */
const guarded = ['forbidden', 'two_factor_required'] as const
/** ...404 for an unknown or foreign id, 409 for a clash (a taken name, the last super admin, a set still held). */
const guardedChange = [...guarded, 'not_found', 'conflict'] as const

/**
 * `/permissions/*` (SPEC §3 Permission set, §6): the sets any member may use, custom sets
 * (system ones are read-only: 403), a member's sets replaced, and the role editor's labels.
 */
export const permissionsApi = {
  permissionSets: endpoint('GET', '/permissions/permission-sets', { response: PermissionSetList, errors: guarded }),
  createPermissionSet: endpoint('POST', '/permissions/permission-sets', { body: PermissionSetInput, response: PermissionSet, status: 201, errors: guardedChange }),
  updatePermissionSet: endpoint('PUT', '/permissions/permission-sets/:id', { body: PermissionSetInput, response: PermissionSet, errors: guardedChange }),
  deletePermissionSet: endpoint('DELETE', '/permissions/permission-sets/:id', { errors: guardedChange }),
  assignPermissionSets: endpoint('POST', '/permissions/assign-permission-sets', { body: AssignPermissionSetsRequest, response: TeamMember, errors: guardedChange }),
  metadata: endpoint('GET', '/permissions/metadata', { response: PermissionMetadata, errors: guarded }),
}

/**
 * The Team Members page (ours; TEAM_MEMBERS permissions): members, inviting (a new person gets a
 * set-password link, an account with a password a pending invitation), removing, the pending
 * invitations resent or revoked; and the public `set-password` that completes an invitation
 * (400 at `token` for a link expired or used).
 */
export const teamApi = {
  members: endpoint('GET', '/organizations/members', { response: TeamMemberList, errors: guarded }),
  invite: endpoint('POST', '/organizations/members/invite', { body: InviteMemberRequest, response: InviteMemberResponse, status: 201, errors: guardedChange }),
  removeMember: endpoint('DELETE', '/organizations/members/:userId', { errors: guardedChange }),
  invitations: endpoint('GET', '/organizations/invitations', { response: TeamInvitationList, errors: guarded }),
  resendInvitation: endpoint('POST', '/organizations/members/:userId/invitation/resend', { errors: guardedChange }),
  revokeInvitation: endpoint('DELETE', '/organizations/members/:userId/invitation', { errors: guardedChange }),
  setPassword: endpoint('POST', '/users/set-password', { body: SetPasswordRequest, response: SetPasswordResponse, access: 'public' }),
}
