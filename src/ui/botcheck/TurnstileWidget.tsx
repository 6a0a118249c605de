/**
 * The Cloudflare Turnstile widget wrapped for React (SPEC.md §2.6: light theme, refreshes expired
 * tokens by itself). Its script is loaded from Cloudflare only when this component mounts, i.e.
 * only when the server is configured for Turnstile and a gated page is open. The token it
 * produces goes to `onToken`; the server checks it with siteverify (hostname and the
 * `verify-human` action).
 */
import { useEffect, useRef } from 'react'
import { TURNSTILE_ACTION } from '../../../contract/botcheck.ts'

export const TURNSTILE_SCRIPT_URL = 'https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit'

/** The part of Cloudflare's `window.turnstile` this component uses. */
interface TurnstileApi {
  render(container: HTMLElement, options: Record<string, unknown>): string | undefined
  remove(widgetId: string): void
}

declare global {
  interface Window {
    turnstile?: TurnstileApi
  }
}

let loading: Promise<TurnstileApi> | undefined

/** Adds Cloudflare's script once; resolves with `window.turnstile`. A failed load can be retried. */
function loadTurnstile(): Promise<TurnstileApi> {
  loading ??= new Promise<TurnstileApi>((resolve, reject) => {
    if (window.turnstile) return resolve(window.turnstile)
    const script = document.createElement('script')
    script.src = TURNSTILE_SCRIPT_URL
    script.async = true
    script.onload = () => (window.turnstile ? resolve(window.turnstile) : reject(new Error('Turnstile loaded without window.turnstile')))
    script.onerror = () => {
      script.remove()
      reject(new Error('The Turnstile script could not be loaded'))
    }
    document.head.append(script)
  }).catch((error: unknown) => {
    loading = undefined
    throw error
  })
  return loading
}

export interface TurnstileWidgetProps {
  readonly siteKey: string
  readonly onToken: (token: string) => void
  readonly onError: (error: unknown) => void
}

export function TurnstileWidget({ siteKey, onToken, onError }: TurnstileWidgetProps) {
  const container = useRef<HTMLDivElement>(null)
  const callbacks = useRef({ onToken, onError })
  callbacks.current = { onToken, onError }

  useEffect(() => {
    let alive = true
    let widgetId: string | undefined
    let api: TurnstileApi | undefined
    loadTurnstile().then(
      (loaded) => {
        if (!alive || container.current === null) return
        api = loaded
        widgetId = loaded.render(container.current, {
          sitekey: siteKey,
          action: TURNSTILE_ACTION,
          theme: 'light',
          'refresh-expired': 'auto',
          callback: (token: string) => callbacks.current.onToken(token),
          'error-callback': (code: unknown) => {
            callbacks.current.onError(new Error(`Turnstile error ${String(code)}`))
            // Handled: the gate retries with a fresh widget.
            return true
          },
        })
      },
      (error: unknown) => alive && callbacks.current.onError(error),
    )
    return () => {
      alive = false
      if (api && widgetId !== undefined) api.remove(widgetId)
    }
  }, [siteKey])

  return <div ref={container} />
}
