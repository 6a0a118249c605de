import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent, waitFor, within } from 'storybook/test'
import { createActor } from 'xstate'
import { DEFAULT_PREFERENCES } from '../contract/notifications.ts'
import { PREFERENCES_ROLLED_BACK, PREFERENCES_SAVE_DELAY_MS } from '../machines/preferences/preferences.machine.ts'
import { toastsMachine } from '../machines/toasts/toasts.machine.ts'
import { NotificationSettingsPage } from '../src/pages/NotificationSettingsPage.tsx'
import type { Endpoints } from '../src/api/endpoints.ts'
import { ApiProvider } from '../src/system/api.tsx'
import { ToastsActorProvider } from '../src/system/toasts.tsx'
import { ToastRegion } from '../src/ui/ToastRegion.tsx'
import { http, HttpResponse } from 'msw'
import type { NotificationPreferences } from '../contract/notifications.ts'
import { API, httpApi } from './http-api.ts'

/** SPEC §3 Notification preferences, §8: the page in each state, through a stub API. */
const meta: Meta = { title: 'Notifications/Preferences' }
export default meta

/** A story over a stub API; `state` is where the real machine settles with it (stories/machine-states.ts). */
function withApi(api: Partial<Endpoints>, state: 'loading' | 'idle' | 'pending' | 'saving' | 'saved' | 'reloading'): StoryObj {
  return {
    parameters: { machineState: { machine: 'preferences', state } },
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

/** `loading`: skeletons until the server answers. */
export const Loading = withApi({ notificationPreferences: never }, 'loading')
/** `idle` with the server's preferences; no Save button: each switch saves on change (issue #16). */
export const Editing = withApi({
  notificationPreferences: async () => ({ ...DEFAULT_PREFERENCES, push_enabled: false }),
  saveNotificationPreferences: async (p) => p,
}, 'idle')
/** `idle` with the defaults, because loading failed (SPEC §8). */
export const DefaultsAfterLoadFailure = withApi({ notificationPreferences: async () => Promise.reject(new Error('offline')) }, 'idle')
/** `pending`: a flipped switch shows its new value and 'Saving…' while it waits for more changes. */
export const Pending: StoryObj = {
  ...withApi({ notificationPreferences: async () => DEFAULT_PREFERENCES, saveNotificationPreferences: never }, 'pending'),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const email = await canvas.findByRole('switch', { name: /Email notifications/ })
    await waitFor(() => expect(email).toBeEnabled())
    await userEvent.click(email)
    await expect(email).not.toBeChecked()
    await expect(canvas.getAllByRole('status').some((s) => s.textContent === 'Saving…')).toBe(true)
  },
}
/** `saving`: the PUT is on its way ('Saving…'); the switches stay usable. */
export const Saving: StoryObj = {
  ...withApi({ notificationPreferences: async () => DEFAULT_PREFERENCES, saveNotificationPreferences: never }, 'saving'),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const email = await canvas.findByRole('switch', { name: /Email notifications/ })
    await waitFor(() => expect(email).toBeEnabled())
    await userEvent.click(email)
    await new Promise((r) => setTimeout(r, PREFERENCES_SAVE_DELAY_MS + 100))
    await expect(canvas.getAllByRole('status').some((s) => s.textContent === 'Saving…')).toBe(true)
    await expect(email).toBeEnabled()
  },
}
/** `reloading`: the save was refused; the switch is back, the reason is beside the section, and the server's copy is reloaded. */
export const RolledBack: StoryObj = {
  ...withApi(
    {
      notificationPreferences: (() => {
        let calls = 0
        return () => (calls++ === 0 ? Promise.resolve(DEFAULT_PREFERENCES) : never<NotificationPreferences>())
      })(),
      saveNotificationPreferences: async () => Promise.reject(new Error('500')),
    },
    'reloading',
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const email = await canvas.findByRole('switch', { name: /Email notifications/ })
    await waitFor(() => expect(email).toBeEnabled())
    await userEvent.click(email)
    await expect(await canvas.findByText(PREFERENCES_ROLLED_BACK)).toBeVisible()
    await expect(email).toBeChecked()
  },
}

/**
 * `saved`, over HTTP: the app's API client against Mock Service Worker (`parameters.msw.handlers`).
 * The play function turns email off, and with no button pressed: `idle` → `pending` → `saving` →
 * `saved`, the PUT carries the change, 'Saved' shows beside Delivery and the SPEC §8 toast shows.
 */
export const SaveOverHttp: StoryObj = {
  render: () => (
    <ApiProvider api={httpApi()}>
      <ToastsActorProvider actor={createActor(toastsMachine).start()}>
        <div style={{ padding: 24 }}>
          <NotificationSettingsPage />
        </div>
        <ToastRegion />
      </ToastsActorProvider>
    </ApiProvider>
  ),
  parameters: {
    machineState: { machine: 'preferences', state: 'saved' },
    msw: {
      handlers: [
        http.get(`${API}/common-services/notifications/preferences`, () => HttpResponse.json({ preferences: DEFAULT_PREFERENCES })),
        http.put(`${API}/common-services/notifications/preferences`, async ({ request }) => {
          const preferences = (await request.json()) as NotificationPreferences
          saved.push(preferences)
          return HttpResponse.json({ preferences })
        }),
      ],
    },
  },
  play: async ({ canvasElement }) => {
    saved.length = 0
    const canvas = within(canvasElement)
    const email = await canvas.findByRole('switch', { name: /Email notifications/ })
    await waitFor(() => expect(email).toBeEnabled())
    await expect(email).toBeChecked()
    await userEvent.click(email)
    await expect(await canvas.findByText('Preferences saved successfully')).toBeVisible()
    await expect(await canvas.findByText('Saved')).toBeVisible()
    await expect(saved.map((p) => p.email_enabled)).toEqual([false])
  },
}

/** The bodies the SaveOverHttp story's server received. */
const saved: NotificationPreferences[] = []
