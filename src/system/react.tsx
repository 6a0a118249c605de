/**
 * React access to the root actor system. Views read snapshots through narrow selectors and
 * send events; nothing else. Stories provide a standalone actor started from a saved state.
 */
import { useSelector } from '@xstate/react'
import { createContext, type ReactNode, useContext } from 'react'
import type { ActorRefFrom } from 'xstate'
import type { AuthMachine } from '../../machines/auth/auth.machine.ts'
import type { AuthSnapshot } from '../../machines/auth/auth.selectors.ts'

export type AuthActor = ActorRefFrom<AuthMachine>

const AuthActorContext = createContext<AuthActor | null>(null)

export function AuthActorProvider({ actor, children }: { actor: AuthActor; children: ReactNode }) {
  return <AuthActorContext.Provider value={actor}>{children}</AuthActorContext.Provider>
}

/** The auth actor. Throws when used outside `AuthActorProvider` (a wiring bug, not a user error). */
export function useAuthActor(): AuthActor {
  const actor = useContext(AuthActorContext)
  if (!actor) throw new Error('useAuthActor must be used inside <AuthActorProvider>')
  return actor
}

/** Subscribes to one slice of the auth snapshot. */
export function useAuth<T>(selector: (s: AuthSnapshot) => T): T {
  return useSelector(useAuthActor(), selector)
}
