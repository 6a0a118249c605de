/**
 * The permission resources' and actions' labels (contract/permissions.ts `ACTION_LABELS`,
 * `RESOURCE_METADATA`; SPEC §3: READ shows as View, UPDATE as Edit), by code: the codes stay
 * the data, these are what a person reads (the role editor's grid, a denied button's tooltip, the audit log's details).
 */
import type { PermissionAction, PermissionResource } from './api.ts'
import { defineMessages, type MessageDescriptor } from './messages.ts'

export const permissionsLabelsMessages = defineMessages('permissionsLabels', {
  actionCreate: 'Create',
  actionRead: 'View',
  actionUpdate: 'Edit',
  actionDelete: 'Delete',
  actionExecute: 'Execute',
  actionExport: 'Export',
  actionImport: 'Import',
  resourceGeneral: 'General',
  resourceGeneralDescription: 'Access the workspace overview and everyday features',
  resourceAgents: 'AI Agents',
  resourceAgentsDescription: 'Manage AI agents',
  resourceUsers: 'Users',
  resourceUsersDescription: 'Manage user profiles and account settings',
  resourceContacts: 'Contacts (basic)',
  resourceContactsDescription: 'View and manage contacts without personal data',
  resourceContactsFull: 'Contacts (full)',
  resourceContactsFullDescription: 'View and manage contacts including personal data',
  resourceEvents: 'Events',
  resourceEventsDescription: 'View and manage contact events and activity',
  resourceOrganizations: 'Workspace',
  resourceOrganizationsDescription: 'Manage workspace details and settings',
  resourceTeamMembers: 'Team Members',
  resourceTeamMembersDescription: 'Manage team members, invite users and control access levels',
  resourceQa: 'Quality Assurance',
  resourceQaDescription: 'Run QA dashboards and agent tests',
  resourceWorkflows: 'Workflows',
  resourceWorkflowsDescription: 'Build and run automated workflows',
  resourceOrgAgents: 'Workspace Agents',
  resourceOrgAgentsDescription: 'View agent execution history across the workspace',
  resourceCodeFunctions: 'Apps & Functions',
  resourceCodeFunctionsDescription: 'Manage public and private apps and code functions',
  resourceCommunicationChannels: 'Touchpoints',
  resourceCommunicationChannelsDescription: 'Connect and manage messaging channels',
  resourceMessageTemplates: 'Message Templates',
  resourceMessageTemplatesDescription: 'Create and manage message templates',
  resourceIntegrations: 'Integrations',
  resourceIntegrationsDescription: 'Connect and manage third-party apps',
  resourceWebhooks: 'Webhooks',
  resourceWebhooksDescription: 'Manage webhooks that notify external systems',
  resourceAdAccounts: 'Ad Accounts',
  resourceAdAccountsDescription: 'Connect and manage advertising accounts',
  resourceSettings: 'Settings',
  resourceSettingsDescription: 'Change workspace-wide settings',
  resourcePermissionSets: 'User Roles',
  resourcePermissionSetsDescription: 'Create and edit roles (permission sets)',
  resourceApiKeys: 'API Keys',
  resourceApiKeysDescription: 'Manage API keys for external access',
  resourcePromptManagement: 'Prompt Management',
  resourcePromptManagementDescription: 'Manage prompts used by AI agents',
  resourceSchemas: 'Data Model',
  resourceSchemasDescription: 'Define data schemas in the data hub',
  resourceDataStorage: 'Knowledge Base',
  resourceDataStorageDescription: 'Manage knowledge base data sources and storage',
  resourceReports: 'Reports',
  resourceReportsDescription: 'Build and view dashboards and reports',
  resourceBilling: 'Billing',
  resourceBillingDescription: 'View and manage billing, plans and credits',
  resourceMarketingAssets: 'Marketing Assets',
  resourceMarketingAssetsDescription: 'Manage marketing assets and their integrations',
})

const m = permissionsLabelsMessages

// Maps stay private: a messages module exports message tables and functions only (src/i18n/catalogues.test.ts reads every export).
const ACTIONS: Readonly<Record<PermissionAction, MessageDescriptor>> = {
  CREATE: m.actionCreate,
  READ: m.actionRead,
  UPDATE: m.actionUpdate,
  DELETE: m.actionDelete,
  EXECUTE: m.actionExecute,
  EXPORT: m.actionExport,
  IMPORT: m.actionImport,
}

const RESOURCES: Readonly<Record<PermissionResource, { readonly label: MessageDescriptor; readonly description: MessageDescriptor }>> = {
  GENERAL: { label: m.resourceGeneral, description: m.resourceGeneralDescription },
  AGENTS: { label: m.resourceAgents, description: m.resourceAgentsDescription },
  USERS: { label: m.resourceUsers, description: m.resourceUsersDescription },
  CONTACTS: { label: m.resourceContacts, description: m.resourceContactsDescription },
  CONTACTS_FULL: { label: m.resourceContactsFull, description: m.resourceContactsFullDescription },
  EVENTS: { label: m.resourceEvents, description: m.resourceEventsDescription },
  ORGANIZATIONS: { label: m.resourceOrganizations, description: m.resourceOrganizationsDescription },
  TEAM_MEMBERS: { label: m.resourceTeamMembers, description: m.resourceTeamMembersDescription },
  QA: { label: m.resourceQa, description: m.resourceQaDescription },
  WORKFLOWS: { label: m.resourceWorkflows, description: m.resourceWorkflowsDescription },
  ORG_AGENTS: { label: m.resourceOrgAgents, description: m.resourceOrgAgentsDescription },
  CODE_FUNCTIONS: { label: m.resourceCodeFunctions, description: m.resourceCodeFunctionsDescription },
  COMMUNICATION_CHANNELS: { label: m.resourceCommunicationChannels, description: m.resourceCommunicationChannelsDescription },
  MESSAGE_TEMPLATES: { label: m.resourceMessageTemplates, description: m.resourceMessageTemplatesDescription },
  INTEGRATIONS: { label: m.resourceIntegrations, description: m.resourceIntegrationsDescription },
  WEBHOOKS: { label: m.resourceWebhooks, description: m.resourceWebhooksDescription },
  AD_ACCOUNTS: { label: m.resourceAdAccounts, description: m.resourceAdAccountsDescription },
  SETTINGS: { label: m.resourceSettings, description: m.resourceSettingsDescription },
  PERMISSION_SETS: { label: m.resourcePermissionSets, description: m.resourcePermissionSetsDescription },
  API_KEYS: { label: m.resourceApiKeys, description: m.resourceApiKeysDescription },
  PROMPT_MANAGEMENT: { label: m.resourcePromptManagement, description: m.resourcePromptManagementDescription },
  SCHEMAS: { label: m.resourceSchemas, description: m.resourceSchemasDescription },
  DATA_STORAGE: { label: m.resourceDataStorage, description: m.resourceDataStorageDescription },
  REPORTS: { label: m.resourceReports, description: m.resourceReportsDescription },
  BILLING: { label: m.resourceBilling, description: m.resourceBillingDescription },
  MARKETING_ASSETS: { label: m.resourceMarketingAssets, description: m.resourceMarketingAssetsDescription },
}

/** An action's label by its code (CREATE → 'Create', READ → 'View'). */
export const actionLabel = (action: PermissionAction): MessageDescriptor => ACTIONS[action]

/** A resource's label by its code (CONTACTS → 'Contacts (basic)'). */
export const resourceLabel = (resource: PermissionResource): MessageDescriptor => RESOURCES[resource].label

/** A resource's one-line description by its code. */
export const resourceDescription = (resource: PermissionResource): MessageDescriptor => RESOURCES[resource].description
