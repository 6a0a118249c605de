/**
 * /app/developers, Developers (API_KEYS read): the tabs 'API keys', 'Webhooks' (for members with
 * WEBHOOKS read) and 'API reference', the selected one in the address (`?tab=`, src/pages/developers/tabs.ts;
 * choosing another replaces it). The API keys tab's `apiKeys` actor lives as long as the page
 * (src/system/apiKeys.ts), so switching tabs keeps its list. `DevelopersView` renders the page
 * for any tab without the router (stories, tests).
 */
import { useNavigate, useSearch } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { Tab, TabList, TabPanel, Tabs } from 'react-aria-components'
import { can } from '../../../contract/permissions.ts'
import type { MessageDescriptor } from '../../i18n/messages.ts'
import { useTranslator } from '../../i18n/react.tsx'
import { navTitle } from '../../navigation/nav-title.ts'
import { useApiKeysActor } from '../../system/apiKeys.ts'
import { usePermissions } from '../../system/react.tsx'
import { PageHeader } from '../../ui/primitives/PageHeader/PageHeader.tsx'
import { ApiKeysView, type ApiKeysActor } from './ApiKeysTab.tsx'
import { ApiReferenceTab } from './ApiReferenceTab.tsx'
import * as css from './Developers.css.ts'
import { developersMessages as m } from './developers.messages.ts'
import { DEFAULT_DEVELOPERS_TAB, DEVELOPERS_PATH, DEVELOPERS_TABS, type DevelopersTab, searchForTab, validateDevelopersSearch } from './tabs.ts'
import { WebhooksTab } from './WebhooksTab.tsx'

/** Under the title (ours). */
export const DEVELOPERS_DESCRIPTION = m.description

/** The tabs' titles in the reader's language, by tab id (tabs.ts keeps the English). */
const TAB_TITLES: Readonly<Record<DevelopersTab, MessageDescriptor>> = { keys: m.tabKeys, webhooks: m.tabWebhooks, reference: m.tabReference }

/** The page over the address's `tab`. */
export function DevelopersPage() {
  const search = validateDevelopersSearch(useSearch({ strict: false }))
  const navigate = useNavigate()
  const apiKeys = useApiKeysActor()
  return (
    <DevelopersView
      tab={search.tab ?? DEFAULT_DEVELOPERS_TAB}
      onTabChange={(tab) => void navigate({ to: DEVELOPERS_PATH, search: searchForTab(tab) as never, replace: true })}
      apiKeys={<ApiKeysView actor={apiKeys} />}
    />
  )
}

export interface DevelopersViewProps {
  /** The address's tab; one the person may not see (Webhooks without WEBHOOKS read) shows API keys. */
  readonly tab: DevelopersTab
  readonly onTabChange: (tab: DevelopersTab) => void
  /** The API keys tab's content (an `ApiKeysView` over the page's actor). */
  readonly apiKeys: ReactNode
  /** The API reference tab's content (default: the tab that loads the viewer). */
  readonly reference?: ReactNode
  /** The Webhooks tab's content (default: `WebhooksTab`). */
  readonly webhooks?: ReactNode
}

/** The page's header and tabs, whatever the router says. */
export function DevelopersView({ tab, onTabChange, apiKeys, reference, webhooks }: DevelopersViewProps) {
  const mayReadWebhooks = can(usePermissions(), 'WEBHOOKS', 'READ')
  const translator = useTranslator()
  const { t } = translator
  const title = navTitle(translator, 'Developers')
  const tabs = DEVELOPERS_TABS.filter((entry) => entry.id !== 'webhooks' || mayReadWebhooks)
  const selected = tabs.some((entry) => entry.id === tab) ? tab : DEFAULT_DEVELOPERS_TAB
  const panels: Record<DevelopersTab, ReactNode> = {
    keys: apiKeys,
    webhooks: webhooks ?? <WebhooksTab />,
    reference: reference ?? <ApiReferenceTab />,
  }
  return (
    <section className={css.page}>
      <PageHeader title={title} description={t(DEVELOPERS_DESCRIPTION)} />
      <Tabs selectedKey={selected} onSelectionChange={(key) => onTabChange(String(key) as DevelopersTab)}>
        <TabList aria-label={title} className={css.tabList}>
          {tabs.map((tab) => (
            <Tab key={tab.id} id={tab.id} className={css.tab}>
              {t(TAB_TITLES[tab.id])}
            </Tab>
          ))}
        </TabList>
        {tabs.map((tab) => (
          <TabPanel key={tab.id} id={tab.id} className={css.panel}>
            {panels[tab.id]}
          </TabPanel>
        ))}
      </Tabs>
    </section>
  )
}

export type { ApiKeysActor }
