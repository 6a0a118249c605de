import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent, waitFor, within } from 'storybook/test'
import { createActor } from 'xstate'
import { DEFAULT_PREFERENCES } from '../contract/notifications.ts'
import { PREFERENCES_ROLLED_BACK, PREFERENCES_SAVE_DELAY_MS } from '../machines/preferences/preferences.machine.ts'
import { QUIET_HOURS_EXPLAINED, QUIET_HOURS_SAME_TIMES } from '../machines/preferences/quietHours.ts'
import { IN_APP_ALWAYS_ON } from '../src/pages/preferences/PreferenceMatrix.tsx'
import { toastsMachine } from '../machines/toasts/toasts.machine.ts'
import { NotificationSettingsPage } from '../src/pages/NotificationSettingsPage.tsx'
import type { Endpoints } from '../src/api/endpoints.ts'
import { ApiProvider } from '../src/system/api.tsx'
import { ToastsActorProvider } from '../src/system/toasts.tsx'
import { ToastRegion } from '../src/ui/ToastRegion.tsx'
import { http, HttpResponse } from 'msw'
import type { NotificationPreferences } from '../contract/notifications.ts'
import { API, httpApi } from './http-api.ts'
import { ENGLISH } from '../src/i18n/catalogue.ts'
import { createTranslator } from '../src/i18n/translator.ts'

/**
 * SPEC §3 Notification preferences, §8, with our channel matrix and quiet hours: the page in each state,
 * through a stub API. `Phone` shows the matrix and quiet hours at 390 px (cards, no sideways scroll).
 */
/** The texts as an English reader sees them. */
const english = createTranslator(ENGLISH)

const meta: Meta = { title: 'Machines/preferences' }
export default meta

/** A story over a stub API; `state` is where the real machine settles with it (stories/machine-states.ts). */
function withApi(api: Partial<Endpoints>, state: 'loading' | 'idle' | 'pending' | 'saving' | 'saved' | 'reloading', width?: number): StoryObj {
  return {
    parameters: { machineState: { machine: 'preferences', state } },
    render: () => (
      <ApiProvider api={api as Endpoints}>
        <ToastsActorProvider actor={createActor(toastsMachine).start()}>
          <div style={{ padding: width === undefined ? 24 : 0, width, boxSizing: 'border-box' }}>
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
/**
 * `idle` with the server's preferences, push off under Delivery: the Push column of the matrix
 * waits (its boxes disabled and unticked, their saved values kept) and a note says why. No Save button: each control
 * saves on change.
 */
export const Editing: StoryObj = {
  ...withApi(
    {
      notificationPreferences: async () => ({ ...DEFAULT_PREFERENCES, push_enabled: false }),
      saveNotificationPreferences: async (p) => p,
    },
    'idle',
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const push = await canvas.findByRole('checkbox', { name: 'Push for New messages and replies' })
    await expect(push).toBeDisabled()
    // Nothing is sent while it waits: unticked, its saved choice kept for when push is back on.
    await expect(push).not.toBeChecked()
    await expect(canvasElement.querySelector('[data-channel="push"]')).toHaveTextContent(/Browser push notifications are off/)
    await expect(canvas.getByRole('checkbox', { name: 'Email for New messages and replies' })).toBeEnabled()
  },
}

/** The matrix with the email master switch off: the Email column waits and says why. */
export const EmailMasterOff: StoryObj = {
  ...withApi({ notificationPreferences: async () => ({ ...DEFAULT_PREFERENCES, email_enabled: false }), saveNotificationPreferences: async (p) => p }, 'idle'),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const email = await canvas.findByRole('checkbox', { name: 'Email for Team Activity' })
    await expect(email).toBeDisabled()
    await expect(canvasElement.querySelector('[data-channel="email"]')).toHaveTextContent(/Email notifications are off/)
    await expect(canvas.getByRole('checkbox', { name: 'Push for Team Activity' })).toBeEnabled()
  },
}

/**
 * A category off (Marketing & News, off by default, its email box cleared before): its
 * boxes wait, unticked, with their values kept; In-app stays ticked and says why; each category says what it covers.
 */
export const CategoryOff: StoryObj = {
  ...withApi(
    {
      notificationPreferences: async () => ({
        ...DEFAULT_PREFERENCES,
        categories: DEFAULT_PREFERENCES.categories.map((c) => (c.id === 'marketing' ? { ...c, channels: { push: true, email: false } } : c)),
      }),
      saveNotificationPreferences: async (p) => p,
    },
    'idle',
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const email = await canvas.findByRole('checkbox', { name: 'Email for Marketing & News' })
    await expect(email).toBeDisabled()
    await expect(email).not.toBeChecked()
    await expect(canvas.getByRole('checkbox', { name: 'Push for Marketing & News' })).not.toBeChecked()
    const inApp = canvas.getByRole('checkbox', { name: 'In-app for Marketing & News' })
    await expect(inApp).toBeChecked()
    await expect(inApp).toBeDisabled()
    await expect(inApp).toHaveAccessibleDescription(english.t(IN_APP_ALWAYS_ON))
    await expect(canvas.getByRole('switch', { name: 'New messages and replies' })).toHaveAccessibleDescription(/Covers: Messages$/)
  },
}

/** Preferences stored before the matrix (no `channels`) show both channels on. */
export const StoredBeforeTheMatrix: StoryObj = {
  ...withApi(
    {
      notificationPreferences: async () => ({ ...DEFAULT_PREFERENCES, categories: DEFAULT_PREFERENCES.categories.map(({ channels: _, ...c }) => c) }),
      saveNotificationPreferences: async (p) => p,
    },
    'idle',
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(await canvas.findByRole('checkbox', { name: 'Push for System Updates' })).toBeChecked()
    await expect(canvas.getByRole('checkbox', { name: 'Email for System Updates' })).toBeChecked()
  },
}

/** Quiet hours on, 22:00 to 07:00 in Berlin, with the one line that says what they hold back. */
export const QuietHoursOn: StoryObj = {
  ...withApi(
    {
      notificationPreferences: async () => ({
        ...DEFAULT_PREFERENCES,
        quiet_hours: { enabled: true, start: '22:00', end: '07:00', timezone: 'Europe/Berlin' },
      }),
      saveNotificationPreferences: async (p) => p,
    },
    'idle',
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const quiet = await canvas.findByRole('switch', { name: 'Quiet hours' })
    await waitFor(() => expect(quiet).toBeEnabled())
    await expect(quiet).toBeChecked()
    await expect(quiet).toHaveAccessibleDescription(english.t(QUIET_HOURS_EXPLAINED))
    await expect(canvas.getByRole('combobox', { name: 'Time zone' })).toHaveValue('Europe/Berlin')
    await expect(canvas.getByRole('button', { name: /^22:00 Start/ })).toBeEnabled()
  },
}

/** End set to Start: the field error shows under End and nothing is saved (the machine stays `idle`). */
export const QuietHoursFieldError: StoryObj = {
  ...withApi(
    {
      notificationPreferences: async () => ({ ...DEFAULT_PREFERENCES, quiet_hours: { enabled: true, start: '22:00', end: '07:00', timezone: 'UTC' } }),
      saveNotificationPreferences: async (p) => {
        quietSaves.push(p)
        return p
      },
    },
    'idle',
  ),
  play: async ({ canvasElement }) => {
    quietSaves.length = 0
    const canvas = within(canvasElement)
    const end = await canvas.findByRole('button', { name: /^07:00 End/ })
    await waitFor(() => expect(end).toBeEnabled())
    await userEvent.click(end)
    await userEvent.click(await within(document.body).findByRole('option', { name: '22:00' }))
    await expect(await canvas.findByText(QUIET_HOURS_SAME_TIMES)).toBeVisible()
    await new Promise((r) => setTimeout(r, PREFERENCES_SAVE_DELAY_MS + 100))
    await expect(quietSaves).toEqual([])
  },
}

/** At 390 px: each category is a card with its three boxes named beside them, quiet hours below; nothing scrolls sideways. */
export const Phone: StoryObj = {
  ...withApi(
    {
      notificationPreferences: async () => ({
        ...DEFAULT_PREFERENCES,
        email_enabled: false,
        quiet_hours: { enabled: true, start: '22:00', end: '07:00', timezone: 'UTC' },
      }),
      saveNotificationPreferences: async (p) => p,
    },
    'idle',
    390,
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await canvas.findByRole('checkbox', { name: 'Email for Payments & Billing' })
    const page = canvasElement.querySelector('section')!
    await expect(page.scrollWidth).toBeLessThanOrEqual(390)
    for (const el of canvasElement.querySelectorAll('table, input, button')) await expect(el.getBoundingClientRect().right).toBeLessThanOrEqual(391)
  },
}
const quietSaves: NotificationPreferences[] = []

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
/** Interaction (ends saved): switched on again, the category gets its saved choice back. */
export const CategoryOnAgain: StoryObj = {
  ...CategoryOff,
  parameters: { ...CategoryOff.parameters, machineState: { machine: 'preferences', state: 'saved' } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.click(await canvas.findByRole('switch', { name: 'Marketing & News' }))
    await expect(canvas.getByRole('checkbox', { name: 'Push for Marketing & News' })).toBeChecked()
    await expect(canvas.getByRole('checkbox', { name: 'Email for Marketing & News' })).not.toBeChecked()
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
    await expect(await canvas.findByText(english.text(PREFERENCES_ROLLED_BACK))).toBeVisible()
    await expect(email).toBeChecked()
  },
}

/** The bodies the SaveOverHttp story's server received. */
const saved: NotificationPreferences[] = []
