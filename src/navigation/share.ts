/**
 * The public /share/ pages of SPEC.md §2.5: /share/tc/*, /share/c/* and /share/sms-consent/*,
 * plus three event-specific pages whose paths the spec does not show. Ours are /share/event/*,
 * /share/event-registration/* and /share/event-confirmation/* (docs/decisions.md "The three
 * event-specific /share/ pages"). All are public (SPEC §2.1: paths starting with /share) and stand
 * behind the human-verification gate (src/routes/tree.tsx).
 */
import { matchesPattern } from './routes.ts'

export interface SharePage {
  /** Path pattern; a trailing `*` matches any suffix (the shared item's id). */
  readonly pattern: `/share/${string}`
  readonly title: string
  readonly text: string
  /** True for the three event-specific pages whose paths are ours. */
  readonly eventSpecific: boolean
}

/** SPEC §2.5: every /share/ page, most specific first. */
export const SHARE_PAGES: ReadonlyArray<SharePage> = [
  { pattern: '/share/tc/*', title: 'Terms and conditions', text: 'The terms someone shared with you from an Engage workspace.', eventSpecific: false },
  { pattern: '/share/c/*', title: 'Shared with you', text: 'Content someone shared with you from an Engage workspace.', eventSpecific: false },
  { pattern: '/share/sms-consent/*', title: 'SMS consent', text: 'Agree to receive text messages from this business, or decline.', eventSpecific: false },
  { pattern: '/share/event/*', title: 'Event', text: 'An event someone invited you to from an Engage workspace.', eventSpecific: true },
  { pattern: '/share/event-registration/*', title: 'Event registration', text: 'Register for an event hosted with Engage.', eventSpecific: true },
  { pattern: '/share/event-confirmation/*', title: 'Registration confirmed', text: 'Your place at the event is confirmed.', eventSpecific: true },
]

/** The generic page for any other /share path (still public: SPEC §2.1). */
export const SHARE_FALLBACK = { title: 'Shared with you', text: 'This page shows content someone shared from an Engage workspace.' } as const

/** The /share/ page for `pathname`, or undefined when none of SHARE_PAGES matches. */
export function sharePageFor(pathname: string): SharePage | undefined {
  return SHARE_PAGES.find((p) => matchesPattern(p.pattern, pathname))
}
