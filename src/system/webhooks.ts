/**
 * The webhooks machines' browser side (machines/webhooks; Developers › Webhooks): their HTTP
 * actors on `/organizations/webhooks*` (bearer + x-org-id, through src/api/endpoints.ts) and their
 * outcomes as toasts. The delivery log runs as the webhooks actor's child while it is open; its
 * toasts are wired by the log view with {@link useWebhookDeliveriesToasts}.
 */
import { useActorRef } from '@xstate/react'
import { fromPromise } from 'xstate'
import { webhookDeliveriesMachine } from '../../machines/webhooks/webhookDeliveries.machine.ts'
import type { WebhookDeliveriesActor } from '../../machines/webhooks/webhooks.selectors.ts'
import { webhooksMachine } from '../../machines/webhooks/webhooks.machine.ts'
import { deliveriesMessages, webhooksMessages as m } from '../../machines/webhooks/webhooks.messages.ts'
import type { Endpoints } from '../api/endpoints.ts'
import { useTranslator } from '../i18n/react.tsx'
import { useApi } from './api.tsx'
import { useOutcomeToasts } from './outcomes.ts'

/** Toast of a test event queued from the list (ours). */
export const WEBHOOK_TEST_SENT_MESSAGE = m.testSent

/** The delivery log machine with its HTTP actors. */
export function browserWebhookDeliveries(api: Endpoints) {
  return webhookDeliveriesMachine.provide({
    actors: {
      loadDeliveries: fromPromise(({ input }) => api.webhooks.deliveries(input.endpointId, input.before)),
      resendDelivery: fromPromise(({ input }) => api.webhooks.resend(input.endpointId, input.deliveryId)),
      sendTestEvent: fromPromise(({ input }) => api.webhooks.sendTest(input.id)),
    },
  })
}

/** The webhooks machine with its HTTP actors and the delivery log it runs. */
export function browserWebhooks(api: Endpoints) {
  return webhooksMachine.provide({
    actors: {
      loadWebhooks: fromPromise(() => api.webhooks.list()),
      createWebhook: fromPromise(({ input }) => api.webhooks.create(input)),
      updateWebhook: fromPromise(({ input }) => api.webhooks.update(input.id, input.body)),
      setWebhookEnabled: fromPromise(({ input }) => api.webhooks.update(input.id, { enabled: input.enabled })),
      rotateSecret: fromPromise(({ input }) => api.webhooks.rotateSecret(input.id)),
      deleteWebhook: fromPromise(async ({ input }) => {
        await api.webhooks.remove(input.id)
      }),
      sendTestEvent: fromPromise(({ input }) => api.webhooks.sendTest(input.id)),
      webhookDeliveries: browserWebhookDeliveries(api),
    },
  })
}

/** A webhooks actor for the tab's lifetime (one workspace: the tab remounts it on a switch). */
export function useWebhooksActor() {
  const api = useApi()
  const actor = useActorRef(browserWebhooks(api))
  const { t } = useTranslator()
  useOutcomeToasts(actor, {
    'webhooks.created': ['success', () => t(m.added)],
    'webhooks.updated': ['success', () => t(m.saved)],
    'webhooks.secretRotated': ['success', () => t(m.secretRotated)],
    'webhooks.deleted': ['success', () => t(m.deleted)],
    'webhooks.toggled': ['success', (e) => t(e.endpoint.enabled ? m.endpointEnabled : m.endpointDisabled)],
    'webhooks.testSent': ['success', () => t(WEBHOOK_TEST_SENT_MESSAGE)],
    'webhooks.failed': ['error', (e) => e.message],
  })
  return actor
}

/** The open delivery log's outcomes as toasts, for as long as the log view is mounted. */
export function useWebhookDeliveriesToasts(actor: WebhookDeliveriesActor) {
  const { t } = useTranslator()
  useOutcomeToasts(actor, {
    'deliveries.resent': ['success', () => t(deliveriesMessages.resent)],
    'deliveries.testSent': ['success', () => t(deliveriesMessages.testSent)],
    'deliveries.failed': ['error', (e) => e.message],
  })
}
