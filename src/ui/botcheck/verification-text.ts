/** The human-verification gate's words (SPEC.md §2.6), shared by the gate, its overlay, tests and stories. */

/** SPEC §2.6: the overlay's title, verbatim. */
export const VERIFICATION_TITLE = "Verify You're Human"

/** The accessible name of the spinner shown while there is no widget (ours). */
export const PREPARING_LABEL = 'Preparing the check'
