/**
 * The ALTCHA widget (`<altcha-widget>`, the `altcha` package) wrapped for React (SPEC.md §2.6:
 * the bot-check widget of the verification overlay, embedded default provider).
 *
 * The web component is imported dynamically when this component mounts, so its code (about
 * 35 kB gzipped, with its proof-of-work workers) is a separate chunk that only gated pages load.
 * With `auto="onload"` it fetches a challenge from `challengeUrl` and solves it at once, so the
 * gate clears by itself; its `verified` event carries the payload, which becomes our token.
 * An error or an expired challenge is reported through `onError` (the gate logs it and retries
 * with a fresh widget).
 */
import type {} from 'altcha/types/react'
import { useEffect, useRef, useState } from 'react'
import * as css from './VerificationGate.css.ts'

export interface AltchaWidgetProps {
  /** Absolute URL of `GET /users/bot-check/challenge`. */
  readonly challengeUrl: string
  /** The solved payload (base64 JSON), to send to `POST /users/verify-turnstile`. */
  readonly onToken: (token: string) => void
  readonly onError: (error: unknown) => void
  /** `onload` (the gate): solve at once. `off` (stories): wait for a click. */
  readonly auto?: 'onload' | 'off'
}

const WIDGET_CONFIGURATION = JSON.stringify({ humanInteractionSignature: false })

/** Loads the web component once per page; later widgets reuse it. */
let loading: Promise<unknown> | undefined
export const loadAltcha = () => (loading ??= import('altcha'))

export function AltchaWidget({ challengeUrl, onToken, onError, auto = 'onload' }: AltchaWidgetProps) {
  const [ready, setReady] = useState(false)
  const element = useRef<HTMLElement>(null)
  // The latest callbacks, without re-attaching the listeners when the parent re-renders.
  const callbacks = useRef({ onToken, onError })
  callbacks.current = { onToken, onError }

  useEffect(() => {
    let alive = true
    loadAltcha().then(
      () => alive && setReady(true),
      (error: unknown) => alive && callbacks.current.onError(error),
    )
    return () => {
      alive = false
    }
  }, [])

  useEffect(() => {
    const el = element.current
    if (!ready || el === null) return
    const verified = (e: Event) => {
      const payload = (e as CustomEvent<{ payload?: unknown }>).detail?.payload
      if (typeof payload === 'string' && payload !== '') callbacks.current.onToken(payload)
      else callbacks.current.onError(new Error('ALTCHA verified without a payload'))
    }
    const stateChange = (e: Event) => {
      if ((e as CustomEvent<{ state?: string }>).detail?.state === 'error') callbacks.current.onError(new Error('ALTCHA could not solve its challenge'))
    }
    const expired = () => callbacks.current.onError(new Error('ALTCHA challenge expired'))
    el.addEventListener('verified', verified)
    el.addEventListener('statechange', stateChange)
    el.addEventListener('expired', expired)
    return () => {
      el.removeEventListener('verified', verified)
      el.removeEventListener('statechange', stateChange)
      el.removeEventListener('expired', expired)
    }
  }, [ready])

  if (!ready) return null
  // The human-interaction signature (pointer and scroll collection) only serves ALTCHA Sentinel, which we do not use.
  return <altcha-widget ref={element} className={css.altchaWidget} challenge={challengeUrl} auto={auto} name="altcha" configuration={WIDGET_CONFIGURATION} />
}
