/**
 * React access to the root actor system. Views read snapshots through narrow selectors and
 * send events; nothing else. Stories provide a standalone actor started from a saved state.
 */
import { useSelector } from '@xstate/react'
import { type ReactNode, createContext, useContext, useEffect } from 'react'
import type { ActorRefFrom } from 'xstate'
import type { ResolvedPermissions } from '../../contract/permissions.ts'
import type { AuthMachine } from '../../machines/auth/auth.machine.ts'
import type { AuthSnapshot } from '../../machines/auth/auth.selectors.ts'
import type { CreditsMachine } from '../../machines/credits/credits.machine.ts'
import type { CreditsSnapshot } from '../../machines/credits/credits.selectors.ts'
import type { NotificationsMachine } from '../../machines/notifications/notifications.machine.ts'
import type { NotificationsSnapshot } from '../../machines/notifications/notifications.counts.ts'
import type { PermissionsMachine } from '../../machines/permissions/permissions.machine.ts'
import { type PermissionsSnapshot, selectPermissionStatus, selectPermissions } from '../../machines/permissions/permissions.selectors.ts'
import type { SidebarMachine } from '../../machines/sidebar/sidebar.machine.ts'
import type { SidebarSnapshot } from '../../machines/sidebar/sidebar.selectors.ts'
import type { WorkspacesMachine } from '../../machines/workspaces/workspaces.machine.ts'
import type { WorkspacesSnapshot } from '../../machines/workspaces/workspaces.selectors.ts'
import { requiredContext } from './context.tsx'

export type AuthActor = ActorRefFrom<AuthMachine>
export type PermissionsActor = ActorRefFrom<PermissionsMachine>
export type SidebarActor = ActorRefFrom<SidebarMachine>
export type CreditsActor = ActorRefFrom<CreditsMachine>

const auth = requiredContext<AuthActor>('AuthActorProvider')
const permissions = requiredContext<PermissionsActor>('PermissionsActorProvider')
const sidebar = requiredContext<SidebarActor>('SidebarActorProvider')
const credits = requiredContext<CreditsActor>('CreditsActorProvider')

export const AuthActorProvider = ({ actor, children }: { actor: AuthActor; children: ReactNode }) => <auth.Provider value={actor}>{children}</auth.Provider>
/** The auth actor. Throws outside `AuthActorProvider`. */
export const useAuthActor = auth.use
/** The auth actor, or null outside `AuthActorProvider` (pages that only use it when present). */
export const useOptionalAuthActor = auth.useOptional
/** Subscribes to one slice of the auth snapshot. */
export function useAuth<T>(selector: (s: AuthSnapshot) => T): T {
  return useSelector(useAuthActor(), selector)
}

export const PermissionsActorProvider = ({ actor, children }: { actor: PermissionsActor; children: ReactNode }) => (
  <permissions.Provider value={actor}>{children}</permissions.Provider>
)
/** The permissions actor. Throws outside `PermissionsActorProvider`. */
export const usePermissionsActor = permissions.use
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

export const SidebarActorProvider = ({ actor, children }: { actor: SidebarActor; children: ReactNode }) => (
  <sidebar.Provider value={actor}>{children}</sidebar.Provider>
)
/** The sidebar actor (SPEC §2.6), to send `sidebar.*` events. Throws outside `SidebarActorProvider`. */
export const useSidebarActor = sidebar.use
/** Subscribes to one slice of the sidebar snapshot (machines/sidebar/sidebar.selectors.ts). */
export function useSidebar<T>(selector: (s: SidebarSnapshot) => T): T {
  return useSelector(useSidebarActor(), selector)
}

export const CreditsActorProvider = ({ actor, children }: { actor: CreditsActor; children: ReactNode }) => (
  <credits.Provider value={actor}>{children}</credits.Provider>
)
/** The credits actor (SPEC §3 Credits summary), to send `credits.refetch`. Throws outside `CreditsActorProvider`. */
export const useCreditsActor = credits.use
/**
 * The credits actor, or null outside `CreditsActorProvider`: the shell's header is also drawn by
 * stories of other features that provide no credits, and then shows no summary.
 */
export const useOptionalCreditsActor = credits.useOptional
/** Subscribes to one slice of the credits snapshot (machines/credits/credits.selectors.ts). */
export function useCredits<T>(selector: (s: CreditsSnapshot) => T): T {
  return useSelector(useCreditsActor(), selector)
}

export type WorkspacesActor = ActorRefFrom<WorkspacesMachine>
const workspaces = requiredContext<WorkspacesActor>('WorkspacesActorProvider')
export const WorkspacesActorProvider = ({ actor, children }: { actor: WorkspacesActor; children: ReactNode }) => (
  <workspaces.Provider value={actor}>{children}</workspaces.Provider>
)
/** The workspaces actor (SPEC §2.6 switcher, §4), to send `workspaces.*` events. Throws outside `WorkspacesActorProvider`. */
export const useWorkspacesActor = workspaces.use
/**
 * The workspaces actor, or null outside `WorkspacesActorProvider`: stories of other features draw
 * the header without one, and it then shows the current workspace's name without a dropdown.
 */
export const useOptionalWorkspacesActor = workspaces.useOptional
/** Subscribes to one slice of the workspaces snapshot (machines/workspaces/workspaces.selectors.ts). */
export function useWorkspaces<T>(selector: (s: WorkspacesSnapshot) => T): T {
  return useSelector(useWorkspacesActor(), selector)
}

export type NotificationsActor = ActorRefFrom<NotificationsMachine>
const notifications = requiredContext<NotificationsActor>('NotificationsActorProvider')
export const NotificationsActorProvider = ({ actor, children }: { actor: NotificationsActor | null; children: ReactNode }) => (
  <notifications.Provider value={actor}>{children}</notifications.Provider>
)

/** What SystemProviders says of the deferred actors: not started yet, and how to start them. */
export interface DeferredState {
  readonly pending: boolean
  readonly start: () => void
}
const deferredState = createContext<DeferredState>({ pending: false, start: () => {} })
export const DeferredStateProvider = deferredState.Provider
/**
 * True while the root system's deferred actors (notifications and push:
 * src/system/deferred-actors.ts) have not started, so a view without its actor shows its loading
 * state, not nothing; asking starts them (the shell's bell asks on its first paint). False outside
 * the app (stories hand actors, or none).
 */
export function useDeferredPending(): boolean {
  const { pending, start } = useContext(deferredState)
  useEffect(() => {
    if (pending) start()
  }, [pending, start])
  return pending
}
/** The notifications actor (SPEC §2.6, §4), to send `notifications.*` events. Throws outside `NotificationsActorProvider` (SPEC §8). */
export const useNotificationsActor = notifications.use
/** The notifications actor, or null outside its provider (stories of other features draw the header without one: no bell) or before it has started (see {@link useDeferredPending}). */
export const useOptionalNotificationsActor = notifications.useOptional
/** Subscribes to one slice of the notifications snapshot (machines/notifications/notifications.selectors.ts). */
export function useNotifications<T>(selector: (s: NotificationsSnapshot) => T): T {
  return useSelector(useNotificationsActor(), selector)
}
