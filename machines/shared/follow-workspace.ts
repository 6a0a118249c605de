/**
 * "Follow the workspace": the one pattern shared by the machines that hold data of the current
 * org (credits, permissions, overview). Such a machine listens to the auth actor through
 * its `watchAuth` listener (machines/shared/follow-auth.ts), which sends
 * `{ type: 'auth.changed', orgId }` (orgId null = signed out or switching), and:
 *
 * - drops to `signedOut` when there is no org, keeping nothing of the old tenant;
 * - (re)enters `loading` when the org differs from the one whose data it holds (SPEC §7: the
 *   org's queries "run when authenticated with a current org");
 * - loads in `loading` and reloads in `refreshing` with the same actor for `context.orgId`,
 *   both answering into `ready`.
 *
 * Each follower writes these states and transitions out in its own config, as literals, so
 * Stately's source parser (its editor, GitHub sync and VS Code extension) reads the machine
 * whole (scripts/stately.test.ts); a state-config factory or a spread is invisible to it. What
 * is shared lives here under names: the guards, and the `params` and `input` functions the
 * follower's transitions and invocations name. They are plain functions (no xstate import),
 * typed structurally: each machine's `setup` checks them against its own context, events and
 * actions where they are used. A follower's root config reads:
 *
 * ```ts
 * on: {
 *   'auth.changed': [
 *     { guard: { type: 'hasNoOrg', params: workspaceChange }, target: '.signedOut', actions: { type: 'assignOrg', params: workspaceChange } },
 *     // re-entered, so a load in flight for the old org is cancelled
 *     { guard: { type: 'isOtherOrg', params: workspaceChange }, target: '.loading', reenter: true, actions: { type: 'assignOrg', params: workspaceChange } },
 *   ],
 * },
 * ```
 *
 * and its `loading` (and `refreshing`, with another invoke id so `xstate.done.actor.<id>` tells a
 * first load from a reload):
 *
 * ```ts
 * invoke: {
 *   id: 'loadX', src: 'loadX', input: workspaceQueryInput,
 *   onDone: { target: 'ready', actions: { type: 'assignX', params: queryOutput } },
 *   onError: { target: 'ready', actions: { type: 'logFailure', params: queryFailure } },
 * }
 * ```
 *
 * A follower has root-level `signedOut`, `loading` and `ready` states, an `assignOrg` action
 * taking the `auth.changed` event (it must drop the old org's data), and spreads
 * `workspaceGuards` into its `setup` guards.
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

/** The `auth.changed` event itself, as the params of the pattern's guards and of `assignOrg`. */
export const workspaceChange = <E extends WorkspaceChange>({ event }: { event: E }): E => event

/** What a follower's query actor takes: the followed org (sent as x-org-id), '' if none. */
export interface WorkspaceQueryInput {
  readonly orgId: string
}

/** The `input` of a follower's query invocation: `{ orgId }` of the org it follows. */
export const workspaceQueryInput = ({ context }: { context: FollowsWorkspace }): WorkspaceQueryInput => ({ orgId: context.orgId ?? '' })

/** The params of the action run when a query resolves: the actor's output. */
export const queryOutput = <T>({ event }: { event: { output: T } }): T => event.output

/** The params of the action run when a query rejects: `{ orgId, error }`. */
export const queryFailure = ({ context, event }: { context: FollowsWorkspace; event: { error: unknown } }) => ({ orgId: context.orgId, error: event.error })
