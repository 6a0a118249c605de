/**
 * Notification preferences form (SPEC.md §3 Notification preferences; §8: 'Preferences saved
 * successfully', 'Failed to update preferences' then reload, defaults when loading fails).
 *
 * Each switch saves on change, with no button. A change is shown at once (optimistic),
 * waits `saveDelay` for more changes (debounced: three quick flips are one PUT), then is saved;
 * the page shows 'Saving…' and then 'Saved' beside the section that changed. A refused save puts
 * back what the server last confirmed (rollback), says so in plain language beside the section,
 * emits the SPEC §8 toast and reloads the server's preferences.
 *
 * The category × channel matrix (`preferences.toggleChannel`: a category's push or
 * email box) and the quiet hours editor (`preferences.setQuietHours`: the whole quiet hours
 * object) go through the same flow. Preferences stored before the matrix (categories without
 * `channels`) are shown and saved as both channels on. Quiet hours the contract refuses, or with
 * start = end, are not applied or saved: they stay on screen as `quietHoursDraft` with their
 * `quietHoursErrors` until a valid value replaces them.
 *
 *   loading ──▶ idle (server's preferences, or the defaults when loading fails)
 *   idle / saved ──change──▶ pending ──(saveDelay)──▶ saving ──▶ saved    (emits `preferences.saved`)
 *   pending ──change──▶ pending (the wait starts over)
 *   saving ──change──▶ saving (marked changed) ──▶ pending (saved again after the wait)
 *   saving ──(refused)──▶ reloading (rolled back, emits `preferences.saveFailed`) ──▶ idle
 *   any of idle, pending, saving, saved ──setQuietHours (invalid)──▶ same state (draft + errors, nothing saved)
 *
 * A change is any of `preferences.togglePush`, `toggleEmail`, `toggleCategory`, `toggleChannel`
 * and a valid `setQuietHours`.
 */
import { assign, emit, fromPromise, setup } from 'xstate'
import {
  DEFAULT_PREFERENCES,
  type NotificationPreferences,
  type PreferenceCategory,
  type PreferenceChannel,
  type QuietHours,
} from '../../contract/notifications.ts'
import { type DisplayText, type LocalizedText, localized } from '../../contract/messages.ts'
import { preferencesMessages } from './preferences.messages.ts'
import { type QuietHoursErrors, isValidQuietHours, validateQuietHours } from './quietHours.ts'

/** Which block of controls a change belongs to: the 'Saved' mark shows beside it. */
export type PreferencesSection = 'delivery' | 'categories' | 'quietHours'

export interface PreferencesContext {
  readonly preferences: NotificationPreferences
  /** What the server last confirmed (loaded or saved): the rollback target. */
  readonly confirmed: NotificationPreferences
  /** True when the shown values are the defaults because loading failed. */
  readonly usingDefaults: boolean
  /** The section of the latest change, for the inline 'Saving…' / 'Saved' / error; null before any. */
  readonly section: PreferencesSection | null
  /** A change arrived while a save was on its way: save again once it answers. */
  readonly changedWhileSaving: boolean
  /** The plain-language error of the last refused save; cleared by the next change. */
  readonly error: DisplayText | null
  /** Quiet hours the person chose that may not be saved (shown instead of the saved ones); null when none. */
  readonly quietHoursDraft: QuietHours | null
  /** The field errors of `quietHoursDraft` (empty when there is no draft). */
  readonly quietHoursErrors: QuietHoursErrors
}

export type PreferencesEvent =
  | { type: 'preferences.togglePush' }
  | { type: 'preferences.toggleEmail' }
  | { type: 'preferences.toggleCategory'; id: string }
  /** One cell of the matrix, a category's push or email box. */
  | { type: 'preferences.toggleChannel'; id: string; channel: PreferenceChannel }
  /** The quiet hours editor's whole value after any of its fields changed. */
  | { type: 'preferences.setQuietHours'; quietHours: QuietHours }

export type PreferencesEmitted = { type: 'preferences.saved' } | { type: 'preferences.saveFailed' }

/** SPEC §8 messages, verbatim (English; the toasts show `preferencesMessages.saved` and `.saveFailed`). */
export const PREFERENCES_SAVED = 'Preferences saved successfully'
export const PREFERENCES_SAVE_FAILED = 'Failed to update preferences'
/** Beside the section after a refused save (ours). */
export const PREFERENCES_ROLLED_BACK: LocalizedText = localized(preferencesMessages.rolledBack)
/** How long a change waits for more before it is saved (ms). */
export const PREFERENCES_SAVE_DELAY_MS = 600

/** A category's channels, both on when it predates the matrix (`channels` absent). */
export function channelsOf(category: PreferenceCategory): NonNullable<PreferenceCategory['channels']> {
  return category.channels ?? { push: true, email: true }
}

/** `preferences` with every category's `channels` filled in (absent means both on). */
export function withChannels(preferences: NotificationPreferences): NotificationPreferences {
  if (preferences.categories.every((c) => c.channels !== undefined)) return preferences
  return { ...preferences, categories: preferences.categories.map((c) => ({ ...c, channels: channelsOf(c) })) }
}

/** What a change event does to the preferences, and the section it belongs to. */
function changeOf(event: PreferencesEvent): { apply: (p: NotificationPreferences) => NotificationPreferences; section: PreferencesSection } {
  switch (event.type) {
    case 'preferences.togglePush':
      return { apply: (p) => ({ ...p, push_enabled: !p.push_enabled }), section: 'delivery' }
    case 'preferences.toggleEmail':
      return { apply: (p) => ({ ...p, email_enabled: !p.email_enabled }), section: 'delivery' }
    case 'preferences.toggleCategory':
      return {
        apply: (p) => ({ ...p, categories: p.categories.map((c) => (c.id === event.id ? { ...c, enabled: !c.enabled } : c)) }),
        section: 'categories',
      }
    case 'preferences.toggleChannel':
      return {
        apply: (p) => ({
          ...p,
          categories: p.categories.map((c) => {
            if (c.id !== event.id) return c
            const channels = channelsOf(c)
            return { ...c, channels: { ...channels, [event.channel]: !channels[event.channel] } }
          }),
        }),
        section: 'categories',
      }
    case 'preferences.setQuietHours':
      return { apply: (p) => ({ ...p, quiet_hours: event.quietHours }), section: 'quietHours' }
  }
}

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
  guards: {
    hasChangedWhileSaving: ({ context }) => context.changedWhileSaving,
    /** The contract takes these quiet hours, and start ≠ end. */
    isValidQuietHours: ({ event }) => event.type === 'preferences.setQuietHours' && isValidQuietHours(event.quietHours),
  },
  actions: {
    assignLoaded: assign((_, params: { preferences: NotificationPreferences; usingDefaults: boolean }) => ({
      preferences: withChannels(params.preferences),
      confirmed: withChannels(params.preferences),
      usingDefaults: params.usingDefaults,
    })),
    /**
     * Optimistic: the control moves at once; the error of a previous save goes. Valid quiet hours
     * replace any draft (the editor shows them from the preferences again).
     */
    applyChange: assign(({ context, event }) => {
      const { apply, section } = changeOf(event)
      return {
        preferences: apply(context.preferences),
        section,
        error: null,
        ...(event.type === 'preferences.setQuietHours' ? { quietHoursDraft: null, quietHoursErrors: {} } : {}),
      }
    }),
    /** Quiet hours that may not be saved stay on screen with their field errors; nothing is sent. */
    assignQuietHoursDraft: assign(({ event }) =>
      event.type === 'preferences.setQuietHours' ? { quietHoursDraft: event.quietHours, quietHoursErrors: validateQuietHours(event.quietHours) } : {},
    ),
    markChangedWhileSaving: assign({ changedWhileSaving: true }),
    /** The server's answer is what is shown, unless the person changed more meanwhile. */
    assignSaved: assign(({ context }, params: { preferences: NotificationPreferences }) => ({
      confirmed: withChannels(params.preferences),
      preferences: context.changedWhileSaving ? context.preferences : withChannels(params.preferences),
      changedWhileSaving: false,
      usingDefaults: false,
    })),
    /** Rollback: back to what the server last confirmed, with a plain-language reason. */
    rollBack: assign(({ context }) => ({ preferences: context.confirmed, changedWhileSaving: false, error: PREFERENCES_ROLLED_BACK })),
    emitSaved: emit({ type: 'preferences.saved' as const }),
    emitSaveFailed: emit({ type: 'preferences.saveFailed' as const }),
  },
  delays: { saveDelay: PREFERENCES_SAVE_DELAY_MS },
}).createMachine({
  id: 'preferences',
  context: {
    preferences: DEFAULT_PREFERENCES,
    confirmed: DEFAULT_PREFERENCES,
    usingDefaults: false,
    section: null,
    changedWhileSaving: false,
    error: null,
    quietHoursDraft: null,
    quietHoursErrors: {},
  },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadPreferences',
        src: 'loadPreferences',
        onDone: { target: 'idle', actions: { type: 'assignLoaded', params: ({ event }) => ({ preferences: event.output, usingDefaults: false }) } },
        onError: { target: 'idle', actions: { type: 'assignLoaded', params: { preferences: DEFAULT_PREFERENCES, usingDefaults: true } } },
      },
    },
    // Every change goes on screen at once (optimistic) and waits in `pending` to be saved.
    idle: {
      on: {
        'preferences.togglePush': { target: 'pending', actions: 'applyChange' },
        'preferences.toggleEmail': { target: 'pending', actions: 'applyChange' },
        'preferences.toggleCategory': { target: 'pending', actions: 'applyChange' },
        'preferences.toggleChannel': { target: 'pending', actions: 'applyChange' },
        // Quiet hours the editor may not save become the draft, and the state stays.
        'preferences.setQuietHours': [{ guard: 'isValidQuietHours', target: 'pending', actions: 'applyChange' }, { actions: 'assignQuietHoursDraft' }],
      },
    },
    // A change is on screen and waits for more before it is sent.
    pending: {
      after: { saveDelay: 'saving' },
      // Re-entered, so the wait starts over.
      on: {
        'preferences.togglePush': { target: 'pending', reenter: true, actions: 'applyChange' },
        'preferences.toggleEmail': { target: 'pending', reenter: true, actions: 'applyChange' },
        'preferences.toggleCategory': { target: 'pending', reenter: true, actions: 'applyChange' },
        'preferences.toggleChannel': { target: 'pending', reenter: true, actions: 'applyChange' },
        'preferences.setQuietHours': [{ guard: 'isValidQuietHours', target: 'pending', reenter: true, actions: 'applyChange' }, { actions: 'assignQuietHoursDraft' }],
      },
    },
    saving: {
      invoke: {
        id: 'savePreferences',
        src: 'savePreferences',
        input: ({ context }) => context.preferences,
        onDone: [
          { guard: 'hasChangedWhileSaving', target: 'pending', actions: { type: 'assignSaved', params: ({ event }) => ({ preferences: event.output }) } },
          { target: 'saved', actions: [{ type: 'assignSaved', params: ({ event }) => ({ preferences: event.output }) }, 'emitSaved'] },
        ],
        // SPEC §8: toast, then reload what the server holds.
        onError: { target: 'reloading', actions: ['rollBack', 'emitSaveFailed'] },
      },
      // On screen at once, and marked to be saved again when this save answers.
      on: {
        'preferences.togglePush': { actions: ['applyChange', 'markChangedWhileSaving'] },
        'preferences.toggleEmail': { actions: ['applyChange', 'markChangedWhileSaving'] },
        'preferences.toggleCategory': { actions: ['applyChange', 'markChangedWhileSaving'] },
        'preferences.toggleChannel': { actions: ['applyChange', 'markChangedWhileSaving'] },
        'preferences.setQuietHours': [{ guard: 'isValidQuietHours', actions: ['applyChange', 'markChangedWhileSaving'] }, { actions: 'assignQuietHoursDraft' }],
      },
    },
    // The last change is stored: 'Saved' shows until the next one.
    saved: {
      on: {
        'preferences.togglePush': { target: 'pending', actions: 'applyChange' },
        'preferences.toggleEmail': { target: 'pending', actions: 'applyChange' },
        'preferences.toggleCategory': { target: 'pending', actions: 'applyChange' },
        'preferences.toggleChannel': { target: 'pending', actions: 'applyChange' },
        'preferences.setQuietHours': [{ guard: 'isValidQuietHours', target: 'pending', actions: 'applyChange' }, { actions: 'assignQuietHoursDraft' }],
      },
    },
    // After a refused save: the controls show the rollback and wait for the server's own copy.
    reloading: {
      invoke: {
        id: 'reloadPreferences',
        src: 'loadPreferences',
        onDone: { target: 'idle', actions: { type: 'assignLoaded', params: ({ event }) => ({ preferences: event.output, usingDefaults: false }) } },
        // Nothing better to show than the rollback already on screen.
        onError: 'idle',
      },
    },
  },
})

export type PreferencesMachine = typeof preferencesMachine
