/**
 * /signin's passkey sign-in (docs/api.md "Passkeys"): 'Sign in with a passkey' (the browser's
 * prompt lists the passkeys it has for Engage; no email first), and, while the page is open, the
 * same passkeys offered in the email field's suggestions (its `autocomplete="username webauthn"`).
 * The machine and its ceremonies live in machines/passkeys and src/system/passkeySignIn.ts, a
 * chunk the page loads once it is interactive (the autofill ceremony starts then), or at once
 * when the button is pressed first; the page shows `error` in its own alert area.
 */
import { useSelector } from '@xstate/react'
import KeyRound from 'lucide-react/icons/key-round'
import { useEffect, useRef, useState } from 'react'
import type { ActorRefFrom } from 'xstate'
import type { PasskeySignInMachine } from '../../machines/passkeys/passkeySignIn.machine.ts'
import { useTranslator } from '../i18n/react.tsx'
import { type DisplayText, localized } from '../i18n/messages.ts'
import { whenIdle } from '../navigation/idle.ts'
import { loadOnce } from '../platform/load-once.ts'
import { passkeysUsableHere } from '../platform/webauthn.ts'
import { useOptionalApi } from '../system/api.tsx'
import { useAuthActor } from '../system/react.tsx'
import { passkeySignInMessages as m } from './PasskeySignIn.messages.ts'
import { Button } from './primitives/Button/Button.tsx'

type PasskeySignInActor = ActorRefFrom<PasskeySignInMachine>

/** Shown when the passkey sign-in could not be loaded (no connection, the server restarting) (ours). */
export const PASSKEY_SIGN_IN_LOAD_FAILED_MESSAGE = localized(m.loadFailed)

/** The passkey sign-in of a sign-in form: its actor's state as the form needs it. */
export interface PasskeySignIn {
  /** Why the last passkey sign-in failed (null: nothing to say; a closed prompt says nothing). */
  readonly error: DisplayText | null
  /** A prompt opened by the button is waiting, or its answer is being checked. */
  readonly busy: boolean
  readonly signIn: () => void
}

/**
 * The passkey sign-in's actor for the page's lifetime, started from its chunk once the page is
 * interactive (src/navigation/idle.ts), or when `press` finds it not started yet; stopped when the
 * page goes. Null until started.
 */
function usePasskeySignInActor(redirect: string | null) {
  // Stories and tests of the sign-in page may run without the API: no autofill then, and the button fails quietly.
  const api = useOptionalApi()
  const auth = useAuthActor()
  const redirectNow = useRef(redirect)
  useEffect(() => {
    redirectNow.current = redirect
  }, [redirect])
  const [actor, setActor] = useState<PasskeySignInActor | null>(null)
  const [loading, setLoading] = useState<'idle' | 'pressed' | 'failed'>('idle')
  const start = useRef<() => Promise<PasskeySignInActor>>(() => Promise.reject(new Error('The sign-in page is not on screen')))
  useEffect(() => {
    let live = true
    let started: PasskeySignInActor | null = null
    start.current = loadOnce(async () => {
      const { startPasskeySignIn } = await import('../system/passkeySignIn.ts')
      if (!live) throw new Error('The sign-in page was left')
      started = startPasskeySignIn({ api, auth, redirect: () => redirectNow.current })
      setActor(started)
      return started
    })
    whenIdle(() => {
      if (live) start.current().catch(() => {})
    })
    return () => {
      live = false
      started?.stop()
      setActor(null)
    }
  }, [api, auth])
  const press = () => {
    if (actor !== null) return actor.send({ type: 'passkey.signIn' })
    setLoading('pressed')
    start.current().then(
      (started) => {
        setLoading('idle')
        started.send({ type: 'passkey.signIn' })
      },
      () => setLoading('failed'),
    )
  }
  return { actor, loading, press }
}

/** The passkey sign-in for a form that lands on `redirect` (a same-origin /app path, or null for /app). */
export function usePasskeySignIn(redirect: string | null): PasskeySignIn {
  const { actor, loading, press } = usePasskeySignInActor(redirect)
  const error = useSelector(actor ?? undefined, (s) => s?.context.error ?? null)
  const busy = useSelector(actor ?? undefined, (s) => s !== undefined && (s.matches('signingIn') || s.matches('signedIn')))
  return {
    error: error ?? (loading === 'failed' ? PASSKEY_SIGN_IN_LOAD_FAILED_MESSAGE : null),
    busy: busy || loading === 'pressed',
    signIn: press,
  }
}

/** 'Sign in with a passkey'; nothing in a browser without WebAuthn. */
export function PasskeySignInButton({ passkey, isDisabled = false }: { readonly passkey: PasskeySignIn; readonly isDisabled?: boolean }) {
  const { t } = useTranslator()
  if (!passkeysUsableHere()) return null
  return (
    <Button variant="secondary" icon={<KeyRound size={16} />} onPress={passkey.signIn} isDisabled={isDisabled} isPending={passkey.busy}>
      {t(m.button)}
    </Button>
  )
}
