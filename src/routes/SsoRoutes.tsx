/**
 * The single sign-on routes (src/ui/sso): /signin/sso, the step asking for the email (behind the
 * same guard as /signin), and /sso/callback (SPEC.md §2.5), where the identity provider sends the
 * browser back. A failed return goes to /signin with its reason (`?sso_error=`), replacing the
 * callback's address in the history so Back does not replay it.
 *
 * Loaded with their pages (route-level code splitting, src/routes/tree.tsx).
 */
import { useNavigate, useRouterState, useSearch } from '@tanstack/react-router'
import { useMemo } from 'react'
import { safeAppPath } from '../../machines/auth/redirect.ts'
import { SsoCallbackPage, SsoStartPage } from '../ui/sso/SsoSignIn.tsx'
import { signInWithReason } from '../ui/sso/sso-flow.ts'
import type { SignInSearch } from './search.ts'

/** /signin/sso. */
export function SsoStartRoute() {
  const search = useSearch({ strict: false }) as SignInSearch
  return <SsoStartPage redirect={safeAppPath(search.app_path)} />
}

/** /sso/callback. */
export function SsoCallbackRoute() {
  const navigate = useNavigate()
  const searchStr = useRouterState({ select: (s) => s.location.searchStr })
  // The provider's answer as it arrived: read once.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const query = useMemo(() => new URLSearchParams(searchStr), [])
  return <SsoCallbackPage query={query} onFailed={(reason) => void navigate({ href: signInWithReason(reason), replace: true })} />
}
