import { createActor } from 'xstate'
import { describe, expect, it } from 'vitest'
import type { RevokeOtherSessionsResponse, SessionItem } from '../../contract/sessions.ts'
import { controllable } from '../testing/stubs.ts'
import { phone, thisMac, threeSessions, unknownDevice } from './sessions.fixtures.ts'
import { SESSIONS_LOAD_FAILED_MESSAGE, SESSIONS_REVOKE_FAILED_MESSAGE, type SessionsEmitted, sessionsMachine } from './sessions.machine.ts'
import {
  exactTime,
  relativeIso,
  selectHasOthers,
  selectIsConfirmingOthers,
  selectIsRevoking,
  selectSessions,
  selectSessionsLoadError,
  selectSessionsStatus,
  sessionLabel,
  sessionPlace,
} from './sessions.selectors.ts'

const apiFailure = (status: number, code: string, message: string) => Object.assign(new Error(message), { status, code, issues: [] })
const networkError = apiFailure(0, 'network_error', 'Could not reach the server. Check your connection and try again.')

function start() {
  const loadSessions = controllable<ReadonlyArray<SessionItem>, void>()
  const revokeSession = controllable<void, { id: string }>()
  const revokeOtherSessions = controllable<RevokeOtherSessionsResponse, void>()
  const actor = createActor(
    sessionsMachine.provide({ actors: { loadSessions: loadSessions.logic, revokeSession: revokeSession.logic, revokeOtherSessions: revokeOtherSessions.logic } }),
  )
  const emitted: SessionsEmitted[] = []
  actor.on('*', (e) => emitted.push(e))
  actor.start()
  const ids = () => selectSessions(actor.getSnapshot()).map((s) => s.id)
  return { actor, loadSessions, revokeSession, revokeOtherSessions, emitted, ids }
}

describe('sessions', () => {
  it('Scenario: the sessions are listed as the server orders them, this device marked', async () => {
    const { actor, loadSessions, ids } = start()
    expect(selectSessionsStatus(actor.getSnapshot())).toBe('loading')
    await loadSessions.resolve(threeSessions)
    expect(selectSessionsStatus(actor.getSnapshot())).toBe('ready')
    expect(ids()).toEqual(['s-mac', 's-phone', 's-old'])
    expect(selectSessions(actor.getSnapshot()).filter((s) => s.current)).toEqual([thisMac])
    expect(selectHasOthers(actor.getSnapshot())).toBe(true)
  })

  it('Scenario: a failed load shows its message and Try again loads again', async () => {
    const { actor, loadSessions, ids } = start()
    await loadSessions.reject(networkError)
    expect(selectSessionsStatus(actor.getSnapshot())).toBe('failed')
    expect(selectSessionsLoadError(actor.getSnapshot())).toBe(networkError.message)
    actor.send({ type: 'sessions.retry' })
    expect(selectSessionsStatus(actor.getSnapshot())).toBe('loading')
    await loadSessions.resolve([thisMac])
    expect(ids()).toEqual(['s-mac'])
    expect(selectHasOthers(actor.getSnapshot())).toBe(false)
  })

  it('Scenario: a bug’s message is not shown; the fallback is', async () => {
    const { actor, loadSessions } = start()
    await loadSessions.reject(new TypeError('x is undefined'))
    expect(selectSessionsLoadError(actor.getSnapshot())).toBe(SESSIONS_LOAD_FAILED_MESSAGE)
  })

  it('Scenario: signing out a session removes it at once, then announces it', async () => {
    const { actor, loadSessions, revokeSession, emitted, ids } = start()
    await loadSessions.resolve(threeSessions)
    actor.send({ type: 'session.revoke', id: phone.id })
    expect(ids()).toEqual(['s-mac', 's-old'])
    expect(selectIsRevoking(actor.getSnapshot())).toBe(true)
    expect(revokeSession.calls).toEqual([{ id: 's-phone' }])
    await revokeSession.resolve(undefined)
    expect(ids()).toEqual(['s-mac', 's-old'])
    expect(selectIsRevoking(actor.getSnapshot())).toBe(false)
    expect(emitted).toEqual([{ type: 'sessions.revoked', session: phone }])
  })

  it('Scenario: a refused sign-out puts the session back in its place and says why (rollback)', async () => {
    const { actor, loadSessions, revokeSession, emitted, ids } = start()
    await loadSessions.resolve(threeSessions)
    actor.send({ type: 'session.revoke', id: phone.id })
    await revokeSession.reject(networkError)
    expect(ids()).toEqual(['s-mac', 's-phone', 's-old'])
    expect(emitted).toEqual([{ type: 'sessions.rolledBack', operation: 'revoke', status: 0, message: networkError.message }])
  })

  it('Scenario: a refusal without a message is toasted with the fallback', async () => {
    const { actor, loadSessions, revokeSession, emitted } = start()
    await loadSessions.resolve(threeSessions)
    actor.send({ type: 'session.revoke', id: unknownDevice.id })
    await revokeSession.reject(new Error('boom'))
    expect(emitted.at(-1)).toMatchObject({ type: 'sessions.rolledBack', message: SESSIONS_REVOKE_FAILED_MESSAGE })
  })

  it('Scenario: a session that had already ended (404) stays gone, without an error', async () => {
    const { actor, loadSessions, revokeSession, emitted, ids } = start()
    await loadSessions.resolve(threeSessions)
    actor.send({ type: 'session.revoke', id: phone.id })
    await revokeSession.reject(apiFailure(404, 'not_found', 'There is no such session.'))
    expect(ids()).toEqual(['s-mac', 's-old'])
    expect(emitted).toEqual([{ type: 'sessions.revoked', session: phone }])
  })

  it('Scenario: this device and unknown ids cannot be signed out here', async () => {
    const { actor, loadSessions, revokeSession, ids } = start()
    await loadSessions.resolve(threeSessions)
    actor.send({ type: 'session.revoke', id: thisMac.id })
    actor.send({ type: 'session.revoke', id: 's-nobody' })
    expect(ids()).toEqual(['s-mac', 's-phone', 's-old'])
    expect(revokeSession.calls).toEqual([])
    expect(actor.getSnapshot().matches({ ready: 'idle' })).toBe(true)
  })

  it('Scenario: signing out of all other sessions asks first, then keeps only this device', async () => {
    const { actor, loadSessions, revokeOtherSessions, emitted, ids } = start()
    await loadSessions.resolve(threeSessions)
    actor.send({ type: 'sessions.revokeOthers' })
    expect(selectIsConfirmingOthers(actor.getSnapshot())).toBe(true)
    actor.send({ type: 'sessions.cancel' })
    expect(selectIsConfirmingOthers(actor.getSnapshot())).toBe(false)
    expect(ids()).toEqual(['s-mac', 's-phone', 's-old'])
    actor.send({ type: 'sessions.revokeOthers' })
    actor.send({ type: 'sessions.confirmRevokeOthers' })
    expect(ids()).toEqual(['s-mac'])
    expect(revokeOtherSessions.calls).toHaveLength(1)
    await revokeOtherSessions.resolve({ revoked: 2 })
    expect(emitted).toEqual([{ type: 'sessions.othersRevoked', count: 2 }])
    expect(selectHasOthers(actor.getSnapshot())).toBe(false)
    // Nothing left to sign out: the button does nothing.
    actor.send({ type: 'sessions.revokeOthers' })
    expect(selectIsConfirmingOthers(actor.getSnapshot())).toBe(false)
  })

  it('Scenario: a refused sign-out of the others puts every row back in order', async () => {
    const { actor, loadSessions, revokeOtherSessions, emitted, ids } = start()
    await loadSessions.resolve([phone, thisMac, unknownDevice])
    actor.send({ type: 'sessions.revokeOthers' })
    actor.send({ type: 'sessions.confirmRevokeOthers' })
    expect(ids()).toEqual(['s-mac'])
    await revokeOtherSessions.reject(apiFailure(403, 'forbidden_org', 'You are not a member of this workspace.'))
    expect(ids()).toEqual(['s-phone', 's-mac', 's-old'])
    expect(emitted).toEqual([{ type: 'sessions.rolledBack', operation: 'revokeOthers', status: 403, message: 'You are not a member of this workspace.' }])
  })

  it('Scenario: sessions are named and placed from what the server knows', () => {
    expect(sessionLabel(thisMac)).toBe('Chrome 126 on macOS')
    expect(sessionLabel({ browser: 'Firefox 130', os: null })).toBe('Firefox 130')
    expect(sessionLabel({ browser: null, os: 'Linux' })).toBe('Linux')
    expect(sessionLabel(unknownDevice)).toBe('Unknown device')
    expect(sessionPlace(thisMac)).toBe('Lisbon, Portugal')
    expect(sessionPlace(phone)).toBe('198.51.100.23')
    expect(sessionPlace(unknownDevice)).toBe('Location unknown')
  })

  it('Scenario: times read relative, with the exact time beside them', () => {
    const now = Date.parse('2026-11-25T13:30:00.000Z')
    expect(relativeIso(thisMac.last_used_at, now, 'en')).toBe('2 hours ago')
    expect(relativeIso('2026-11-25T13:29:30.000Z', now, 'en')).toBe('just now')
    expect(relativeIso('not a date', now, 'en')).toBe('')
    expect(exactTime('not a date', 'en')).toBe('not a date')
    expect(exactTime(thisMac.last_used_at, 'en')).toMatch(/2026/)
  })
})
