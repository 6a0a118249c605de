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
import type { PermissionMetadata } from './team.ts'

// ---------------------------------------------------------------------------------------------
// Schemas

/** `GET /permissions/permission-sets`: the system sets and this org's custom sets. */
export const PermissionSetList = Schema.Array(PermissionSet)
export type PermissionSetList = typeof PermissionSetList.Type

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
export const guarded = ['forbidden', 'two_factor_required'] as const
/** ...404 for an unknown or foreign id, 409 for a clash (a taken name, the last super admin, a set still held). */
export const guardedChange = [...guarded, 'not_found', 'conflict'] as const

/** `/permissions/permission-sets` (SPEC §3 Permission set, §6): the system sets and this org's custom sets, which every member may read. */
export const permissionsApi = {
  permissionSets: endpoint('GET', '/permissions/permission-sets', { response: PermissionSetList, errors: guarded, apiKeys: true }),
}
