/**
 * The public account routes (src/routes/tree.tsx, next to /set-password):
 * /forgot-password?email=…, /reset-password?token=…, /confirm-email?token=…. Each reads its
 * search params and renders its page; a missing or odd value is the empty string (the page then
 * starts empty, or says the link cannot be used).
 *
 * Loaded with its pages (route-level code splitting): the route tree names these
 * through `lazyRouteComponent`, so this module and what only it needs are a chunk of their own.
 */
import { useSearch } from '@tanstack/react-router'
import { selectAuthStatus } from '../../../machines/auth/auth.selectors.ts'
import { useAuth } from '../../system/react.tsx'
import { ConfirmEmailPage } from './ConfirmEmailPage.tsx'
import { ForgotPasswordPage } from './ForgotPasswordPage.tsx'
import { ResetPasswordPage } from './ResetPasswordPage.tsx'

/**
 * A search param as text, '' when missing or not text. The router parses values as JSON, so a
 * token of digits (with an `e`) comes back a number that may not spell it: the address bar's
 * own text is read then.
 */
function useSearchText(name: string): string {
  const value = (useSearch({ strict: false }) as Record<string, unknown>)[name]
  if (typeof value === 'string') return value
  if (typeof value !== 'number' && typeof value !== 'boolean') return ''
  return new URLSearchParams(window.location.search).get(name) ?? String(value)
}

/** /forgot-password: `?email=` prefills the address (the sign-in form's link passes it). */
export function ForgotPasswordRoute() {
  return <ForgotPasswordPage email={useSearchText('email')} />
}

/** /reset-password?token=…: the reset email's link. */
export function ResetPasswordRoute() {
  return <ResetPasswordPage token={useSearchText('token')} />
}

/** /confirm-email?token=…: the sign-up confirmation link; onwards to /app when signed in. */
export function ConfirmEmailRoute() {
  const signedIn = useAuth((s) => selectAuthStatus(s) === 'authenticated')
  return <ConfirmEmailPage token={useSearchText('token')} signedIn={signedIn} />
}
