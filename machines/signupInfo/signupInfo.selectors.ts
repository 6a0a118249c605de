/**
 * Narrow selectors over the sign-up-info form's snapshot, for its view (`useSelector`).
 */
import type { SnapshotFrom } from 'xstate'
import type { SignupInfoMachine } from './signupInfo.machine.ts'

export type SignupInfoSnapshot = SnapshotFrom<SignupInfoMachine>

/** What the page shows: the form, the form busy saving, or the hand-over to the dashboard. */
export type SignupInfoStatus = 'editing' | 'submitting' | 'completed'

export const selectSignupInfoStatus = (s: SignupInfoSnapshot): SignupInfoStatus =>
  s.matches('submitting') ? 'submitting' : s.matches('completed') ? 'completed' : 'editing'
export const selectCompanyName = (s: SignupInfoSnapshot) => s.context.company_name
export const selectTeamSize = (s: SignupInfoSnapshot) => s.context.team_size
export const selectUseCase = (s: SignupInfoSnapshot) => s.context.use_case
export const selectSignupInfoFieldErrors = (s: SignupInfoSnapshot) => s.context.fieldErrors
export const selectSignupInfoFormError = (s: SignupInfoSnapshot) => s.context.formError
