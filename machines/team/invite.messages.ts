/**
 * The invite form's words (SPEC §2.5 /app/setting/team/invite; src/pages/settings/InviteMemberView.tsx)
 * and the invite machine's toasts. Beside the machine: machines import only machines/ and contract/.
 */
import { defineMessages } from '../../contract/messages.ts'

export const inviteMessages = defineMessages('invite', {
  title: 'Invite member',
  loading: 'Loading roles…',
  loadFailed: 'Could not load the roles.',
  note: 'We email the invitation. Someone new to Engage gets a link to choose a password (it works once and expires after 7 days); someone with an account accepts it from their workspace list.',
  email: 'Email',
  name: 'Name (optional)',
  nameHelp: 'How the team sees this person; if left empty, the start of the email address is used.',
  rolesHelp: 'Choose at least one.',
  cancel: 'Cancel',
  send: 'Send invitation',
  sent: 'Invitation sent',
  pending: 'Invitation sent: they join once they accept',
  loadFailedRetry: 'Could not load the roles. Please try again.',
  failed: 'Could not send the invitation. Please try again.',
})
