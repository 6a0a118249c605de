/**
 * The permissions machine: SPEC.md §4 "Permissions list" and §6. It follows the auth actor
 * (through the `watchAuth` listener) and keeps the permission-set list of the current org:
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
import { followAuth } from '../auth/follow-auth.ts'

export interface PermissionsContext {
  readonly orgId: string | null
  /** The current org's `permission_sets` (system keys or custom ids). */
  readonly refs: ReadonlyArray<string>
  /** The fetched list, or null before the first load for this org. */
  readonly sets: ReadonlyArray<PermissionSet> | null
  readonly error: string | null
}

export type PermissionsEvent =
  | { type: 'auth.changed'; orgId: string | null; refs: ReadonlyArray<string> }
  | { type: 'permissions.refetch' }
  | { type: 'permissions.retry' }

/** How long a failed load waits before trying again (ms). */
export const PERMISSIONS_RETRY_MS = 10_000

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
      const org = s.value === 'authenticated' ? s.context.currentOrg : null
      return { orgId: org?.org_id ?? null, refs: org?.permission_sets ?? [] }
    }),
  },
  guards: {
    hasNoOrg: (_, params: { orgId: string | null }) => params.orgId === null,
    isOtherOrg: ({ context }, params: { orgId: string | null }) => params.orgId !== context.orgId,
  },
  actions: {
    assignOrg: assign((_, params: { orgId: string | null; refs: ReadonlyArray<string> }) => ({
      orgId: params.orgId,
      refs: params.refs,
      sets: null,
      error: null,
    })),
    assignRefs: assign((_, params: { refs: ReadonlyArray<string> }) => ({ refs: params.refs })),
    assignSets: assign((_, params: { sets: ReadonlyArray<PermissionSet> }) => ({ sets: params.sets, error: null })),
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
  // Shared by every state: follow the auth actor.
  on: {
    'auth.changed': [
      { guard: { type: 'hasNoOrg', params: ({ event }) => event }, target: '.signedOut', actions: { type: 'assignOrg', params: ({ event }) => event } },
      { guard: { type: 'isOtherOrg', params: ({ event }) => event }, target: '.loading', reenter: true, actions: { type: 'assignOrg', params: ({ event }) => event } },
      { actions: { type: 'assignRefs', params: ({ event }) => event } },
    ],
  },
  states: {
    signedOut: {},
    loading: {
      invoke: {
        id: 'loadPermissionSets',
        src: 'loadPermissionSets',
        input: ({ context }) => ({ orgId: context.orgId ?? '' }),
        onDone: { target: 'ready', actions: { type: 'assignSets', params: ({ event }) => ({ sets: event.output }) } },
        onError: { target: 'failed', actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    ready: {
      on: { 'permissions.refetch': 'refreshing' },
    },
    // Refetching keeps the current list visible; a failure keeps it too.
    refreshing: {
      invoke: {
        id: 'reloadPermissionSets',
        src: 'loadPermissionSets',
        input: ({ context }) => ({ orgId: context.orgId ?? '' }),
        onDone: { target: 'ready', actions: { type: 'assignSets', params: ({ event }) => ({ sets: event.output }) } },
        onError: { target: 'ready', actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    failed: {
      on: { 'permissions.retry': 'loading' },
      after: { retry: 'loading' },
    },
  },
})

export type PermissionsMachine = typeof permissionsMachine
