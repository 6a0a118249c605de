/** What the two-factor machine's states and events mean (machines/machine-docs.ts). */
import type { MachineDocs } from '../machine-docs.ts'

export const twoFactorDocs: MachineDocs = {
  states: {
    loading: "The Two-factor authentication section shows skeletons ('Loading two-factor settings…') while its status is fetched.",
    failed: "The status could not be loaded: 'Could not load your two-factor settings. Please try again.' shows with 'Try again'.",
    off: "Two-factor authentication is off: the section shows the 'Off' badge and how a second step protects signing in.",
    'off.idle': "The section explains the second step and offers 'Turn on'; a failed start shows in a toast.",
    'off.enrolling': "A new secret is being made: 'Turn on' reads 'Starting…'.",
    'off.confirming':
      "The QR code, the secret key to type by hand and an 'Authentication code' field show; the person enters the 6-digit code their app shows.",
    'off.confirmingCode': "The first code is being checked: 'Confirm' reads 'Confirming…'; a wrong code shows on the field.",
    on: "Two-factor authentication is on: the section shows the 'On' badge, since when, and how many recovery codes are left.",
    'on.idle': "The status shows with 'Regenerate recovery codes' and 'Turn off' ('Make new recovery codes before you run out.' when 3 or fewer are left).",
    'on.regenerateForm':
      "A form asks for a code from the authenticator app or a recovery code before new recovery codes are made, with 'Regenerate codes' and 'Cancel'.",
    'on.regenerating': "The code is being checked and new recovery codes made: the button reads 'Regenerating…'.",
    'on.disableForm': "A form asks for a code from the authenticator app or a recovery code to turn two-factor off, with 'Turn off' and 'Cancel'.",
    'on.disabling': "The code is being checked: the button reads 'Turning off…'; on success a toast says two-factor is off.",
    codes: "'Save your recovery codes' shows the ten new codes once, with 'Copy all', 'Download .txt' and 'I saved them'.",
  },
  events: {
    'twoFactor.cancel': "A person presses 'Cancel' in a code form: it closes and nothing changes.",
    'twoFactor.changeCode': 'A person types in the code field of the open form.',
    'twoFactor.done': "A person presses 'I saved them': the codes go away for good and the status shows again.",
    'twoFactor.enrol': "A person presses 'Turn on': a QR code and secret key are prepared for their authenticator app.",
    'twoFactor.regenerate': "A person presses 'Regenerate recovery codes': the form asking for a code opens.",
    'twoFactor.retry': "A person presses 'Try again' after the status failed to load: it loads again.",
    'twoFactor.submit':
      "A person submits the open code form ('Confirm', 'Regenerate codes' or 'Turn off'): a well-formed code is checked, otherwise the field says why.",
    'twoFactor.turnOff': "A person presses 'Turn off': the form asking for a code opens.",
  },
}
