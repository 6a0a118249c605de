/**
 * What will live on each /app route not built yet, by route pattern: the description
 * under the title of its honest 'Coming soon' page (src/pages/RoutePage.tsx). A route without an
 * entry says "<title> will live here.". When a route gets a page of its own, its entry goes.
 *
 * The texts are messages (purposes.messages.ts), shown in the reader's language.
 *
 * Kept out of the route table (src/navigation/routes.ts) because only that page shows them: the
 * table loads with every page, these texts with the 'Soon' page only.
 */
import type { MessageDescriptor } from '../i18n/messages.ts'
import { purposesMessages as m } from './purposes.messages.ts'

/** Route pattern (as in src/navigation/routes.ts) → what will live on its page. */
export const ROUTE_PURPOSES: Readonly<Record<string, MessageDescriptor>> = {
  '/app/contacts': m.contacts,
  '/app/core-contacts': m.coreContacts,
  '/app/segments': m.segments,
  '/app/agent-internal': m.agents,
  '/app/data-source': m.dataSources,
  '/app/voice-agents': m.voiceAgents,
  '/app/calls/overview': m.callsOverview,
  '/app/calls/list': m.callsList,
  '/app/calls/voice-agents': m.callsVoiceAgents,
  '/app/calls/analysis-settings': m.callAnalysis,
  '/app/calls/integrations': m.telephony,
  '/app/data-hub/data-model': m.dataModel,
  '/app/marketing-assets': m.marketingAssets,
  '/app/marketing-assets/integrations': m.assetLibraries,
  '/app/channels': m.channels,
  '/app/channels/templates': m.templates,
  '/app/integrations': m.integrations,
  '/app/integration-apps/ad-account': m.adAccounts,
  '/app/integration-apps/installed-apps': m.privateApps,
  '/app/qa/dashboard': m.qaDashboard,
  '/app/agent-test-manager': m.agentTests,
  '/app/reporting/dashboard': m.dashboards,
  '/app/reporting/report': m.reports,
  '/app/calls': m.calls,
  '/app/qa': m.qa,
  '/app/execution-history/*': m.executionHistory,
  '/app/execution-history-v2/*': m.executionHistory,
  '/app/contacts/timeline/*': m.contactTimeline,
  '/app/core-contacts/timeline/*': m.contactTimeline,
  '/app/flow-editor/new': m.flowEditor,
  '/app/flow-editor-old/new': m.flowEditor,
  '/app/flow-editor/*': m.flowEditor,
  '/app/flow-editor-old/*': m.flowEditor,
  '/app/calls/*': m.callDetails,
  '/app/data-hub/data-model/*': m.dataObject,
  '/app/marketing-assets/asset/*': m.asset,
  '/app/reporting/dashboard/create': m.buildDashboard,
  '/app/reporting/dashboard/edit/*': m.buildDashboard,
  '/app/reporting/dashboard/*': m.dashboard,
  '/app/reporting/report/create': m.buildReport,
  '/app/reporting/report/templates': m.reportTemplates,
  '/app/reporting/report/*': m.buildReport,
  '/app/reporting/*': m.reporting,
  '/app/marketing-tools/*': m.marketingTools,
  '/app/company': m.company,
  '/app/custom-app/*': m.customApp,
  '/app/dashboard-new': m.nextOverview,
  '/app/dashboard-v2': m.nextOverview,
  '/app/release-notes': m.releaseNotes,
  '/app/obs-logs/*': m.logs,
  '/app/DEFAULT/onboarding': m.onboarding,
  '/app/CTWA/*': m.clickToWhatsapp,
  '/app/CREATOR/*': m.creator,
  '/app/SUPEHR/onboarding': m.onboarding,
}
