/**
 * The single sign-on routes (src/ui/sso/SsoPages.tsx, machines/ssoSignIn): /signin/sso, the step
 * asking for the email (behind the same guard as /signin), and /sso/callback (SPEC.md §2.5), where
 * the identity provider sends the browser back. A failed return goes to /signin with its reason
 * (`?sso_error=`), replacing the callback's address in the history so Back does not replay it.
 *
 * Loaded with their pages (route-level code splitting, src/routes/tree.tsx).
 */
import { useNavigate, useRouterState, useSearch } from '@tanstack/react-router'
import { useCallback, useState } from 'react'
import { safeAppPath } from '../../machines/auth/redirect.ts'
import { SsoCallbackPage, SsoStartPage } from '../ui/sso/SsoPages.tsx'
import type { SignInSearch } from './search.ts'

/** Replaces the current address with a same-origin one. */
function useReplaceWith(): (href: string) => void {
  const navigate = useNavigate()
  return useCallback((href: string) => void navigate({ href, replace: true }), [navigate])
}

/** /signin/sso. */
export function SsoStartRoute() {
  const search = useSearch({ strict: false }) as SignInSearch
  return <SsoStartPage redirect={safeAppPath(search.app_path)} replaceWith={useReplaceWith()} />
}

/** /sso/callback. */
export function SsoCallbackRoute() {
  const searchStr = useRouterState({ select: (s) => s.location.searchStr })
  // The provider's answer as it arrived: read once.
  const [query] = useState(searchStr)
  return <SsoCallbackPage query={query} replaceWith={useReplaceWith()} />
}
