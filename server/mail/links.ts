/**
 * The absolute links the server puts in emails (set password, reset password, confirm address).
 * Built from the public origin (APP_URL, server/config.ts `publicOrigin`), never from the
 * request's Host header, which a client chooses.
 */

/** `${origin}${path}?token=…`: an absolute link from the configured origin. */
export function linkWithToken(origin: string, path: string, token: string): string {
  const url = new URL(path, origin)
  url.searchParams.set('token', token)
  return url.href
}
