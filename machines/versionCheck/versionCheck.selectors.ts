/** Narrow reads of the version check for the update prompt (SPEC §2.3, §4 Version check). */
import type { SnapshotFrom } from 'xstate'
import type { VersionCheckMachine } from './versionCheck.machine.ts'

export type VersionCheckSnapshot = SnapshotFrom<VersionCheckMachine>

/** What the update prompt shows: nothing, the offer, or the update under way. */
export type UpdatePromptState = 'hidden' | 'offered' | 'updating'

export function selectUpdatePrompt(s: VersionCheckSnapshot): UpdatePromptState {
  if (s.matches('available')) return 'offered'
  if (s.matches('updating') || s.matches('activating') || s.matches('reloading')) return 'updating'
  return 'hidden'
}

/** The version the prompt offers, or null. */
export function selectAvailableVersion(s: VersionCheckSnapshot): string | null {
  return s.context.availableVersion
}
