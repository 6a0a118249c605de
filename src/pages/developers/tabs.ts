/**
 * The Developers page's address (/app/developers): its tabs and the `tab` search param that
 * picks one (`?tab=keys|webhooks|reference`, API keys when absent or unknown). The page reads the
 * address through {@link validateDevelopersSearch}.
 */
import { Schema } from 'effect'
import { validate } from '../../../contract/validate.ts'

export const DEVELOPERS_PATH = '/app/developers'

/** The tabs, in order. */
export const DEVELOPERS_TABS = [
  { id: 'keys', title: 'API keys' },
  { id: 'webhooks', title: 'Webhooks' },
  { id: 'reference', title: 'API reference' },
] as const
export type DevelopersTab = (typeof DEVELOPERS_TABS)[number]['id']
export const DEFAULT_DEVELOPERS_TAB: DevelopersTab = 'keys'

const DevelopersSearch = Schema.Struct({ tab: Schema.optional(Schema.Literals(DEVELOPERS_TABS.map((t) => t.id))) })
export type DevelopersSearch = typeof DevelopersSearch.Type

/** The Developers page's `tab` from the address's search params: a known `tab` only (an old or hand-edited link opens API keys); never throws. */
export function validateDevelopersSearch(raw: Record<string, unknown>): DevelopersSearch {
  const result = validate(DevelopersSearch, { tab: raw.tab })
  return result.ok && result.value.tab !== undefined ? { tab: result.value.tab } : {}
}

/** The search params that select `tab` (the default tab leaves the address bare). */
export const searchForTab = (tab: DevelopersTab): DevelopersSearch => (tab === DEFAULT_DEVELOPERS_TAB ? {} : { tab })
