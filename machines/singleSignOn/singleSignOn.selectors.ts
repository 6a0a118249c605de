/**
 * Selectors over the singleSignOn snapshot, for Workspace Settings › Single sign-on and its
 * stories: which panel shows, the draft and its errors, the last test, and what is in flight.
 */
import type { SnapshotFrom } from 'xstate'
import type { DisplayText } from '../../contract/messages.ts'
import type { SingleSignOnDraft, SingleSignOnField, SingleSignOnMachine, SingleSignOnTest } from './singleSignOn.machine.ts'

export type SingleSignOnSnapshot = SnapshotFrom<SingleSignOnMachine>

export type SingleSignOnStatus = 'loading' | 'failed' | 'ready'

export function selectSsoStatus(s: SingleSignOnSnapshot): SingleSignOnStatus {
  if (s.matches('loading')) return 'loading'
  if (s.matches('failed')) return 'failed'
  return 'ready'
}

export const selectSsoLoadError = (s: SingleSignOnSnapshot): DisplayText | null => s.context.loadError
export const selectSsoDraft = (s: SingleSignOnSnapshot): SingleSignOnDraft => s.context.draft
export const selectSsoFormError = (s: SingleSignOnSnapshot): DisplayText | null => s.context.formError
export const selectSsoTest = (s: SingleSignOnSnapshot): SingleSignOnTest | null => s.context.test

/** The message under `field`, if any. */
export const selectSsoFieldError =
  (field: SingleSignOnField) =>
  (s: SingleSignOnSnapshot): string | null =>
    s.context.fieldErrors[field] ?? null

/** A connection is saved (the server's word, not the draft's). */
export const selectIsSsoConfigured = (s: SingleSignOnSnapshot): boolean => s.context.settings?.configured ?? false

/** A client secret is stored: the secret field may stay empty. */
export const selectHasClientSecret = (s: SingleSignOnSnapshot): boolean => s.context.settings?.has_client_secret ?? false

const noDomains: ReadonlyArray<string> = []
/** The domains as the server saved them. */
export const selectSavedDomains = (s: SingleSignOnSnapshot): ReadonlyArray<string> => s.context.settings?.domains ?? noDomains

/** Where the provider sends people back: to register at the provider. */
export const selectRedirectUri = (s: SingleSignOnSnapshot): string => s.context.settings?.redirect_uri ?? ''

export const selectIsSsoTesting = (s: SingleSignOnSnapshot): boolean => s.matches({ ready: 'testing' })
export const selectIsSsoSaving = (s: SingleSignOnSnapshot): boolean => s.matches({ ready: 'saving' })
export const selectIsSsoRemoving = (s: SingleSignOnSnapshot): boolean => s.matches({ ready: 'removing' })
export const selectIsSsoSaved = (s: SingleSignOnSnapshot): boolean => s.matches({ ready: 'saved' })
export const selectIsConfirmingSsoRemoval = (s: SingleSignOnSnapshot): boolean => s.matches({ ready: 'confirmingRemove' })

/** A call is in flight: the fields and buttons wait for it. */
export const selectIsSsoBusy = (s: SingleSignOnSnapshot): boolean => selectIsSsoTesting(s) || selectIsSsoSaving(s) || selectIsSsoRemoving(s)

/** 'Save' has something to send: the draft differs from what is saved. */
export const selectCanSaveSso = (s: SingleSignOnSnapshot): boolean => s.matches({ ready: 'editing' })
