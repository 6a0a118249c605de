/**
 * The public site's catalogue (its pages' messages: src/pages/public/*.messages.ts), one chunk per
 * language apart from the app's (./catalogue.ts), so a signed-in page never downloads the landing,
 * pricing and legal pages' text. The site's routes load it in their loader, beside the site's page
 * chunk (src/routes/tree.tsx); the pages read it from here, or wait for it when the language changed
 * since (src/pages/public/SiteMessages.tsx).
 */
import type { AppLocale, Catalogue, LoadedLanguage } from '../../machines/language/languages.ts'

const NOTHING: Catalogue = {}

/** Each language's catalogue once it has arrived; English and the pseudo-locale have nothing to load (the messages' own text is English). */
const loaded = new Map<AppLocale, Catalogue>([
  ['en', NOTHING],
  ['en-XA', NOTHING],
])

type SiteLocale = Exclude<AppLocale, 'en' | 'en-XA'>

const imports: Readonly<Record<SiteLocale, () => Promise<{ default: Catalogue }>>> = {
  de: () => import('./catalogues/site-de.ts'),
  es: () => import('./catalogues/site-es.ts'),
  ar: () => import('./catalogues/site-ar.ts'),
}

/**
 * Each language's download while it is on its way: the pages' `use()` needs the same promise on
 * every render. A failed one is dropped, so the next call tries again (src/platform/load-once.ts
 * does the same, but i18n sits below platform: scripts/layers.ts).
 */
const pending = new Map<SiteLocale, Promise<Catalogue>>()

/** The site's catalogue in `locale`, loaded once (later calls share the first); rejects when its chunk cannot be fetched. */
export function loadSiteCatalogue(locale: AppLocale): Promise<Catalogue> {
  const done = loaded.get(locale)
  if (done) return Promise.resolve(done)
  const site = locale as SiteLocale
  let load = pending.get(site)
  if (load === undefined) {
    load = imports[site]().then(({ default: catalogue }) => (loaded.set(site, catalogue), catalogue))
    load.catch(() => pending.delete(site))
    pending.set(site, load)
  }
  return load
}

/** The site's catalogue in `locale` if it has arrived (English's always has), else undefined. */
export function siteCatalogueIfLoaded(locale: AppLocale): Catalogue | undefined {
  return loaded.get(locale)
}

/** `language` with the site's messages `site` added (the same language when there are none). */
export function withSiteCatalogue(language: LoadedLanguage, site: Catalogue): LoadedLanguage {
  return site === NOTHING ? language : { ...language, catalogue: { ...language.catalogue, ...site } }
}
