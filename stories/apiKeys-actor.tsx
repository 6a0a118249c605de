/**
 * Story helper: an apiKeys actor started from a saved state (`resolveState`), its calls never
 * answering, so a story shows exactly that state (Developers/API keys, Developers/Page).
 */
import { type StateValue, createActor, fromPromise } from 'xstate'
import type { ApiKeyItem, CreatedApiKey } from '../contract/developers.ts'
import { adminAccess, threeKeys } from '../machines/apiKeys/apiKeys.fixtures.ts'
import { type ApiKeysContext, apiKeysMachine } from '../machines/apiKeys/apiKeys.machine.ts'
import type { ApiKeyDraft } from '../machines/apiKeys/apiKeys.rules.ts'

const pending = <T,>() => new Promise<T>(() => {})
const defaults: ApiKeysContext = {
  access: adminAccess,
  keys: threeKeys,
  loadError: null,
  draft: { name: '', permissionSet: null, expiryDays: 90 },
  fieldErrors: {},
  formError: null,
  created: null,
  targetId: null,
  removed: null,
  error: null,
}

/** An actor of the machine in `value` with `context` over the defaults, its calls never answering. */
export function apiKeysActorIn(value: StateValue, context: Partial<ApiKeysContext> = {}) {
  const machine = apiKeysMachine.provide({
    actors: {
      loadKeys: fromPromise(() => pending<ReadonlyArray<ApiKeyItem>>()),
      createKey: fromPromise<CreatedApiKey, ApiKeyDraft>(() => pending()),
      revokeKey: fromPromise<void, { id: string }>(() => pending()),
    },
  })
  const full = { ...defaults, ...context }
  return createActor(machine, { input: { access: full.access }, snapshot: machine.resolveState({ value, context: full }) }).start()
}

