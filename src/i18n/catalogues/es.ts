/**
 * The es catalogue of the app (locales/es/, one file per namespace) merged: the es chunk
 * (src/i18n/catalogue.ts loads it). Left out: the public site's namespaces, which load with its
 * pages (./site-es.ts), and those only the server speaks (emails, push payloads).
 */
import type { Catalogue } from '../../../machines/language/languages.ts'

const files = import.meta.glob<Catalogue>(
  [
    '../../../locales/es/*.json',
    // The public site's (src/pages/public/*.messages.ts): ./site-es.ts.
    '!../../../locales/es/{infoPages,landing,legal,pricing,publicSite,publicTitles}.json',
    // The server's only (server/**/*.messages.ts).
    '!../../../locales/es/{email,emailAccount,emailNotification}.json',
  ],
  { eager: true, import: 'default' },
)
export default Object.assign({}, ...Object.values(files)) as Catalogue
