/**
 * Common passwords, refused wherever a password is chosen: sign-up, password reset, an
 * invitation's set-password and a password change (docs/api.md; docs/decisions.md for the list).
 *
 * The list is zxcvbn-ts's maintained one (`@zxcvbn-ts/language-common`, `passwords-common`:
 * about 49,000 passwords from breach corpora), shipped in the package, so no request leaves the
 * server. It stays on the server (about 400 kB): the browser shows the server's field error.
 * The package decompresses its list when imported, so it is imported on the first check and the
 * Set built once; a process that never checks a password never loads it.
 */

/** The field message of the refusal (400 `invalid_request`, issue at the password field). */
export const COMMON_PASSWORD_MESSAGE = 'This password is too common. Choose one that is harder to guess.'

let loading: Promise<ReadonlySet<string>> | undefined

/** How a password is compared with the list: trimmed and lower-cased (the list is lower case). */
function normalise(password: string): string {
  return password.trim().toLowerCase()
}

/** The list as a Set, loaded and built on first use (about 25 ms once). */
function commonPasswords(): Promise<ReadonlySet<string>> {
  loading ??= import('@zxcvbn-ts/language-common')
    .then(({ dictionary }) => new Set(dictionary['passwords-common'].map(normalise)))
    .catch((error: unknown) => {
      // Let the next check try again rather than keep a failed import forever.
      loading = undefined
      throw error
    })
  return loading
}

/**
 * Whether `password` is on the common-password list, compared case-insensitively and without
 * surrounding white space ('Password123 ' is 'password123').
 * @throws when the package cannot be loaded (a broken install), which the caller answers as a 500.
 */
export async function isCommonPassword(password: string): Promise<boolean> {
  return (await commonPasswords()).has(normalise(password))
}
