/**
 * "Follow the workspace": the one pattern shared by the machines that hold data of the current
 * org (credits, permissions). Such a machine listens to the auth actor through
 * its `watchAuth` listener (machines/shared/follow-auth.ts), which sends
 * `{ type: 'auth.changed', orgId }` (orgId null = signed out or switching), and:
 *
 * - drops to `signedOut` when there is no org, keeping nothing of the old tenant;
 * - (re)enters `loading` when the org differs from the one whose data it holds (SPEC §7: the
 *   org's queries "run when authenticated with a current org");
 * - loads in `loading` and reloads in `refreshing` with the same actor for `context.orgId`,
 *   both answering into `ready`.
 *
 * Why a state-config factory and not a child machine: the follower's states (`loading`,
 * `ready`, `refreshing`, ...) stay states of the follower itself, so its statechart, its
 * `resolveState` stories, its selectors and its model walk (which counts only the root actor's
 * own transitions) see exactly what they saw before. A child machine would hide those states
 * from all four. The pieces here are plain data and functions (no xstate import), typed
 * structurally: each machine's `setup` checks them against its own context, events and actions
 * where they are used.
 *
 * A follower must have root-level `signedOut`, `loading` and `ready` states, an `assignOrg`
 * action taking the `auth.changed` event, and spread `workspaceGuards` into its guards.
 */

/** The part of a follower's context the pattern reads: the org whose data it holds, or null. */
export interface FollowsWorkspace {
  readonly orgId: string | null
}

/** The part of `auth.changed` the pattern reads: the auth actor's current org, or null. */
export interface WorkspaceChange {
  readonly orgId: string | null
}

/** Guards of the pattern, for a follower's `setup({ guards: { ...workspaceGuards } })`. */
export const workspaceGuards = {
  /** True when `auth.changed` says there is no org (signed out, or a switch being verified). */
  hasNoOrg: (_: unknown, params: WorkspaceChange) => params.orgId === null,
  /** True when `auth.changed` names another org than the one whose data the machine holds. */
  isOtherOrg: ({ context }: { context: FollowsWorkspace }, params: WorkspaceChange) => params.orgId !== context.orgId,
}

/** The `auth.changed` event itself, as guard and action params. */
const changeOf = <E extends WorkspaceChange>({ event }: { event: E }): E => event

/**
 * The follower's root `'auth.changed'` candidates, in order: no org → `signedOut`; another
 * org → `loading` (re-entered, so a load in flight for the old org is cancelled). Both run
 * `assignOrg` with the event, which must drop the old org's data. A follower that reacts to
 * a change within the same org appends its own candidate after these.
 */
export const followWorkspace = [
  { guard: { type: 'hasNoOrg', params: changeOf }, target: '.signedOut', actions: { type: 'assignOrg', params: changeOf } },
  { guard: { type: 'isOtherOrg', params: changeOf }, target: '.loading', reenter: true, actions: { type: 'assignOrg', params: changeOf } },
] as const

/** What a follower's query actor takes: the followed org (sent as x-org-id), '' if none. */
export interface WorkspaceQueryInput {
  readonly orgId: string
}

/** How a query state of a follower answers; see `workspaceQuery`. */
export interface WorkspaceQueryOptions<Src extends string, Answer extends string, Failure extends string, FailTarget extends string> {
  /** The actor to invoke (provided by src/), taking `WorkspaceQueryInput`. */
  readonly src: Src
  /** The invoke id, so `xstate.done.actor.<id>` tells a first load from a reload; default `src`. */
  readonly id?: string
  /** Action run with the actor's output as params when it resolves (then → `ready`). */
  readonly answer: Answer
  /** Action run with `{ orgId, error }` when it rejects. */
  readonly failure: Failure
  /** Where a rejection goes: `ready` keeps what is on hand, a follower's `failed` retries. */
  readonly failTarget: FailTarget
}

/**
 * A follower's state that runs its query for `context.orgId`: `{ invoke: { id, src, input:
 * { orgId }, onDone: → ready + answer(output), onError: → failTarget + failure({ orgId, error }) } }`.
 * Used for `loading` and `refreshing` alike; they differ only in id and failure target.
 */
export function workspaceQuery<const Src extends string, const Answer extends string, const Failure extends string, const FailTarget extends string>(
  options: WorkspaceQueryOptions<Src, Answer, Failure, FailTarget>,
) {
  return {
    invoke: {
      id: options.id ?? options.src,
      src: options.src,
      input: ({ context }: { context: FollowsWorkspace }): WorkspaceQueryInput => ({ orgId: context.orgId ?? '' }),
      onDone: { target: 'ready', actions: { type: options.answer, params: <T>({ event }: { event: { output: T } }) => event.output } },
      onError: {
        target: options.failTarget,
        actions: {
          type: options.failure,
          params: ({ context, event }: { context: FollowsWorkspace; event: { error: unknown } }) => ({ orgId: context.orgId, error: event.error }),
        },
      },
    },
  } as const
}
