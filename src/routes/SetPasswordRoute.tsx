/**
 * /set-password?token=… (SPEC.md §2.1).
 *
 * Loaded with its page (route-level code splitting): src/routes/tree.tsx names it through
 * `lazyRouteComponent`, so this module and what only it needs are a chunk of their own.
 */
import { useSearch } from '@tanstack/react-router'
import { SetPasswordPage } from '../pages/SetPasswordPage.tsx'

/** /set-password?token=… (SPEC §2.1). A missing or odd token is the empty string: the page says the link is invalid. */
export function SetPasswordRoute() {
  const search = useSearch({ strict: false }) as { token?: unknown }
  return <SetPasswordPage token={typeof search.token === 'string' || typeof search.token === 'number' ? String(search.token) : ''} />
}
