/**
 * Same-origin redirect rules (SPEC.md §2.2 access gate; Standards: same-origin redirects only).
 * Pure string checks, no DOM: usable by machines, the router and tests alike.
 */

/** Where a signed-in user goes when no (safe) target was given. */
export const DEFAULT_APP_PATH = '/app'

/**
 * Returns `raw` when it is a same-origin path under /app (with optional query and hash), else
 * null. Rejects absolute URLs (`https://x`, `javascript:...`), protocol-relative (`//host`),
 * backslash tricks (`/\host`, `/app\..`), control characters, encoded slashes that could
 * escape the path, and dot segments that climb out of /app.
 */
export function safeAppPath(raw: string | null | undefined): string | null {
  if (typeof raw !== 'string' || raw.length === 0 || raw.length > 2048) return null
  // Control characters (incl. tab/newline, which URL parsers strip) and backslashes have no
  // business in an app path and are the usual ingredients of open-redirect tricks.
  if (/[\u0000-\u001f\u007f\\]/.test(raw)) return null
  if (!raw.startsWith('/') || raw.startsWith('//')) return null
  let url: URL
  try {
    url = new URL(raw, 'http://same-origin.invalid')
  } catch {
    return null
  }
  if (url.origin !== 'http://same-origin.invalid') return null
  // Decoding must not reveal a different path (e.g. %2F%2Fevil or %5C).
  let decoded: string
  try {
    decoded = decodeURIComponent(url.pathname)
  } catch {
    return null
  }
  if (decoded.startsWith('//') || decoded.includes('\\')) return null
  if (url.pathname !== '/app' && !url.pathname.startsWith('/app/')) return null
  return url.pathname + url.search + url.hash
}

/**
 * SPEC.md §2.2: the sign-in URL for an unauthenticated visit to `pathWithQuery`:
 * `/signin?main_app=true&app_path=<encoded path and query>`.
 */
export function signInUrlFor(pathWithQuery: string): string {
  const params = new URLSearchParams({ main_app: 'true', app_path: pathWithQuery })
  return `/signin?${params.toString()}`
}

/** Same-origin check for a server-given redirect (e.g. logout's `url`): any local path. */
export function safeLocalPath(raw: string | null | undefined, fallback: string): string {
  if (typeof raw !== 'string' || !raw.startsWith('/') || raw.startsWith('//')) return fallback
  if (/[\u0000-\u001f\u007f\\]/.test(raw)) return fallback
  try {
    const url = new URL(raw, 'http://same-origin.invalid')
    return url.origin === 'http://same-origin.invalid' ? url.pathname + url.search + url.hash : fallback
  } catch {
    return fallback
  }
}
