/**
 * The shell's invitations actor (issue #19 "Invitations and roles"), started once the shell is
 * idle (issue #21): the machine and its calls (src/system/invitations.tsx) are a chunk of their
 * own, because nothing on the first paint shows an invitation; the workspace switcher's panel
 * lists them when opened. Until the actor runs, `useOptionalInvitationsActor` answers null and the
 * switcher shows no invitations section, as it does without an API (stories, tests).
 */
import { type ComponentType, type ReactNode, useEffect, useState } from 'react'
import { whenIdle } from '../navigation/idle.ts'
import { loadOnce } from '../platform/load-once.ts'
import { useOptionalApi } from './api.tsx'
import { requiredContext } from './context.tsx'
import type { InvitationsActor } from './invitations.tsx'

const invitations = requiredContext<InvitationsActor>('InvitationsActorProvider')

/** Hands `actor` to the views below (null: none yet). */
export const InvitationsActorProvider = ({ actor, children }: { actor: InvitationsActor | null; children: ReactNode }) => (
  <invitations.Provider value={actor}>{children}</invitations.Provider>
)

/** The shell's invitations actor, or null before it runs or outside `InvitationsHost` (stories and tests that stub no calls). */
export const useOptionalInvitationsActor = invitations.useOptional

/** What src/system/invitations.tsx renders to run the actor: it hands the actor up while mounted. */
export type InvitationsRunner = ComponentType<{ onActor: (actor: InvitationsActor | null) => void }>

const loadRunner = loadOnce(() => import('./invitations.tsx').then((module): InvitationsRunner => module.InvitationsRunner))

/**
 * Runs the shell's invitations actor for `children` when the API is at hand, from the first idle
 * moment after it mounts; a failed download is logged and the switcher goes on without invitations.
 */
export function InvitationsHost({ children }: { children: ReactNode }) {
  const api = useOptionalApi()
  const [Runner, setRunner] = useState<InvitationsRunner | null>(null)
  const [actor, setActor] = useState<InvitationsActor | null>(null)
  useEffect(() => {
    if (api === null) return
    let live = true
    whenIdle(() =>
      loadRunner().then(
        (loaded) => live && setRunner(() => loaded),
        (error: unknown) => console.warn('The invitations could not be loaded:', error),
      ),
    )
    return () => {
      live = false
    }
  }, [api])
  // The runner is a sibling: the children keep their place in the tree when it arrives.
  return (
    <>
      {Runner && <Runner onActor={setActor} />}
      <InvitationsActorProvider actor={actor}>{children}</InvitationsActorProvider>
    </>
  )
}
