/** The preferences machine's browser side (machines/preferences; SPEC §3 Notification preferences, §8 toasts). */
import { useActorRef } from '@xstate/react'
import { fromPromise } from 'xstate'
import { PREFERENCES_SAVED, PREFERENCES_SAVE_FAILED, preferencesMachine } from '../../machines/preferences/preferences.machine.ts'
import { useApi } from './api.tsx'
import { useOutcomeToasts } from './outcomes.ts'

/** A preferences actor for the page's lifetime: load, save, and the SPEC §8 toasts. */
export function usePreferencesActor() {
  const api = useApi()
  const actor = useActorRef(
    preferencesMachine.provide({
      actors: {
        loadPreferences: fromPromise(() => api.notificationPreferences()),
        savePreferences: fromPromise(({ input }) => api.saveNotificationPreferences(input)),
      },
    }),
  )
  useOutcomeToasts(actor, { 'preferences.saved': ['success', PREFERENCES_SAVED], 'preferences.saveFailed': ['error', PREFERENCES_SAVE_FAILED] })
  return actor
}
