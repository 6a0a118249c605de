/**
 * The workspaces machine: the signed-in user's workspace list and the workspace switcher
 * (SPEC.md §2.6 switcher, §3 Workspace list item, §4 Switching org and Creating a workspace,
 * §5 Workspace search, §8 workspace rows, §9 workspaces query). It lives in the root system and
 * follows the auth actor (through `watchAuth`), like the permissions machine.
 *
 * Three regions while a user is signed in (`active`):
 *
 *   list      fetching ─(fails, ≤ 3 times)─▶ backingOff ─(1 s, 2 s, 4 s)─▶ fetching ─(4th failure)─▶ failed
 *               └─(done)─▶ cached.fresh ─(5 min)─▶ cached.stale ─(10 min after the fetch)─▶ dropped (idle)
 *             Opening the dropdown loads a dropped or failed list and refetches a stale one; a
 *             fresh one is shown as is. A list is never dropped under an open dropdown: it goes
 *             when the dropdown closes (`expired`).
 *   dropdown  closed ⇄ open; picking a workspace sends `auth.switchOrg` to the auth actor and
 *             closes the dropdown with its search text cleared; picking the current one only closes.
 *   creation  idle ─workspaces.create─▶ creating ─▶ idle: on success switch to the new workspace,
 *             close the dropdown and refetch the list; emits `workspaces.created` or
 *             `workspaces.createFailed` { message } for the toast layer.
 *
 * The list belongs to a user, not to an org: another user (or signing out) drops everything; an
 * org switch by the same user keeps the list and only moves the "current" mark.
 */
import { assertEvent, assign, emit, fromPromise, raise, sendTo, setup, stateIn } from 'xstate'
import { type DisplayText, localized } from '../../contract/messages.ts'
import { followAuth } from '../shared/follow-auth.ts'
import type { WorkspaceItem } from '../../contract/api.ts'
import { CreateWorkspaceRequest } from '../../contract/workspaces.ts'
import { fieldErrors, validate } from '../../contract/validate.ts'
import { toFailure } from '../shared/failure.ts'
import { SystemId } from '../shared/system-ids.ts'
import { QUERY_STALE_TIME_MS } from '../cache-policy.ts'
import { workspacesErrorMessages } from './workspaces.messages.ts'

/** SPEC §9: the list is fresh for 5 min: reopening the dropdown within that time does not refetch (ms). */
export const WORKSPACES_STALE_TIME_MS = QUERY_STALE_TIME_MS
/** SPEC §9: the list is kept 10 min after it was fetched; then it is dropped and loaded on the next open (ms). */
export const WORKSPACES_CACHE_TIME_MS = 600_000
/** SPEC §9: a failed load is retried 3 times before the error shows. */
export const WORKSPACES_RETRIES = 3
/** SPEC §9: the first retry waits 1 s; each next one twice as long, never more than 30 s (ms). */
export const WORKSPACES_RETRY_BASE_MS = 1000
export const WORKSPACES_RETRY_CAP_MS = 30_000

/** SPEC §8, verbatim: what the switcher shows instead of a list. */
export const WORKSPACES_LOADING_MESSAGE = 'Loading workspaces...'
export const WORKSPACES_ERROR_MESSAGE = 'Error loading workspaces'
export const WORKSPACES_EMPTY_MESSAGE = 'No organizations found'
/** SPEC §8, verbatim: the toasts of creating a workspace (the failure toast prefers the server's message). */
export const WORKSPACE_CREATED_MESSAGE = localized(workspacesErrorMessages.created)
export const WORKSPACE_CREATE_FAILED_MESSAGE = localized(workspacesErrorMessages.createFailed)

/**
 * The wait before retry number `failures` (1 = after the first failure): 1 s, 2 s, 4 s... capped
 * at 30 s (SPEC §9). In ms.
 */
export function retryDelayMs(failures: number): number {
  return Math.min(WORKSPACES_RETRY_BASE_MS * 2 ** Math.max(0, failures - 1), WORKSPACES_RETRY_CAP_MS)
}

export interface WorkspacesContext {
  /** The signed-in user the list belongs to; null while signed out. */
  readonly userId: string | null
  /** This tab's current org (from the auth actor): the workspace marked current. */
  readonly orgId: string | null
  /** `GET /users/my-workspaces`, or null when none is on hand (not loaded, dropped, failed). */
  readonly workspaces: ReadonlyArray<WorkspaceItem> | null
  /** Failed attempts of the load in progress (0–3); decides the next backoff. */
  readonly failures: number
  /** The dropdown's search text (SPEC §5); cleared when the dropdown closes (SPEC §4). */
  readonly search: string
  /** The create action's error for the name field (contract or server), if any. */
  readonly createError: DisplayText | null
}

export type WorkspacesEvent =
  | { type: 'auth.changed'; userId: string | null; orgId: string | null }
  /** The switcher's dropdown opens: the list is loaded or refetched as its age requires. */
  | { type: 'workspaces.open' }
  | { type: 'workspaces.close' }
  | { type: 'workspaces.search'; query: string }
  /** Picks a workspace (dropdown or selection page). */
  | { type: 'workspaces.select'; orgId: string }
  /** A page shows the list (the selection page): same freshness rules as opening, no dropdown. */
  | { type: 'workspaces.load' }
  /** The list is out of date (a workspace was renamed or created): refetch now. */
  | { type: 'workspaces.invalidate' }
  /** Creates a workspace; an empty name lets the server choose one. */
  | { type: 'workspaces.create'; name: string }

export type WorkspacesEmitted =
  | { type: 'workspaces.created'; workspace: WorkspaceItem }
  | { type: 'workspaces.createFailed'; message: DisplayText }

/** The body of `POST /organizations/create-new` for what was typed: a blank name is left out. */
export function toCreateRequest(name: string): CreateWorkspaceRequest {
  const trimmed = name.trim()
  return trimmed === '' ? {} : { org_name: trimmed }
}

/**
 * Codes the API client (src/api/client.ts) makes up itself when no error body came from the
 * server: their messages are the client's words (or technical), not the server's.
 */
const CLIENT_ERROR_CODES: ReadonlyArray<string> = ['network_error', 'http_error', 'invalid_response', 'client_error', 'session_expired']

/**
 * SPEC §8: the toast of a failed creation: the server's message when the server sent one (an
 * `ApiError` decoded from its error body), else 'Something went wrong while creating workspace'.
 * The error is read by shape: machines do not import from src/.
 */
export function createFailureMessage(error: unknown): DisplayText {
  const e = (typeof error === 'object' && error !== null ? error : {}) as { code?: unknown; message?: unknown }
  const fromServer = typeof e.code === 'string' && !CLIENT_ERROR_CODES.includes(e.code) && typeof e.message === 'string' && e.message.trim() !== ''
  return fromServer ? (e.message as string) : WORKSPACE_CREATE_FAILED_MESSAGE
}

/** The contract's complaint about a typed name, or null when it may be sent. */
export function createNameError(name: string): DisplayText | null {
  const result = validate(CreateWorkspaceRequest, toCreateRequest(name))
  return result.ok ? null : (fieldErrors(result.issues).org_name ?? WORKSPACE_CREATE_FAILED_MESSAGE)
}

export const workspacesMachine = setup({
  types: {
    context: {} as WorkspacesContext,
    events: {} as WorkspacesEvent,
    emitted: {} as WorkspacesEmitted,
  },
  actors: {
    /** `GET /users/my-workspaces`; resolves with `workspaces`. Implemented in src/system. */
    loadWorkspaces: fromPromise<ReadonlyArray<WorkspaceItem>, { userId: string }>(async () => {
      throw new Error('loadWorkspaces is provided by src/system')
    }),
    /** `POST /organizations/create-new`; resolves with the new workspace. Implemented in src/system. */
    createWorkspace: fromPromise<WorkspaceItem, CreateWorkspaceRequest>(async () => {
      throw new Error('createWorkspace is provided by src/system')
    }),
    /**
     * Sends `auth.changed` with the signed-in user and current org whenever they change. While
     * auth is loading or verifying nothing is reported: an org switch keeps the list on hand.
     */
    watchAuth: followAuth((s) => {
      if (s.value === 'loading' || s.value === 'verifying') return undefined
      const signedIn = s.value === 'authenticated' && s.context.user !== null
      return { userId: signedIn ? s.context.user!._id : null, orgId: signedIn ? (s.context.currentOrg?.org_id ?? null) : null }
    }),
  },
  guards: {
    hasNoUser: (_, params: { userId: string | null }) => params.userId === null,
    isOtherUser: ({ context }, params: { userId: string | null }) => params.userId !== context.userId,
    isCurrentOrg: ({ context }, params: { orgId: string }) => params.orgId === context.orgId,
    hasRetriesLeft: ({ context }) => context.failures < WORKSPACES_RETRIES,
    isValidName: (_, params: { name: string }) => createNameError(params.name) === null,
    isDropdownClosed: stateIn('#workspaces.active.dropdown.closed'),
  },
  actions: {
    /** A new user (or none): nothing of the previous one survives. */
    assignSession: assign((_, params: { userId: string | null; orgId: string | null }) => ({
      userId: params.userId,
      orgId: params.orgId,
      workspaces: null,
      failures: 0,
      search: '',
      createError: null,
    })),
    assignOrg: assign((_, params: { orgId: string | null }) => ({ orgId: params.orgId })),
    assignList: assign((_, params: { workspaces: ReadonlyArray<WorkspaceItem> }) => ({ workspaces: params.workspaces, failures: 0 })),
    countFailure: assign(({ context }) => ({ failures: context.failures + 1 })),
    resetFailures: assign({ failures: 0 }),
    /** After the last retry the list is gone: the switcher shows the error, not an old list. */
    assignLoadFailure: assign({ workspaces: null, failures: 0 }),
    dropList: assign({ workspaces: null }),
    assignSearch: assign((_, params: { query: string }) => ({ search: params.query })),
    /** Closing forgets what was typed (SPEC §4) and any complaint about it. */
    clearSearch: assign({ search: '', createError: null }),
    assignNameError: assign((_, params: { name: string }) => ({ createError: createNameError(params.name) })),
    clearCreateError: assign({ createError: null }),
    assignCreateFailure: assign((_, params: { error: unknown }) => ({
      createError: toFailure(params.error, ['org_name'], WORKSPACE_CREATE_FAILED_MESSAGE).fieldErrors.org_name ?? null,
    })),
    /** SPEC §4 Switching org: the auth actor stores the org id, re-verifies and goes to /app. */
    switchOrg: sendTo(
      ({ system }) => system.get(SystemId.auth),
      (_, params: { orgId: string }) => ({ type: 'auth.switchOrg' as const, orgId: params.orgId }),
    ),
    emitCreated: emit((_, params: { workspace: WorkspaceItem }) => ({ type: 'workspaces.created' as const, workspace: params.workspace })),
    /** SPEC §8: the server's message if it sent one, else the spec's fallback. */
    emitCreateFailed: emit((_, params: { error: unknown }) => ({
      type: 'workspaces.createFailed' as const,
      message: createFailureMessage(params.error),
    })),
  },
  delays: {
    retryBackoff: ({ context }) => retryDelayMs(context.failures),
    staleTime: WORKSPACES_STALE_TIME_MS,
    cacheTime: WORKSPACES_CACHE_TIME_MS,
  },
}).createMachine({
  id: 'workspaces',
  context: { userId: null, orgId: null, workspaces: null, failures: 0, search: '', createError: null },
  invoke: { id: 'watchAuth', src: 'watchAuth' },
  initial: 'signedOut',
  on: {
    'auth.changed': [
      { guard: { type: 'hasNoUser', params: ({ event }) => event }, target: '.signedOut', actions: { type: 'assignSession', params: ({ event }) => event } },
      // Another user: start over (re-entering `active` also cancels any load or creation in flight).
      { guard: { type: 'isOtherUser', params: ({ event }) => event }, target: '.active', reenter: true, actions: { type: 'assignSession', params: ({ event }) => event } },
      { actions: { type: 'assignOrg', params: ({ event }) => event } },
    ],
  },
  states: {
    signedOut: {},
    active: {
      type: 'parallel',
      states: {
        list: {
          // SPEC §9 / brief: loaded as soon as the user is signed in, so the first open is instant.
          initial: 'fetching',
          states: {
            /** Nothing on hand: never loaded for this user, or dropped after the cache time. */
            idle: {
              on: { 'workspaces.open': 'fetching', 'workspaces.load': 'fetching', 'workspaces.invalidate': 'fetching' },
            },
            fetching: {
              invoke: {
                id: 'loadWorkspaces',
                src: 'loadWorkspaces',
                input: ({ context }) => ({ userId: context.userId ?? '' }),
                onDone: { target: 'cached', actions: { type: 'assignList', params: ({ event }) => ({ workspaces: event.output }) } },
                onError: [{ guard: 'hasRetriesLeft', target: 'backingOff', actions: 'countFailure' }, { target: 'failed', actions: 'assignLoadFailure' }],
              },
              on: { 'workspaces.invalidate': { target: 'fetching', reenter: true, actions: 'resetFailures' } },
            },
            backingOff: {
              after: { retryBackoff: 'fetching' },
              on: { 'workspaces.invalidate': { target: 'fetching', actions: 'resetFailures' } },
            },
            /** SPEC §8 'Error loading workspaces'; the next open tries again. */
            failed: {
              on: { 'workspaces.open': 'fetching', 'workspaces.load': 'fetching', 'workspaces.invalidate': 'fetching' },
            },
            cached: {
              initial: 'fresh',
              after: { cacheTime: '.expired' },
              on: { 'workspaces.invalidate': 'fetching' },
              states: {
                fresh: { after: { staleTime: 'stale' } },
                // Shown while refetched (the list stays visible during a background refetch).
                stale: { on: { 'workspaces.open': '#workspaces.active.list.fetching', 'workspaces.load': '#workspaces.active.list.fetching' } },
                // Past the cache time: dropped as soon as nobody is looking at it.
                expired: { always: { guard: 'isDropdownClosed', target: '#workspaces.active.list.idle', actions: 'dropList' } },
              },
            },
          },
        },
        dropdown: {
          initial: 'closed',
          states: {
            closed: {
              on: {
                'workspaces.open': 'open',
                // From the selection page: any pick (the current one too) switches and goes to /app.
                'workspaces.select': { actions: { type: 'switchOrg', params: ({ event }) => event } },
              },
            },
            open: {
              on: {
                'workspaces.close': { target: 'closed', actions: 'clearSearch' },
                'workspaces.search': { actions: { type: 'assignSearch', params: ({ event }) => event } },
                'workspaces.select': [
                  { guard: { type: 'isCurrentOrg', params: ({ event }) => event }, target: 'closed', actions: 'clearSearch' },
                  { target: 'closed', actions: ['clearSearch', { type: 'switchOrg', params: ({ event }) => event }] },
                ],
              },
            },
          },
        },
        creation: {
          initial: 'idle',
          states: {
            idle: {
              on: {
                'workspaces.create': [
                  { guard: { type: 'isValidName', params: ({ event }) => event }, target: 'creating', actions: 'clearCreateError' },
                  { actions: { type: 'assignNameError', params: ({ event }) => event } },
                ],
              },
            },
            creating: {
              invoke: {
                id: 'createWorkspace',
                src: 'createWorkspace',
                input: ({ event }) => {
                  assertEvent(event, 'workspaces.create')
                  return toCreateRequest(event.name)
                },
                // SPEC §4 Creating a workspace: switch to it, then refetch the list.
                onDone: {
                  target: 'idle',
                  actions: [
                    { type: 'emitCreated', params: ({ event }) => ({ workspace: event.output }) },
                    { type: 'switchOrg', params: ({ event }) => ({ orgId: event.output.org_id }) },
                    raise({ type: 'workspaces.close' }),
                    raise({ type: 'workspaces.invalidate' }),
                  ],
                },
                onError: {
                  target: 'idle',
                  actions: [
                    { type: 'assignCreateFailure', params: ({ event }) => ({ error: event.error }) },
                    { type: 'emitCreateFailed', params: ({ event }) => ({ error: event.error }) },
                  ],
                },
              },
            },
          },
        },
      },
    },
  },
})

export type WorkspacesMachine = typeof workspacesMachine
