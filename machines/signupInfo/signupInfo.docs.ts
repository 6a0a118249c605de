/** What the signupInfo machine's states and events mean (machines/machine-docs.ts). */
import type { MachineDocs } from '../machine-docs.ts'

export const signupInfoDocs: MachineDocs = {
  states: {
    editing:
      "The 'Finish setting up your workspace' form asks for company name, team size and use case, with any field errors or 'Could not save your details. Please try again.'.",
    submitting: "The details are being saved: the 'Continue' button reads 'Saving…'.",
    completed: "The details are saved: the page reads 'Opening your workspace…' while the session is checked again, then the dashboard opens.",
  },
  events: {
    'signupInfo.change': "A person types in 'Company name' or 'Use case': the field changes and its error goes away.",
    'signupInfo.chooseTeamSize': "A person picks a team size (such as '11–50 people'): the choice is kept and its error goes away.",
    'signupInfo.submit': "A person pressed 'Continue': a complete form is saved; otherwise the missing fields show their errors at once.",
  },
}
