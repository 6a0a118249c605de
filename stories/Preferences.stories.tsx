import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent, waitFor, within } from 'storybook/test'
import { createActor } from 'xstate'
import { DEFAULT_PREFERENCES } from '../contract/notifications.ts'
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
function withApi(api: Partial<Endpoints>, state: 'loading' | 'editing' | 'saving'): StoryObj {
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

/** `loading`: the switches wait for the server. */
export const Loading = withApi({ notificationPreferences: never }, 'loading')
/** `editing` with the server's preferences. */
export const Editing = withApi({
  notificationPreferences: async () => ({ ...DEFAULT_PREFERENCES, push_enabled: false }),
  saveNotificationPreferences: async (p) => p,
}, 'editing')
/** `editing` with the defaults, because loading failed (SPEC §8). */
export const DefaultsAfterLoadFailure = withApi({ notificationPreferences: async () => Promise.reject(new Error('offline')) }, 'editing')
/** `saving`: the button is busy until the server answers (the play function presses Save: `editing` → `saving`). */
export const Saving: StoryObj = {
  ...withApi({ notificationPreferences: async () => DEFAULT_PREFERENCES, saveNotificationPreferences: never }, 'saving'),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.click(await canvas.findByRole('button', { name: 'Save preferences' }))
    await expect(await canvas.findByRole('button', { name: 'Saving…' })).toBeVisible()
    await expect(canvas.getByRole('switch', { name: /Email notifications/ })).toBeDisabled()
  },
}

/**
 * Over HTTP: the app's API client against Mock Service Worker (`parameters.msw.handlers`). The
 * play function turns email off and saves: `loading` → `editing` → `saving` → `editing`, the PUT
 * carries the change and the success toast shows (SPEC §8 'Preferences saved successfully').
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
    machineState: { machine: 'preferences', state: 'editing' },
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
    await userEvent.click(canvas.getByRole('button', { name: 'Save preferences' }))
    await expect(await canvas.findByText('Preferences saved successfully')).toBeVisible()
    await expect(saved.map((p) => p.email_enabled)).toEqual([false])
  },
}

/** The bodies the SaveOverHttp story's server received. */
const saved: NotificationPreferences[] = []
