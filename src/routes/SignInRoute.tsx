/**
 * /signin (SPEC.md §2.1) and /signup (sign-up's own address), behind the
 * human-verification gate (SPEC §2.6/§4): the sign-in form and the gate never load with the
 * signed-in shell. /signup opens the same page on its sign-up form, with a link back to /signin
 * (keeping `app_path`) and the plan /pricing chose (`?plan=`); the tab is named after the page while the gate shows too.
 *
 * Loaded with its page (route-level code splitting): src/routes/tree.tsx names it through
 * `lazyRouteComponent`, so this module and what only it needs are a chunk of their own.
 *
 * The server requires the gate's proof with sign-in and sign-up. When it refuses one
 * (403 `bot_check_required`: expired, spent, or a fresh one needed after many failures), the gate
 * is shown again: a new gate, which finds no proof in the session and runs the check.
 */
import { useSearch } from '@tanstack/react-router'
import { useRef } from 'react'
import { BOT_CHECK_REQUIRED_ERROR_CODE } from '../../contract/botcheck.ts'
import type { AuthError } from '../../machines/shared/auth-error.ts'
import { safeAppPath } from '../../machines/auth/redirect.ts'
import { selectAuthError } from '../../machines/auth/auth.selectors.ts'
import { useAuth } from '../system/react.tsx'
import { useDocumentTitle } from '../ui/documentTitle.ts'
import { authDocumentTitle, type SignInMode, SignInPage } from '../ui/SignInPage.tsx'
import { useTranslator } from '../i18n/react.tsx'
import { VerificationGate } from '../ui/botcheck/VerificationGate.tsx'
import type { SignInSearch } from './search.ts'

/** /signin (SPEC §2.1), behind the human-verification gate (SPEC §2.6/§4). */
export function SignInRoute() {
  return <AuthRoute mode="signIn" />
}

/** /signup: the sign-up form first, behind the same gate. */
export function SignUpRoute() {
  return <AuthRoute mode="signUp" />
}

function AuthRoute({ mode }: { mode: SignInMode }) {
  const search = useSearch({ strict: false }) as SignInSearch
  const gateKey = useRecheckKey(useAuth(selectAuthError))
  // Named while the gate shows; the page renames the tab when it switches forms.
  useDocumentTitle(authDocumentTitle(mode, useTranslator()))
  const redirect = safeAppPath(search.app_path)
  return (
    <VerificationGate key={gateKey}>
      <SignInPage
        redirect={redirect}
        fromApp={search.main_app === true || search.main_app === 'true'}
        initialMode={mode}
        signInHref={mode === 'signUp' ? authHrefFor('/signin', redirect) : undefined}
        signUpHref={mode === 'signIn' ? authHrefFor('/signup', redirect) : undefined}
        ssoError={search.sso_error}
        plan={mode === 'signUp' ? search.plan : undefined}
      />
    </VerificationGate>
  )
}

/** /signin or /signup (each form's link to the other), carrying the same-origin app path the visitor came for. */
function authHrefFor(path: '/signin' | '/signup', redirect: string | null): string {
  return redirect === null ? path : `${path}?app_path=${encodeURIComponent(redirect)}`
}

/**
 * A number that changes with each new `bot_check_required` refusal, to key the gate by: the
 * same refusal object (re-renders) keeps it, so the new gate is made once per refusal.
 */
function useRecheckKey(error: AuthError | null): number {
  const seen = useRef<{ error: AuthError | null; key: number }>({ error: null, key: 0 })
  if (error !== null && error.code === BOT_CHECK_REQUIRED_ERROR_CODE && error !== seen.current.error) {
    seen.current = { error, key: seen.current.key + 1 }
  }
  return seen.current.key
}
