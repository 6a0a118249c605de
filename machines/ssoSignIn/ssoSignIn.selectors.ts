/**
 * Selectors over the ssoSignIn snapshot, for the single sign-on pages (src/ui/sso/SsoPages.tsx)
 * and their stories: the views only read these and send events.
 */
import type { SnapshotFrom } from 'xstate'
import type { DisplayText } from '../../contract/messages.ts'
import type { PendingLink, SsoSignInMachine } from './ssoSignIn.machine.ts'

export type SsoSignInSnapshot = SnapshotFrom<SsoSignInMachine>

/**
 * What the page shows: /signin/sso's form (`start`), /sso/callback's 'Signing you in…'
 * (`completing`, also while leaving for /signin or the app), its 'Link your account' form
 * (`link`), or the note that there is nothing to complete (`nothing`).
 */
export type SsoSignInView = 'start' | 'completing' | 'link' | 'nothing'

export function selectView(s: SsoSignInSnapshot): SsoSignInView {
  if (s.matches('entering') || s.matches('starting') || s.matches('redirecting') || s.matches('opening')) return s.context.page === 'start' ? 'start' : 'completing'
  if (s.matches('nothingToComplete')) return 'nothing'
  if (s.matches('linking')) return 'link'
  return 'completing'
}

/** The start form is busy: the server is asked, or the browser is leaving for the provider. */
export const selectIsStarting = (s: SsoSignInSnapshot): boolean => s.matches('starting') || s.matches('redirecting')

export const selectEmail = (s: SsoSignInSnapshot): string => s.context.email
export const selectEmailError = (s: SsoSignInSnapshot): string | null => s.context.emailError
export const selectFormError = (s: SsoSignInSnapshot): DisplayText | null => s.context.formError

/** The waiting link, on the link form. */
export const selectLink = (s: SsoSignInSnapshot): PendingLink | null => s.context.link
export const selectPassword = (s: SsoSignInSnapshot): string => s.context.password
export const selectCode = (s: SsoSignInSnapshot): string => s.context.code
/** The account has two-factor on: 'Authentication code' is shown. */
export const selectAsksCode = (s: SsoSignInSnapshot): boolean => s.context.askCode
export const selectPasswordError = (s: SsoSignInSnapshot): string | null => s.context.passwordError
export const selectCodeError = (s: SsoSignInSnapshot): string | null => s.context.codeError

/** 'Use a passkey' is offered: this browser can prompt for one. */
export const selectOffersPasskey = (s: SsoSignInSnapshot): boolean => s.context.passkeySupported

/** A proof is in flight: the form is busy (the passkey prompt may be open). */
export const selectIsProving = (s: SsoSignInSnapshot): boolean => s.matches({ linking: 'proving' }) || s.matches('signedIn')
export const selectIsProvingWithPassword = (s: SsoSignInSnapshot): boolean => s.matches({ linking: { proving: 'password' } })
export const selectIsProvingWithPasskey = (s: SsoSignInSnapshot): boolean => s.matches({ linking: { proving: 'passkey' } })
