/**
 * The system permission sets, one per role in the contract's `Roles` (SPEC.md §3 Roles,
 * Permission set; §6). They are matched by `permission_set_key` (= the role name) and upserted at
 * every server start, so editing the definitions below changes every organisation's sets on next start.
 * Custom sets (per organisation, matched by `_id`) live only in the database.
 *
 * Who holds what is tabled in docs/permissions.md ("System sets"); system-sets.test.ts fails when
 * that table and the definitions below disagree, so change both together.
 *
 * ADMIN differs from SUPER_ADMIN only in not deleting billing data; the super-admin set is the one
 * the client treats as "sees everything" (contract `SUPER_ADMIN_SET_KEY`).
 */
import {
  PermissionActions,
  PermissionResources,
  Roles,
  type Permission,
  type PermissionAction,
  type PermissionResource,
  type Role,
} from '../../contract/api.ts'

/** A system permission set as stored: key = role, no org. */
export interface SystemPermissionSet {
  readonly key: Role
  readonly name: string
  readonly description: string
  readonly permissions: ReadonlyArray<Permission>
}

type Grant = Partial<Record<PermissionResource, string>>

const LETTER: Record<string, PermissionAction> = {
  C: 'CREATE',
  R: 'READ',
  U: 'UPDATE',
  D: 'DELETE',
  X: 'EXECUTE',
  E: 'EXPORT',
  I: 'IMPORT',
}

/** Expands the table's shorthand ("all", "CRU"...) into contract permissions, in contract order. */
function expand(grant: Grant): Permission[] {
  return PermissionResources.flatMap((resource) => {
    const code = grant[resource]
    if (code === undefined) return []
    const held = new Set(
      code === 'all'
        ? PermissionActions
        : [...code].map((letter) => {
            const action = LETTER[letter]
            if (action === undefined) throw new Error(`system-sets: unknown action letter "${letter}" for ${resource}`)
            return action
          }),
    )
    return [{ resource, actions: PermissionActions.filter((action) => held.has(action)), conditions: {} }]
  })
}

const everything = (except: Grant = {}): Grant =>
  Object.fromEntries(PermissionResources.map((resource) => [resource, except[resource] ?? 'all']))

const definitions: Record<Role, { name: string; description: string; grant: Grant }> = {
  SUPER_ADMIN: {
    name: 'Super Admin',
    description: 'Full access to everything in the workspace, including billing and roles.',
    grant: everything(),
  },
  ADMIN: {
    name: 'Admin',
    description: 'Manages the workspace, its members and every feature; cannot delete billing data.',
    grant: everything({ BILLING: 'CRUXEI' }),
  },
  INTEGRATION_ADMIN: {
    name: 'Integration Admin',
    description: 'Connects apps, channels, ad accounts, webhooks and API keys.',
    grant: {
      GENERAL: 'R',
      AGENTS: 'R',
      EVENTS: 'R',
      WORKFLOWS: 'R',
      CODE_FUNCTIONS: 'all',
      COMMUNICATION_CHANNELS: 'all',
      MESSAGE_TEMPLATES: 'all',
      INTEGRATIONS: 'all',
      WEBHOOKS: 'all',
      AD_ACCOUNTS: 'all',
      SETTINGS: 'R',
      API_KEYS: 'all',
      SCHEMAS: 'R',
      REPORTS: 'R',
    },
  },
  WORKFLOW_ADMIN: {
    name: 'Workflow Admin',
    description: 'Builds AI agents, workflows, prompts, functions and knowledge bases.',
    grant: {
      GENERAL: 'R',
      AGENTS: 'all',
      CONTACTS: 'R',
      EVENTS: 'R',
      WORKFLOWS: 'all',
      ORG_AGENTS: 'all',
      CODE_FUNCTIONS: 'all',
      INTEGRATIONS: 'R',
      WEBHOOKS: 'R',
      SETTINGS: 'R',
      PROMPT_MANAGEMENT: 'all',
      SCHEMAS: 'R',
      DATA_STORAGE: 'all',
      REPORTS: 'R',
    },
  },
  TEAM_MEMBER: {
    name: 'Team Member',
    description: 'Works with contacts and agents day to day; views reports.',
    grant: {
      GENERAL: 'R',
      AGENTS: 'R',
      CONTACTS: 'R',
      EVENTS: 'R',
      ORG_AGENTS: 'R',
      COMMUNICATION_CHANNELS: 'R',
      MESSAGE_TEMPLATES: 'R',
      DATA_STORAGE: 'R',
      REPORTS: 'R',
      MARKETING_ASSETS: 'R',
    },
  },
  AGENCY_MEMBER: {
    name: 'Agency Member',
    description: 'An outside agency running campaigns, agents and workflows for the workspace.',
    grant: {
      GENERAL: 'R',
      AGENTS: 'CRUX',
      CONTACTS: 'CRUEI',
      EVENTS: 'R',
      WORKFLOWS: 'CRUX',
      ORG_AGENTS: 'R',
      COMMUNICATION_CHANNELS: 'R',
      MESSAGE_TEMPLATES: 'CRU',
      AD_ACCOUNTS: 'RU',
      DATA_STORAGE: 'R',
      REPORTS: 'RE',
      MARKETING_ASSETS: 'CRUD',
    },
  },
  FINANCE_ADMIN: {
    name: 'Finance Admin',
    description: 'Manages billing and credits; builds and exports reports.',
    grant: { GENERAL: 'R', ORGANIZATIONS: 'R', SETTINGS: 'R', REPORTS: 'CRUE', BILLING: 'all' },
  },
  QUALITY_ASSURANCE: {
    name: 'Quality Assurance',
    description: 'Tests agents and reviews conversations against guardrails.',
    grant: {
      GENERAL: 'R',
      AGENTS: 'RX',
      CONTACTS: 'R',
      EVENTS: 'R',
      QA: 'all',
      WORKFLOWS: 'R',
      ORG_AGENTS: 'R',
      PROMPT_MANAGEMENT: 'R',
      REPORTS: 'R',
    },
  },
}

/** Every system permission set, in contract `Roles` order. */
export const SYSTEM_PERMISSION_SETS: ReadonlyArray<SystemPermissionSet> = Roles.map((key) => {
  const { name, description, grant } = definitions[key]
  return { key, name, description, permissions: expand(grant) }
})
