import { type SnapshotFrom, createActor } from 'xstate'
import { describe, expect, it } from 'vitest'
import type { PasskeyItem } from '../../contract/passkeys.ts'
import { walkEveryTransition } from '../testing/model-walk.ts'
import { controllable, settleActorEvent } from '../testing/stubs.ts'
import { newPasskey, prompted, promptError, securityKey, syncedPasskey, twoPasskeys } from './passkeys.fixtures.ts'
import { type PasskeysEmitted, type PasskeysEvent, type PromptedPasskey, passkeysMachine } from './passkeys.machine.ts'
import { selectPasskeys, selectPasskeysStatus, selectPasskeysView } from './passkeys.selectors.ts'

const refused = { status: 500, code: 'internal_error', message: 'Something went wrong on our side.', issues: [] }
const gone = { status: 404, code: 'not_found', message: 'There is no such passkey.', issues: [] }
const badName = { status: 400, code: 'invalid_request', message: 'The request body is invalid.', issues: [{ path: ['name'], message: 'Name is required' }] }

type ModelEvent = PasskeysEvent | { type: `xstate.${string}`; output?: unknown; error?: unknown }
const done = (id: string, output: unknown) => ({ type: `xstate.done.actor.${id}`, output }) as const
const error = (id: string, e: unknown) => ({ type: `xstate.error.actor.${id}`, error: e }) as const

/** Offered events. Bounded: two names (one valid, one empty); the security key is the one renamed or deleted. */
function events(s: SnapshotFrom<typeof passkeysMachine>): ModelEvent[] {
  // One passkey is added at most, so the list stays bounded.
  const added = s.context.passkeys?.some((p) => p.id === newPasskey.id) ?? false
  return [
    done('loadPasskeys', twoPasskeys),
    error('loadPasskeys', new Error('offline')),
    { type: 'passkeys.retry' },
    ...(added ? [] : [{ type: 'passkey.add' } as const]),
    { type: 'passkey.rename', id: securityKey.id },
    { type: 'passkey.delete', id: securityKey.id },
    { type: 'passkey.nameChanged', name: 'Work laptop' },
    { type: 'passkey.nameChanged', name: '' },
    { type: 'passkey.submitName' },
    { type: 'passkey.confirmDelete' },
    { type: 'passkey.cancel' },
    done('promptForPasskey', prompted),
    error('promptForPasskey', promptError('NotAllowedError')),
    error('promptForPasskey', promptError('InvalidStateError')),
    ...(added ? [] : [done('savePasskey', newPasskey)]),
    error('savePasskey', badName),
    done('renamePasskey', { ...securityKey, name: 'Work laptop' }),
    error('renamePasskey', refused),
    done('deletePasskey', undefined),
    error('deletePasskey', gone),
    error('deletePasskey', refused),
  ]
}

describe('passkeys (model)', () => {
  it('walks every transition: names are checked before the prompt, a closed prompt is a note, the list follows the server', async () => {
    const result = await walkEveryTransition({
      machine: passkeysMachine,
      input: { supported: true },
      events: events as never,
      serializeState: (s) =>
        JSON.stringify([s.value, s.context.passkeys?.map((p) => `${p.id}:${p.name}`) ?? null, s.context.draftName !== '', s.context.targetId, s.context.prompted !== null]),
      start: (inspect) => {
        const loadPasskeys = controllable<ReadonlyArray<PasskeyItem>, void>()
        const promptForPasskey = controllable<PromptedPasskey, void>()
        const savePasskey = controllable<PasskeyItem, { name: string; prompted: PromptedPasskey }>()
        const renamePasskey = controllable<PasskeyItem, { id: string; name: string }>()
        const deletePasskey = controllable<void, { id: string }>()
        const stubs = { loadPasskeys, promptForPasskey, savePasskey, renamePasskey, deletePasskey }
        const emitted: PasskeysEmitted[] = []
        const actor = createActor(passkeysMachine.provide({ actors: { loadPasskeys: loadPasskeys.logic, promptForPasskey: promptForPasskey.logic, savePasskey: savePasskey.logic, renamePasskey: renamePasskey.logic, deletePasskey: deletePasskey.logic } }), {
          input: { supported: true },
          inspect,
        })
        actor.on('*', (e) => emitted.push(e))
        actor.start()
        return {
          actor,
          exec: async (event) => {
            const e = event as ModelEvent
            if (await settleActorEvent(e, stubs)) return
            actor.send(e as PasskeysEvent)
          },
          check: (s) => {
            const c = s.context
            expect(s.matches(selectPasskeysStatus(s))).toBe(true)
            if (s.matches('failed')) expect(c.loadError).not.toBeNull()
            if (!s.matches('ready')) return
            expect(selectPasskeysView(s)).toBeTruthy()
            // The prompt runs only with a valid name, and saving sends that name with the prompt's answer.
            if (s.matches({ ready: 'prompting' })) expect(c.draftName).toBe('Work laptop')
            if (s.matches({ ready: 'saving' })) expect(savePasskey.calls.at(-1)).toEqual({ name: 'Work laptop', prompted })
            if (s.matches({ ready: 'savingName' })) expect(renamePasskey.calls.at(-1)).toEqual({ id: securityKey.id, name: c.draftName })
            if (s.matches({ ready: 'deleting' })) expect(deletePasskey.calls.at(-1)).toEqual({ id: securityKey.id })
            // What is listed is what was loaded, plus what was added, minus what was removed.
            const ids = selectPasskeys(s).map((p) => p.id)
            expect(ids).toContain(syncedPasskey.id)
            expect(ids.includes(newPasskey.id)).toBe(emitted.some((e) => e.type === 'passkeys.added'))
            expect(ids.includes(securityKey.id)).toBe(!emitted.some((e) => e.type === 'passkeys.removed'))
            if (s.matches({ ready: 'idle' })) expect([c.draftName, c.targetId, c.prompted]).toEqual(['', null, null])
          },
          stop: () => actor.stop(),
        }
      },
    })
    expect(result.failures).toEqual([])
    expect(result.unwalked).toEqual([])
    expect(result.walked.length).toBe(result.defined.length)
  })
})
