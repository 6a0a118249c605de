/** Every de catalogue file (locales/de/, one per namespace) merged: the de chunk (src/i18n/catalogue.ts loads it). */
import type { Catalogue } from '../../../machines/language/languages.ts'

const files = import.meta.glob<Catalogue>('../../../locales/de/*.json', { eager: true, import: 'default' })
export default Object.assign({}, ...Object.values(files)) as Catalogue
