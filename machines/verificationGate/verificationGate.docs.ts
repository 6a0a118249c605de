/** What the verification gate machine's states and events mean (machines/machine-docs.ts). */
import type { MachineDocs } from '../machine-docs.ts'

export const verificationGateDocs: MachineDocs = {
  states: {
    starting: 'For an instant the gate decides: told to skip, or already passed in this session, it opens at once. Nothing shows yet.',
    unverified:
      'The page behind the gate (sign-in, a shared link) is not shown until the visitor passes the human check of SPEC §2.6; failures show no message (SPEC §8).',
    'unverified.loading': 'The loading splash shows while the server says which check to run; with the check off the page opens without a modal.',
    'unverified.ready': "The modal 'Verify You're Human' holds the check widget, waiting for the visitor to solve it.",
    'unverified.waiting':
      'A check failed and is only logged: the modal shows a spinner (or the splash, before any check was known) and a fresh widget comes after 3 s.',
    verifying: "The widget's answer is checked by the server; the modal 'Verify You're Human' stays up meanwhile.",
    verified: 'The visitor passed (or needed no check): the modal is gone and the page shows; this session remembers it.',
  },
  events: {
    'botCheck.failed': 'The check widget reports it could not fetch or solve its challenge: a fresh widget comes after 3 s.',
    'botCheck.solved': 'The check widget reports the visitor solved it: its answer goes to the server to be checked.',
  },
}
