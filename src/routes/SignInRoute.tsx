/**
 * /signin (SPEC.md §2.1), behind the human-verification gate (SPEC §2.6/§4): the sign-in
 * form and the gate never load with the signed-in shell.
 *
 * Loaded with its page (issue #8: route-level code splitting): src/routes/tree.tsx names it through
 * `lazyRouteComponent`, so this module and what only it needs are a chunk of their own.
 */
import { useSearch } from '@tanstack/react-router'
import { safeAppPath } from '../../machines/auth/redirect.ts'
import { SignInPage } from '../ui/SignInPage.tsx'
import { VerificationGate } from '../ui/botcheck/VerificationGate.tsx'
import type { SignInSearch } from './search.ts'

/** /signin (SPEC §2.1), behind the human-verification gate (SPEC §2.6/§4). */
export function SignInRoute() {
  const search = useSearch({ strict: false }) as SignInSearch
  return (
    <VerificationGate>
      <SignInPage redirect={safeAppPath(search.app_path)} fromApp={search.main_app === true || search.main_app === 'true'} />
    </VerificationGate>
  )
}
