/**
 * What the settings tab reads from the push permission actor (SPEC.md §4 Push permission). The
 * texts are ours: the spec names the states, not their wording.
 */
import type { SnapshotFrom } from 'xstate'
import { type LocalizedText, localized } from '../../contract/messages.ts'
import type { PushDevice } from '../../contract/push.ts'
import type { PushPermissionMachine } from './pushPermission.machine.ts'
import { pushSettingsMessages } from './pushPermission.messages.ts'

type Snapshot = SnapshotFrom<PushPermissionMachine>

export const PushStatuses = ['inactive', 'unsupported', 'default', 'requesting', 'denied', 'granted', 'subscribing', 'subscribed', 'unsubscribing', 'forgetting'] as const
export type PushStatus = (typeof PushStatuses)[number]

/** The permission region's state as one word. */
export function selectPushStatus(s: Snapshot): PushStatus {
  const value = (s.value as { permission: string | { supported: string } }).permission
  if (typeof value === 'string') return value === 'start' ? 'inactive' : (value as PushStatus)
  return value.supported as PushStatus
}

/** What the settings say about push in each state (pushPermission.messages.ts). */
export const PUSH_TEXT = pushSettingsMessages

/** The sentence describing push on this device, in the reader's language. */
export function selectPushMessage(s: Snapshot): LocalizedText {
  const status = selectPushStatus(s)
  switch (status) {
    case 'inactive':
    case 'unsupported':
      return localized(PUSH_TEXT.unsupported)
    case 'default':
      return localized(PUSH_TEXT.available)
    case 'granted':
      if (s.context.error !== null) return localized(PUSH_TEXT.failed, { reason: s.context.error })
      return localized(s.context.optedOut ? PUSH_TEXT.off : PUSH_TEXT.available)
    default:
      return localized(PUSH_TEXT[status])
  }
}

/** Whether "Turn on push notifications" applies (permission can still be asked, or is granted but not subscribed). */
export const selectCanEnable = (s: Snapshot) => ['default', 'granted'].includes(selectPushStatus(s))
/** Whether "Turn off push notifications" applies. */
export const selectCanDisable = (s: Snapshot) => selectPushStatus(s) === 'subscribed'
/** A status change in flight (buttons wait). */
export const selectPushBusy = (s: Snapshot) => ['requesting', 'subscribing', 'unsubscribing', 'forgetting'].includes(selectPushStatus(s))
/** "Send test notification" needs granted permission (the local fallback too). */
export const selectCanTest = (s: Snapshot) => s.context.permission === 'granted' && s.context.supported !== null
export const selectTestSending = (s: Snapshot) => s.matches({ test: 'sending' })
export const selectLastTest = (s: Snapshot) => s.context.lastTest
export const selectDevices = (s: Snapshot): ReadonlyArray<PushDevice> | null => s.context.devices
export const selectDevicesFailed = (s: Snapshot) => s.context.devicesFailed
export const selectDeviceId = (s: Snapshot) => s.context.deviceId
/**
 * Whether push reaches this person on some device: this one is subscribed, or the device list
 * (this person's subscriptions in the workspace) names one. Until then a per-category push choice
 * would change nothing, so the preference matrix's Push column waits.
 */
export const selectPushReachesYou = (s: Snapshot) => selectPushStatus(s) === 'subscribed' || (s.context.devices?.length ?? 0) > 0
