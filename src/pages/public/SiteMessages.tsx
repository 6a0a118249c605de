/**
 * Speaks the current language to the public site's pages with their own messages added: the site's
 * catalogue (src/i18n/site-catalogue.ts) is a chunk of its own, so the page waits for it (the
 * router's Suspense shows the splash) the first time a language other than English needs it.
 */
import { type ComponentType, type ReactNode, use, useMemo } from 'react'
import { LanguageProvider, useSpokenLanguage } from '../../i18n/react.tsx'
import { loadSiteCatalogue, siteCatalogueIfLoaded, withSiteCatalogue } from '../../i18n/site-catalogue.ts'

/** Its children in the current language, the site's messages included. */
export function SiteMessages({ children }: { children: ReactNode }) {
  const { language, timeZone } = useSpokenLanguage()
  const site = siteCatalogueIfLoaded(language.locale) ?? use(loadSiteCatalogue(language.locale))
  const withSite = useMemo(() => withSiteCatalogue(language, site), [language, site])
  return (
    <LanguageProvider language={withSite} timeZone={timeZone}>
      {children}
    </LanguageProvider>
  )
}

/** `Page` inside {@link SiteMessages}: each route component of src/pages/public/PublicSite.tsx. */
export function withSiteMessages(Page: ComponentType): () => ReactNode {
  const SitePage = (): ReactNode => (
    <SiteMessages>
      <Page />
    </SiteMessages>
  )
  SitePage.displayName = `withSiteMessages(${Page.displayName ?? Page.name})`
  return SitePage
}
