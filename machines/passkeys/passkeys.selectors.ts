/**
 * Selectors over the passkeys snapshot (the Security tab's Passkeys section and its stories):
 * the status, the list, which form shows, its messages, and how a passkey's kind and times read.
 */
import type { SnapshotFrom } from 'xstate'
import type { DisplayText } from '../../contract/messages.ts'
import type { PasskeyDeviceType, PasskeyItem } from '../../contract/passkeys.ts'
import type { PasskeysMachine } from './passkeys.machine.ts'

export type PasskeysSnapshot = SnapshotFrom<PasskeysMachine>

export type PasskeysStatus = 'loading' | 'failed' | 'ready'

export function selectPasskeysStatus(s: PasskeysSnapshot): PasskeysStatus {
  if (s.matches('loading')) return 'loading'
  if (s.matches('failed')) return 'failed'
  return 'ready'
}

/** What the section shows under its heading. */
export type PasskeysView = 'list' | 'naming' | 'prompting' | 'saving' | 'renaming' | 'savingName' | 'confirmingDelete' | 'deleting'

export function selectPasskeysView(s: PasskeysSnapshot): PasskeysView {
  for (const view of ['naming', 'prompting', 'saving', 'renaming', 'savingName', 'confirmingDelete', 'deleting'] as const) {
    if (s.matches({ ready: view })) return view
  }
  return 'list'
}

export const selectPasskeysLoadError = (s: PasskeysSnapshot): DisplayText | null => s.context.loadError
export const selectSupported = (s: PasskeysSnapshot): boolean => s.context.supported
export const selectDraftName = (s: PasskeysSnapshot): string => s.context.draftName
export const selectNameError = (s: PasskeysSnapshot): string | null => s.context.nameError
export const selectPasskeysError = (s: PasskeysSnapshot): DisplayText | null => s.context.error
export const selectPasskeysNotice = (s: PasskeysSnapshot): DisplayText | null => s.context.notice

const none: ReadonlyArray<PasskeyItem> = []
export const selectPasskeys = (s: PasskeysSnapshot): ReadonlyArray<PasskeyItem> => s.context.passkeys ?? none

/** The passkey being renamed or deleted. */
export const selectTarget = (s: PasskeysSnapshot): PasskeyItem | null => s.context.passkeys?.find((p) => p.id === s.context.targetId) ?? null

/** A call is in flight: every other action waits. */
export const selectIsBusy = (s: PasskeysSnapshot): boolean => ['prompting', 'saving', 'savingName', 'deleting'].includes(selectPasskeysView(s))

/** How a passkey's kind reads: synced by a password manager, or bound to one authenticator. */
export const DEVICE_TYPE_LABELS: Readonly<Record<PasskeyDeviceType, string>> = { multiDevice: 'Synced passkey', singleDevice: 'This device only' }
