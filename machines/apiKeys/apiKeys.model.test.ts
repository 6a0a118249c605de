import { type SnapshotFrom, createActor } from 'xstate'
import { describe, expect, it } from 'vitest'
import type { ApiKeyItem, CreatedApiKey } from '../../contract/developers.ts'
import { walkEveryTransition } from '../testing/model-walk.ts'
import { controllable, settleActorEvent } from '../testing/stubs.ts'
import { adminAccess, createdKey, crmKey, readOnlyAccess, reportingKey, threeKeys } from './apiKeys.fixtures.ts'
import { type ApiKeysEmitted, type ApiKeysEvent, apiKeysMachine } from './apiKeys.machine.ts'
import type { ApiKeyDraft } from './apiKeys.rules.ts'
import { selectApiKeys, selectApiKeysStatus, selectCreated } from './apiKeys.selectors.ts'

const refused = { status: 500, code: 'internal_error', message: 'Something went wrong on our side.', issues: [] }
const gone = { status: 404, code: 'not_found', message: 'There is no such API key.', issues: [] }
const badName = { status: 400, code: 'invalid_request', message: 'The request body is invalid.', issues: [{ path: ['name'], message: 'Name must be at most 80 characters' }] }

type ModelEvent = ApiKeysEvent | { type: `xstate.${string}`; output?: unknown; error?: unknown }
const done = (id: string, output: unknown) => ({ type: `xstate.done.actor.${id}`, output }) as const
const error = (id: string, e: unknown) => ({ type: `xstate.error.actor.${id}`, error: e }) as const

/**
 * Offered events. Bounded: one key is created at most, the reporting key is the one revoked, two
 * names (one valid, one empty), and access switches between a super admin's and read only.
 */
function events(s: SnapshotFrom<typeof apiKeysMachine>): ModelEvent[] {
  const created = s.context.keys?.some((k) => k.id === createdKey.key.id) ?? false
  return [
    done('loadKeys', threeKeys),
    error('loadKeys', new Error('offline')),
    { type: 'apiKeys.retry' },
    { type: 'apiKeys.accessChanged', access: s.context.access.mayCreate ? readOnlyAccess : adminAccess },
    ...(created ? [] : [{ type: 'apiKey.create' } as const]),
    { type: 'apiKey.nameChanged', name: 'Billing sync' },
    { type: 'apiKey.nameChanged', name: '' },
    { type: 'apiKey.permissionSetChanged', ref: 'set-agent' },
    { type: 'apiKey.expiryChanged', days: null },
    { type: 'apiKey.submit' },
    { type: 'apiKey.cancel' },
    { type: 'apiKey.done' },
    { type: 'apiKey.revoke', id: reportingKey.id },
    { type: 'apiKey.confirmRevoke' },
    done('createKey', createdKey),
    error('createKey', badName),
    done('revokeKey', undefined),
    error('revokeKey', gone),
    error('revokeKey', refused),
  ]
}

describe('apiKeys (model)', () => {
  it('walks every transition: the secret shows only after a create and is forgotten on Done; a revoked key leaves at once and comes back on a refusal', async () => {
    const result = await walkEveryTransition({
      machine: apiKeysMachine,
      input: { access: adminAccess },
      events: events as never,
      serializeState: (s) =>
        JSON.stringify([
          s.value,
          s.context.access.mayCreate,
          s.context.keys?.map((k) => k.id) ?? null,
          s.context.draft.name !== '',
          s.context.draft.permissionSet,
          s.context.draft.expiryDays,
          s.context.targetId,
          s.context.created !== null,
        ]),
      start: (inspect) => {
        const loadKeys = controllable<ReadonlyArray<ApiKeyItem>, void>()
        const createKey = controllable<CreatedApiKey, ApiKeyDraft>()
        const revokeKey = controllable<void, { id: string }>()
        const stubs = { loadKeys, createKey, revokeKey }
        const emitted: ApiKeysEmitted[] = []
        const actor = createActor(apiKeysMachine.provide({ actors: { loadKeys: loadKeys.logic, createKey: createKey.logic, revokeKey: revokeKey.logic } }), { input: { access: adminAccess }, inspect })
        actor.on('*', (e) => emitted.push(e))
        actor.start()
        return {
          actor,
          exec: async (event) => {
            const e = event as ModelEvent
            if (await settleActorEvent(e, stubs)) return
            actor.send(e as ApiKeysEvent)
          },
          check: (s) => {
            const c = s.context
            if (s.matches('failed')) expect(c.loadError).not.toBeNull()
            expect(['loading', 'failed', 'empty', 'list']).toContain(selectApiKeysStatus(s))
            // The secret exists only while the dialog shows it, and no emitted event carries it.
            expect(c.created !== null).toBe(s.matches({ ready: { creating: 'showingSecret' } }))
            expect(selectCreated(s)?.secret ?? null).toBe(c.created?.secret ?? null)
            expect(JSON.stringify(emitted)).not.toContain(createdKey.secret)
            if (!s.matches('ready')) return
            // Creating sends a valid name with the chosen set; revoking sends the confirmed key.
            if (s.matches({ ready: { creating: 'submitting' } })) expect(createKey.calls.at(-1)).toMatchObject({ name: 'Billing sync', permissionSet: 'set-agent' })
            if (s.matches({ ready: 'revoking' })) expect(revokeKey.calls.at(-1)).toEqual({ id: reportingKey.id })
            // What is listed is what was loaded, plus what was created, minus what is being or was revoked.
            const ids = selectApiKeys(s).map((k) => k.id)
            expect(ids).toContain(crmKey.id)
            expect(ids.includes(createdKey.key.id)).toBe(emitted.some((e) => e.type === 'apiKeys.created'))
            expect(ids.includes(reportingKey.id)).toBe(!s.matches({ ready: 'revoking' }) && !emitted.some((e) => e.type === 'apiKeys.revoked'))
            if (s.matches({ ready: 'idle' })) expect([c.targetId, c.removed, c.created]).toEqual([null, null, null])
          },
          stop: () => actor.stop(),
        }
      },
    })
    expect(result.failures).toEqual([])
    expect(result.unwalked).toEqual([])
    expect(result.walked.length).toBe(result.defined.length)
  }, 120_000)
})
