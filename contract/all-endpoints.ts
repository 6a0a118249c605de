/**
 * Every endpoint definition of the API, keyed `domain.name`: for the server's tests (the
 * registered routes against the contract) and for documents generated from the contract. The
 * browser never imports this module: it would pull the lazily loaded contracts into the boot.
 */
import type { AnyEndpoint } from './endpoint.ts'
import { accountApi } from './account.ts'
import { authApi } from './api.ts'
import { auditApi } from './audit.ts'
import { botCheckApi } from './botcheck.ts'
import { bugReportsApi } from './bugReports.ts'
import { apiKeysApi, notificationsPublicApi, webhooksApi } from './developers.ts'
import { notificationsApi } from './notifications.ts'
import { overviewApi } from './overview.ts'
import { permissionsApi } from './permissions.ts'
import { rolesApi, teamApi } from './team.ts'
import { passkeysApi } from './passkeys.ts'
import { profileApi } from './profile.ts'
import { pushApi } from './push.ts'
import { reverificationApi } from './reverification.ts'
import { sessionsApi } from './sessions.ts'
import { ssoApi } from './sso.ts'
import { twoFactorApi } from './twoFactor.ts'
import { uploadsApi } from './uploads.ts'
import { workspacesApi } from './workspaces.ts'

const domains: Readonly<Record<string, Readonly<Record<string, AnyEndpoint>>>> = {
  auth: authApi,
  botCheck: botCheckApi,
  workspaces: workspacesApi,
  permissions: permissionsApi,
  roles: rolesApi,
  team: teamApi,
  notifications: { ...notificationsApi, ...notificationsPublicApi },
  account: accountApi,
  profile: profileApi,
  sessions: sessionsApi,
  passkeys: passkeysApi,
  reverification: reverificationApi,
  push: pushApi,
  twoFactor: twoFactorApi,
  audit: auditApi,
  overview: overviewApi,
  uploads: uploadsApi,
  bugReports: bugReportsApi,
  sso: ssoApi,
  apiKeys: apiKeysApi,
  webhooks: webhooksApi,
}

/** `domain.name` → definition. */
export const allEndpoints: Readonly<Record<string, AnyEndpoint>> = Object.fromEntries(
  Object.entries(domains).flatMap(([domain, table]) => Object.entries(table).map(([name, definition]) => [`${domain}.${name}`, definition])),
)
