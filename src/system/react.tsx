/**
 * React access to the root actor system. Views read snapshots through narrow selectors and
 * send events; nothing else. Stories provide a standalone actor started from a saved state.
 */
import { useSelector } from '@xstate/react'
import { createContext, type ReactNode, useContext } from 'react'
import type { ActorRefFrom } from 'xstate'
import type { AuthMachine } from '../../machines/auth/auth.machine.ts'
import type { AuthSnapshot } from '../../machines/auth/auth.selectors.ts'
import type { ResolvedPermissions } from '../../contract/permissions.ts'
import type { PermissionsMachine } from '../../machines/permissions/permissions.machine.ts'
import { type PermissionsSnapshot, selectPermissionStatus, selectPermissions } from '../../machines/permissions/permissions.selectors.ts'
import type { SidebarMachine } from '../../machines/sidebar/sidebar.machine.ts'
import type { SidebarSnapshot } from '../../machines/sidebar/sidebar.selectors.ts'

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

/** The auth actor, or null outside `AuthActorProvider` (pages that only use it when present). */
export function useOptionalAuthActor(): AuthActor | null {
  return useContext(AuthActorContext)
}

/** Subscribes to one slice of the auth snapshot. */
export function useAuth<T>(selector: (s: AuthSnapshot) => T): T {
  return useSelector(useAuthActor(), selector)
}

export type PermissionsActor = ActorRefFrom<PermissionsMachine>

const PermissionsActorContext = createContext<PermissionsActor | null>(null)

export function PermissionsActorProvider({ actor, children }: { actor: PermissionsActor; children: ReactNode }) {
  return <PermissionsActorContext.Provider value={actor}>{children}</PermissionsActorContext.Provider>
}

/** The permissions actor. Throws outside `PermissionsActorProvider`. */
export function usePermissionsActor(): PermissionsActor {
  const actor = useContext(PermissionsActorContext)
  if (!actor) throw new Error('usePermissionsActor must be used inside <PermissionsActorProvider>')
  return actor
}

/** Subscribes to one slice of the permissions snapshot. */
export function usePermissionsState<T>(selector: (s: PermissionsSnapshot) => T): T {
  return useSelector(usePermissionsActor(), selector)
}

/** SPEC §6: the effective permissions of the signed-in member in the current org. */
export function usePermissions(): ResolvedPermissions {
  return usePermissionsState(selectPermissions)
}

/** SPEC §6: the loading state of the permissions. */
export function usePermissionStatus() {
  return usePermissionsState(selectPermissionStatus)
}

export type SidebarActor = ActorRefFrom<SidebarMachine>

const SidebarActorContext = createContext<SidebarActor | null>(null)

export function SidebarActorProvider({ actor, children }: { actor: SidebarActor; children: ReactNode }) {
  return <SidebarActorContext.Provider value={actor}>{children}</SidebarActorContext.Provider>
}

/** The sidebar actor (SPEC §2.6), to send `sidebar.*` events. Throws outside `SidebarActorProvider`. */
export function useSidebarActor(): SidebarActor {
  const actor = useContext(SidebarActorContext)
  if (!actor) throw new Error('useSidebarActor must be used inside <SidebarActorProvider>')
  return actor
}

/** Subscribes to one slice of the sidebar snapshot (machines/sidebar/sidebar.selectors.ts). */
export function useSidebar<T>(selector: (s: SidebarSnapshot) => T): T {
  return useSelector(useSidebarActor(), selector)
}
