/**
 * The landing page's heading and tab title in English, apart from the rest of the public site's
 * words (content.ts) because the public pages' cards need them (PUBLIC_PAGES) and should carry no more.
 * The landing page shows them in the reader's language (titles.messages.ts, the same English).
 */

/** The landing page's h1 (and its title in PUBLIC_PAGES). */
export const LANDING_HEADING = 'The workspace for AI customer-engagement teams'
/** The browser tab's title on `/`. */
export const LANDING_DOCUMENT_TITLE = 'Engage: the workspace for AI customer-engagement teams'
