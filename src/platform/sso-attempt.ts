/**
 * The single sign-on attempt this tab started (src/ui/sso): the OAuth `state` of the provider's
 * URL, kept in sessionStorage (this tab only) until the provider sends the browser back to
 * /sso/callback. A return whose `state` is not this tab's own is refused there, so a link someone
 * else started (login CSRF) signs nobody in here.
 */
const KEY = 'engage_sso_state'

/** Remembers the attempt's state. Storage refused (private mode): the return is then refused too. */
export function rememberSsoState(state: string): void {
  try {
    window.sessionStorage.setItem(KEY, state)
  } catch {
    // Nothing to remember in: the callback will say the sign-in did not start here.
  }
}

/** The remembered state, forgotten as it is read (an attempt returns once); null when none. */
export function takeSsoState(): string | null {
  try {
    const state = window.sessionStorage.getItem(KEY)
    window.sessionStorage.removeItem(KEY)
    return state
  } catch {
    return null
  }
}

/** Sends the browser to the provider (a full navigation: the provider is another origin). */
export function goToProvider(url: string): void {
  window.location.assign(url)
}
