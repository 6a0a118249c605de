/**
 * Selectors over the apiKeys snapshot (the Developers page's API keys tab and its stories): the
 * status, the list, which dialog shows, the create form and its messages, the secret while it is
 * shown, and what the person may do.
 */
import type { SnapshotFrom } from 'xstate'
import type { ApiKeyItem, CreatedApiKey } from '../../contract/developers.ts'
import type { DisplayText } from '../../contract/messages.ts'
import type { ApiKeyField, ApiKeysMachine } from './apiKeys.machine.ts'
import type { ApiKeyDraft, ApiKeysAccess } from './apiKeys.rules.ts'

export type ApiKeysSnapshot = SnapshotFrom<ApiKeysMachine>

/** The tab's body: a placeholder, the failure with 'Try again', the empty state, or the list. */
export type ApiKeysStatus = 'loading' | 'failed' | 'empty' | 'list'

export function selectApiKeysStatus(s: ApiKeysSnapshot): ApiKeysStatus {
  if (s.matches('loading')) return 'loading'
  if (s.matches('failed')) return 'failed'
  return (s.context.keys?.length ?? 0) === 0 ? 'empty' : 'list'
}

/** The create dialog's step, or null when it is closed. */
export type CreateStep = 'editing' | 'submitting' | 'showingSecret'

export function selectCreateStep(s: ApiKeysSnapshot): CreateStep | null {
  for (const step of ['editing', 'submitting', 'showingSecret'] as const) {
    if (s.matches({ ready: { creating: step } })) return step
  }
  return null
}

/** The revoke confirmation's step, or null when it is closed. */
export function selectRevokeStep(s: ApiKeysSnapshot): 'confirming' | 'revoking' | null {
  if (s.matches({ ready: 'confirmingRevoke' })) return 'confirming'
  if (s.matches({ ready: 'revoking' })) return 'revoking'
  return null
}

const none: ReadonlyArray<ApiKeyItem> = []
export const selectApiKeys = (s: ApiKeysSnapshot): ReadonlyArray<ApiKeyItem> => s.context.keys ?? none
export const selectApiKeysLoadError = (s: ApiKeysSnapshot): DisplayText | null => s.context.loadError
export const selectApiKeysError = (s: ApiKeysSnapshot): DisplayText | null => s.context.error
export const selectAccess = (s: ApiKeysSnapshot): ApiKeysAccess => s.context.access
export const selectDraft = (s: ApiKeysSnapshot): ApiKeyDraft => s.context.draft
export const selectFieldError = (field: ApiKeyField) => (s: ApiKeysSnapshot): string | null => s.context.fieldErrors[field] ?? null
export const selectFormError = (s: ApiKeysSnapshot): DisplayText | null => s.context.formError
/** The key just created and its secret, only while the dialog shows them. */
export const selectCreated = (s: ApiKeysSnapshot): CreatedApiKey | null => (selectCreateStep(s) === 'showingSecret' ? s.context.created : null)

/** The key the revoke confirmation names (kept while it is out of the list). */
export const selectRevokeTarget = (s: ApiKeysSnapshot): ApiKeyItem | null =>
  s.context.removed?.key ?? s.context.keys?.find((k) => k.id === s.context.targetId) ?? null

/** A call is in flight or a dialog is open: the list's own buttons wait. */
export const selectIsBusy = (s: ApiKeysSnapshot): boolean => !s.matches({ ready: 'idle' })
