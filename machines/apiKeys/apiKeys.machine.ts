/**
 * The API keys tab of the Developers page (docs/api.md "API keys"; contract/developers.ts
 * `apiKeysApi`): the workspace's keys, creating one (its secret shown once), and revoking one.
 *
 *   loading ──(list)──▶ ready ◀──apiKeys.retry── failed ◀──(error)── loading
 *   ready.idle ──apiKey.create──▶ creating.editing ──apiKey.submit──▶ creating.submitting
 *        ──(created)──▶ creating.showingSecret ──apiKey.done──▶ idle (the secret forgotten)
 *        (refused: back to editing, the server's issues on the fields or its message above them)
 *   ready.idle ──apiKey.revoke──▶ confirmingRevoke ──apiKey.confirmRevoke──▶ revoking ──▶ idle
 *        (the key leaves the list at once; a refusal puts it back where it was and says why)
 *
 * The secret is answered by the create call only. It lives in `created` while the dialog shows it
 * and nowhere else: not in an emitted event, never stored; Done or closing the dialog forgets it.
 *
 * What the person may do (`access`: create, revoke, the permission sets they may give) comes from
 * their permissions in the workspace, reported by `watchAccess` (`apiKeys.accessChanged`); the
 * server enforces the same rules, so this only decides which controls show.
 */
import { assign, emit, fromCallback, fromPromise, setup } from 'xstate'
import { type ApiKeyItem, type CreatedApiKey, CreateApiKeyRequest } from '../../contract/developers.ts'
import { type DisplayText, localized } from '../../contract/messages.ts'
import { fieldErrors, validate } from '../../contract/validate.ts'
import { toFailure } from '../shared/failure.ts'
import { type ApiKeyDraft, type ApiKeysAccess, DEFAULT_EXPIRY_DAYS, NO_API_KEYS_ACCESS } from './apiKeys.rules.ts'
import { apiKeysMessages } from './apiKeys.messages.ts'

export interface ApiKeysInput {
  /** What the person may do until `watchAccess` reports otherwise (default: nothing). */
  readonly access?: ApiKeysAccess
}

/** The create form's fields, as the contract's body names them. */
export const API_KEY_FIELDS = ['name', 'permission_set', 'expires_at'] as const
export type ApiKeyField = (typeof API_KEY_FIELDS)[number]

export interface ApiKeysContext {
  readonly access: ApiKeysAccess
  /** Newest first; null until loaded. */
  readonly keys: ReadonlyArray<ApiKeyItem> | null
  readonly loadError: DisplayText | null
  /** The create dialog's fields. */
  readonly draft: ApiKeyDraft
  /** Messages at the create dialog's fields (the contract's or the server's). */
  readonly fieldErrors: Readonly<Partial<Record<ApiKeyField, string>>>
  /** Why the create call failed when no field can say it. */
  readonly formError: DisplayText | null
  /** The key just created and its secret, while the dialog shows it; null otherwise. */
  readonly created: CreatedApiKey | null
  /** The key being revoked. */
  readonly targetId: string | null
  /** The key taken out of the list while its revocation is in flight, and where it was, to put it back. */
  readonly removed: { readonly key: ApiKeyItem; readonly index: number } | null
  /** Why the last revocation failed, above the list. */
  readonly error: DisplayText | null
}

export type ApiKeysEvent =
  | { type: 'apiKeys.retry' }
  /** From `watchAccess`: the person's permissions changed (or became known). */
  | { type: 'apiKeys.accessChanged'; access: ApiKeysAccess }
  | { type: 'apiKey.create' }
  | { type: 'apiKey.nameChanged'; name: string }
  | { type: 'apiKey.permissionSetChanged'; ref: string | null }
  | { type: 'apiKey.expiryChanged'; days: number | null }
  | { type: 'apiKey.submit' }
  /** Closes the create dialog before anything was created, or the revoke confirmation. */
  | { type: 'apiKey.cancel' }
  /** 'Done' (or closing the dialog) once the secret was shown: it is forgotten. */
  | { type: 'apiKey.done' }
  | { type: 'apiKey.revoke'; id: string }
  | { type: 'apiKey.confirmRevoke' }

export type ApiKeysEmitted = { type: 'apiKeys.created'; key: ApiKeyItem } | { type: 'apiKeys.revoked'; key: ApiKeyItem }

/** The list could not be loaded and the error carries no message (ours). */
export const API_KEYS_LOAD_FAILED_MESSAGE = localized(apiKeysMessages.loadFailedRetry)
/** A refused create without a message of its own (ours). */
export const API_KEY_CREATE_FAILED_MESSAGE = localized(apiKeysMessages.createFailed)
/** A refused revocation without a message of its own (ours). */
export const API_KEY_REVOKE_FAILED_MESSAGE = localized(apiKeysMessages.revokeFailed)

const emptyDraft = (access: ApiKeysAccess): ApiKeyDraft => ({
  name: '',
  // One set to offer: nothing to choose.
  permissionSet: access.grantable.length === 1 ? access.grantable[0]!.ref : null,
  expiryDays: DEFAULT_EXPIRY_DAYS,
})

/** The draft checked with the contract's body Schema (the expiry is a choice, always valid). */
const draftIssues = (draft: ApiKeyDraft) => {
  const result = validate(CreateApiKeyRequest, { name: draft.name, permission_set: draft.permissionSet ?? '' })
  return result.ok ? [] : result.issues
}

export const apiKeysMachine = setup({
  types: {
    context: {} as ApiKeysContext,
    input: {} as ApiKeysInput,
    events: {} as ApiKeysEvent,
    emitted: {} as ApiKeysEmitted,
  },
  actors: {
    /**
     * Reports `apiKeys.accessChanged` at start and whenever the person's permissions change;
     * provided by src/system/apiKeys.ts over the permissions actor. This default (tests, stories)
     * reports nothing: the input's access stands.
     */
    watchAccess: fromCallback<ApiKeysEvent>(() => () => {}),
    /** `GET /organizations/api-keys`. Provided by src/system/apiKeys.ts. */
    loadKeys: fromPromise<ReadonlyArray<ApiKeyItem>, void>(async () => {
      throw new Error('loadKeys is provided by the page')
    }),
    /** `POST /organizations/api-keys` with the draft (its expiry turned into a date by the page). */
    createKey: fromPromise<CreatedApiKey, ApiKeyDraft>(async () => {
      throw new Error('createKey is provided by the page')
    }),
    /** `DELETE /organizations/api-keys/{id}`. */
    revokeKey: fromPromise<void, { id: string }>(async () => {
      throw new Error('revokeKey is provided by the page')
    }),
  },
  guards: {
    mayCreate: ({ context }) => context.access.mayCreate,
    mayRevokeListed: ({ context }, params: { id: string }) => context.access.mayRevoke && (context.keys?.some((k) => k.id === params.id) ?? false),
    isDraftValid: ({ context }) => draftIssues(context.draft).length === 0,
    /** The key had already gone (revoked elsewhere): what was asked is done. */
    isGone: (_, params: { error: unknown }) => toFailure(params.error, [], '').status === 404,
  },
  actions: {
    assignAccess: assign((_, params: { access: ApiKeysAccess }) => ({ access: params.access })),
    assignKeys: assign((_, params: { keys: ReadonlyArray<ApiKeyItem> }) => ({ keys: params.keys, loadError: null })),
    assignLoadError: assign((_, params: { error: unknown }) => ({ loadError: toFailure(params.error, [], API_KEYS_LOAD_FAILED_MESSAGE).message })),
    resetLoad: assign({ keys: null, loadError: null }),
    startCreating: assign(({ context }) => ({ draft: emptyDraft(context.access), fieldErrors: {}, formError: null, created: null, error: null })),
    assignName: assign(({ context }, params: { name: string }) => ({ draft: { ...context.draft, name: params.name }, fieldErrors: { ...context.fieldErrors, name: undefined } })),
    assignPermissionSet: assign(({ context }, params: { ref: string | null }) => ({
      draft: { ...context.draft, permissionSet: params.ref },
      fieldErrors: { ...context.fieldErrors, permission_set: undefined },
    })),
    assignExpiry: assign(({ context }, params: { days: number | null }) => ({
      draft: { ...context.draft, expiryDays: params.days },
      fieldErrors: { ...context.fieldErrors, expires_at: undefined },
    })),
    assignDraftErrors: assign(({ context }) => {
      const byField = fieldErrors(draftIssues(context.draft))
      return { fieldErrors: { name: byField.name, permission_set: byField.permission_set }, formError: null }
    }),
    clearCreateErrors: assign({ fieldErrors: {}, formError: null }),
    assignCreateError: assign((_, params: { error: unknown }) => {
      const failure = toFailure(params.error, API_KEY_FIELDS, API_KEY_CREATE_FAILED_MESSAGE)
      return { fieldErrors: failure.fieldErrors, formError: failure.formError }
    }),
    /** The new key joins the list first (newest first) and its secret is kept for the dialog. */
    assignCreated: assign(({ context }, params: { created: CreatedApiKey }) => ({ created: params.created, keys: [params.created.key, ...(context.keys ?? [])] })),
    /** Forgets the secret and the form. */
    clearCreate: assign(({ context }) => ({ created: null, draft: emptyDraft(context.access), fieldErrors: {}, formError: null })),
    emitCreated: emit((_, params: { key: ApiKeyItem }) => ({ type: 'apiKeys.created' as const, key: params.key })),
    startRevoking: assign((_, params: { id: string }) => ({ targetId: params.id, error: null })),
    clearTarget: assign({ targetId: null }),
    /** Optimistic: the key leaves the list as soon as the revocation is sent. */
    removeTarget: assign(({ context }) => {
      const keys = context.keys ?? []
      const index = keys.findIndex((k) => k.id === context.targetId)
      if (index < 0) return {}
      return { keys: keys.filter((_, i) => i !== index), removed: { key: keys[index]!, index } }
    }),
    emitRevoked: emit(({ context }) => ({ type: 'apiKeys.revoked' as const, key: context.removed!.key })),
    forgetRemoved: assign({ removed: null, targetId: null }),
    /** Rollback: the key goes back where it was, with the reason above the list. */
    restoreRemoved: assign(({ context }, params: { error: unknown }) => {
      const keys = [...(context.keys ?? [])]
      if (context.removed) keys.splice(Math.min(context.removed.index, keys.length), 0, context.removed.key)
      return { keys, removed: null, targetId: null, error: toFailure(params.error, [], API_KEY_REVOKE_FAILED_MESSAGE).message }
    }),
  },
}).createMachine({
  id: 'apiKeys',
  context: ({ input }) => {
    const access = input.access ?? NO_API_KEYS_ACCESS
    return {
      access,
      keys: null,
      loadError: null,
      draft: emptyDraft(access),
      fieldErrors: {},
      formError: null,
      created: null,
      targetId: null,
      removed: null,
      error: null,
    }
  },
  invoke: { id: 'watchAccess', src: 'watchAccess' },
  on: {
    'apiKeys.accessChanged': { actions: { type: 'assignAccess', params: ({ event }) => event } },
  },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadKeys',
        src: 'loadKeys',
        onDone: { target: 'ready', actions: { type: 'assignKeys', params: ({ event }) => ({ keys: event.output }) } },
        onError: { target: 'failed', actions: { type: 'assignLoadError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    failed: {
      on: { 'apiKeys.retry': { target: 'loading', actions: 'resetLoad' } },
    },
    ready: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'apiKey.create': { guard: 'mayCreate', target: 'creating', actions: 'startCreating' },
            'apiKey.revoke': {
              guard: { type: 'mayRevokeListed', params: ({ event }) => event },
              target: 'confirmingRevoke',
              actions: { type: 'startRevoking', params: ({ event }) => event },
            },
          },
        },
        creating: {
          initial: 'editing',
          states: {
            editing: {
              on: {
                'apiKey.nameChanged': { actions: { type: 'assignName', params: ({ event }) => event } },
                'apiKey.permissionSetChanged': { actions: { type: 'assignPermissionSet', params: ({ event }) => event } },
                'apiKey.expiryChanged': { actions: { type: 'assignExpiry', params: ({ event }) => event } },
                'apiKey.submit': [{ guard: 'isDraftValid', target: 'submitting', actions: 'clearCreateErrors' }, { actions: 'assignDraftErrors' }],
                'apiKey.cancel': { target: '#apiKeys.ready.idle', actions: 'clearCreate' },
              },
            },
            submitting: {
              invoke: {
                id: 'createKey',
                src: 'createKey',
                input: ({ context }) => context.draft,
                onDone: {
                  target: 'showingSecret',
                  actions: [
                    { type: 'assignCreated', params: ({ event }) => ({ created: event.output }) },
                    { type: 'emitCreated', params: ({ event }) => ({ key: event.output.key }) },
                  ],
                },
                onError: { target: 'editing', actions: { type: 'assignCreateError', params: ({ event }) => ({ error: event.error }) } },
              },
            },
            showingSecret: {
              on: { 'apiKey.done': { target: '#apiKeys.ready.idle', actions: 'clearCreate' } },
            },
          },
        },
        confirmingRevoke: {
          on: {
            'apiKey.confirmRevoke': { target: 'revoking', actions: 'removeTarget' },
            'apiKey.cancel': { target: 'idle', actions: 'clearTarget' },
          },
        },
        revoking: {
          invoke: {
            id: 'revokeKey',
            src: 'revokeKey',
            input: ({ context }) => ({ id: context.removed?.key.id ?? context.targetId ?? '' }),
            onDone: { target: 'idle', actions: ['emitRevoked', 'forgetRemoved'] },
            onError: [
              { guard: { type: 'isGone', params: ({ event }) => ({ error: event.error }) }, target: 'idle', actions: ['emitRevoked', 'forgetRemoved'] },
              { target: 'idle', actions: { type: 'restoreRemoved', params: ({ event }) => ({ error: event.error }) } },
            ],
          },
        },
      },
    },
  },
})

export type ApiKeysMachine = typeof apiKeysMachine
