/**
 * Contract-shaped passkeys for the passkeys machine's tests and the Security stories: a synced
 * passkey used yesterday, a security key never used, and the answer of a browser prompt.
 */
import type { PasskeyItem } from '../../contract/passkeys.ts'
import type { PromptedPasskey } from './passkeys.machine.ts'

export const syncedPasskey: PasskeyItem = {
  id: 'pk-icloud',
  name: 'iCloud Keychain',
  created_at: '2026-11-02T09:15:00.000Z',
  last_used_at: '2026-11-24T18:40:00.000Z',
  device_type: 'multiDevice',
  backed_up: true,
}

export const securityKey: PasskeyItem = {
  id: 'pk-yubikey',
  name: 'YubiKey 5',
  created_at: '2026-10-20T08:00:00.000Z',
  last_used_at: null,
  device_type: 'singleDevice',
  backed_up: false,
}

/** Newest first, as the server lists them. */
export const twoPasskeys: ReadonlyArray<PasskeyItem> = [syncedPasskey, securityKey]

/** The passkey the prompt below adds. */
export const newPasskey: PasskeyItem = {
  id: 'pk-new',
  name: 'Work laptop',
  created_at: '2026-11-25T11:00:00.000Z',
  last_used_at: null,
  device_type: 'singleDevice',
  backed_up: false,
}

/** What the browser's prompt answers (the shape `startRegistration` resolves with). */
export const prompted: PromptedPasskey = {
  challengeId: 'c'.repeat(43),
  response: {
    id: 'Y3JlZA',
    rawId: 'Y3JlZA',
    type: 'public-key',
    response: { clientDataJSON: 'e30', attestationObject: 'oA', transports: ['internal'] },
    clientExtensionResults: {},
  },
}

/** A DOMException-like refusal of the browser's prompt. */
export const promptError = (name: string, message = `${name} from the browser`) => Object.assign(new Error(message), { name })
