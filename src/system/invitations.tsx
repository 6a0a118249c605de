/**
 * The invitations machine's browser side (machines/invitations): its
 * calls on the API and its outcomes: a joined workspace → 'You joined Globex' and a
 * refetch of the workspace list (where it now appears, ready to switch to); a decline → a toast;
 * a refusal → the server's message.
 *
 * The shell runs one actor for as long as it is on screen (`InvitationsRunner`, loaded by
 * `InvitationsHost` of src/system/invitations-host.tsx once the shell is idle), for the workspace
 * switcher; the workspace selection page, outside the shell, runs its own.
 */
import { useActorRef } from '@xstate/react'
import { useEffect } from 'react'
import { type ActorRefFrom, fromPromise } from 'xstate'
import { type InvitationsMachine, invitationsMachine } from '../../machines/invitations/invitations.machine.ts'
import { invitationsMessages } from '../../machines/invitations/invitations.messages.ts'
import type { Endpoints } from '../api/endpoints.ts'
import { useTranslator } from '../i18n/react.tsx'
import { useApi } from './api.tsx'
import { useEmitted, useOutcomeToasts } from './outcomes.ts'
import { useOptionalWorkspacesActor } from './react.tsx'

export type InvitationsActor = ActorRefFrom<InvitationsMachine>

/** The machine with its HTTP actors. */
export function browserInvitations(api: Endpoints) {
  return invitationsMachine.provide({
    actors: {
      loadInvitations: fromPromise(() => api.invitations.mine()),
      acceptInvitation: fromPromise(({ input }) => api.invitations.accept(input.id)),
      declineInvitation: fromPromise(({ input }) => api.invitations.decline(input.id)),
    },
  })
}

/** An invitations actor for the caller's lifetime, with its toasts and the workspace-list refetch. */
export function useInvitationsActor(): InvitationsActor {
  const api = useApi()
  const workspaces = useOptionalWorkspacesActor()
  const actor = useActorRef(browserInvitations(api))
  const { t } = useTranslator()
  useOutcomeToasts(actor, {
    'invitations.accepted': ['success', (e) => t(invitationsMessages.joined, { workspace: e.workspace.org_name ?? e.invitation.org_name })],
    'invitations.declined': ['success', (e) => t(invitationsMessages.declined, { workspace: e.invitation.org_name })],
    'invitations.failed': ['error', (e) => e.message],
  })
  useEmitted(actor, { 'invitations.accepted': () => workspaces?.send({ type: 'workspaces.invalidate' }) })
  return actor
}

/**
 * Runs the shell's invitations actor while mounted and hands it to `onActor` (null when it stops):
 * what `InvitationsHost` (src/system/invitations-host.tsx) loads once the shell is idle.
 */
export function InvitationsRunner({ onActor }: { onActor: (actor: InvitationsActor | null) => void }) {
  const actor = useInvitationsActor()
  useEffect(() => {
    onActor(actor)
    return () => onActor(null)
  }, [actor, onActor])
  return null
}
