/**
 * The credits machine: SPEC.md §3 Credits summary, §7 `GET /org-billing/monthly-credits-usage`
 * ("run when authenticated with a current org"), §8 "Credits fetch failure: logged only".
 *
 *   signedOut ──auth.changed(org)──▶ loading ──▶ ready.fresh ──(60 s)──▶ ready.settled
 *                                       ▲            │                       │ credits.focused
 *      any state ──auth.changed(other org)┘          └──────(5 min)──────────┴──▶ refreshing ──▶ ready
 *
 * - It follows the auth actor through the `watchAuth` listener, with the "follow the workspace"
 *   pattern it shares with the permissions machine (machines/shared/follow-workspace.ts;
 *   docs/architecture.md): signed in with a current org → that org's summary is loaded; signed out → nothing.
 * - An org switch drops the old org's numbers at once: until the new org's summary arrives the
 *   summary is null, which selectors show as `INITIAL_CREDITS` (unlimited, nothing used).
 * - Refetched on window focus at most every 60 s (the focus listener runs only in
 *   `ready.settled`, 60 s after the last answer) and on its own once the value is 5 min old.
 * - A failed fetch is logged (`logFailure`, console.warn) and keeps the last value; the next
 *   focus or the stale timer tries again.
 */
import { assign, fromCallback, fromPromise, setup } from 'xstate'
import { followAuth, followedOrgOf } from '../shared/follow-auth.ts'
import type { CreditsSummary } from '../../contract/workspaces.ts'
import { QUERY_STALE_TIME_MS } from '../cache-policy.ts'
import { queryFailure, queryOutput, workspaceChange, workspaceGuards, workspaceQueryInput } from '../shared/follow-workspace.ts'

/** The credits actor's context: whose summary, and the summary itself (SPEC §3 Credits summary). */
export interface CreditsContext {
  /** The org whose credits are shown (the auth actor's current org), or null when signed out. */
  readonly orgId: string | null
  /** The org's summary as last loaded, or null before its first successful load. */
  readonly summary: CreditsSummary | null
}

/** Events credits accepts; `auth.changed` and `credits.focused` come from its own listeners. */
export type CreditsEvent =
  /** From `watchAuth`: the signed-in current org changed (null = signed out or switching). */
  | { type: 'auth.changed'; orgId: string | null }
  /** From the focus listener: the window gained focus. */
  | { type: 'credits.focused' }
  /** Load again now, whatever the timers say (e.g. after something that spends credits). */
  | { type: 'credits.refetch' }

/** Window focus refetches at most this often (ms): measured from the last answer. */
export const CREDITS_FOCUS_THROTTLE_MS = 60_000
/** A summary this old (ms) is refetched on its own (SPEC §9 general stale time, 300000 ms). */
export const CREDITS_STALE_MS = QUERY_STALE_TIME_MS


/**
 * The credits statechart (see the module comment). `loadCredits` and `focusListener` are stubs
 * here, provided by src/system; `watchAuth` reads the system's `auth` actor.
 */
export const creditsMachine = setup({
  types: {
    context: {} as CreditsContext,
    events: {} as CreditsEvent,
  },
  actors: {
    /** `GET /org-billing/monthly-credits-usage` for `orgId` (sent as x-org-id); resolves with `data.summary`. Implemented in src/system. */
    loadCredits: fromPromise<CreditsSummary, { orgId: string }>(async () => {
      throw new Error('loadCredits is provided by src/system')
    }),
    /** Sends `auth.changed` whenever `followedOrgOf` of the auth actor's snapshot changes. */
    watchAuth: followAuth((s) => {
      const orgId = followedOrgOf(s)
      return orgId === undefined ? undefined : { orgId }
    }),
    /** Sends `credits.focused` when the window gains focus. The browser's is in src/system; none by default. */
    focusListener: fromCallback(() => {}),
  },
  guards: { ...workspaceGuards },
  actions: {
    /** A new org (or none): its numbers are unknown, so the old org's are dropped now. */
    assignOrg: assign((_, params: { orgId: string | null }) => ({ orgId: params.orgId, summary: null })),
    /** Keeps the summary `loadCredits` answered. */
    assignSummary: assign((_, summary: CreditsSummary) => ({ summary })),
    /** SPEC §8: a credits fetch failure is logged only. */
    logFailure: (_, params: { orgId: string | null; error: unknown }) => {
      console.warn(`Could not load the credits of ${params.orgId ?? 'no org'}:`, params.error)
    },
  },
  delays: {
    focusThrottle: CREDITS_FOCUS_THROTTLE_MS,
    stale: CREDITS_STALE_MS,
  },
}).createMachine({
  id: 'credits',
  context: { orgId: null, summary: null },
  invoke: { id: 'watchAuth', src: 'watchAuth' },
  initial: 'signedOut',
  on: {
    // Shared by every state: follow the auth actor's current org (machines/shared/follow-workspace.ts).
    'auth.changed': [
      { guard: { type: 'hasNoOrg', params: workspaceChange }, target: '.signedOut', actions: { type: 'assignOrg', params: workspaceChange } },
      // Re-entered, so a load in flight for the old org is cancelled.
      { guard: { type: 'isOtherOrg', params: workspaceChange }, target: '.loading', reenter: true, actions: { type: 'assignOrg', params: workspaceChange } },
    ],
  },
  states: {
    signedOut: {},
    // A failed first load leaves the summary unknown (shown as the initial value) until the next try.
    loading: {
      invoke: {
        id: 'loadCredits',
        src: 'loadCredits',
        input: workspaceQueryInput,
        onDone: { target: 'ready', actions: { type: 'assignSummary', params: queryOutput } },
        onError: { target: 'ready', actions: { type: 'logFailure', params: queryFailure } },
      },
    },
    ready: {
      initial: 'fresh',
      after: { stale: 'refreshing' },
      on: { 'credits.refetch': 'refreshing' },
      states: {
        // Just answered: a focus now would refetch what was fetched a moment ago.
        fresh: { after: { focusThrottle: 'settled' } },
        settled: {
          invoke: { id: 'focusListener', src: 'focusListener' },
          on: { 'credits.focused': '#credits.refreshing' },
        },
      },
    },
    // The last value stays on screen while refetching, and after a failed refetch too.
    refreshing: {
      invoke: {
        id: 'reloadCredits',
        src: 'loadCredits',
        input: workspaceQueryInput,
        onDone: { target: 'ready', actions: { type: 'assignSummary', params: queryOutput } },
        onError: { target: 'ready', actions: { type: 'logFailure', params: queryFailure } },
      },
    },
  },
})

/** The credits machine's type, for `ActorRefFrom<CreditsMachine>` and `provide`. */
export type CreditsMachine = typeof creditsMachine
