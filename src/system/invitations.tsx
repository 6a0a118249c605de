/**
 * The invitations machine's browser side (machines/invitations; issue #19 "Invitations and
 * roles"): its calls on the API and its outcomes: a joined workspace → 'You joined Globex' and a
 * refetch of the workspace list (where it now appears, ready to switch to); a decline → a toast;
 * a refusal → the server's message.
 *
 * The shell runs one actor for as long as it is on screen (`InvitationsHost`), for the workspace
 * switcher; the workspace selection page, outside the shell, runs its own.
 */
import { useActorRef } from '@xstate/react'
import type { ReactNode } from 'react'
import { type ActorRefFrom, fromPromise } from 'xstate'
import { type InvitationsMachine, invitationsMachine } from '../../machines/invitations/invitations.machine.ts'
import type { Endpoints } from '../api/endpoints.ts'
import { useApi, useOptionalApi } from './api.tsx'
import { requiredContext } from './context.tsx'
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
  useOutcomeToasts(actor, {
    'invitations.accepted': ['success', (e) => `You joined ${e.workspace.org_name ?? e.invitation.org_name}`],
    'invitations.declined': ['success', (e) => `Invitation to ${e.invitation.org_name} declined`],
    'invitations.failed': ['error', (e) => e.message],
  })
  useEmitted(actor, { 'invitations.accepted': () => workspaces?.send({ type: 'workspaces.invalidate' }) })
  return actor
}

const invitations = requiredContext<InvitationsActor>('InvitationsActorProvider')
export const InvitationsActorProvider = ({ actor, children }: { actor: InvitationsActor; children: ReactNode }) => (
  <invitations.Provider value={actor}>{children}</invitations.Provider>
)
/** The shell's invitations actor, or null outside `InvitationsHost` (stories and tests that stub no calls). */
export const useOptionalInvitationsActor = invitations.useOptional

/** Runs the shell's invitations actor for `children` when the API is at hand; otherwise renders them alone. */
export function InvitationsHost({ children }: { children: ReactNode }) {
  return useOptionalApi() === null ? children : <WithInvitations>{children}</WithInvitations>
}

function WithInvitations({ children }: { children: ReactNode }) {
  return <InvitationsActorProvider actor={useInvitationsActor()}>{children}</InvitationsActorProvider>
}
