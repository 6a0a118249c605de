/**
 * The de catalogue of the app (locales/de/, one file per namespace) merged: the de chunk
 * (src/i18n/catalogue.ts loads it). Left out: the public site's namespaces, which load with its
 * pages (./site-de.ts), and those only the server speaks (emails, push payloads).
 */
import type { Catalogue } from '../../../machines/language/languages.ts'

const files = import.meta.glob<Catalogue>(
  [
    '../../../locales/de/*.json',
    // The public site's (src/pages/public/*.messages.ts): ./site-de.ts.
    '!../../../locales/de/{infoPages,landing,legal,pricing,publicSite,publicTitles}.json',
    // The server's only (server/**/*.messages.ts).
    '!../../../locales/de/{email,emailAccount,emailNotification}.json',
  ],
  { eager: true, import: 'default' },
)
export default Object.assign({}, ...Object.values(files)) as Catalogue
