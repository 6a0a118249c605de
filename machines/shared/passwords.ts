/** The new-password forms' shared rule (the set-password and reset-password pages). */

/** Shown when the confirmation differs (ours). */
export const PASSWORDS_DIFFER = 'The passwords do not match'
