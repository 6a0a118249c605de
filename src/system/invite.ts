/**
 * The invite machine's browser side (machines/team/invite.machine.ts; SPEC §2.5 TEAM_MEMBERS
 * create, §8 toasts): its HTTP actors and its outcomes as toasts.
 */
import { useActorRef } from '@xstate/react'
import { fromPromise } from 'xstate'
import { inviteMachine, inviteSentMessage } from '../../machines/team/invite.machine.ts'
import type { Endpoints } from '../api/endpoints.ts'
import { useTranslator } from '../i18n/react.tsx'
import { useApi } from './api.tsx'
import { useEmitted, useOutcomeToasts } from './outcomes.ts'

/** The invite machine with its HTTP actors. */
export function browserInvite(api: Endpoints) {
  return inviteMachine.provide({
    actors: {
      loadPermissionSets: fromPromise(() => api.permissionSets()),
      inviteMember: fromPromise(({ input }) => api.inviteMember(input)),
    },
  })
}

/**
 * An invite actor for the invite page's lifetime: sent → 'Invitation sent' (or, for an existing
 * account that must accept first, 'Invitation sent: they join once they accept'), then `onSent`.
 */
export function useInviteActor(onSent: () => void) {
  const api = useApi()
  const actor = useActorRef(browserInvite(api))
  const { text } = useTranslator()
  useOutcomeToasts(actor, { 'invite.sent': ['success', (e) => text(inviteSentMessage(e.member))], 'invite.failed': ['error', (e) => e.message] })
  useEmitted(actor, { 'invite.sent': onSent })
  return actor
}
