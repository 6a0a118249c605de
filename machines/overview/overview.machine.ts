/**
 * The Overview page (/app/dashboard): the facts of `GET /api/overview`
 * (contract/overview.ts: team size, the getting-started checklist) for the current workspace.
 * Credits and notifications are not loaded here: the page reads the shell's credits and
 * notifications actors, which already hold them live.
 *
 *   signedOut ──auth.changed(org)──▶ loading ──(facts)──▶ ready ──overview.focused──▶ refreshing ──▶ ready
 *                                       │  ▲                                      (a failed refresh keeps what is shown)
 *                                  (fails) └──overview.retry── failed
 *   any state ──auth.changed(other org)──▶ loading (the old workspace's facts dropped at once)
 *
 * - It follows the auth actor through `watchAuth` with the "follow the workspace" pattern
 *   (machines/shared/follow-workspace.ts), so switching workspace while the page is open loads
 *   the new workspace's facts and never shows the old ones meanwhile.
 * - Window focus refreshes the facts (`focusListener`, invoked only in `ready`): a role created
 *   or push turned on in another tab ticks its item when the person comes back.
 * - Dismissing the checklist is remembered per person and workspace by the named action
 *   `storeDismissal` (localStorage in the browser); `loadOverview` answers whether it was.
 */
import { assign, fromCallback, fromPromise, setup } from 'xstate'
import type { OverviewResponse } from '../../contract/overview.ts'
import { type DisplayText, localized } from '../../contract/messages.ts'
import { followAuth, followedOrgOf } from '../shared/follow-auth.ts'
import { toFailure } from '../shared/failure.ts'
import { workspaceChange, workspaceGuards } from '../shared/follow-workspace.ts'
import { overviewErrorMessages } from './overview.messages.ts'

/** What `loadOverview` answers: the server's facts and whether this person dismissed the checklist here. */
export interface OverviewFacts {
  readonly overview: OverviewResponse
  readonly checklistDismissed: boolean
}

/** Whose overview is asked for: the current org (sent as x-org-id) and the signed-in person. */
export interface OverviewRequest {
  readonly orgId: string
  readonly userId: string
}

export interface OverviewContext {
  /** The workspace whose facts are shown (the auth actor's current org), or null when signed out. */
  readonly orgId: string | null
  /** The signed-in person (the dismissal is remembered per person and workspace). */
  readonly userId: string | null
  /** The facts as last loaded, or null before the workspace's first answer. */
  readonly overview: OverviewResponse | null
  /** Why the first load failed (the `failed` state), in plain language. */
  readonly loadError: DisplayText | null
  /** The person closed the checklist in this workspace. */
  readonly checklistDismissed: boolean
}

export type OverviewEvent =
  /** From `watchAuth`: the current org (null = signed out or switching) and the person. */
  | { type: 'auth.changed'; orgId: string | null; userId?: string | null }
  /** From the focus listener: the window gained focus. */
  | { type: 'overview.focused' }
  /** 'Try again' after a failed load. */
  | { type: 'overview.retry' }
  /** 'Dismiss' on the checklist. */
  | { type: 'overview.dismissChecklist' }

/** Shown when the facts could not be loaded and the error carries no message (ours). */
export const OVERVIEW_LOAD_FAILED_MESSAGE = localized(overviewErrorMessages.loadFailed)

export const overviewMachine = setup({
  types: {
    context: {} as OverviewContext,
    events: {} as OverviewEvent,
  },
  actors: {
    /** `GET /api/overview` for the org, plus the stored dismissal. Provided by src/system/overview.ts. */
    loadOverview: fromPromise<OverviewFacts, OverviewRequest>(async () => {
      throw new Error('loadOverview is provided by src/system/overview.ts')
    }),
    /** Sends `auth.changed` whenever the followed org of the auth actor's snapshot changes. */
    watchAuth: followAuth((s) => {
      const orgId = followedOrgOf(s)
      return orgId === undefined ? undefined : { orgId, userId: s.context.user?._id ?? null }
    }),
    /** Sends `overview.focused` when the window gains focus. The browser's is in src/system; none by default. */
    focusListener: fromCallback(() => {}),
  },
  guards: {
    ...workspaceGuards,
    hasOverview: ({ context }) => context.overview !== null,
  },
  actions: {
    /** A new org (or none): its facts are unknown, so the old org's are dropped now. */
    assignOrg: assign((_, params: { orgId: string | null; userId?: string | null }) => ({
      orgId: params.orgId,
      userId: params.userId ?? null,
      overview: null,
      loadError: null,
      checklistDismissed: false,
    })),
    // A dismissal made while a refresh was in flight stands, whatever the refresh read back.
    assignFacts: assign(({ context }, params: OverviewFacts) => ({
      overview: params.overview,
      checklistDismissed: context.checklistDismissed || params.checklistDismissed,
      loadError: null,
    })),
    assignLoadError: assign((_, params: { error: unknown }) => ({ loadError: toFailure(params.error, [], OVERVIEW_LOAD_FAILED_MESSAGE).message })),
    clearLoadError: assign({ loadError: null }),
    assignDismissed: assign({ checklistDismissed: true }),
    /** Remembers the dismissal for this person and workspace. Provided by src/system (localStorage); nothing by default. */
    storeDismissal: (_, _params: { orgId: string | null; userId: string | null }) => {},
    /** A failed background refresh is logged only: what is on screen stays. */
    logRefreshFailure: (_, params: { orgId: string | null; error: unknown }) => {
      console.warn(`Could not refresh the overview of ${params.orgId ?? 'no org'}:`, params.error)
    },
  },
}).createMachine({
  id: 'overview',
  context: { orgId: null, userId: null, overview: null, loadError: null, checklistDismissed: false },
  invoke: { id: 'watchAuth', src: 'watchAuth' },
  initial: 'signedOut',
  on: {
    // Shared by every state: follow the auth actor's current org (machines/shared/follow-workspace.ts).
    'auth.changed': [
      { guard: { type: 'hasNoOrg', params: workspaceChange }, target: '.signedOut', actions: { type: 'assignOrg', params: workspaceChange } },
      // Re-entered, so a load in flight for the old org is cancelled.
      { guard: { type: 'isOtherOrg', params: workspaceChange }, target: '.loading', reenter: true, actions: { type: 'assignOrg', params: workspaceChange } },
    ],
    'overview.dismissChecklist': {
      guard: 'hasOverview',
      actions: ['assignDismissed', { type: 'storeDismissal', params: ({ context }) => ({ orgId: context.orgId, userId: context.userId }) }],
    },
  },
  states: {
    signedOut: {},
    loading: {
      invoke: {
        id: 'loadOverview',
        src: 'loadOverview',
        input: ({ context }) => ({ orgId: context.orgId ?? '', userId: context.userId ?? '' }),
        onDone: { target: 'ready', actions: { type: 'assignFacts', params: ({ event }) => event.output } },
        onError: { target: 'failed', actions: { type: 'assignLoadError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    failed: {
      on: { 'overview.retry': { target: 'loading', actions: 'clearLoadError' } },
    },
    ready: {
      invoke: { id: 'focusListener', src: 'focusListener' },
      on: { 'overview.focused': 'refreshing' },
    },
    // What is on screen stays while the facts are fetched again, and after a failed refetch too.
    refreshing: {
      invoke: {
        id: 'reloadOverview',
        src: 'loadOverview',
        input: ({ context }) => ({ orgId: context.orgId ?? '', userId: context.userId ?? '' }),
        onDone: { target: 'ready', actions: { type: 'assignFacts', params: ({ event }) => event.output } },
        onError: { target: 'ready', actions: { type: 'logRefreshFailure', params: ({ context, event }) => ({ orgId: context.orgId, error: event.error }) } },
      },
    },
  },
})

/** The overview machine's type, for `ActorRefFrom<OverviewMachine>` and `provide`. */
export type OverviewMachine = typeof overviewMachine
