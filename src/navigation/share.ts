/**
 * The public /share/ pages of SPEC.md §2.5: /share/tc/*, /share/c/* and /share/sms-consent/*,
 * plus three event-specific pages whose paths the spec does not show. Ours are /share/event/*,
 * /share/event-registration/* and /share/event-confirmation/* (docs/decisions.md "The three
 * event-specific /share/ pages"). All are public (SPEC §2.1: paths starting with /share) and stand
 * behind the human-verification gate (src/routes/tree.tsx).
 */
import type { MessageDescriptor } from '../i18n/messages.ts'
import { matchesPattern } from './routes.ts'
import { shareMessages as m } from './share.messages.ts'

export interface SharePage {
  /** Path pattern; a trailing `*` matches any suffix (the shared item's id). */
  readonly pattern: `/share/${string}`
  readonly title: MessageDescriptor
  readonly text: MessageDescriptor
  /** True for the three event-specific pages whose paths are ours. */
  readonly eventSpecific: boolean
}

/** SPEC §2.5: every /share/ page, most specific first. */
export const SHARE_PAGES: ReadonlyArray<SharePage> = [
  { pattern: '/share/tc/*', title: m.termsTitle, text: m.termsText, eventSpecific: false },
  { pattern: '/share/c/*', title: m.contentTitle, text: m.contentText, eventSpecific: false },
  { pattern: '/share/sms-consent/*', title: m.smsConsentTitle, text: m.smsConsentText, eventSpecific: false },
  { pattern: '/share/event/*', title: m.eventTitle, text: m.eventText, eventSpecific: true },
  { pattern: '/share/event-registration/*', title: m.eventRegistrationTitle, text: m.eventRegistrationText, eventSpecific: true },
  { pattern: '/share/event-confirmation/*', title: m.eventConfirmationTitle, text: m.eventConfirmationText, eventSpecific: true },
]

/** The generic page for any other /share path (still public: SPEC §2.1). */
export const SHARE_FALLBACK = { title: m.contentTitle, text: m.fallbackText } as const

/** The /share/ page for `pathname`, or undefined when none of SHARE_PAGES matches. */
export function sharePageFor(pathname: string): SharePage | undefined {
  return SHARE_PAGES.find((p) => matchesPattern(p.pattern, pathname))
}
