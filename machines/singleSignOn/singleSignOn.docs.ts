/** What the single sign-on settings machine's states and events mean (machines/machine-docs.ts). */
import type { MachineDocs } from '../machine-docs.ts'

export const singleSignOnDocs: MachineDocs = {
  states: {
    loading: "The Single sign-on section shows a skeleton ('Loading single sign-on…') while the workspace's connection is fetched.",
    failed: "The settings could not be loaded: 'Could not load the single sign-on settings. Please try again.' shows with 'Try again'.",
    ready:
      "The form shows the redirect URI to register, 'Issuer URL', 'Client ID', 'Client secret', 'Email domains', 'Require single sign-on' and 'Test connection'.",
    'ready.settling': 'For an instant the form picks its resting state from what was typed and what is saved; nothing changes on screen.',
    'ready.notConfigured': "No connection is set up: the form is empty, 'Save' is disabled and there is no 'Remove single sign-on'.",
    'ready.configured':
      "The saved connection shows with the 'Set up' badge and 'Remove single sign-on'; the client secret field says 'A secret is set: leave empty to keep it'.",
    'ready.editing':
      "What is typed differs from what is saved: 'Save' is enabled, and the contract's or the server's errors show under their fields or above the form.",
    'ready.testing': "'Test connection' reads 'Testing…' while the identity provider at the issuer URL is reached.",
    'ready.saving': "The connection is being saved: 'Saving…' shows beside 'Save' (the person may be asked to confirm it's them first).",
    'ready.saved': "The connection is stored: 'Saved' with a check mark shows beside 'Save' until the next change, and a 'Single sign-on saved' toast appears.",
    'ready.confirmingRemove':
      "The dialog 'Remove single sign-on?' explains that people can no longer sign in through the identity provider, with 'Cancel' and 'Remove'.",
    'ready.removing': "'Remove single sign-on' is busy while the connection is removed; a 'Single sign-on removed' toast follows.",
  },
  events: {
    'singleSignOn.cancel': "A person presses 'Cancel' or closes the remove dialog: the connection stays.",
    'singleSignOn.change': "A person types in 'Issuer URL', 'Client ID', 'Client secret' or 'Email domains': that field's error goes.",
    'singleSignOn.confirmRemove': "A person presses 'Remove' in the dialog: the connection is removed.",
    'singleSignOn.remove': "A person presses 'Remove single sign-on': the confirmation dialog opens.",
    'singleSignOn.retry': "A person presses 'Try again' after the settings failed to load: they load again.",
    'singleSignOn.save': "A person presses 'Save': a valid form is saved, otherwise the fields say what is wrong.",
    'singleSignOn.setRequireSso': "A person flips 'Require single sign-on'.",
    'singleSignOn.test':
      "A person presses 'Test connection': the identity provider answers with 'Connected to …' or why it could not be reached; an empty or broken issuer is marked.",
  },
}
