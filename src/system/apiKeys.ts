/**
 * The apiKeys machine's browser side (machines/apiKeys): its HTTP actors on
 * `/organizations/api-keys` (the create call's expiry turned into a date at the moment it is sent),
 * what the person may do followed from the permissions actor, and its outcomes as toasts. The
 * secret never leaves the machine: the toasts name the key only.
 */
import { useActorRef } from '@xstate/react'
import { fromCallback, fromPromise } from 'xstate'
import { can } from '../../contract/permissions.ts'
import type { ApiKeysEvent } from '../../machines/apiKeys/apiKeys.machine.ts'
import { apiKeysMachine } from '../../machines/apiKeys/apiKeys.machine.ts'
import { apiKeysMessages } from '../../machines/apiKeys/apiKeys.messages.ts'
import { type ApiKeysAccess, grantableSets, toCreateRequest } from '../../machines/apiKeys/apiKeys.rules.ts'
import { type PermissionsSnapshot, selectPermissionSets, selectPermissions } from '../../machines/permissions/permissions.selectors.ts'
import type { Endpoints } from '../api/endpoints.ts'
import { useTranslator } from '../i18n/react.tsx'
import { useApi } from './api.tsx'
import { useOutcomeToasts } from './outcomes.ts'
import { usePermissionsActor } from './react.tsx'

/** The part of the permissions actor the tab follows (structural, for tests and stories). */
export interface PermissionsSource {
  getSnapshot(): PermissionsSnapshot
  subscribe(observer: (s: PermissionsSnapshot) => void): { unsubscribe(): void }
}

/** What the person may do on the API keys tab, from a permissions snapshot (API_KEYS create and delete; the sets they may give). */
export function apiKeysAccessOf(s: PermissionsSnapshot): ApiKeysAccess {
  const held = selectPermissions(s)
  return { mayCreate: can(held, 'API_KEYS', 'CREATE'), mayRevoke: can(held, 'API_KEYS', 'DELETE'), grantable: grantableSets(selectPermissionSets(s), held) }
}

/** `watchAccess` over a permissions actor: reports `apiKeys.accessChanged` at start and whenever what it allows changes. */
export function watchApiKeysAccess(permissions: PermissionsSource) {
  return fromCallback<ApiKeysEvent>(({ sendBack }) => {
    let last = ''
    const report = (s: PermissionsSnapshot) => {
      const access = apiKeysAccessOf(s)
      const key = JSON.stringify(access)
      if (key === last) return
      last = key
      sendBack({ type: 'apiKeys.accessChanged', access })
    }
    report(permissions.getSnapshot())
    const sub = permissions.subscribe(report)
    return () => sub.unsubscribe()
  })
}

/**
 * The apiKeys machine with its HTTP actors, following `permissions` when given. `now` (ms since
 * the epoch) is when a create call is sent: its expiry counts from then.
 */
export function browserApiKeys(api: Endpoints, permissions?: PermissionsSource, now: () => number = Date.now) {
  return apiKeysMachine.provide({
    actors: {
      ...(permissions ? { watchAccess: watchApiKeysAccess(permissions) } : {}),
      loadKeys: fromPromise(() => api.apiKeys.list()),
      createKey: fromPromise(({ input }) => api.apiKeys.create(toCreateRequest(input, now()))),
      revokeKey: fromPromise(({ input }) => api.apiKeys.revoke(input.id)),
    },
  })
}

/** An apiKeys actor for the Developers page's lifetime (a new one, and a new list, each visit). */
export function useApiKeysActor() {
  const api = useApi()
  const permissions = usePermissionsActor()
  const actor = useActorRef(browserApiKeys(api, permissions), { input: { access: apiKeysAccessOf(permissions.getSnapshot()) } })
  const { t } = useTranslator()
  useOutcomeToasts(actor, {
    'apiKeys.created': ['success', (e) => t(apiKeysMessages.createdToast, { name: e.key.name })],
    'apiKeys.revoked': ['success', (e) => t(apiKeysMessages.revokedToast, { name: e.key.name })],
  })
  return actor
}
