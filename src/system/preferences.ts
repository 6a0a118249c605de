/** The preferences machine's browser side (machines/preferences; SPEC §3 Notification preferences, §8 toasts). */
import { useActorRef } from '@xstate/react'
import { fromPromise } from 'xstate'
import { localized } from '../../contract/messages.ts'
import { preferencesMachine } from '../../machines/preferences/preferences.machine.ts'
import { preferencesMessages as m } from '../../machines/preferences/preferences.messages.ts'
import { useApi } from './api.tsx'
import { useEmitted } from './outcomes.ts'
import { useOptionalAuthActor } from './react.tsx'
import { useToastsActor } from './toasts.tsx'

/** A preferences actor for the page's lifetime: load, save, the SPEC §8 toasts, and a new quiet hours zone verified into the session. */
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
  // The SPEC §8 toasts (PREFERENCES_SAVED, PREFERENCES_SAVE_FAILED), in the reader's language.
  const toasts = useToastsActor()
  const auth = useOptionalAuthActor()
  useEmitted(actor, {
    'preferences.saved': () => {
      toasts.send({ type: 'toast.show', toastType: 'success', message: localized(m.saved) })
      // The quiet hours' zone is the person's time zone (dates app-wide): a new one is verified and applied.
      const zone = actor.getSnapshot().context.confirmed.quiet_hours?.timezone ?? null
      if (auth && zone !== (auth.getSnapshot().context.user?.time_zone ?? null)) auth.send({ type: 'auth.verify', userInitiated: false })
    },
    'preferences.saveFailed': () => toasts.send({ type: 'toast.show', toastType: 'error', message: localized(m.saveFailed) }),
  })
  return actor
}
