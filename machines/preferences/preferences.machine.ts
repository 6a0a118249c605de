/**
 * Notification preferences form (SPEC.md §3 Notification preferences; §8: 'Preferences saved
 * successfully', 'Failed to update preferences' then reload, defaults when loading fails).
 *
 *   loading ──▶ editing (server's preferences, or the defaults when loading fails)
 *   editing ──preferences.save──▶ saving ──▶ editing (emits `preferences.saved`)
 *                                      └──▶ loading (emits `preferences.saveFailed`; reloads)
 */
import { assign, emit, fromPromise, setup } from 'xstate'
import { DEFAULT_PREFERENCES, type NotificationPreferences } from '../../contract/notifications.ts'

export interface PreferencesContext {
  readonly preferences: NotificationPreferences
  /** True when the shown values are the defaults because loading failed. */
  readonly usingDefaults: boolean
}

export type PreferencesEvent =
  | { type: 'preferences.togglePush' }
  | { type: 'preferences.toggleEmail' }
  | { type: 'preferences.toggleCategory'; id: string }
  | { type: 'preferences.save' }

export type PreferencesEmitted = { type: 'preferences.saved' } | { type: 'preferences.saveFailed' }

/** SPEC §8 messages, verbatim. */
export const PREFERENCES_SAVED = 'Preferences saved successfully'
export const PREFERENCES_SAVE_FAILED = 'Failed to update preferences'

export const preferencesMachine = setup({
  types: {
    context: {} as PreferencesContext,
    events: {} as PreferencesEvent,
    emitted: {} as PreferencesEmitted,
  },
  actors: {
    /** GET /common-services/notifications/preferences. Implemented by the page. */
    loadPreferences: fromPromise<NotificationPreferences, void>(async () => {
      throw new Error('loadPreferences is provided by the page')
    }),
    /** PUT /common-services/notifications/preferences. Implemented by the page. */
    savePreferences: fromPromise<NotificationPreferences, NotificationPreferences>(async () => {
      throw new Error('savePreferences is provided by the page')
    }),
  },
  actions: {
    assignPreferences: assign((_, params: { preferences: NotificationPreferences; usingDefaults: boolean }) => params),
    update: assign(({ context }, params: { change: (p: NotificationPreferences) => NotificationPreferences }) => ({
      preferences: params.change(context.preferences),
    })),
  },
}).createMachine({
  id: 'preferences',
  context: { preferences: DEFAULT_PREFERENCES, usingDefaults: false },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadPreferences',
        src: 'loadPreferences',
        onDone: { target: 'editing', actions: { type: 'assignPreferences', params: ({ event }) => ({ preferences: event.output, usingDefaults: false }) } },
        onError: { target: 'editing', actions: { type: 'assignPreferences', params: { preferences: DEFAULT_PREFERENCES, usingDefaults: true } } },
      },
    },
    editing: {
      on: {
        'preferences.togglePush': { actions: { type: 'update', params: { change: (p) => ({ ...p, push_enabled: !p.push_enabled }) } } },
        'preferences.toggleEmail': { actions: { type: 'update', params: { change: (p) => ({ ...p, email_enabled: !p.email_enabled }) } } },
        'preferences.toggleCategory': {
          actions: {
            type: 'update',
            params: ({ event }) => ({
              change: (p: NotificationPreferences) => ({ ...p, categories: p.categories.map((c) => (c.id === event.id ? { ...c, enabled: !c.enabled } : c)) }),
            }),
          },
        },
        'preferences.save': 'saving',
      },
    },
    saving: {
      invoke: {
        id: 'savePreferences',
        src: 'savePreferences',
        input: ({ context }) => context.preferences,
        onDone: {
          target: 'editing',
          actions: [{ type: 'assignPreferences', params: ({ event }) => ({ preferences: event.output, usingDefaults: false }) }, emit({ type: 'preferences.saved' as const })],
        },
        // SPEC §8: toast, then reload what the server holds.
        onError: { target: 'loading', actions: emit({ type: 'preferences.saveFailed' as const }) },
      },
    },
  },
})

export type PreferencesMachine = typeof preferencesMachine
