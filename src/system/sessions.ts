/**
 * The sessions machine's browser side (machines/sessions; Profile Settings ›
 * Security): its HTTP actors on the API (bearer + x-org-id, like every user endpoint) and its
 * outcomes as toasts: a session signed out, the others signed out, or the server's reason for a
 * rollback.
 */
import { useActorRef } from '@xstate/react'
import { fromPromise } from 'xstate'
import { sessionsMachine } from '../../machines/sessions/sessions.machine.ts'
import { sessionLabel } from '../../machines/sessions/sessions.selectors.ts'
import type { Endpoints } from '../api/endpoints.ts'
import { useApi } from './api.tsx'
import { useOutcomeToasts } from './outcomes.ts'

/** The sessions machine with its HTTP actors. */
export function browserSessions(api: Endpoints) {
  return sessionsMachine.provide({
    actors: {
      loadSessions: fromPromise(() => api.sessions()),
      revokeSession: fromPromise(({ input }) => api.revokeSession(input.id)),
      revokeOtherSessions: fromPromise(() => api.revokeOtherSessions()),
    },
  })
}

/** A sessions actor for the Security tab's lifetime. */
export function useSessionsActor() {
  const api = useApi()
  const actor = useActorRef(browserSessions(api))
  useOutcomeToasts(actor, {
    'sessions.revoked': ['success', (e) => `Signed out of ${sessionLabel(e.session)}`],
    'sessions.othersRevoked': ['success', (e) => (e.count === 1 ? 'Signed out of 1 other session' : `Signed out of ${e.count} other sessions`)],
    'sessions.rolledBack': ['error', (e) => e.message],
  })
  return actor
}
