/**
 * The human-verification gate's words in English (SPEC.md §2.6), for tests and stories; the
 * overlay shows them from verification.messages.ts, in the reader's language.
 */

/** SPEC §2.6: the overlay's title, verbatim. */
export const VERIFICATION_TITLE = "Verify You're Human"

/** The accessible name of the spinner shown while there is no widget (ours). */
export const PREPARING_LABEL = 'Preparing the check'
