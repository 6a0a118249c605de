/**
 * The public site's catalogue (its pages' messages: src/pages/public/*.messages.ts), one chunk per
 * language apart from the app's (./catalogue.ts), so a signed-in page never downloads the landing,
 * pricing and legal pages' text. The site's routes load it in their loader, beside the site's page
 * chunk (src/routes/tree.tsx); the pages read it from here, or wait for it when the language changed
 * since (src/pages/public/SiteMessages.tsx).
 */
import type { AppLocale, Catalogue } from '../../machines/language/languages.ts'

const NOTHING: Catalogue = {}

/** Each language's load, once; and its catalogue once it has arrived. */
const loads = new Map<AppLocale, Promise<Catalogue>>()
const loaded = new Map<AppLocale, Catalogue>([
  // English and the pseudo-locale have nothing to load: the messages' own text is English.
  ['en', NOTHING],
  ['en-XA', NOTHING],
])

function importSite(locale: AppLocale): Promise<Catalogue> {
  switch (locale) {
    case 'de':
      return import('./catalogues/site-de.ts').then((m) => m.default)
    case 'es':
      return import('./catalogues/site-es.ts').then((m) => m.default)
    case 'ar':
      return import('./catalogues/site-ar.ts').then((m) => m.default)
    default:
      return Promise.resolve(NOTHING)
  }
}

/**
 * The site's catalogue in `locale`, loaded once (later calls share the first). A load that fails
 * rejects and is forgotten, so the next call tries again.
 */
export function loadSiteCatalogue(locale: AppLocale): Promise<Catalogue> {
  const done = loaded.get(locale)
  if (done) return Promise.resolve(done)
  let load = loads.get(locale)
  if (!load) {
    load = importSite(locale).then(
      (catalogue) => (loaded.set(locale, catalogue), catalogue),
      (error: unknown) => {
        loads.delete(locale)
        throw error
      },
    )
    loads.set(locale, load)
  }
  return load
}

/** The site's catalogue in `locale` if it has arrived (English's always has), else undefined. */
export function siteCatalogueIfLoaded(locale: AppLocale): Catalogue | undefined {
  return loaded.get(locale)
}
