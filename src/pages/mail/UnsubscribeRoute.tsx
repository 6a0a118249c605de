/**
 * /unsubscribe?token=… (one-click unsubscribe; the footer link of notification emails).
 *
 * Loaded with its page (route-level code splitting): src/routes/tree.tsx names it through
 * `lazyRouteComponent`, so this module and what only it needs are a chunk of their own.
 */
import { useSearch } from '@tanstack/react-router'
import { UnsubscribePage } from './UnsubscribePage.tsx'

/**
 * The `token` search param as text, '' when missing. The router parses values as JSON, so an odd
 * token (all digits) may come back a number that does not spell it: the address bar's own text is
 * read then.
 */
function useToken(): string {
  const value = (useSearch({ strict: false }) as Record<string, unknown>)['token']
  if (typeof value === 'string') return value
  if (typeof value !== 'number' && typeof value !== 'boolean') return ''
  return new URLSearchParams(window.location.search).get('token') ?? String(value)
}

/** /unsubscribe?token=…: a missing token shows the invalid-link message without a call. */
export function UnsubscribeRoute() {
  return <UnsubscribePage token={useToken()} />
}
