/**
 * The sidebar's saved state (SPEC.md §2.6): the `sidebar_state` cookie, `true` (expanded) or
 * `false` (collapsed), kept for 7 days. Read in src/main.tsx before the first render, so a
 * collapsed sidebar never flashes open; written by the sidebar machine's `storeSidebarState`.
 */
import type { CookieJar } from './cookies.ts'

/** SPEC §2.6: the cookie's name. */
export const SIDEBAR_COOKIE_NAME = 'sidebar_state'
/** SPEC §2.6/§9: how long the cookie is kept (s): 7 days. */
export const SIDEBAR_COOKIE_MAX_AGE_S = 604_800

/** The saved state: false only for a cookie saying `false`; no cookie (or anything else) means expanded. */
export function readSidebarExpanded(jar: CookieJar): boolean {
  return jar.get(SIDEBAR_COOKIE_NAME) !== 'false'
}

/** Saves the state for SIDEBAR_COOKIE_MAX_AGE_S seconds. */
export function writeSidebarExpanded(jar: CookieJar, expanded: boolean): void {
  jar.set(SIDEBAR_COOKIE_NAME, String(expanded), SIDEBAR_COOKIE_MAX_AGE_S)
}
