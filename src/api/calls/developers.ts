/**
 * The Developers page's calls: API keys and webhooks (contract/developers.ts). Loaded with the
 * first of these calls (src/api/endpoints.ts); each returns the contract-decoded response or
 * rejects with `ApiError`.
 */
import { apiKeysApi, type CreateApiKeyRequest, type CreateWebhookRequest, type UpdateWebhookRequest, webhooksApi } from '../../../contract/developers.ts'
import type { Call } from '../call.ts'

/** The API-key and webhook calls over `call` (src/api/call.ts). */
export function developersCalls(call: Call) {
  return {
    /** API keys of the current workspace (contract/developers.ts, docs/api.md "API keys"): API_KEYS read/create/update/delete, else 403. */
    apiKeys: {
      /** `GET /organizations/api-keys`: the keys not revoked, newest first. */
      list: async () => (await call(apiKeysApi.list)).items,
      /** `POST /organizations/api-keys` {name, permission_set, expires_at?}: 201 the key and its secret, answered this once; 400 at the fields, 403 for a set with a permission the caller lacks. */
      create: async (body: CreateApiKeyRequest) => call(apiKeysApi.create, { body }),
      /** `PATCH /organizations/api-keys/{id}` {name}: the renamed key; 404 when unknown or revoked. */
      rename: async (id: string, name: string) => call(apiKeysApi.update, { params: { id }, body: { name } }),
      /** `DELETE /organizations/api-keys/{id}`: 204; 404 when unknown or already revoked. */
      revoke: async (id: string) => call(apiKeysApi.revoke, { params: { id } }),
    },
    /** Webhooks (docs/api.md "Webhooks"): the workspace's endpoints and their delivery logs; WEBHOOKS read/create/update/delete, execute to send. */
    webhooks: {
      /** `GET /organizations/webhooks`: the endpoints, newest first. */
      list: async () => (await call(webhooksApi.list)).items,
      /** `POST /organizations/webhooks`: 201 the endpoint and its signing secret (answered this once); 400 on the field (`url`: not a public host). */
      create: async (body: CreateWebhookRequest) => call(webhooksApi.create, { body }),
      /** `PATCH /organizations/webhooks/{id}`: the endpoint as changed; enabling clears `disabled_reason`. */
      update: async (id: string, body: UpdateWebhookRequest) => call(webhooksApi.update, { params: { id }, body }),
      /** `DELETE /organizations/webhooks/{id}`: 204; 404 when it is gone. */
      remove: async (id: string) => call(webhooksApi.remove, { params: { id } }),
      /** `POST /organizations/webhooks/{id}/rotate-secret`: the endpoint and its new secret; the previous one signs for 24 hours. */
      rotateSecret: async (id: string) => call(webhooksApi.rotateSecret, { params: { id } }),
      /** `POST /organizations/webhooks/{id}/test`: 202 the queued delivery of a `webhook.test` event. */
      sendTest: async (id: string) => call(webhooksApi.sendTest, { params: { id } }),
      /** `GET /organizations/webhooks/{id}/deliveries?before=`: newest first, 20 a page, `next_cursor` for the next. */
      deliveries: async (id: string, before: string | null = null) =>
        call(webhooksApi.deliveries, { params: { id }, query: before === null ? {} : { before } }),
      /** `POST /organizations/webhooks/{id}/deliveries/{deliveryId}/resend`: 202 the delivery, queued again. */
      resend: async (id: string, deliveryId: string) => call(webhooksApi.resend, { params: { id, deliveryId } }),
    },
  }
}
