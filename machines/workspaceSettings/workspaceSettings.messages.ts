/**
 * The Workspace Settings page's words (SPEC §2.4; src/pages/WorkspaceSettingsPage.tsx) and the
 * workspaceSettings machine's toasts. Beside the machine: machines import only machines/ and contract/.
 */
import { defineMessages } from '../../contract/messages.ts'

export const workspaceSettingsMessages = defineMessages('workspaceSettings', {
  name: 'Workspace name',
  nameHelp: 'How this workspace appears in the workspace switcher, for everyone in it.',
  saving: 'Saving…',
  save: 'Save changes',
  security: 'Security',
  requirementLabel: 'Require two-factor authentication for all members',
  requirementHelp: 'Members without it are asked to set it up before they can use this workspace.',
  requirementHelpDenied: '{help} {denial}',
  renamed: 'Workspace renamed',
  requirementOn: 'Two-factor authentication is now required for everyone in this workspace.',
  requirementOff: 'Two-factor authentication is no longer required.',
  languageHeading: 'Language',
  languageLabel: 'Default language for new members',
  languageHelp: 'People new to Engage that this workspace adds start in this language. Everyone can change their own.',
  languageBrowser: 'Each person’s browser',
  languageSaved: 'Default language saved',
  languageFailed: 'Could not save the default language. Please try again.',
  renameFailed: 'Could not rename the workspace. Please try again.',
  requirementFailed: 'Could not change the two-factor requirement. Please try again.',
})
