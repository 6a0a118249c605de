/**
 * The signed-in person's pending invitations (src/ui/invitations/PendingInvitations.tsx: the
 * workspace switcher and the workspace selection page) and their toasts (src/system/invitations.tsx).
 * Beside the machine: machines import only machines/ and contract/.
 */
import { defineMessages } from '../../contract/messages.ts'

export const invitationsMessages = defineMessages('invitations', {
  heading: 'Invitations',
  invitedBy: '{workspace} — invited by {name}',
  accept: 'Accept',
  decline: 'Decline',
  invitationTo: 'invitation to {workspace}',
  joined: 'You joined {workspace}',
  declined: 'Invitation to {workspace} declined',
  answerFailed: 'Could not answer the invitation. Please try again.',
  loadFailed: 'Could not load your invitations.',
})
