/**
 * Notification preferences form (SPEC.md §3 Notification preferences; §8: 'Preferences saved
 * successfully', 'Failed to update preferences' then reload, defaults when loading fails).
 *
 * Issue #16: each switch saves on change, with no button. A change is shown at once (optimistic),
 * waits `saveDelay` for more changes (debounced: three quick flips are one PUT), then is saved;
 * the page shows 'Saving…' and then 'Saved' beside the section that changed. A refused save puts
 * back what the server last confirmed (rollback), says so in plain language beside the section,
 * emits the SPEC §8 toast and reloads the server's preferences.
 *
 *   loading ──▶ idle (server's preferences, or the defaults when loading fails)
 *   idle / saved ──preferences.toggle*──▶ pending ──(saveDelay)──▶ saving ──▶ saved    (emits `preferences.saved`)
 *   pending ──preferences.toggle*──▶ pending (the wait starts over)
 *   saving ──preferences.toggle*──▶ saving (marked changed) ──▶ pending (saved again after the wait)
 *   saving ──(refused)──▶ reloading (rolled back, emits `preferences.saveFailed`) ──▶ idle
 */
import { assign, emit, fromPromise, setup } from 'xstate'
import { DEFAULT_PREFERENCES, type NotificationPreferences } from '../../contract/notifications.ts'

/** Which block of switches a change belongs to: the 'Saved' mark shows beside it. */
export type PreferencesSection = 'delivery' | 'categories'

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
  readonly error: string | null
}

export type PreferencesEvent =
  | { type: 'preferences.togglePush' }
  | { type: 'preferences.toggleEmail' }
  | { type: 'preferences.toggleCategory'; id: string }

export type PreferencesEmitted = { type: 'preferences.saved' } | { type: 'preferences.saveFailed' }

/** SPEC §8 messages, verbatim. */
export const PREFERENCES_SAVED = 'Preferences saved successfully'
export const PREFERENCES_SAVE_FAILED = 'Failed to update preferences'
/** Beside the section after a refused save (ours, issue #16). */
export const PREFERENCES_ROLLED_BACK = 'Your change could not be saved, so it was undone. Check your connection and try again.'
/** How long a change waits for more before it is saved (ms, issue #16). */
export const PREFERENCES_SAVE_DELAY_MS = 600

const change = (apply: (p: NotificationPreferences) => NotificationPreferences, section: PreferencesSection) =>
  ({ type: 'applyChange', params: { apply, section } }) as const

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
  },
  actions: {
    assignLoaded: assign((_, params: { preferences: NotificationPreferences; usingDefaults: boolean }) => ({
      preferences: params.preferences,
      confirmed: params.preferences,
      usingDefaults: params.usingDefaults,
    })),
    /** Optimistic: the switch moves at once; the error of a previous save goes. */
    applyChange: assign(({ context }, params: { apply: (p: NotificationPreferences) => NotificationPreferences; section: PreferencesSection }) => ({
      preferences: params.apply(context.preferences),
      section: params.section,
      error: null,
    })),
    markChangedWhileSaving: assign({ changedWhileSaving: true }),
    /** The server's answer is what is shown, unless the person changed more meanwhile. */
    assignSaved: assign(({ context }, params: { preferences: NotificationPreferences }) => ({
      confirmed: params.preferences,
      preferences: context.changedWhileSaving ? context.preferences : params.preferences,
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
  context: { preferences: DEFAULT_PREFERENCES, confirmed: DEFAULT_PREFERENCES, usingDefaults: false, section: null, changedWhileSaving: false, error: null },
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
    idle: {
      on: {
        'preferences.togglePush': { target: 'pending', actions: change((p) => ({ ...p, push_enabled: !p.push_enabled }), 'delivery') },
        'preferences.toggleEmail': { target: 'pending', actions: change((p) => ({ ...p, email_enabled: !p.email_enabled }), 'delivery') },
        'preferences.toggleCategory': { target: 'pending', actions: toggleCategory() },
      },
    },
    // A change is on screen and waits for more before it is sent.
    pending: {
      after: { saveDelay: 'saving' },
      on: {
        'preferences.togglePush': { target: 'pending', reenter: true, actions: change((p) => ({ ...p, push_enabled: !p.push_enabled }), 'delivery') },
        'preferences.toggleEmail': { target: 'pending', reenter: true, actions: change((p) => ({ ...p, email_enabled: !p.email_enabled }), 'delivery') },
        'preferences.toggleCategory': { target: 'pending', reenter: true, actions: toggleCategory() },
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
      on: {
        'preferences.togglePush': { actions: [change((p) => ({ ...p, push_enabled: !p.push_enabled }), 'delivery'), 'markChangedWhileSaving'] },
        'preferences.toggleEmail': { actions: [change((p) => ({ ...p, email_enabled: !p.email_enabled }), 'delivery'), 'markChangedWhileSaving'] },
        'preferences.toggleCategory': { actions: [toggleCategory(), 'markChangedWhileSaving'] },
      },
    },
    // The last change is stored: 'Saved' shows until the next one.
    saved: {
      on: {
        'preferences.togglePush': { target: 'pending', actions: change((p) => ({ ...p, push_enabled: !p.push_enabled }), 'delivery') },
        'preferences.toggleEmail': { target: 'pending', actions: change((p) => ({ ...p, email_enabled: !p.email_enabled }), 'delivery') },
        'preferences.toggleCategory': { target: 'pending', actions: toggleCategory() },
      },
    },
    // After a refused save: the switches show the rollback and wait for the server's own copy.
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

/** The `applyChange` of `preferences.toggleCategory`: flips the category the event names. */
function toggleCategory() {
  return {
    type: 'applyChange',
    params: ({ event }: { event: PreferencesEvent }) => ({
      apply: (p: NotificationPreferences) => ({
        ...p,
        categories: p.categories.map((c) => (event.type === 'preferences.toggleCategory' && c.id === event.id ? { ...c, enabled: !c.enabled } : c)),
      }),
      section: 'categories' as const,
    }),
  } as const
}
