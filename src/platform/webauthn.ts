/**
 * The browser's WebAuthn (passkeys), through @simplewebauthn/browser: whether the browser has it,
 * whether it offers passkeys in autofill (conditional mediation), and the two prompts. Loaded on
 * demand: the library is only fetched when a passkey is listed, added or used.
 */
import type { AuthenticationResponseJSON, PublicKeyCredentialCreationOptionsJSON, PublicKeyCredentialRequestOptionsJSON, RegistrationResponseJSON } from '@simplewebauthn/browser'

const library = () => import('@simplewebauthn/browser')

/** Whether this browser has WebAuthn at all (`window.PublicKeyCredential`). */
export function webAuthnSupported(): boolean {
  return typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function'
}

/**
 * Where passkeys work when this page was opened at a loopback IP address (`npm start`'s
 * http://127.0.0.1:3000): browsers refuse an IP address as a passkey's site, so the server names
 * the site `localhost` (server/auth/webauthn.ts) and this is the same page there. Null
 * anywhere else.
 */
export function passkeyLocalhostUrl(location: Pick<Location, 'protocol' | 'hostname' | 'port' | 'pathname' | 'search'> = window.location): string | null {
  if (location.hostname !== '127.0.0.1' && location.hostname !== '[::1]') return null
  return `${location.protocol}//localhost${location.port === '' ? '' : `:${location.port}`}${location.pathname}${location.search}`
}

/** Whether passkeys can be used on this page: WebAuthn, and an address that is not a loopback IP. */
export function passkeysUsableHere(): boolean {
  return webAuthnSupported() && passkeyLocalhostUrl() === null
}

/** Whether the browser offers passkeys in an `autocomplete="… webauthn"` field's suggestions. */
export async function conditionalMediationAvailable(): Promise<boolean> {
  if (!passkeysUsableHere()) return false
  const check = (window.PublicKeyCredential as unknown as { isConditionalMediationAvailable?: () => Promise<boolean> }).isConditionalMediationAvailable
  return typeof check === 'function' ? check.call(window.PublicKeyCredential).catch(() => false) : false
}

/** The browser's prompt to create a passkey. Rejects with the browser's error (`NotAllowedError` when closed). */
export async function createPasskey(options: unknown): Promise<RegistrationResponseJSON> {
  return (await library()).startRegistration({ optionsJSON: options as PublicKeyCredentialCreationOptionsJSON })
}

/**
 * The browser's prompt to use a passkey: modal, or (`autofill`) in the suggestions of the page's
 * `autocomplete="username webauthn"` field until one is picked or {@link cancelPasskeyPrompt}.
 */
export async function assertPasskey(options: unknown, autofill = false): Promise<AuthenticationResponseJSON> {
  return (await library()).startAuthentication({ optionsJSON: options as PublicKeyCredentialRequestOptionsJSON, useBrowserAutofill: autofill })
}

/** Ends the prompt under way (an autofill one when the page is left). */
export async function cancelPasskeyPrompt(): Promise<void> {
  ;(await library()).WebAuthnAbortService.cancelCeremony()
}
