/**
 * The sign-up-info page's words (src/pages/SignUpInfoPage.tsx), its team-size choices, and the
 * machine's own messages (the team size left unchosen, a failed save).
 */
import { defineMessages } from '../../contract/messages.ts'

export const signUpInfoMessages = defineMessages('signUpInfo', {
  openingTitle: 'Opening your workspace…',
  opening: 'Thanks! Your details are saved; your workspace opens in a moment.',
  title: 'Finish setting up your workspace',
  approved: '{name} has been approved.',
  intro: 'Tell us a little about your team so we can set Engage up for you.',
  companyName: 'Company name',
  teamSize: 'Team size',
  chooseTeamSize: 'Choose a team size',
  useCase: 'Use case',
  useCaseHelp: 'What will your team use Engage for?',
  saving: 'Saving…',
  continue: 'Continue',
  signOut: 'Sign out',
  teamSizeRange: '{from}–{to} people',
  teamSizeOrMore: '{from} or more people',
  teamSizeRequired: 'Choose your team size',
  failed: 'Could not save your details. Please try again.',
})
