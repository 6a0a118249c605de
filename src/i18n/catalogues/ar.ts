/** Every ar catalogue file (locales/ar/, one per namespace) merged: the ar chunk (src/i18n/catalogue.ts loads it). */
import type { Catalogue } from '../../../machines/language/languages.ts'

const files = import.meta.glob<Catalogue>('../../../locales/ar/*.json', { eager: true, import: 'default' })
export default Object.assign({}, ...Object.values(files)) as Catalogue
