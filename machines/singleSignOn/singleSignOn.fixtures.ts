/**
 * Contract-shaped single sign-on settings for the singleSignOn machine's tests and the Workspace
 * Settings stories: a workspace without a connection, and Acme connected to its provider.
 */
import type { SsoSettings, SsoTestResponse } from '../../contract/sso.ts'

export const REDIRECT_URI = 'https://engage.example/sso/callback'

export const notConfigured: SsoSettings = {
  configured: false,
  issuer: '',
  client_id: '',
  has_client_secret: false,
  domains: [],
  require_sso: false,
  redirect_uri: REDIRECT_URI,
}

export const acmeConnection: SsoSettings = {
  configured: true,
  issuer: 'https://login.acme.example',
  client_id: 'engage-acme',
  has_client_secret: true,
  domains: ['acme.test', 'acme-support.example'],
  require_sso: false,
  redirect_uri: REDIRECT_URI,
}

/** What discovery answers for Acme's provider. */
export const acmeDiscovery: SsoTestResponse = { issuer: 'https://login.acme.example', authorization_endpoint: 'https://login.acme.example/authorize' }
