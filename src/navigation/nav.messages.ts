/**
 * The menu's and the pages' titles (src/navigation/routes.ts), by the key {@link navKey} makes of
 * each English title: the route table keeps English (the spec's verbatim strings, and the
 * sidebar machine's group ids); views show `navTitle(translator, title)`.
 */
import { defineMessages, type MessageDescriptor } from '../i18n/messages.ts'

export const navMessages = defineMessages('nav', {
  aiAgentsStudio: 'AI Agents Studio',
  accountBilling: 'Account & Billing',
  calls: 'Calls',
  contacts: 'Contacts',
  dataHub: 'Data Hub',
  developers: 'Developers',
  guardrailsQa: 'Guardrails / QA',
  integrations: 'Integrations',
  marketingAssets: 'Marketing Assets',
  overview: 'Overview',
  reporting: 'Reporting',
  touchpoints: 'Touchpoints',
  account: 'Account',
  adAccounts: 'Ad Accounts',
  agentFlow: 'Agent Flow',
  agentTestManager: 'Agent Test Manager',
  allAgents: 'All Agents',
  allContactsAgent: 'All Contacts (Agent)',
  analysisSettings: 'Analysis Settings',
  asset: 'Asset',
  assets: 'Assets',
  auditLog: 'Audit log',
  billing: 'Billing',
  callDetails: 'Call Details',
  callsList: 'Calls List',
  chooseAWorkspace: 'Choose a workspace',
  clickToWhatsapp: 'Click-to-WhatsApp',
  company: 'Company',
  connectedApps: 'Connected Apps',
  connectedTouchpoints: 'Connected Touchpoints',
  connecting: 'Connecting…',
  contactTimeline: 'Contact Timeline',
  coreContacts: 'Core Contacts',
  createRole: 'Create Role',
  creator: 'Creator',
  customApp: 'Custom App',
  dashboard: 'Dashboard',
  dataModel: 'Data Model',
  editDashboard: 'Edit Dashboard',
  editReport: 'Edit Report',
  editRole: 'Edit Role',
  executionHistory: 'Execution History',
  inviteTeamMember: 'Invite Team Member',
  knowledgeBase: 'Knowledge Base',
  logs: 'Logs',
  marketingTools: 'Marketing Tools',
  messageTemplates: 'Message Templates',
  newAgentFlow: 'New Agent Flow',
  newDashboard: 'New Dashboard',
  newReport: 'New Report',
  notificationSettings: 'Notification Settings',
  notifications: 'Notifications',
  object: 'Object',
  privateApps: 'Private Apps',
  profileSettings: 'Profile Settings',
  qaDashboard: 'QA Dashboard',
  releaseNotes: 'Release Notes',
  reportTemplates: 'Report Templates',
  reports: 'Reports',
  segments: 'Segments',
  signOut: 'Sign out',
  signUpDetails: 'Sign-up details',
  teamMembers: 'Team Members',
  userRoles: 'User Roles',
  voiceAgents: 'Voice Agents',
  waitlist: 'Waitlist',
  welcomeToEngage: 'Welcome to Engage',
  workspaceSettings: 'Workspace Settings',
})

/** The message key of an English title: its words in lower camel case ('Account & Billing' → accountBilling). */
export function navKey(title: string): string {
  const words = title.match(/[A-Za-z0-9]+/g) ?? []
  return words.map((w, i) => (i === 0 ? w.toLowerCase() : w[0]!.toUpperCase() + w.slice(1).toLowerCase())).join('')
}

/** The message of a route title or group label, if the table has one (every title does: src/i18n/catalogues.test.ts). */
export function navMessage(title: string): MessageDescriptor | undefined {
  return (navMessages as Readonly<Record<string, MessageDescriptor>>)[navKey(title)]
}
/** A route title or group label in the translator's language (English when the table has no message for it). */
export function navTitle(translator: { t(message: MessageDescriptor): string }, title: string): string {
  const message = navMessage(title)
  return message ? translator.t(message) : title
}
