/**
 * Selectors over the webhooks snapshot (Developers › Webhooks and its stories): the status, which
 * dialog shows, the form and its messages, the secret on screen, how an endpoint's status reads,
 * and the delivery log's actor while it is open.
 */
import type { ActorRefFrom, SnapshotFrom } from 'xstate'
import { WEBHOOK_DISABLE_AFTER_DAYS, WEBHOOK_EVENT_TYPES, type WebhookEndpoint, type WebhookEventType, WebhookEventTypes } from '../../contract/developers.ts'
import { type ResolvedPermissions, can } from '../../contract/permissions.ts'
import type { DisplayText } from '../../contract/messages.ts'
import { exactTime } from '../sessions/sessions.selectors.ts'
import type { WebhookDeliveriesMachine } from './webhookDeliveries.machine.ts'
import type { ShownSecret, WebhookDraft, WebhookField, WebhooksMachine } from './webhooks.machine.ts'

export type WebhooksSnapshot = SnapshotFrom<WebhooksMachine>

export type WebhooksStatus = 'loading' | 'failed' | 'ready'

export function selectWebhooksStatus(s: WebhooksSnapshot): WebhooksStatus {
  if (s.matches('loading')) return 'loading'
  if (s.matches('failed')) return 'failed'
  return 'ready'
}

/** What is on screen over the list: nothing, the form (and its save), the secret, a confirmation or a call. */
export type WebhooksView =
  | 'list'
  | 'editing'
  | 'saving'
  | 'creating'
  | 'secretShown'
  | 'confirmingRotate'
  | 'rotating'
  | 'confirmingDelete'
  | 'deleting'
  | 'sendingTest'

const VIEWS = ['editing', 'saving', 'creating', 'secretShown', 'confirmingRotate', 'rotating', 'confirmingDelete', 'deleting', 'sendingTest'] as const

export function selectWebhooksView(s: WebhooksSnapshot): WebhooksView {
  for (const view of VIEWS) if (s.matches({ ready: { main: view } })) return view
  return 'list'
}

const none: ReadonlyArray<WebhookEndpoint> = []
export const selectEndpoints = (s: WebhooksSnapshot): ReadonlyArray<WebhookEndpoint> => s.context.endpoints ?? none
export const selectWebhooksLoadError = (s: WebhooksSnapshot): DisplayText | null => s.context.loadError
export const selectDraft = (s: WebhooksSnapshot): WebhookDraft => s.context.draft
export const selectFieldErrors = (s: WebhooksSnapshot): Readonly<Partial<Record<WebhookField, string>>> => s.context.fieldErrors
export const selectFormError = (s: WebhooksSnapshot): DisplayText | null => s.context.formError
/** The form edits an endpoint (else it adds one). */
export const selectIsEditingExisting = (s: WebhooksSnapshot): boolean => s.context.targetId !== null
/** The endpoint being edited, rotated, deleted or tested. */
export const selectTarget = (s: WebhooksSnapshot): WebhookEndpoint | null => s.context.endpoints?.find((e) => e.id === s.context.targetId) ?? null
export const selectSecret = (s: WebhooksSnapshot): ShownSecret | null => s.context.secret
/** The endpoint whose secret is on screen. */
export const selectSecretEndpoint = (s: WebhooksSnapshot): WebhookEndpoint | null =>
  s.context.endpoints?.find((e) => e.id === s.context.secret?.endpointId) ?? null
/** The endpoint being enabled or disabled (shown already; the server has not answered). */
export const selectTogglingId = (s: WebhooksSnapshot): string | null => (s.matches({ ready: { toggle: 'saving' } }) ? (s.context.toggle?.id ?? null) : null)
/** A call or a dialog holds the list: its actions wait. */
export const selectIsBusy = (s: WebhooksSnapshot): boolean => selectWebhooksView(s) !== 'list'

/** The endpoint whose delivery log is open; null while the list shows. */
export const selectLogEndpoint = (s: WebhooksSnapshot): WebhookEndpoint | null =>
  s.matches({ ready: { log: 'open' } }) ? (s.context.endpoints?.find((e) => e.id === s.context.logEndpointId) ?? null) : null

export type WebhookDeliveriesActor = ActorRefFrom<WebhookDeliveriesMachine>
/** The open log's actor (the `webhookDeliveries` child); undefined while the log is closed. */
export const selectDeliveriesActor = (s: WebhooksSnapshot): WebhookDeliveriesActor | undefined =>
  (s.children as { deliveries?: WebhookDeliveriesActor }).deliveries

/** How an endpoint's status reads, and its tone: `ok` delivering, `off` disabled by a person, `failing`. */
export interface EndpointStatus {
  readonly label: string
  readonly tone: 'ok' | 'off' | 'failing'
}

/** 'Enabled', 'Failing since <time>', 'Disabled', or 'Disabled after failing for 3 days'. */
export function endpointStatus(endpoint: WebhookEndpoint, locale?: string): EndpointStatus {
  if (!endpoint.enabled) {
    return endpoint.disabled_reason === 'failing'
      ? { label: `Disabled after failing for ${WEBHOOK_DISABLE_AFTER_DAYS} days`, tone: 'failing' }
      : { label: 'Disabled', tone: 'off' }
  }
  if (endpoint.failing_since !== null) return { label: `Failing since ${exactTime(endpoint.failing_since, locale)}`, tone: 'failing' }
  return { label: 'Enabled', tone: 'ok' }
}

/** "3 events", "1 event". */
export const eventCountLabel = (count: number): string => `${count} ${count === 1 ? 'event' : 'events'}`

/** The events the form offers, in the contract's order, with what each means. */
export const EVENT_TYPE_OPTIONS: ReadonlyArray<{ readonly id: WebhookEventType; readonly description: string }> = WebhookEventTypes.map((id) => ({
  id,
  description: WEBHOOK_EVENT_TYPES[id],
}))

/** What the person may do on the tab (WEBHOOKS); the server refuses the rest with 403 anyway. */
export interface WebhookAccess {
  readonly mayCreate: boolean
  /** Edit, enable or disable, rotate the secret. */
  readonly mayUpdate: boolean
  readonly mayDelete: boolean
  /** 'Send test event' and 'Resend'. */
  readonly mayExecute: boolean
}

/** The tab's {@link WebhookAccess} from the member's resolved permissions (contract/permissions.ts `can`). */
export function webhookAccess(permissions: ResolvedPermissions): WebhookAccess {
  return {
    mayCreate: can(permissions, 'WEBHOOKS', 'CREATE'),
    mayUpdate: can(permissions, 'WEBHOOKS', 'UPDATE'),
    mayDelete: can(permissions, 'WEBHOOKS', 'DELETE'),
    mayExecute: can(permissions, 'WEBHOOKS', 'EXECUTE'),
  }
}

/** Everything allowed (a super admin; the stories). */
export const FULL_WEBHOOK_ACCESS: WebhookAccess = { mayCreate: true, mayUpdate: true, mayDelete: true, mayExecute: true }
