/**
 * Passkeys: registering, listing, signing in and reverifying with one (contract/passkeys.ts).
 * Loaded with the first of these calls (src/api/endpoints.ts); each returns the contract-decoded
 * response or rejects with `ApiError`.
 */
import { type PasskeyAssertionRequest, passkeysApi, type RegisterPasskeyRequest } from '../../../contract/passkeys.ts'
import type { Call } from '../call.ts'

/** The passkey calls over `call` (src/api/call.ts). */
export function passkeysCalls(call: Call) {
  return {
    /** Passkeys (contract/passkeys.ts, docs/api.md "Passkeys"): each ceremony is options, then the browser's answer with its `challenge_id`. */
    passkeys: {
      /** `GET /users/me/passkeys`: newest first. */
      list: async () => (await call(passkeysApi.list)).passkeys,
      /** `POST /users/me/passkeys/options`: the prompt to create one; 409 at the limit. */
      registrationOptions: async () => call(passkeysApi.registrationOptions, { body: {} }),
      /** `POST /users/me/passkeys` {challenge_id, name, response}: 201 the new passkey; 400 (name at its field, an expired prompt), 409 already registered. */
      register: async (body: RegisterPasskeyRequest) => call(passkeysApi.register, { body }),
      /** `PATCH /users/me/passkeys/{id}` {name}: the renamed passkey; 404 when not the caller's. */
      rename: async (id: string, name: string) => call(passkeysApi.rename, { params: { id }, body: { name } }),
      /** `DELETE /users/me/passkeys/{id}`: 204; 403 `reverification_required`, 404 when not the caller's. */
      remove: async (id: string) => call(passkeysApi.remove, { params: { id } }),
      /** `POST /users/signin/passkey/options` (public): a discoverable prompt. */
      signInOptions: async () => call(passkeysApi.signInOptions, { body: {} }),
      /** `POST /users/signin/passkey` (public) {challenge_id, response}: answered like sign-in; 401 `invalid_credentials`. */
      signIn: async (body: PasskeyAssertionRequest) => call(passkeysApi.signIn, { body }),
      /** `POST /users/me/reverification/passkey/options`: a prompt for one of the caller's passkeys; 404 without any. */
      reverificationOptions: async () => call(passkeysApi.reverificationOptions, { body: {} }),
      /** `POST /users/me/reverification/passkey` {challenge_id, response}: this session may make sensitive changes until `verified_until`. */
      reverify: async (body: PasskeyAssertionRequest) => call(passkeysApi.reverify, { body }),
    },
  }
}
