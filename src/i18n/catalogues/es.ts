/** Every es catalogue file (locales/es/, one per namespace) merged: the es chunk (src/i18n/catalogue.ts loads it). */
import type { Catalogue } from '../../../machines/language/languages.ts'

const files = import.meta.glob<Catalogue>('../../../locales/es/*.json', { eager: true, import: 'default' })
export default Object.assign({}, ...Object.values(files)) as Catalogue
