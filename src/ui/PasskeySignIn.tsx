/**
 * /signin's passkey sign-in (docs/api.md "Passkeys"): 'Sign in with a passkey' (the browser's
 * prompt lists the passkeys it has for Engage; no email first), and, while the page is open, the
 * same passkeys offered in the email field's suggestions (its `autocomplete="username webauthn"`).
 * The machine and its ceremonies live in machines/passkeys and src/system/passkeySignIn.ts (the
 * autofill one from when the page is interactive); the page shows `error` in its own alert area.
 */
import { useSelector } from '@xstate/react'
import KeyRound from 'lucide-react/icons/key-round'
import { usePasskeySignInActor } from '../system/passkeySignIn.ts'
import { passkeysUsableHere } from '../platform/webauthn.ts'
import { Button } from './primitives/Button/Button.tsx'

/** The passkey sign-in of a sign-in form: its actor's state as the form needs it. */
export interface PasskeySignIn {
  /** Why the last passkey sign-in failed (null: nothing to say; a closed prompt says nothing). */
  readonly error: string | null
  /** A prompt opened by the button is waiting, or its answer is being checked. */
  readonly busy: boolean
  readonly signIn: () => void
}

/** The passkey sign-in for a form that lands on `redirect` (a same-origin /app path, or null for /app). */
export function usePasskeySignIn(redirect: string | null): PasskeySignIn {
  const actor = usePasskeySignInActor(redirect)
  const error = useSelector(actor, (s) => s.context.error)
  const busy = useSelector(actor, (s) => s.matches('signingIn') || s.matches('signedIn'))
  return { error, busy, signIn: () => actor.send({ type: 'passkey.signIn' }) }
}

/** 'Sign in with a passkey'; nothing in a browser without WebAuthn. */
export function PasskeySignInButton({ passkey, isDisabled = false }: { readonly passkey: PasskeySignIn; readonly isDisabled?: boolean }) {
  if (!passkeysUsableHere()) return null
  return (
    <Button variant="secondary" icon={<KeyRound size={16} />} onPress={passkey.signIn} isDisabled={isDisabled} isPending={passkey.busy}>
      Sign in with a passkey
    </Button>
  )
}
