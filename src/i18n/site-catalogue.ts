/**
 * The public site's catalogue (its pages' messages: src/pages/public/*.messages.ts), one chunk per
 * language apart from the app's (./catalogue.ts), so a signed-in page never downloads the landing,
 * pricing and legal pages' text. The site's routes load it in their loader, beside the site's page
 * chunk (src/routes/tree.tsx); the pages read it from here, or wait for it when the language changed
 * since (src/pages/public/SiteMessages.tsx).
 */
import type { AppLocale, Catalogue, LoadedLanguage } from '../../machines/language/languages.ts'
import { loadOnce } from '../platform/load-once.ts'

const NOTHING: Catalogue = {}

/** Each language's catalogue once it has arrived; English and the pseudo-locale have nothing to load (the messages' own text is English). */
const loaded = new Map<AppLocale, Catalogue>([
  ['en', NOTHING],
  ['en-XA', NOTHING],
])

type SiteLocale = Exclude<AppLocale, 'en' | 'en-XA'>

/** Keeps a language's catalogue as it arrives. */
const kept =
  (locale: SiteLocale) =>
  ({ default: catalogue }: { default: Catalogue }): Catalogue => (loaded.set(locale, catalogue), catalogue)

/** Each language's chunk, downloaded once (a failed download is tried again on the next call). */
const loaders: Readonly<Record<SiteLocale, () => Promise<Catalogue>>> = {
  de: loadOnce(() => import('./catalogues/site-de.ts').then(kept('de'))),
  es: loadOnce(() => import('./catalogues/site-es.ts').then(kept('es'))),
  ar: loadOnce(() => import('./catalogues/site-ar.ts').then(kept('ar'))),
}

/** The site's catalogue in `locale`, loaded once (later calls share the first); rejects when its chunk cannot be fetched. */
export function loadSiteCatalogue(locale: AppLocale): Promise<Catalogue> {
  const done = loaded.get(locale)
  return done ? Promise.resolve(done) : loaders[locale as SiteLocale]()
}

/** The site's catalogue in `locale` if it has arrived (English's always has), else undefined. */
export function siteCatalogueIfLoaded(locale: AppLocale): Catalogue | undefined {
  return loaded.get(locale)
}

/** `language` with the site's messages `site` added (the same language when there are none). */
export function withSiteCatalogue(language: LoadedLanguage, site: Catalogue): LoadedLanguage {
  return site === NOTHING ? language : { ...language, catalogue: { ...language.catalogue, ...site } }
}
