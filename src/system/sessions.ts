/**
 * The sessions machine's browser side (machines/sessions; Profile Settings ›
 * Security): its HTTP actors on the API (bearer + x-org-id, like every user endpoint) and its
 * outcomes as toasts: a session signed out, the others signed out, or the server's reason for a
 * rollback.
 */
import { useActorRef } from '@xstate/react'
import { fromPromise } from 'xstate'
import { sessionsMachine } from '../../machines/sessions/sessions.machine.ts'
import { sessionsMessages } from '../../machines/sessions/sessions.messages.ts'
import { sessionLabelText } from '../../machines/sessions/sessions.selectors.ts'
import type { Endpoints } from '../api/endpoints.ts'
import { useTranslator } from '../i18n/react.tsx'
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
  const { t, text } = useTranslator()
  useOutcomeToasts(actor, {
    'sessions.revoked': ['success', (e) => t(sessionsMessages.revoked, { session: text(sessionLabelText(e.session)) })],
    'sessions.othersRevoked': ['success', (e) => t(sessionsMessages.othersRevoked, { count: e.count })],
    'sessions.rolledBack': ['error', (e) => e.message],
  })
  return actor
}
