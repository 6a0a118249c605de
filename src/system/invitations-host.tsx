/**
 * The shell's invitations actor, started once the shell is
 * idle: the machine and its calls (src/system/invitations.tsx) are a chunk of their
 * own, because nothing on the first paint shows an invitation; the workspace switcher's panel
 * lists them when opened. Until the actor runs, `useOptionalInvitationsActor` answers null and the
 * switcher shows no invitations section, as it does without an API (stories, tests).
 */
import { type ReactNode, Suspense, useEffect, useState } from 'react'
import { whenIdle } from '../navigation/idle.ts'
import { lazyOnDemand } from '../platform/lazy-on-demand.ts'
import { loadUntilLoaded } from '../platform/load-until-loaded.ts'
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

// The runner (src/system/invitations.tsx) hands the actor up while mounted. A failed download is
// retried (loadUntilLoaded) while the switcher goes on without invitations.
const Runner = lazyOnDemand(
  () => loadUntilLoaded(() => import('./invitations.tsx')),
  (m) => m.InvitationsRunner,
)

/** Runs the shell's invitations actor for `children` when the API is at hand, from the first idle moment after it mounts. */
export function InvitationsHost({ children }: { children: ReactNode }) {
  const api = useOptionalApi()
  const [idle, setIdle] = useState(false)
  const [actor, setActor] = useState<InvitationsActor | null>(null)
  useEffect(() => {
    if (api !== null) whenIdle(() => setIdle(true))
  }, [api])
  // The runner is a sibling: the children keep their place in the tree when it arrives.
  return (
    <>
      {idle && (
        <Suspense fallback={null}>
          <Runner.Component onActor={setActor} />
        </Suspense>
      )}
      <InvitationsActorProvider actor={actor}>{children}</InvitationsActorProvider>
    </>
  )
}
