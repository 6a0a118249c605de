/**
 * The passkey factor of 'Confirm it's you' in the browser: the server's prompt, the browser's
 * (SimpleWebAuthn, stubbed here: tests/e2e drives a real virtual authenticator for passkeys), and
 * the server's check of the answer.
 */
import { Schema } from 'effect'
import { describe, expect, it, vi } from 'vitest'
import type { ApiClient, Endpoint } from '../api/client.ts'
import { PASSKEY_BLOCKED_MESSAGE, PROMPT_CANCELLED_MESSAGE } from '../../machines/passkeys/passkeys.errors.ts'
import { browserHasPasskeys, reverifyWithPasskey } from './reverification.ts'

const startAuthentication = vi.hoisted(() => vi.fn())
vi.mock('@simplewebauthn/browser', () => ({ startAuthentication }))

const options = { challenge: 'Y2hhbGxlbmdl', rpId: 'localhost', userVerification: 'required' as const }
const answer = {
  id: 'Y3JlZA',
  rawId: 'Y3JlZA',
  type: 'public-key' as const,
  response: { clientDataJSON: 'e30', authenticatorData: 'YXV0aA', signature: 'c2ln' },
  clientExtensionResults: {},
}

/** A client that answers the two passkey calls and records them. */
function client() {
  const calls: Array<{ method: string; path: string; body?: unknown }> = []
  const request = async (endpoint: Endpoint<Schema.Top>) => {
    calls.push({ method: endpoint.method, path: endpoint.path, ...(endpoint.body === undefined ? {} : { body: endpoint.body }) })
    return endpoint.path.endsWith('/options') ? { challenge_id: 'c'.repeat(43), options } : { verified_until: '2026-12-01T10:10:00.000Z' }
  }
  return { calls, client: { request, download: async () => Promise.reject(new Error('no downloads')) } as unknown as ApiClient }
}

describe('reverifyWithPasskey', () => {
  it('Scenario: the server’s prompt goes to the browser, and its answer back with the challenge id', async () => {
    startAuthentication.mockResolvedValueOnce(answer)
    const c = client()
    await expect(reverifyWithPasskey(c.client)).resolves.toEqual({ verified_until: '2026-12-01T10:10:00.000Z' })
    expect(startAuthentication).toHaveBeenCalledWith({ optionsJSON: options })
    expect(c.calls).toEqual([
      { method: 'POST', path: '/users/me/reverification/passkey/options' },
      { method: 'POST', path: '/users/me/reverification/passkey', body: { challenge_id: 'c'.repeat(43), response: answer } },
    ])
  })

  it('Scenario: the person closes the browser’s prompt: a message for the dialog, and nothing sent to check', async () => {
    startAuthentication.mockRejectedValueOnce(new DOMException('The operation either timed out or was not allowed.', 'NotAllowedError'))
    const c = client()
    await expect(reverifyWithPasskey(c.client)).rejects.toMatchObject({ code: 'passkey_cancelled', display: PROMPT_CANCELLED_MESSAGE })
    expect(c.calls).toHaveLength(1)
    // A refusal the browser names says what it is, as on the passkey pages.
    startAuthentication.mockRejectedValueOnce(new DOMException('The relying party ID is not a registrable domain suffix.', 'SecurityError'))
    await expect(reverifyWithPasskey(client().client)).rejects.toMatchObject({ code: 'passkey_cancelled', display: PASSKEY_BLOCKED_MESSAGE })
  })

  it('Scenario: passkeys are offered only where the browser has WebAuthn', () => {
    expect(browserHasPasskeys({ PublicKeyCredential: class {} })).toBe(true)
    expect(browserHasPasskeys({})).toBe(false)
    expect(browserHasPasskeys(undefined)).toBe(false)
  })
})
