import { type SnapshotFrom, createActor } from 'xstate'
import { describe, expect, it } from 'vitest'
import type { SsoSettings, SsoSettingsInput, SsoTestResponse } from '../../contract/sso.ts'
import { walkEveryTransition } from '../testing/model-walk.ts'
import { controllable, settleActorEvent } from '../testing/stubs.ts'
import { acmeConnection, acmeDiscovery, notConfigured } from './singleSignOn.fixtures.ts'
import { type SingleSignOnEmitted, type SingleSignOnEvent, draftErrors, isDraftChanged, issuerError, singleSignOnMachine, toSaveRequest } from './singleSignOn.machine.ts'
import { selectCanSaveSso, selectIsSsoBusy, selectSsoStatus } from './singleSignOn.selectors.ts'

const apiError = (status: number, code: string, message: string, issues: Array<{ path: Array<string | number>; message: string }> = []) =>
  Object.assign(new Error(message), { status, code, issues })
const domainIssue = apiError(400, 'invalid_request', 'Invalid request', [{ path: ['domains', 0], message: 'Enter domains like example.com' }])
const notConfirmed = apiError(403, 'reverification_required', "Confirm it's you to make this change.")
const unreachable = apiError(502, 'internal_error', 'The identity provider could not be reached.')
const gone = apiError(404, 'not_found', 'This workspace has no single sign-on connection.')
const broken = apiError(500, 'internal_error', 'Something went wrong on our side.')

type ModelEvent = SingleSignOnEvent | { type: `xstate.${string}`; output?: unknown; error?: unknown }
const done = (id: string, output: unknown) => ({ type: `xstate.done.actor.${id}`, output }) as const
const error = (id: string, e: unknown) => ({ type: `xstate.error.actor.${id}`, error: e }) as const

/** Offered events: a bounded set of edits (a valid and a broken issuer, each other field once). */
const events: ModelEvent[] = [
  done('loadSettings', notConfigured),
  done('loadSettings', acmeConnection),
  error('loadSettings', new Error('offline')),
  { type: 'singleSignOn.retry' },
  { type: 'singleSignOn.change', field: 'issuer', value: 'https://idp.example' },
  { type: 'singleSignOn.change', field: 'issuer', value: 'javascript:alert(1)' },
  { type: 'singleSignOn.change', field: 'clientId', value: 'engage' },
  { type: 'singleSignOn.change', field: 'clientSecret', value: 'a-secret' },
  { type: 'singleSignOn.change', field: 'domains', value: 'example.com, Example.org' },
  { type: 'singleSignOn.setRequireSso', value: true },
  { type: 'singleSignOn.test' },
  { type: 'singleSignOn.save' },
  { type: 'singleSignOn.remove' },
  { type: 'singleSignOn.confirmRemove' },
  { type: 'singleSignOn.cancel' },
  done('testConnection', acmeDiscovery),
  error('testConnection', unreachable),
  done('saveSettings', acmeConnection),
  error('saveSettings', domainIssue),
  error('saveSettings', notConfirmed),
  done('removeSettings', undefined),
  error('removeSettings', gone),
  error('removeSettings', broken),
]

type Snapshot = SnapshotFrom<typeof singleSignOnMachine>

describe('singleSignOn (model)', () => {
  it('walks every transition: only a valid changed draft is sent, a test tries the typed issuer, a removal empties the form', async () => {
    const result = await walkEveryTransition({
      machine: singleSignOnMachine,
      events: events as never,
      // What the guards read, and what is shown: the same class of drafts behaves the same.
      serializeState: (s: Snapshot) => {
        const c = s.context
        return JSON.stringify([
          s.value,
          c.settings?.configured ?? null,
          isDraftChanged(c.draft, c.settings),
          Object.keys(draftErrors(c.draft, c.settings)).length === 0,
          issuerError(c.draft.issuer) === null,
          c.test?.outcome ?? null,
          c.formError !== null,
        ])
      },
      start: (inspect) => {
        const loadSettings = controllable<SsoSettings, void>()
        const saveSettings = controllable<SsoSettings, SsoSettingsInput>()
        const removeSettings = controllable<void, void>()
        const testConnection = controllable<SsoTestResponse, { issuer: string }>()
        const stubs = { loadSettings, saveSettings, removeSettings, testConnection }
        const emitted: SingleSignOnEmitted[] = []
        const actor = createActor(
          singleSignOnMachine.provide({
            actors: { loadSettings: loadSettings.logic, saveSettings: saveSettings.logic, removeSettings: removeSettings.logic, testConnection: testConnection.logic },
          }),
          { inspect },
        )
        actor.on('*', (e) => emitted.push(e))
        actor.start()
        let confirmed = false
        return {
          actor,
          exec: async (event) => {
            const e = event as ModelEvent
            if (e.type === 'singleSignOn.confirmRemove') confirmed = true
            if (await settleActorEvent(e, stubs)) return
            actor.send(e as SingleSignOnEvent)
          },
          check: (s) => {
            const c = s.context
            expect(s.matches(selectSsoStatus(s))).toBe(true)
            if (s.matches('failed')) expect(c.loadError).not.toBeNull()
            if (!s.matches('ready')) return
            const changed = isDraftChanged(c.draft, c.settings)
            expect(selectCanSaveSso(s)).toBe(s.matches({ ready: 'editing' }))
            expect(selectIsSsoBusy(s)).toBe(s.matches({ ready: 'testing' }) || s.matches({ ready: 'saving' }) || s.matches({ ready: 'removing' }))
            if (s.matches({ ready: 'notConfigured' })) {
              expect(c.settings?.configured).toBe(false)
              expect(changed).toBe(false)
            }
            if (s.matches({ ready: 'configured' }) || s.matches({ ready: 'saved' })) {
              expect(c.settings?.configured).toBe(true)
              expect(changed).toBe(false)
            }
            if (s.matches({ ready: 'editing' })) expect(changed).toBe(true)
            // Only a valid draft is ever sent, exactly as typed (the secret only when typed).
            if (s.matches({ ready: 'saving' })) {
              expect(draftErrors(c.draft, c.settings)).toEqual({})
              expect(saveSettings.calls.at(-1)).toEqual(toSaveRequest(c.draft))
              expect(c.fieldErrors).toEqual({})
            }
            if (s.matches({ ready: 'testing' })) expect(testConnection.calls.at(-1)).toEqual({ issuer: c.draft.issuer.trim() })
            // A connection is removed only after the confirmation.
            if (s.matches({ ready: 'removing' })) expect(confirmed).toBe(true)
            if (s.matches({ ready: 'saved' })) expect(emitted.at(-1)?.type).toBe('singleSignOn.saved')
            // The secret never stays in the form once saved or loaded.
            if (s.matches({ ready: 'saved' }) || s.matches({ ready: 'configured' }) || s.matches({ ready: 'notConfigured' })) expect(c.draft.clientSecret).toBe('')
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
