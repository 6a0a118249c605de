/**
 * Single sign-on: the workspace's connection and signing in through it (contract/sso.ts). Loaded
 * with the first of these calls (src/api/endpoints.ts); each returns the contract-decoded response
 * or rejects with `ApiError`.
 */
import {
  type SsoCallbackRequest,
  type SsoLinkPasskeyOptionsRequest,
  type SsoLinkPasskeyRequest,
  type SsoLinkRequest,
  type SsoSettingsInput,
  type SsoStartRequest,
  type SsoTestRequest,
  ssoApi,
} from '../../../contract/sso.ts'
import type { Call } from '../call.ts'

/** The single sign-on calls over `call` (src/api/call.ts). */
export function ssoCalls(call: Call) {
  return {
    /** Single sign-on (docs/api.md "Single sign-on"): the workspace's connection, and signing in through it (public). */
    sso: {
      /** `GET /organizations/sso`: the connection (never its secret); ORGANIZATIONS update. */
      settings: async () => call(ssoApi.settings),
      /** `PUT /organizations/sso`: 403 `reverification_required` without a recent factor; 409 for a domain another workspace has. */
      save: async (body: SsoSettingsInput) => call(ssoApi.save, { body }),
      /** `DELETE /organizations/sso`: 204; reverification as for saving; 404 without a connection. */
      remove: async () => call(ssoApi.remove),
      /** `POST /organizations/sso/test`: discovery against the issuer; 502 with a clear message when it fails. */
      test: async (body: SsoTestRequest) => call(ssoApi.test, { body }),
      /** `POST /users/sso/start`: the provider's authorization URL; 404 when no workspace has the email's domain. */
      start: async (body: SsoStartRequest) => call(ssoApi.start, { body }),
      /** `POST /users/sso/callback`: tokens, or that the account must be proved first (`link_required`). */
      callback: async (body: SsoCallbackRequest) => call(ssoApi.callback, { body }),
      /** `POST /users/sso/link`: the account's password (and code) proves it; then tokens. */
      link: async (body: SsoLinkRequest) => call(ssoApi.link, { body }),
      /** `POST /users/sso/link/passkey/options`: the prompt for one of the waiting account's own passkeys; 404 when it has none. */
      linkPasskeyOptions: async (body: SsoLinkPasskeyOptionsRequest) => call(ssoApi.linkPasskeyOptions, { body }),
      /** `POST /users/sso/link/passkey`: an assertion with one of its passkeys proves the account; then tokens. */
      linkPasskey: async (body: SsoLinkPasskeyRequest) => call(ssoApi.linkPasskey, { body }),
    },
  }
}
