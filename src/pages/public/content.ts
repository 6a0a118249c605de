/**
 * What the public pages say: the contact addresses, the plans, the roles and the
 * tools. Not part of the spec (SPEC §2.1 names the pages only); kept here so a page, its test
 * and its story read the same words.
 */

import { SIGN_UP_PLAN_TERMS } from '../../../contract/workspaces.ts'

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

/** When the legal pages last changed (ISO date; shown as written). */
export const LEGAL_UPDATED = '1 November 2026'

/** One plan of /pricing: its name, credits per month (null: agreed per contract), who it is for, what it includes and its call to action. */
export interface Plan {
  readonly name: string
  readonly credits: number | null
  readonly summary: string
  readonly features: ReadonlyArray<string>
  readonly cta: { readonly label: string; readonly href: string }
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
    summary: 'For a small team trying its first AI agent.',
    features: [
      'Notifications in the app, by email and by browser push',
      'Roles and permissions per workspace',
      'Invite your whole team',
      'An audit log of who changed what',
      'Two-factor authentication, required for everyone if you choose',
      'Usage by category on the billing page',
    ],
    cta: { label: 'Start with Starter', href: '/signup?plan=starter' },
  },
  {
    name: SIGN_UP_PLAN_TERMS.growth.planName,
    credits: SIGN_UP_PLAN_TERMS.growth.monthlyCredits,
    summary: 'For teams running agents on real customer traffic.',
    features: ['Everything in Starter', 'Ten times the credits of Starter each month'],
    cta: { label: 'Start with Growth', href: '/signup?plan=growth' },
    featured: true,
  },
  {
    name: 'Enterprise',
    credits: null,
    summary: 'For organisations with several workspaces and their own requirements.',
    features: ['Everything in Growth', 'Credits agreed for your volume', 'Several workspaces under one agreement', 'A named contact at Engage'],
    cta: { label: 'Book a call', href: '/book-a-call' },
  },
]

/** What a credit pays for (the categories of the billing page). */
export const CREDIT_USES: ReadonlyArray<string> = ['AI agent replies', 'Voice minutes', 'Messages sent on your channels']

/** One open role of /joinus. */
export interface Role {
  readonly title: string
  readonly place: string
  readonly text: string
}

export const ROLES: ReadonlyArray<Role> = [
  {
    title: 'Senior frontend engineer',
    place: 'Remote, Europe',
    text: 'Build the workspace people spend their day in: React, state machines, accessibility and speed on every screen.',
  },
  {
    title: 'Product designer',
    place: 'Remote, Europe',
    text: 'Shape how teams set up agents, read calls and decide who can do what, from the first sketch to the shipped detail.',
  },
  {
    title: 'Customer engineer',
    place: 'Remote, Americas',
    text: 'Help new workspaces connect their channels and launch their first agent, and bring what you learn back to the product.',
  },
]

/** One tool of /tools: a name, what it will do, and that it is not out yet. */
export interface Tool {
  readonly name: string
  readonly text: string
}

export const TOOLS: ReadonlyArray<Tool> = [
  { name: 'Call script checker', text: 'Paste a call script and see where an AI agent is likely to misunderstand a caller.' },
  { name: 'Consent message builder', text: 'Write SMS and WhatsApp consent messages that say plainly what people agree to.' },
  { name: 'Credits estimator', text: 'Estimate the credits a month of agent replies, calls and messages will use.' },
]
