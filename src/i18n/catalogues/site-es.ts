/** The es catalogue of the public site's pages (src/pages/public): its own chunk, loaded with them (src/i18n/site-catalogue.ts). */
import type { Catalogue } from '../../../machines/language/languages.ts'

const files = import.meta.glob<Catalogue>('../../../locales/es/{infoPages,landing,legal,pricing,publicSite,publicTitles}.json', { eager: true, import: 'default' })
export default Object.assign({}, ...Object.values(files)) as Catalogue
