/**
 * The permissions machine: SPEC.md §4 "Permissions list" and §6. It follows the auth actor
 * (through the `watchAuth` listener, with the "follow the workspace" pattern it shares with the
 * credits machine: machines/shared/follow-workspace.ts; docs/architecture.md) and keeps the
 * permission-set list of the current org:
 *
 * - empty while unauthenticated or without a current org (`signedOut`);
 * - the query (`GET /permissions/permission-sets`) runs only when authenticated (`loading`);
 * - rebuilt when the org's set references change (same org) or the list is refetched;
 * - an org switch drops the old org's sets at once, so nothing of the old tenant is shown.
 *
 * The effective permissions are derived by `selectPermissions` with the shared rules of
 * contract/permissions.ts.
 */
import { assign, fromPromise, setup } from 'xstate'
import type { PermissionSet } from '../../contract/api.ts'
import { followAuth, followedOrgOf } from '../shared/follow-auth.ts'
import { queryFailure, queryOutput, workspaceChange, workspaceGuards, workspaceQueryInput } from '../shared/follow-workspace.ts'

/** The permissions actor's context: the followed org, its set references, the fetched list, the last load error. */
export interface PermissionsContext {
  readonly orgId: string | null
  /** The current org's `permission_sets` (system keys or custom ids). */
  readonly refs: ReadonlyArray<string>
  /** The fetched list, or null before the first load for this org. */
  readonly sets: ReadonlyArray<PermissionSet> | null
  readonly error: string | null
}

/** Events permissions accepts; `auth.changed` comes from its own `watchAuth` listener. */
export type PermissionsEvent =
  | { type: 'auth.changed'; orgId: string | null; refs: ReadonlyArray<string> }
  | { type: 'permissions.refetch' }
  | { type: 'permissions.retry' }

/** How long a failed load waits before trying again (ms). */
export const PERMISSIONS_RETRY_MS = 10_000

/**
 * The permissions statechart (see the module comment). `loadPermissionSets` is a stub here,
 * provided by src/system; `watchAuth` reads the system's `auth` actor.
 */
export const permissionsMachine = setup({
  types: {
    context: {} as PermissionsContext,
    events: {} as PermissionsEvent,
  },
  actors: {
    /** GET /permissions/permission-sets for `orgId`. Implemented in src/system. */
    loadPermissionSets: fromPromise<ReadonlyArray<PermissionSet>, { orgId: string }>(async () => {
      throw new Error('loadPermissionSets is provided by src/system')
    }),
    /** Sends `auth.changed` with the auth actor's org and set references whenever they change. */
    watchAuth: followAuth((s) => {
      // A re-verification of the same org keeps the list (no splash over the page).
      const orgId = followedOrgOf(s)
      if (orgId === undefined) return undefined
      return { orgId, refs: orgId === null ? [] : (s.context.currentOrg?.permission_sets ?? []) }
    }),
  },
  guards: { ...workspaceGuards },
  actions: {
    assignOrg: assign((_, params: { orgId: string | null; refs: ReadonlyArray<string> }) => ({
      orgId: params.orgId,
      refs: params.refs,
      sets: null,
      error: null,
    })),
    assignRefs: assign((_, params: { refs: ReadonlyArray<string> }) => ({ refs: params.refs })),
    /** Keeps the list `loadPermissionSets` answered. */
    assignSets: assign((_, sets: ReadonlyArray<PermissionSet>) => ({ sets, error: null })),
    assignError: assign((_, params: { error: unknown }) => ({
      error: params.error instanceof Error ? params.error.message : 'Could not load permissions',
    })),
  },
  delays: { retry: PERMISSIONS_RETRY_MS },
}).createMachine({
  id: 'permissions',
  context: { orgId: null, refs: [], sets: null, error: null },
  invoke: { id: 'watchAuth', src: 'watchAuth' },
  initial: 'signedOut',
  // Shared by every state: follow the auth actor (machines/shared/follow-workspace.ts).
  on: {
    'auth.changed': [
      { guard: { type: 'hasNoOrg', params: workspaceChange }, target: '.signedOut', actions: { type: 'assignOrg', params: workspaceChange } },
      // Re-entered, so a load in flight for the old org is cancelled.
      { guard: { type: 'isOtherOrg', params: workspaceChange }, target: '.loading', reenter: true, actions: { type: 'assignOrg', params: workspaceChange } },
      // Same org: only its set references changed; the sets on hand still apply.
      { actions: { type: 'assignRefs', params: ({ event }) => event } },
    ],
  },
  states: {
    signedOut: {},
    loading: {
      // A change made while the list is on its way may be missing from it: ask again.
      on: { 'permissions.refetch': { target: 'loading', reenter: true } },
      invoke: {
        id: 'loadPermissionSets',
        src: 'loadPermissionSets',
        input: workspaceQueryInput,
        onDone: { target: 'ready', actions: { type: 'assignSets', params: queryOutput } },
        onError: { target: 'failed', actions: { type: 'assignError', params: queryFailure } },
      },
    },
    ready: {
      on: { 'permissions.refetch': 'refreshing' },
    },
    // Refetching keeps the current list visible; a failure keeps it too.
    refreshing: {
      // As in loading: the answer in flight may predate the change that asks again.
      on: { 'permissions.refetch': { target: 'refreshing', reenter: true } },
      invoke: {
        id: 'reloadPermissionSets',
        src: 'loadPermissionSets',
        input: workspaceQueryInput,
        onDone: { target: 'ready', actions: { type: 'assignSets', params: queryOutput } },
        onError: { target: 'ready', actions: { type: 'assignError', params: queryFailure } },
      },
    },
    failed: {
      on: { 'permissions.retry': 'loading' },
      after: { retry: 'loading' },
    },
  },
})

/** The permissions machine's type, for `ActorRefFrom<PermissionsMachine>` and `provide`. */
export type PermissionsMachine = typeof permissionsMachine
