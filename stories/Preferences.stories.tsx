import type { Meta, StoryObj } from '@storybook/react-vite'
import { createActor } from 'xstate'
import { DEFAULT_PREFERENCES } from '../contract/notifications.ts'
import { toastsMachine } from '../machines/toasts/toasts.machine.ts'
import { NotificationSettingsPage } from '../src/pages/NotificationSettingsPage.tsx'
import type { Endpoints } from '../src/api/endpoints.ts'
import { ApiProvider } from '../src/system/api.tsx'
import { ToastsActorProvider } from '../src/system/toasts.tsx'
import { ToastRegion } from '../src/ui/ToastRegion.tsx'

/** SPEC §3 Notification preferences, §8: the page in each state, through a stub API. */
const meta: Meta = { title: 'Notifications/Preferences' }
export default meta

function withApi(api: Partial<Endpoints>): StoryObj {
  return {
    render: () => (
      <ApiProvider api={api as Endpoints}>
        <ToastsActorProvider actor={createActor(toastsMachine).start()}>
          <div style={{ padding: 24 }}>
            <NotificationSettingsPage />
          </div>
          <ToastRegion />
        </ToastsActorProvider>
      </ApiProvider>
    ),
  }
}

const never = <T,>() => new Promise<T>(() => {})

/** `loading`: the switches wait for the server. */
export const Loading = withApi({ notificationPreferences: never })
/** `editing` with the server's preferences. */
export const Editing = withApi({
  notificationPreferences: async () => ({ ...DEFAULT_PREFERENCES, push_enabled: false }),
  saveNotificationPreferences: async (p) => p,
})
/** `editing` with the defaults, because loading failed (SPEC §8). */
export const DefaultsAfterLoadFailure = withApi({ notificationPreferences: async () => Promise.reject(new Error('offline')) })
/** `saving`: the button is busy until the server answers. */
export const Saving = withApi({ notificationPreferences: async () => DEFAULT_PREFERENCES, saveNotificationPreferences: never })
