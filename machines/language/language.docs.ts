/** What the language machine's states and events mean (machines/machine-docs.ts). */
import type { MachineDocs } from '../machine-docs.ts'

export const languageDocs: MachineDocs = {
  states: {
    ready: "The app speaks one language everywhere; the Language field shows it, with 'Saving…' or a save problem beside it while one is under way.",
    'ready.idle':
      "Nothing is pending: the Language field shows the language spoken (with 'That language could not be loaded…' when the last choice failed to load).",
    'ready.saving': "The app already speaks the chosen language; 'Saving…' shows while it is stored on the person's account.",
    'ready.saveFailed':
      "'Saved on this device only: your account could not be updated.' shows with 'Try again'; the choice is saved again at the next sign-in.",
    loading: "The chosen language's words are being fetched: the page still speaks the current language and 'Saving…' shows beside the field.",
  },
  events: {
    'language.adopt': "At sign-in the person's account holds another language than this device speaks: the app switches to it without saving it back.",
    'language.choose':
      "A person picks a language in the Language field (or presses 'Try again' after a failed save): it loads, applies without a reload and is saved.",
    'language.retrySave':
      'At sign-in, a language this person chose but could not save earlier on this device is the one spoken: it is saved on their account again.',
  },
}
