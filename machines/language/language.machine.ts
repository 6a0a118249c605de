/**
 * The language machine: which language the app speaks, and switching it without a reload
 * (ours, beside SPEC §4's `language` storage key that the update prompt keeps).
 *
 *   ready ─ language.choose ─▶ loading ─ done ─▶ ready.saving ─▶ ready.idle   (note forgotten)
 *     ▲                          │  (catalogue fetched)      └──▶ ready.saveFailed  (note kept)
 *     └──────── error ───────────┘  (the language it had stays)
 *   ready.idle / ready.saveFailed ─ language.retrySave (the language spoken) ─▶ ready.saving
 *
 * - `language.choose`: the person picked a language (the Language field). Its catalogue loads;
 *   once it has, the app speaks it (`applyLanguage`: the `language` storage key, `<html lang dir>`)
 *   and it is saved on the person's account (`saveLanguage`; nothing to save when signed out).
 * - `language.adopt`: the account's saved language, seen at sign-in on this device: it applies the
 *   same way, but there is nothing to save.
 * - Choosing while a catalogue loads replaces the request: the last choice wins.
 * - A catalogue that fails to load leaves the language as it was, with `loadFailed` set for the
 *   field to say so; a save that fails keeps the language on this device (`ready.saveFailed`),
 *   and choosing it again retries the save.
 * - A failed save is noted on this device for the person (`noteUnsaved`), and a save that succeeds
 *   forgets their note (`forgetUnsaved`). `language.retrySave`: at the next verified sign-in of
 *   that person, their noted choice is the language spoken and is saved again instead of the
 *   account's older language being adopted (src/system/language.ts `adoptSavedLanguage`).
 *
 * Pure: loading, saving, applying and the note are declared here and provided by src/system/language.ts.
 */
import { assign, fromPromise, setup } from 'xstate'
import { type AppLocale, ENGLISH, type LoadedLanguage } from './languages.ts'

export interface LanguageInput {
  /** The language the first render speaks, already loaded (src/main.tsx waits for it). */
  readonly language: LoadedLanguage
}

export interface LanguageContext {
  /** The language the app speaks now. */
  readonly language: LoadedLanguage
  /** The language being loaded, or null. */
  readonly requested: AppLocale | null
  /** Whether the requested language is the person's own choice (to be saved on their account). */
  readonly save: boolean
  /** The last requested language failed to load (cleared by the next request). */
  readonly loadFailed: boolean
}

export type LanguageEvent =
  | { type: 'language.choose'; locale: AppLocale }
  | { type: 'language.adopt'; locale: AppLocale }
  /** Saves again a choice noted unsaved for the person signing in; only when `locale` is the language spoken. */
  | { type: 'language.retrySave'; locale: AppLocale }

export const DEFAULT_LANGUAGE_INPUT: LanguageInput = { language: ENGLISH }

export const languageMachine = setup({
  types: {
    input: {} as LanguageInput,
    context: {} as LanguageContext,
    events: {} as LanguageEvent,
  },
  actors: {
    /** Fetches a language's catalogue (src/i18n/catalogue.ts `loadLanguage`). */
    loadLanguage: fromPromise<LoadedLanguage, AppLocale>(async ({ input }) => (input === 'en' ? ENGLISH : Promise.reject(new Error(`no loader for ${input}`)))),
    /** Saves the language on the signed-in person's account; resolves at once when signed out. */
    saveLanguage: fromPromise<void, AppLocale>(async () => undefined),
  },
  actions: {
    /** Makes the page speak the language: storage key, `<html lang dir>` (provided by the app). */
    applyLanguage: (_, _params: { locale: AppLocale }) => {},
    /** Notes on this device that the signed-in person's choice is not saved on their account (provided by the app). */
    noteUnsaved: (_, _params: { locale: AppLocale }) => {},
    /** Forgets the signed-in person's note: their account now holds the language spoken (provided by the app). */
    forgetUnsaved: () => {},
  },
  guards: {
    isOtherLanguage: ({ context, event }) => event.type !== 'language.choose' && event.type !== 'language.adopt' ? false : event.locale !== (context.requested ?? context.language.locale),
    /** The event names the language the page speaks now. */
    isSpokenLanguage: ({ context, event }) => event.type !== 'language.choose' && event.type !== 'language.retrySave' ? false : event.locale === context.language.locale,
  },
}).createMachine({
  id: 'language',
  context: ({ input }) => ({ language: input.language, requested: null, save: false, loadFailed: false }),
  initial: 'ready',
  states: {
    ready: {
      initial: 'idle',
      on: {
        'language.choose': { guard: 'isOtherLanguage', target: 'loading', actions: assign(({ event }) => ({ requested: event.locale, save: true, loadFailed: false })) },
        'language.adopt': { guard: 'isOtherLanguage', target: 'loading', actions: assign(({ event }) => ({ requested: event.locale, save: false, loadFailed: false })) },
      },
      states: {
        /** Speaking `language`; nothing pending. */
        idle: {
          on: { 'language.retrySave': { guard: 'isSpokenLanguage', target: 'saving' } },
        },
        /** Saving the chosen language on the person's account. */
        saving: {
          invoke: {
            id: 'saveLanguage',
            src: 'saveLanguage',
            input: ({ context }) => context.language.locale,
            onDone: { target: 'idle', actions: 'forgetUnsaved' },
            onError: { target: 'saveFailed', actions: { type: 'noteUnsaved', params: ({ context }) => ({ locale: context.language.locale }) } },
          },
        },
        /** The save failed: the language applies on this device (noted for the next sign-in); choosing it again retries. */
        saveFailed: {
          on: {
            'language.choose': [
              { guard: 'isSpokenLanguage', target: 'saving' },
              { guard: 'isOtherLanguage', target: '#language.loading', actions: assign(({ event }) => ({ requested: event.locale, save: true, loadFailed: false })) },
            ],
            'language.retrySave': { guard: 'isSpokenLanguage', target: 'saving' },
          },
        },
      },
    },
    /** Fetching the requested language's catalogue; the page still speaks the current one. */
    loading: {
      invoke: {
        id: 'loadLanguage',
        src: 'loadLanguage',
        input: ({ context }) => context.requested!,
        onDone: [
          {
            guard: ({ context }) => context.save,
            target: 'ready.saving',
            actions: [assign(({ event }) => ({ language: event.output, requested: null })), { type: 'applyLanguage', params: ({ event }) => ({ locale: event.output.locale }) }],
          },
          {
            target: 'ready.idle',
            actions: [assign(({ event }) => ({ language: event.output, requested: null })), { type: 'applyLanguage', params: ({ event }) => ({ locale: event.output.locale }) }],
          },
        ],
        onError: { target: 'ready.idle', actions: assign({ requested: null, loadFailed: true }) },
      },
      on: {
        // The last choice wins: the load restarts for it.
        'language.choose': [
          { guard: ({ context, event }) => event.locale === context.language.locale, target: 'ready.idle', actions: assign({ requested: null, save: false }) },
          { target: 'loading', reenter: true, actions: assign(({ event }) => ({ requested: event.locale, save: true })) },
        ],
        'language.adopt': { target: 'loading', reenter: true, actions: assign(({ event }) => ({ requested: event.locale, save: false })) },
      },
    },
  },
})

export type LanguageMachine = typeof languageMachine
