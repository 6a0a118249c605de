import { type SnapshotFrom, createActor } from 'xstate'
import { describe, expect, it } from 'vitest'
import type { RevokeOtherSessionsResponse, SessionItem } from '../../contract/sessions.ts'
import { walkEveryTransition } from '../testing/model-walk.ts'
import { controllable, settleActorEvent } from '../testing/stubs.ts'
import { phone, thisMac, threeSessions } from './sessions.fixtures.ts'
import { type SessionsEmitted, type SessionsEvent, sessionsMachine } from './sessions.machine.ts'
import { selectIsConfirmingOthers, selectIsRevoking, selectSessions, selectSessionsStatus } from './sessions.selectors.ts'

const refused = { status: 500, code: 'internal', message: 'Something went wrong on our side.', issues: [] }
const gone = { status: 404, code: 'not_found', message: 'There is no such session.', issues: [] }

type ModelEvent = SessionsEvent | { type: `xstate.${string}`; output?: unknown; error?: unknown }
const done = (id: string, output: unknown) => ({ type: `xstate.done.actor.${id}`, output }) as const
const error = (id: string, e: unknown) => ({ type: `xstate.error.actor.${id}`, error: e }) as const

/** Offered events. Bounded: the list is the three fixtures or this device alone; the phone is the one signed out. */
function events(s: SnapshotFrom<typeof sessionsMachine>): ModelEvent[] {
  return [
    done('loadSessions', threeSessions),
    done('loadSessions', [thisMac]),
    error('loadSessions', new Error('offline')),
    { type: 'sessions.retry' },
    { type: 'session.revoke', id: phone.id },
    { type: 'session.revoke', id: thisMac.id },
    { type: 'sessions.revokeOthers' },
    { type: 'sessions.confirmRevokeOthers' },
    { type: 'sessions.cancel' },
    done('revokeSession', undefined),
    error('revokeSession', gone),
    error('revokeSession', refused),
    done('revokeOtherSessions', { revoked: (s.context.removed.length) } satisfies RevokeOtherSessionsResponse),
    error('revokeOtherSessions', refused),
  ]
}

describe('sessions (model)', () => {
  it('walks every transition: removals are optimistic, refusals put rows back in place, this device is never removed', async () => {
    const result = await walkEveryTransition({
      machine: sessionsMachine,
      events: events as never,
      serializeState: (s) => JSON.stringify([s.value, s.context.sessions?.map((x) => x.id) ?? null, s.context.removed.map((r) => r.session.id)]),
      start: (inspect) => {
        const loadSessions = controllable<ReadonlyArray<SessionItem>, void>()
        const revokeSession = controllable<void, { id: string }>()
        const revokeOtherSessions = controllable<RevokeOtherSessionsResponse, void>()
        const stubs = { loadSessions, revokeSession, revokeOtherSessions }
        const emitted: SessionsEmitted[] = []
        const actor = createActor(
          sessionsMachine.provide({ actors: { loadSessions: loadSessions.logic, revokeSession: revokeSession.logic, revokeOtherSessions: revokeOtherSessions.logic } }),
          { inspect },
        )
        actor.on('*', (e) => emitted.push(e))
        actor.start()
        let loaded: ReadonlyArray<SessionItem> | null = null
        return {
          actor,
          exec: async (event) => {
            const e = event as ModelEvent
            if (e.type === 'xstate.done.actor.loadSessions') loaded = (e as { output: ReadonlyArray<SessionItem> }).output
            if (await settleActorEvent(e, stubs)) return
            actor.send(e as SessionsEvent)
          },
          check: (s) => {
            const c = s.context
            expect(s.matches(selectSessionsStatus(s))).toBe(true)
            if (s.matches('failed')) expect(c.loadError).not.toBeNull()
            if (!s.matches('ready')) return
            const ids = selectSessions(s).map((x) => x.id)
            // This device never leaves the list.
            expect(ids).toContain(thisMac.id)
            expect(selectIsConfirmingOthers(s)).toBe(s.matches({ ready: 'confirmingOthers' }))
            expect(selectIsRevoking(s)).toBe(c.removed.length > 0 || s.matches({ ready: 'revokingOthers' }))
            if (s.matches({ ready: 'revoking' })) expect(revokeSession.calls.at(-1)).toEqual({ id: c.removed[0]?.session.id })
            if (s.matches({ ready: 'idle' })) {
              expect(c.removed).toEqual([])
              // What is listed is what was loaded minus what the server confirmed (a rollback restores order).
              const confirmed = new Set(
                emitted.flatMap((e) => (e.type === 'sessions.revoked' ? [e.session.id] : e.type === 'sessions.othersRevoked' ? (loaded ?? []).filter((x) => !x.current).map((x) => x.id) : [])),
              )
              expect(ids).toEqual((loaded ?? []).map((x) => x.id).filter((id) => !confirmed.has(id)))
            } else {
              // While in flight, the removed rows are off the list.
              for (const r of c.removed) expect(ids).not.toContain(r.session.id)
            }
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
