/**
 * The WebAuthn relying party (docs/api.md "Passkeys"; docs/decisions.md): Engage at its public
 * origin. The RP ID is the public origin's host name and the only origin accepted in an answer is
 * the public origin itself (APP_URL, else the address the server listens on; server/config.ts
 * `publicOriginOf`).
 *
 * A loopback IP address (127.0.0.1, the default HOST, or ::1) is served as `localhost`: browsers
 * refuse an IP address as RP ID, and `localhost` is the same machine and a secure context, so
 * `npm start` without APP_URL offers passkeys at http://localhost:<port>.
 */

/** The relying party of one request: its name, RP ID and the one origin answers must come from. */
export interface RelyingParty {
  readonly name: string
  /** A host name (never an IP address, never with a port). */
  readonly id: string
  /** `scheme://host[:port]`, without a trailing slash. */
  readonly origin: string
}

/** The relying party's name, shown by the browser's prompt. */
export const RP_NAME = 'Engage'

const LOOPBACK = /^(127(\.\d{1,3}){3}|\[::1\])$/

/**
 * The relying party at `publicOrigin` (an absolute URL; only its origin counts).
 * @throws TypeError when `publicOrigin` is not an absolute URL (config validates APP_URL first).
 */
export function relyingPartyOf(publicOrigin: string): RelyingParty {
  const url = new URL(publicOrigin)
  if (LOOPBACK.test(url.hostname)) {
    return { name: RP_NAME, id: 'localhost', origin: `${url.protocol}//localhost${url.port === '' ? '' : `:${url.port}`}` }
  }
  return { name: RP_NAME, id: url.hostname, origin: url.origin }
}
