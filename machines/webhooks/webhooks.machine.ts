/**
 * Developers › Webhooks (docs/api.md "Webhooks"; contract/developers.ts `webhooksApi`): the
 * workspace's webhook endpoints, adding and editing one, its signing secret shown once, rotating
 * the secret, deleting, enabling or disabling it, sending a test event, and its delivery log.
 *
 *   loading ──(list)──▶ ready ◀──webhooks.retry── failed ◀──(error)── loading
 *   ready (three regions side by side):
 *     main:   idle ──webhook.create / webhook.edit──▶ editing ──webhook.save (valid)──▶ creating | saving
 *               creating ──▶ secretShown ──webhook.secretDone──▶ idle      saving ──▶ idle
 *               creating | saving ──(refused)──▶ editing (the server's issues under their fields)
 *             idle ──webhook.rotate──▶ confirmingRotate ──webhook.confirmRotate──▶ rotating ──▶ secretShown | idle
 *             idle ──webhook.delete──▶ confirmingDelete ──webhook.confirmDelete──▶ deleting ──▶ idle
 *             idle ──webhook.sendTest──▶ sendingTest ──▶ idle
 *     toggle: idle ──webhook.setEnabled──▶ saving ──▶ idle   (optimistic: shown at once, rolled back when refused)
 *     log:    closed ──webhook.openLog──▶ open (runs the endpoint's `webhookDeliveries` log) ──webhook.closeLog──▶ closed
 *
 * The form is a draft checked by the contract (`CreateWebhookRequest` / `UpdateWebhookRequest`)
 * before anything is sent. The signing secret lives in the context only while `secretShown` is on
 * screen; leaving it clears the secret. Outcomes are emitted for the toasts.
 */
import { and, assign, emit, fromPromise, setup } from 'xstate'
import {
  type CreateWebhookRequest,
  CreateWebhookRequest as CreateWebhookRequestSchema,
  type UpdateWebhookRequest,
  UpdateWebhookRequest as UpdateWebhookRequestSchema,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookEventType,
  WEBHOOK_EVENT_TYPES,
  type WebhookWithSecret,
} from '../../contract/developers.ts'
import { type DisplayText, localized } from '../../contract/messages.ts'
import { fieldErrors, validate } from '../../contract/validate.ts'
import { toFailure } from '../shared/failure.ts'
import { webhookDeliveriesMachine } from './webhookDeliveries.machine.ts'
import { webhooksMessages } from './webhooks.messages.ts'

/** The form's fields, by the contract's names (the keys of `fieldErrors`). */
export const WEBHOOK_FIELDS = ['url', 'description', 'event_types', 'enabled'] as const
export type WebhookField = (typeof WEBHOOK_FIELDS)[number]

/** Shown when the endpoints could not be loaded and the error carries no message (ours). */
export const WEBHOOKS_LOAD_FAILED_MESSAGE = localized(webhooksMessages.loadFailedRetry)
/** Above the form when a save fails without a message (ours). */
export const WEBHOOK_SAVE_FAILED_MESSAGE = localized(webhooksMessages.saveFailed)
/** Toast of a refused change without a message of its own (ours). */
export const WEBHOOK_CHANGE_FAILED_MESSAGE = localized(webhooksMessages.changeFailed)
/** Toast of a test event that could not be sent, without a message of its own (ours). */
export const WEBHOOK_TEST_FAILED_MESSAGE = localized(webhooksMessages.testFailed)

/** What the person typed in the 'Add endpoint' / 'Edit endpoint' dialog. */
export interface WebhookDraft {
  readonly url: string
  readonly description: string
  readonly eventTypes: ReadonlyArray<WebhookEventType>
  readonly enabled: boolean
}

/** A new endpoint's draft: enabled, no event chosen yet. */
export const EMPTY_WEBHOOK_DRAFT: WebhookDraft = { url: '', description: '', eventTypes: [], enabled: true }

/** A signing secret on screen, answered once by create or rotate. */
export interface ShownSecret {
  readonly endpointId: string
  readonly secret: string
  readonly reason: 'created' | 'rotated'
}

/** An enable/disable shown before the server confirmed it: what to put back if it refuses. */
export interface PendingToggle {
  readonly id: string
  readonly enabled: boolean
  readonly previous: Pick<WebhookEndpoint, 'enabled' | 'disabled_reason'>
}

export interface WebhooksContext {
  /** As the server lists them; null until loaded. */
  readonly endpoints: ReadonlyArray<WebhookEndpoint> | null
  readonly loadError: DisplayText | null
  readonly draft: WebhookDraft
  /** The endpoint being edited (null: adding one), rotated, deleted or tested. */
  readonly targetId: string | null
  readonly fieldErrors: Readonly<Partial<Record<WebhookField, string>>>
  /** Above the form: a refusal no field carries. */
  readonly formError: DisplayText | null
  /** The secret while `secretShown` is on screen; null everywhere else. */
  readonly secret: ShownSecret | null
  readonly toggle: PendingToggle | null
  /** The endpoint whose delivery log is open. */
  readonly logEndpointId: string | null
}

type TextField = 'url' | 'description'

export type WebhooksEvent =
  | { type: 'webhooks.retry' }
  | { type: 'webhook.create' }
  | { type: 'webhook.edit'; id: string }
  | { type: 'webhook.change'; field: TextField; value: string }
  | { type: 'webhook.setEventTypes'; eventTypes: ReadonlyArray<WebhookEventType> }
  | { type: 'webhook.setDraftEnabled'; enabled: boolean }
  | { type: 'webhook.save' }
  | { type: 'webhook.cancel' }
  | { type: 'webhook.secretDone' }
  | { type: 'webhook.rotate'; id: string }
  | { type: 'webhook.confirmRotate' }
  | { type: 'webhook.delete'; id: string }
  | { type: 'webhook.confirmDelete' }
  | { type: 'webhook.sendTest'; id: string }
  | { type: 'webhook.setEnabled'; id: string; enabled: boolean }
  | { type: 'webhook.openLog'; id: string }
  | { type: 'webhook.closeLog' }

export type WebhooksEmitted =
  | { type: 'webhooks.created'; endpoint: WebhookEndpoint }
  | { type: 'webhooks.updated'; endpoint: WebhookEndpoint }
  | { type: 'webhooks.secretRotated'; endpoint: WebhookEndpoint }
  | { type: 'webhooks.deleted'; endpoint: WebhookEndpoint }
  | { type: 'webhooks.toggled'; endpoint: WebhookEndpoint }
  | { type: 'webhooks.testSent'; endpoint: WebhookEndpoint; delivery: WebhookDelivery }
  /** A change outside the form was refused (rotate, delete, enable/disable: rolled back, test). */
  | { type: 'webhooks.failed'; message: DisplayText }

/** The draft of an endpoint as the server has it. */
export function draftOf(endpoint: WebhookEndpoint): WebhookDraft {
  return {
    url: endpoint.url,
    description: endpoint.description,
    // A type this page does not know (a newer server's) cannot be ticked here, so it is not kept.
    eventTypes: endpoint.event_types.filter((t): t is WebhookEventType => Object.hasOwn(WEBHOOK_EVENT_TYPES, t)),
    enabled: endpoint.enabled,
  }
}

/** The body `POST /organizations/webhooks` (and PATCH) is sent: the draft with its texts trimmed. */
export function requestOf(draft: WebhookDraft): CreateWebhookRequest & UpdateWebhookRequest {
  return { url: draft.url.trim(), description: draft.description.trim(), event_types: [...draft.eventTypes], enabled: draft.enabled }
}

/** The contract's verdict on the draft, by field (empty when it may be sent). */
export function draftErrors(draft: WebhookDraft, editing: boolean): Partial<Record<WebhookField, string>> {
  const result = editing ? validate(UpdateWebhookRequestSchema, requestOf(draft)) : validate(CreateWebhookRequestSchema, requestOf(draft))
  if (result.ok) return {}
  const byField = fieldErrors(result.issues)
  return Object.fromEntries(WEBHOOK_FIELDS.filter((f) => byField[f] !== undefined).map((f) => [f, byField[f]!]))
}

const byId = (endpoints: ReadonlyArray<WebhookEndpoint> | null, id: string | null) => endpoints?.find((e) => e.id === id) ?? null

export const webhooksMachine = setup({
  types: {
    context: {} as WebhooksContext,
    events: {} as WebhooksEvent,
    emitted: {} as WebhooksEmitted,
  },
  actors: {
    /** `GET /organizations/webhooks`. Provided by src/system/webhooks.ts. */
    loadWebhooks: fromPromise<ReadonlyArray<WebhookEndpoint>, void>(async () => {
      throw new Error('loadWebhooks is provided by the page')
    }),
    /** `POST /organizations/webhooks`: the endpoint and its signing secret. */
    createWebhook: fromPromise<WebhookWithSecret, CreateWebhookRequest>(async () => {
      throw new Error('createWebhook is provided by the page')
    }),
    /** `PATCH /organizations/webhooks/{id}`. */
    updateWebhook: fromPromise<WebhookEndpoint, { id: string; body: UpdateWebhookRequest }>(async () => {
      throw new Error('updateWebhook is provided by the page')
    }),
    /** `PATCH /organizations/webhooks/{id}` with `enabled` alone: the switch of a row. */
    setWebhookEnabled: fromPromise<WebhookEndpoint, { id: string; enabled: boolean }>(async () => {
      throw new Error('setWebhookEnabled is provided by the page')
    }),
    /** `POST /organizations/webhooks/{id}/rotate-secret`: the endpoint and its new signing secret. */
    rotateSecret: fromPromise<WebhookWithSecret, { id: string }>(async () => {
      throw new Error('rotateSecret is provided by the page')
    }),
    /** `DELETE /organizations/webhooks/{id}`. */
    deleteWebhook: fromPromise<void, { id: string }>(async () => {
      throw new Error('deleteWebhook is provided by the page')
    }),
    /** `POST /organizations/webhooks/{id}/test`: the queued delivery of a `webhook.test` event. */
    sendTestEvent: fromPromise<WebhookDelivery, { id: string }>(async () => {
      throw new Error('sendTestEvent is provided by the page')
    }),
    /** One endpoint's delivery log (machines/webhooks/webhookDeliveries.machine.ts), its calls provided by the page. */
    webhookDeliveries: webhookDeliveriesMachine,
  },
  guards: {
    isListed: ({ context }, params: { id: string }) => byId(context.endpoints, params.id) !== null,
    isDraftValid: ({ context }) => Object.keys(draftErrors(context.draft, context.targetId !== null)).length === 0,
    isCreating: ({ context }) => context.targetId === null,
    /** Enabling an enabled endpoint (or the reverse) changes nothing. */
    isToggleChange: ({ context }, params: { id: string; enabled: boolean }) => {
      const endpoint = byId(context.endpoints, params.id)
      return endpoint !== null && endpoint.enabled !== params.enabled
    },
    /** The endpoint had already gone (deleted elsewhere): what was asked is done. */
    isGone: (_, params: { error: unknown }) => toFailure(params.error, [], '').status === 404,
  },
  actions: {
    assignEndpoints: assign((_, params: { endpoints: ReadonlyArray<WebhookEndpoint> }) => ({ endpoints: params.endpoints, loadError: null })),
    assignLoadError: assign((_, params: { error: unknown }) => ({ loadError: toFailure(params.error, [], WEBHOOKS_LOAD_FAILED_MESSAGE).message })),
    resetLoad: assign({ endpoints: null, loadError: null }),
    startCreating: assign({ draft: EMPTY_WEBHOOK_DRAFT, targetId: null, fieldErrors: {}, formError: null }),
    startEditing: assign(({ context }, params: { id: string }) => ({
      draft: draftOf(byId(context.endpoints, params.id)!),
      targetId: params.id,
      fieldErrors: {},
      formError: null,
    })),
    assignTarget: assign((_, params: { id: string }) => ({ targetId: params.id })),
    assignText: assign(({ context }, params: { field: TextField; value: string }) => ({
      draft: { ...context.draft, [params.field]: params.value },
      fieldErrors: { ...context.fieldErrors, [params.field]: undefined },
    })),
    assignEventTypes: assign(({ context }, params: { eventTypes: ReadonlyArray<WebhookEventType> }) => ({
      draft: { ...context.draft, eventTypes: params.eventTypes },
      fieldErrors: { ...context.fieldErrors, event_types: undefined },
    })),
    assignDraftEnabled: assign(({ context }, params: { enabled: boolean }) => ({ draft: { ...context.draft, enabled: params.enabled } })),
    assignDraftErrors: assign(({ context }) => ({ fieldErrors: draftErrors(context.draft, context.targetId !== null), formError: null })),
    clearErrors: assign({ fieldErrors: {}, formError: null }),
    assignSaveError: assign((_, params: { error: unknown }) => {
      const failure = toFailure(params.error, WEBHOOK_FIELDS, WEBHOOK_SAVE_FAILED_MESSAGE)
      return { fieldErrors: failure.fieldErrors, formError: failure.formError }
    }),
    clearForm: assign({ draft: EMPTY_WEBHOOK_DRAFT, targetId: null, fieldErrors: {}, formError: null }),
    /** Adding lists the new endpoint first, as the server lists them (newest first). */
    prependEndpoint: assign(({ context }, params: { endpoint: WebhookEndpoint }) => ({ endpoints: [params.endpoint, ...(context.endpoints ?? [])] })),
    replaceEndpoint: assign(({ context }, params: { endpoint: WebhookEndpoint }) => ({
      endpoints: (context.endpoints ?? []).map((e) => (e.id === params.endpoint.id ? params.endpoint : e)),
    })),
    removeTarget: assign(({ context }) => ({ endpoints: (context.endpoints ?? []).filter((e) => e.id !== context.targetId), targetId: null })),
    assignSecret: assign((_, params: { answer: WebhookWithSecret; reason: ShownSecret['reason'] }) => ({
      secret: { endpointId: params.answer.endpoint.id, secret: params.answer.secret, reason: params.reason },
    })),
    clearSecret: assign({ secret: null, targetId: null }),
    clearTarget: assign({ targetId: null }),
    /** Shows the change at once; `toggle` keeps what to put back. Enabling clears `disabled_reason`, as the server does. */
    applyToggle: assign(({ context }, params: { id: string; enabled: boolean }) => {
      const endpoint = byId(context.endpoints, params.id)!
      return {
        toggle: { id: params.id, enabled: params.enabled, previous: { enabled: endpoint.enabled, disabled_reason: endpoint.disabled_reason } },
        endpoints: (context.endpoints ?? []).map((e) =>
          e.id === params.id ? { ...e, enabled: params.enabled, disabled_reason: params.enabled ? null : e.disabled_reason } : e,
        ),
      }
    }),
    rollBackToggle: assign(({ context }) => ({
      endpoints: (context.endpoints ?? []).map((e) => (e.id === context.toggle?.id ? { ...e, ...context.toggle.previous } : e)),
      toggle: null,
    })),
    clearToggle: assign({ toggle: null }),
    assignLogEndpoint: assign((_, params: { id: string }) => ({ logEndpointId: params.id })),
    clearLogEndpoint: assign({ logEndpointId: null }),
    emitCreated: emit((_, params: { endpoint: WebhookEndpoint }) => ({ type: 'webhooks.created' as const, endpoint: params.endpoint })),
    emitUpdated: emit((_, params: { endpoint: WebhookEndpoint }) => ({ type: 'webhooks.updated' as const, endpoint: params.endpoint })),
    emitRotated: emit((_, params: { endpoint: WebhookEndpoint }) => ({ type: 'webhooks.secretRotated' as const, endpoint: params.endpoint })),
    emitDeleted: emit(({ context }) => ({ type: 'webhooks.deleted' as const, endpoint: byId(context.endpoints, context.targetId)! })),
    emitToggled: emit((_, params: { endpoint: WebhookEndpoint }) => ({ type: 'webhooks.toggled' as const, endpoint: params.endpoint })),
    emitTestSent: emit(({ context }, params: { delivery: WebhookDelivery }) => ({
      type: 'webhooks.testSent' as const,
      endpoint: byId(context.endpoints, context.targetId)!,
      delivery: params.delivery,
    })),
    emitFailed: emit((_, params: { error: unknown; fallback: DisplayText }) => ({
      type: 'webhooks.failed' as const,
      message: toFailure(params.error, [], params.fallback).message,
    })),
  },
}).createMachine({
  id: 'webhooks',
  context: {
    endpoints: null,
    loadError: null,
    draft: EMPTY_WEBHOOK_DRAFT,
    targetId: null,
    fieldErrors: {},
    formError: null,
    secret: null,
    toggle: null,
    logEndpointId: null,
  },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadWebhooks',
        src: 'loadWebhooks',
        onDone: { target: 'ready', actions: { type: 'assignEndpoints', params: ({ event }) => ({ endpoints: event.output }) } },
        onError: { target: 'failed', actions: { type: 'assignLoadError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    failed: {
      on: { 'webhooks.retry': { target: 'loading', actions: 'resetLoad' } },
    },
    ready: {
      type: 'parallel',
      states: {
        main: {
          initial: 'idle',
          states: {
            idle: {
              on: {
                'webhook.create': { target: 'editing', actions: 'startCreating' },
                'webhook.edit': {
                  guard: { type: 'isListed', params: ({ event }) => event },
                  target: 'editing',
                  actions: { type: 'startEditing', params: ({ event }) => event },
                },
                'webhook.rotate': {
                  guard: { type: 'isListed', params: ({ event }) => event },
                  target: 'confirmingRotate',
                  actions: { type: 'assignTarget', params: ({ event }) => event },
                },
                'webhook.delete': {
                  guard: { type: 'isListed', params: ({ event }) => event },
                  target: 'confirmingDelete',
                  actions: { type: 'assignTarget', params: ({ event }) => event },
                },
                'webhook.sendTest': {
                  guard: { type: 'isListed', params: ({ event }) => event },
                  target: 'sendingTest',
                  actions: { type: 'assignTarget', params: ({ event }) => event },
                },
              },
            },
            editing: {
              on: {
                'webhook.change': { actions: { type: 'assignText', params: ({ event }) => event } },
                'webhook.setEventTypes': { actions: { type: 'assignEventTypes', params: ({ event }) => event } },
                'webhook.setDraftEnabled': { actions: { type: 'assignDraftEnabled', params: ({ event }) => event } },
                'webhook.save': [
                  { guard: and(['isDraftValid', 'isCreating']), target: 'creating', actions: 'clearErrors' },
                  { guard: 'isDraftValid', target: 'saving', actions: 'clearErrors' },
                  { actions: 'assignDraftErrors' },
                ],
                'webhook.cancel': { target: 'idle', actions: 'clearForm' },
              },
            },
            saving: {
              invoke: {
                id: 'updateWebhook',
                src: 'updateWebhook',
                input: ({ context }) => ({ id: context.targetId ?? '', body: requestOf(context.draft) }),
                onDone: {
                  target: 'idle',
                  actions: [
                    { type: 'replaceEndpoint', params: ({ event }) => ({ endpoint: event.output }) },
                    { type: 'emitUpdated', params: ({ event }) => ({ endpoint: event.output }) },
                    'clearForm',
                  ],
                },
                onError: { target: 'editing', actions: { type: 'assignSaveError', params: ({ event }) => ({ error: event.error }) } },
              },
            },
            creating: {
              invoke: {
                id: 'createWebhook',
                src: 'createWebhook',
                input: ({ context }) => requestOf(context.draft),
                onDone: {
                  target: 'secretShown',
                  actions: [
                    { type: 'prependEndpoint', params: ({ event }) => ({ endpoint: event.output.endpoint }) },
                    { type: 'assignSecret', params: ({ event }) => ({ answer: event.output, reason: 'created' as const }) },
                    { type: 'emitCreated', params: ({ event }) => ({ endpoint: event.output.endpoint }) },
                    'clearForm',
                  ],
                },
                onError: { target: 'editing', actions: { type: 'assignSaveError', params: ({ event }) => ({ error: event.error }) } },
              },
            },
            secretShown: {
              on: { 'webhook.secretDone': { target: 'idle', actions: 'clearSecret' } },
              // However the state is left, the secret does not outlive it.
              exit: 'clearSecret',
            },
            confirmingRotate: {
              on: {
                'webhook.confirmRotate': 'rotating',
                'webhook.cancel': { target: 'idle', actions: 'clearTarget' },
              },
            },
            rotating: {
              invoke: {
                id: 'rotateSecret',
                src: 'rotateSecret',
                input: ({ context }) => ({ id: context.targetId ?? '' }),
                onDone: {
                  target: 'secretShown',
                  actions: [
                    { type: 'replaceEndpoint', params: ({ event }) => ({ endpoint: event.output.endpoint }) },
                    { type: 'assignSecret', params: ({ event }) => ({ answer: event.output, reason: 'rotated' as const }) },
                    { type: 'emitRotated', params: ({ event }) => ({ endpoint: event.output.endpoint }) },
                  ],
                },
                onError: {
                  target: 'idle',
                  actions: [{ type: 'emitFailed', params: ({ event }) => ({ error: event.error, fallback: WEBHOOK_CHANGE_FAILED_MESSAGE }) }, 'clearTarget'],
                },
              },
            },
            confirmingDelete: {
              on: {
                'webhook.confirmDelete': 'deleting',
                'webhook.cancel': { target: 'idle', actions: 'clearTarget' },
              },
            },
            deleting: {
              invoke: {
                id: 'deleteWebhook',
                src: 'deleteWebhook',
                input: ({ context }) => ({ id: context.targetId ?? '' }),
                onDone: { target: 'idle', actions: ['emitDeleted', 'removeTarget'] },
                onError: [
                  { guard: { type: 'isGone', params: ({ event }) => ({ error: event.error }) }, target: 'idle', actions: ['emitDeleted', 'removeTarget'] },
                  {
                    target: 'idle',
                    actions: [{ type: 'emitFailed', params: ({ event }) => ({ error: event.error, fallback: WEBHOOK_CHANGE_FAILED_MESSAGE }) }, 'clearTarget'],
                  },
                ],
              },
            },
            sendingTest: {
              invoke: {
                id: 'sendTestEvent',
                src: 'sendTestEvent',
                input: ({ context }) => ({ id: context.targetId ?? '' }),
                onDone: { target: 'idle', actions: [{ type: 'emitTestSent', params: ({ event }) => ({ delivery: event.output }) }, 'clearTarget'] },
                onError: {
                  target: 'idle',
                  actions: [{ type: 'emitFailed', params: ({ event }) => ({ error: event.error, fallback: WEBHOOK_TEST_FAILED_MESSAGE }) }, 'clearTarget'],
                },
              },
            },
          },
        },
        toggle: {
          initial: 'idle',
          states: {
            idle: {
              on: {
                'webhook.setEnabled': {
                  guard: { type: 'isToggleChange', params: ({ event }) => event },
                  target: 'saving',
                  actions: { type: 'applyToggle', params: ({ event }) => event },
                },
              },
            },
            saving: {
              invoke: {
                id: 'setWebhookEnabled',
                src: 'setWebhookEnabled',
                input: ({ context }) => ({ id: context.toggle?.id ?? '', enabled: context.toggle?.enabled ?? false }),
                onDone: {
                  target: 'idle',
                  actions: [
                    { type: 'replaceEndpoint', params: ({ event }) => ({ endpoint: event.output }) },
                    { type: 'emitToggled', params: ({ event }) => ({ endpoint: event.output }) },
                    'clearToggle',
                  ],
                },
                onError: {
                  target: 'idle',
                  actions: ['rollBackToggle', { type: 'emitFailed', params: ({ event }) => ({ error: event.error, fallback: WEBHOOK_CHANGE_FAILED_MESSAGE }) }],
                },
              },
            },
          },
        },
        log: {
          initial: 'closed',
          states: {
            closed: {
              on: {
                'webhook.openLog': {
                  guard: { type: 'isListed', params: ({ event }) => event },
                  target: 'open',
                  actions: { type: 'assignLogEndpoint', params: ({ event }) => event },
                },
              },
            },
            open: {
              invoke: {
                id: 'deliveries',
                src: 'webhookDeliveries',
                input: ({ context }) => ({ endpointId: context.logEndpointId ?? '' }),
              },
              on: { 'webhook.closeLog': { target: 'closed', actions: 'clearLogEndpoint' } },
            },
          },
        },
      },
    },
  },
})

export type WebhooksMachine = typeof webhooksMachine
