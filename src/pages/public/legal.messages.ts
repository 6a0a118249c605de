/**
 * The legal pages (LegalPages.tsx): /terms-of-service, /privacy-policy and /refund-policy, section
 * by section (the page titles are in titles.messages.ts). `updated` carries the date the pages last
 * changed, written out in each language.
 */
import { defineMessages } from '../../i18n/messages.ts'

export const legalMessages = defineMessages('legal', {
  updated: 'Last updated 1 November 2026',
  questions: 'Questions',
  writeTo: 'Write to {address}. A person reads every message.',

  termsSummary: 'The agreement between Engage and the people and organisations who use it.',
  termsWhoHeading: 'Who these terms are for',
  termsWho:
    'These terms apply when you create an Engage account, join a workspace or use Engage in any other way. If you use Engage for an organisation, you accept them for that organisation too.',
  termsAccountHeading: 'Your account and workspaces',
  termsAccountSecrets: 'Keep your password and recovery codes to yourself and tell us at once if you think someone else has used your account.',
  termsAccountOwner: 'A workspace belongs to the organisation that created it. Its administrators decide who joins it and what each member may do.',
  termsMayNotHeading: 'What you may not do',
  termsMayNotContact: 'Contact people who have not agreed to hear from you, or ignore a request to stop.',
  termsMayNotMislead: 'Use AI agents to mislead people about who or what they are talking to.',
  termsMayNotBreakIn: 'Try to get into workspaces, accounts or systems that are not yours.',
  termsMayNotHarm: 'Overload, probe or copy the service in ways that harm other customers.',
  termsContentHeading: 'Your content',
  termsContent:
    'Contacts, conversations, recordings and files you bring to Engage stay yours. You give us permission to store and process them only to run the service for you.',
  termsPaymentHeading: 'Plans, credits and payment',
  termsPayment:
    'Each workspace has a plan with a number of credits a month. Unused credits do not carry over to the next month. Paid plans are billed in advance; see the Refund Policy for when we give money back.',
  termsEndingHeading: 'Ending the agreement',
  termsEnding:
    'You can stop using Engage at any time. We may suspend a workspace that breaks these terms, and we tell its administrators why unless the law prevents us. After a workspace closes you have 30 days to export its data.',
  termsChangesHeading: 'Changes',
  termsChanges: 'When these terms change in a way that matters, we tell workspace administrators by email at least 30 days before the change applies.',

  privacySummary: 'What personal data Engage collects, why, and what you can ask us to do with it.',
  privacyCollectHeading: 'What we collect',
  privacyCollectAccount: 'Account details: your name, email address, password (stored only as a hash) and two-factor settings.',
  privacyCollectWorkspace: 'Workspace data your team adds: contacts, conversations, call recordings and files.',
  privacyCollectUsage: 'Usage: which pages you open and the errors you run into, so we can fix them.',
  privacyCollectBugReports: 'Bug reports you choose to send, with the email address you give.',
  privacyUseHeading: 'Why we use it',
  privacyUse:
    'To run Engage for you: sign you in, show your workspaces, deliver notifications and count credits. We do not sell personal data and we do not use your workspace data to train models for anyone else.',
  privacySharingHeading: 'Who else sees it',
  privacySharing:
    'The members of your workspace see what its roles allow. We use a small number of service providers (hosting, email, browser push delivery), each bound to use the data only for us.',
  privacyRetentionHeading: 'How long we keep it',
  privacyRetention: 'Account details for as long as your account is open. Workspace data until the workspace is closed and its 30-day export window ends.',
  privacyRightsHeading: 'Your rights',
  privacyRights: 'You can ask for a copy of your personal data, ask us to correct it, or ask us to delete it. We answer within 30 days.',

  refundsSummary: 'When Engage gives money back, and how to ask.',
  refundsFirstHeading: 'The first payment',
  refundsFirst: 'If Engage is not right for your team, ask within 14 days of your first payment on a paid plan and we refund it in full.',
  refundsLaterHeading: 'Later payments',
  refundsLater:
    'Plans are paid month by month and you can cancel before the next month starts. We do not refund part of a month, and credits you did not use are not paid back.',
  refundsOurSideHeading: 'When something goes wrong on our side',
  refundsOurSide:
    'If Engage was unavailable for more than a working day in a month, or charged you in error, we refund the difference without you having to argue for it.',
  refundsHowHeading: 'How to ask',
  refundsHow: 'Write from an administrator’s email address with the workspace name. Refunds go back to the card that paid, usually within 10 working days.',
})
