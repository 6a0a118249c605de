/** What the workspaceSettings machine's states and events mean (machines/machine-docs.ts). */
import type { MachineDocs } from '../machine-docs.ts'

export const workspaceSettingsDocs: MachineDocs = {
  states: {
    name: "The 'Workspace name' field and its 'Save changes' button; runs beside the two-factor requirement and the default language, so none waits on another.",
    'name.editing': "The name field can be edited, showing any error from the last save (such as a name too long); 'Save changes' saves it.",
    'name.saving': "The new name is being saved: the button reads 'Saving…'. On success a 'Workspace renamed' toast shows and the header shows the new name.",
    requirement: "The 'Require two-factor authentication for all members' switch under Security.",
    'requirement.idle': 'The switch shows whether the workspace requires two-factor authentication; nothing has been changed on this visit.',
    'requirement.saving': "The change of the switch is being saved: 'Saving…' shows beside it and the switch cannot be pressed.",
    'requirement.saved': "The change is saved and a toast says so, such as 'Two-factor authentication is now required for everyone in this workspace.'.",
    'requirement.failed':
      "The change was refused: the switch is back as it was with the reason beside it, such as 'Could not change the two-factor requirement. Please try again.'.",
    language: "The 'Default language for new members' choice under Language.",
    'language.idle': "The field shows the language new members start in (or 'Each person's browser'); nothing has been changed on this visit.",
    'language.saving': "The chosen language is being saved: 'Saving…' shows beside the field and it cannot be changed meanwhile.",
    'language.saved': "The language is saved and a 'Default language saved' toast shows.",
    'language.failed': "The language could not be saved: 'Could not save the default language. Please try again.' shows beside the field.",
  },
  events: {
    'workspaceSettings.changeName': "A person types in the 'Workspace name' field: the text changes and its error goes away.",
    'workspaceSettings.setDefaultLanguage': "A person picks a language in 'Default language for new members': it is saved at once, unless a save is under way.",
    'workspaceSettings.setRequirement': 'A person flips the two-factor requirement switch: the change is saved at once, unless a save is under way.',
    'workspaceSettings.submit': "A person pressed 'Save changes' under the name: a valid name is saved; an invalid one shows its error at once.",
  },
}
