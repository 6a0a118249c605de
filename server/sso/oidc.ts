/**
 * The relying party's side of OpenID Connect (openid-client v6): discovery with a short timeout
 * and a small cache, the authorization URL (authorization code + PKCE S256, `state`, `nonce`) and
 * the code exchange with the ID token validated (signature, `iss`, `aud`, `exp`, `nonce`; the
 * `state` and, when the provider sends it, RFC 9207 `iss` of the response).
 *
 * Plain http is allowed only for a loopback issuer (contract/sso.ts `isIssuerUrl`: a provider on
 * this machine, like the embedded demo provider); every other issuer is https.
 */
import { createHash } from 'node:crypto'
import * as client from 'openid-client'
import { ErrorCode } from '../../contract/api.ts'
import { ApiError } from '../http/errors.ts'

/** How long discovery and the token request may take, seconds. */
export const OIDC_TIMEOUT_S = 5
/** How long a discovered configuration is reused, ms. */
const DISCOVERY_CACHE_MS = 10 * 60_000
/** The scopes asked of every provider: the subject, the email and a display name. */
export const OIDC_SCOPES = 'openid email profile'

/** Whether `issuer` is an http URL (allowed by the contract only on loopback hosts). */
const isPlainHttp = (issuer: string) => issuer.startsWith('http:')

/** Why a provider could not be used, worded for the person testing or signing in. */
export type ProviderProblem = 'timeout' | 'unreachable' | 'not_oidc'

/** What went wrong talking to the provider, from what openid-client or fetch threw. */
export function providerProblem(error: unknown): ProviderProblem {
  const name = (error as { name?: unknown } | null)?.name
  if (name === 'TimeoutError' || name === 'AbortError') return 'timeout'
  // fetch's network failures (refused, DNS, TLS) are TypeErrors with a cause.
  if (name === 'TypeError') return 'unreachable'
  return 'not_oidc'
}

/**
 * The 502 for a provider that cannot be used, its message saying which of the three it was.
 * `issuer` is the admin's own setting, shown as text.
 */
export function providerUnavailable(issuer: string, problem: ProviderProblem): ApiError {
  const messages: Record<ProviderProblem, string> = {
    timeout: `The identity provider at ${issuer} did not answer within ${OIDC_TIMEOUT_S} seconds.`,
    unreachable: `The identity provider at ${issuer} could not be reached.`,
    not_oidc: `${issuer} did not answer as an OpenID Connect provider (its /.well-known/openid-configuration).`,
  }
  return new ApiError(502, ErrorCode.internal, messages[problem])
}

/** The client side of one connection. */
export interface OidcClientSettings {
  readonly issuer: string
  readonly clientId: string
  readonly clientSecret: string
}

/** Discovery and the flow's two steps, over a cache of discovered configurations. */
export interface OidcClient {
  /**
   * Discovers `issuer` (no client credentials used): what 'Test connection' runs.
   * @throws ApiError 502 when the provider cannot be reached or is not an OpenID Connect provider.
   */
  test(issuer: string): Promise<{ issuer: string; authorizationEndpoint: string }>
  /**
   * The authorization URL for one attempt.
   * @throws ApiError 502 as {@link OidcClient.test}.
   */
  authorizationUrl(settings: OidcClientSettings, attempt: { redirectUri: string; state: string; nonce: string; codeVerifier: string; loginHint: string }): Promise<URL>
  /**
   * Exchanges the code of `callbackUrl` (the redirect URI with the provider's query) and validates
   * the ID token; resolves with its claims.
   * @throws ApiError 502 as above; 401 `invalid_credentials` when the answer does not verify
   *   (state, nonce, PKCE, signature, audience, issuer, an error from the token endpoint).
   */
  exchange(settings: OidcClientSettings, callbackUrl: URL, checks: { state: string; nonce: string; codeVerifier: string }): Promise<client.IDToken>
}

/** @param now clock, ms since the epoch (the cache's). */
export function createOidcClient(now: () => number = Date.now): OidcClient {
  const cache = new Map<string, { config: Promise<client.Configuration>; at: number }>()

  const discover = (settings: OidcClientSettings): Promise<client.Configuration> => {
    const key = [settings.issuer, settings.clientId, createHash('sha256').update(settings.clientSecret).digest('base64url')].join('\n')
    const hit = cache.get(key)
    if (hit !== undefined && now() - hit.at < DISCOVERY_CACHE_MS) return hit.config
    const config = client
      .discovery(new URL(settings.issuer), settings.clientId, undefined, client.ClientSecretBasic(settings.clientSecret), {
        timeout: OIDC_TIMEOUT_S,
        execute: isPlainHttp(settings.issuer) ? [client.allowInsecureRequests] : [],
      })
      .catch((error: unknown) => {
        cache.delete(key)
        throw providerUnavailable(settings.issuer, providerProblem(error))
      })
    if (cache.size > 200) cache.clear()
    cache.set(key, { config, at: now() })
    return config
  }

  return {
    async test(issuer) {
      // Uncached, and without the connection's credentials: what the provider says now.
      const config = await client
        .discovery(new URL(issuer), 'engage-connection-test', undefined, client.None(), {
          timeout: OIDC_TIMEOUT_S,
          execute: isPlainHttp(issuer) ? [client.allowInsecureRequests] : [],
        })
        .catch((error: unknown) => {
          throw providerUnavailable(issuer, providerProblem(error))
        })
      const metadata = config.serverMetadata()
      return { issuer: metadata.issuer, authorizationEndpoint: metadata.authorization_endpoint ?? '' }
    },

    async authorizationUrl(settings, attempt) {
      const config = await discover(settings)
      return client.buildAuthorizationUrl(config, {
        redirect_uri: attempt.redirectUri,
        scope: OIDC_SCOPES,
        response_type: 'code',
        state: attempt.state,
        nonce: attempt.nonce,
        code_challenge: await client.calculatePKCECodeChallenge(attempt.codeVerifier),
        code_challenge_method: 'S256',
        login_hint: attempt.loginHint,
      })
    },

    async exchange(settings, callbackUrl, checks) {
      const config = await discover(settings)
      try {
        const tokens = await client.authorizationCodeGrant(config, callbackUrl, {
          expectedState: checks.state,
          expectedNonce: checks.nonce,
          pkceCodeVerifier: checks.codeVerifier,
          idTokenExpected: true,
        })
        const claims = tokens.claims()
        if (claims === undefined) throw new Error('no ID token')
        return claims
      } catch (error) {
        const problem = providerProblem(error)
        if (problem !== 'not_oidc') throw providerUnavailable(settings.issuer, problem)
        throw new ApiError(401, ErrorCode.invalidCredentials, "The identity provider's answer could not be verified. Start single sign-on again.")
      }
    },
  }
}
