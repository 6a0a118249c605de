/**
 * What the public pages say: the contact addresses, the plans, the roles and the
 * tools. Not part of the spec (SPEC §2.1 names the pages only); kept here so a page, its test
 * and its story read the same words (messages, pricing.messages.ts and infoPages.messages.ts).
 */

import { SIGN_UP_PLAN_TERMS } from '../../../contract/workspaces.ts'
import type { MessageDescriptor } from '../../i18n/messages.ts'
import { infoPagesMessages as info } from './infoPages.messages.ts'
import { pricingMessages as m } from './pricing.messages.ts'
import { publicTitlesMessages as titles } from './titles.messages.ts'

/** Where 'Book a call' writes to. */
export const SALES_EMAIL = 'hello@engage.dev'
/** Where job applications go. */
export const JOBS_EMAIL = 'jobs@engage.dev'
/** Where privacy and data requests go. */
export const PRIVACY_EMAIL = 'privacy@engage.dev'
/** Where billing and refund requests go. */
export const BILLING_EMAIL = 'billing@engage.dev'

/** A `mailto:` address with an optional subject, encoded. */
export function mailto(address: string, subject?: string): string {
  return subject ? `mailto:${address}?subject=${encodeURIComponent(subject)}` : `mailto:${address}`
}

/** Where a link goes inside a translated sentence (a character no translation holds). */
export const LINK_MARK = '\u0000'

/** A sentence translated with `LINK_MARK` in its link's place, as the text before and after the link. */
export function aroundLink(sentence: string): readonly [string, string] {
  const [before = '', after = ''] = sentence.split(LINK_MARK)
  return [before, after]
}

/**
 * One plan of /pricing: its name (a product name, the same in every language), credits per month
 * (null: agreed per contract), who it is for, what it includes and its call to action.
 */
export interface Plan {
  readonly name: string
  readonly credits: number | null
  readonly summary: MessageDescriptor
  readonly features: ReadonlyArray<MessageDescriptor>
  readonly cta: { readonly label: MessageDescriptor; readonly href: string }
  readonly featured?: boolean
}

/**
 * The plans. Starter and Growth are the ones sign-up offers (contract `SIGN_UP_PLAN_TERMS`, the
 * server's own): each call to action carries its plan into /signup and the new workspace starts
 * on it. Every workspace has every feature; the plans differ in credits, so the lists say only what
 * each one really gives.
 */
export const PLANS: ReadonlyArray<Plan> = [
  {
    name: SIGN_UP_PLAN_TERMS.starter.planName,
    credits: SIGN_UP_PLAN_TERMS.starter.monthlyCredits,
    summary: m.starterSummary,
    features: [m.starterNotifications, m.starterRoles, m.starterInvite, m.starterAuditLog, m.starterTwoFactor, m.starterUsage],
    cta: { label: m.startWithStarter, href: '/signup?plan=starter' },
  },
  {
    name: SIGN_UP_PLAN_TERMS.growth.planName,
    credits: SIGN_UP_PLAN_TERMS.growth.monthlyCredits,
    summary: m.growthSummary,
    features: [m.everythingInStarter, m.growthCredits],
    cta: { label: m.startWithGrowth, href: '/signup?plan=growth' },
    featured: true,
  },
  {
    name: 'Enterprise',
    credits: null,
    summary: m.enterpriseSummary,
    features: [m.everythingInGrowth, m.enterpriseCredits, m.enterpriseWorkspaces, m.enterpriseContact],
    cta: { label: titles.bookACall, href: '/book-a-call' },
  },
]

/** What a credit pays for (the categories of the billing page). */
export const CREDIT_USES: ReadonlyArray<MessageDescriptor> = [m.useAgentReplies, m.useVoiceMinutes, m.useMessages]

/** One open role of /joinus. */
export interface Role {
  readonly title: MessageDescriptor
  readonly place: MessageDescriptor
  readonly text: MessageDescriptor
}

export const ROLES: ReadonlyArray<Role> = [
  { title: info.frontendTitle, place: info.remoteEurope, text: info.frontendText },
  { title: info.designerTitle, place: info.remoteEurope, text: info.designerText },
  { title: info.customerEngineerTitle, place: info.remoteAmericas, text: info.customerEngineerText },
]

/** One tool of /tools: a name, what it will do, and that it is not out yet. */
export interface Tool {
  readonly name: MessageDescriptor
  readonly text: MessageDescriptor
}

export const TOOLS: ReadonlyArray<Tool> = [
  { name: info.scriptCheckerName, text: info.scriptCheckerText },
  { name: info.consentBuilderName, text: info.consentBuilderText },
  { name: info.creditsEstimatorName, text: info.creditsEstimatorText },
]
