/**
 * The bot-check adapter on the browser side (SPEC.md §2.6): one component for whichever provider
 * the server named, reporting a token or an error to the gate. Neither provider's code is in the
 * initial bundle: ALTCHA's web component is imported when its widget mounts, Turnstile's script
 * is added when its widget mounts.
 */
import type { GateProvider } from '../../../machines/verificationGate/verificationGate.machine.ts'
import { AltchaWidget } from './AltchaWidget.tsx'
import { TurnstileWidget } from './TurnstileWidget.tsx'

export interface BotCheckWidgetProps {
  readonly provider: GateProvider
  /** Absolute URL of `GET /users/bot-check/challenge` (ALTCHA only). */
  readonly challengeUrl: string
  readonly onToken: (token: string) => void
  readonly onError: (error: unknown) => void
}

export function BotCheckWidget({ provider, challengeUrl, onToken, onError }: BotCheckWidgetProps) {
  if (provider.kind === 'turnstile') return <TurnstileWidget siteKey={provider.siteKey} onToken={onToken} onError={onError} />
  return <AltchaWidget challengeUrl={challengeUrl} onToken={onToken} onError={onError} />
}

/** Where the API is, as src/main.tsx computes it (VITE_API_BASE_URL, default `/api` on this origin). */
export function apiUrl(path: string): string {
  const base = new URL(import.meta.env.VITE_API_BASE_URL ?? '/api', window.location.origin).href.replace(/\/$/, '')
  return `${base}${path}`
}
