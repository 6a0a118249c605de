/**
 * Contract-shaped webhook endpoints and deliveries for the webhooks machines' tests and the
 * Webhooks stories: a healthy endpoint, one failing since yesterday, one disabled after failing,
 * the secrets create and rotate answer, and deliveries in every status with their attempts.
 */
import type { WebhookDelivery, WebhookDeliveryPage, WebhookEndpoint, WebhookWithSecret } from '../../contract/developers.ts'

export const ordersEndpoint: WebhookEndpoint = {
  id: 'wh-orders',
  url: 'https://hooks.acme.test/engage',
  description: 'Order system',
  event_types: ['member.joined', 'member.removed', 'invitation.accepted'],
  enabled: true,
  disabled_reason: null,
  failing_since: null,
  previous_secret_expires_at: null,
  created_at: '2026-11-20T09:00:00.000Z',
}

export const crmEndpoint: WebhookEndpoint = {
  id: 'wh-crm',
  url: 'https://crm.example.test/webhooks/engage?source=acme',
  description: 'CRM sync',
  event_types: ['notification.created'],
  enabled: true,
  disabled_reason: null,
  failing_since: '2026-11-24T16:05:00.000Z',
  previous_secret_expires_at: null,
  created_at: '2026-11-10T12:30:00.000Z',
}

export const oldEndpoint: WebhookEndpoint = {
  id: 'wh-old',
  url: 'https://legacy.example.test/hook',
  description: '',
  event_types: ['api_key.created', 'api_key.revoked'],
  enabled: false,
  disabled_reason: 'failing',
  failing_since: '2026-11-18T08:00:00.000Z',
  previous_secret_expires_at: null,
  created_at: '2026-10-01T08:00:00.000Z',
}

/** As the server lists them, newest first. */
export const threeEndpoints: ReadonlyArray<WebhookEndpoint> = [ordersEndpoint, crmEndpoint, oldEndpoint]

/** What create answers for the draft of {@link newEndpoint}. */
export const newEndpoint: WebhookEndpoint = {
  id: 'wh-new',
  url: 'https://hooks.acme.test/new',
  description: 'Data warehouse',
  event_types: ['member.joined'],
  enabled: true,
  disabled_reason: null,
  failing_since: null,
  previous_secret_expires_at: null,
  created_at: '2026-11-25T13:00:00.000Z',
}

export const createdAnswer: WebhookWithSecret = { endpoint: newEndpoint, secret: 'whsec_MfKQ9r2Xw8p1ZJ4yN6bT0vLc3HsA7dGe' }

/** What rotate answers for {@link ordersEndpoint}: the previous secret still signs for 24 hours. */
export const rotatedAnswer: WebhookWithSecret = {
  endpoint: { ...ordersEndpoint, previous_secret_expires_at: '2026-11-26T13:30:00.000Z' },
  secret: 'whsec_R0tat3dS3cr3tQ8wE5rT2yU9iO1pA4sD',
}

const payload = (type: string, data: Record<string, unknown>, at: string) => JSON.stringify({ type, timestamp: at, data })

export const deliveredDelivery: WebhookDelivery = {
  id: 'dl-1',
  message_id: 'msg_2Xo1',
  event_type: 'member.joined',
  status: 'succeeded',
  attempts: [{ at: '2026-11-25T13:10:00.000Z', status_code: 200, duration_ms: 182, error: null, response_excerpt: '{"ok":true}' }],
  next_attempt_at: null,
  created_at: '2026-11-25T13:10:00.000Z',
  payload: payload('member.joined', { user_id: 'u-bea', email: 'bea@acme.test', name: 'Bea Builder' }, '2026-11-25T13:10:00.000Z'),
}

export const retryingDelivery: WebhookDelivery = {
  id: 'dl-2',
  message_id: 'msg_2Xo2',
  event_type: 'invitation.accepted',
  status: 'pending',
  attempts: [
    { at: '2026-11-25T12:50:00.000Z', status_code: 503, duration_ms: 2_140, error: null, response_excerpt: '<html><body><h1>503 Service Unavailable</h1></body></html>' },
  ],
  next_attempt_at: '2026-11-25T13:35:00.000Z',
  created_at: '2026-11-25T12:50:00.000Z',
  payload: payload('invitation.accepted', { user_id: 'u-cal', email: 'cal@acme.test' }, '2026-11-25T12:50:00.000Z'),
}

export const failedDelivery: WebhookDelivery = {
  id: 'dl-3',
  message_id: 'msg_2Xo3',
  event_type: 'member.removed',
  status: 'failed',
  attempts: [
    { at: '2026-11-24T08:00:00.000Z', status_code: null, duration_ms: 10_000, error: 'Timed out after 10 s', response_excerpt: '' },
    { at: '2026-11-24T08:05:00.000Z', status_code: 500, duration_ms: 95, error: null, response_excerpt: 'Internal Server Error' },
    { at: '2026-11-24T09:00:00.000Z', status_code: 410, duration_ms: 40, error: null, response_excerpt: 'Gone' },
  ],
  next_attempt_at: null,
  created_at: '2026-11-24T08:00:00.000Z',
  payload: payload('member.removed', { user_id: 'u-dan' }, '2026-11-24T08:00:00.000Z'),
}

/** What 'Send test event' answers: queued, no attempt yet. */
export const testDelivery: WebhookDelivery = {
  id: 'dl-test',
  message_id: 'msg_test',
  event_type: 'webhook.test',
  status: 'pending',
  attempts: [],
  next_attempt_at: '2026-11-25T13:30:00.000Z',
  created_at: '2026-11-25T13:30:00.000Z',
  payload: payload('webhook.test', { endpoint_id: 'wh-orders' }, '2026-11-25T13:30:00.000Z'),
}

/** The newest page: one further page to read. */
export const firstPage: WebhookDeliveryPage = { items: [deliveredDelivery, retryingDelivery], next_cursor: 'cursor-2' }
/** The page after {@link firstPage}: the last. */
export const secondPage: WebhookDeliveryPage = { items: [failedDelivery], next_cursor: null }
/** Every delivery settled: nothing to poll for. */
export const settledPage: WebhookDeliveryPage = { items: [deliveredDelivery, { ...retryingDelivery, status: 'succeeded' }], next_cursor: null }
