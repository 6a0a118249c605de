/**
 * The connectivity machine's browser side (machines/connectivity): the window's `online` /
 * `offline`, the page's one actor that the shell's 'You're offline' status and the actions that
 * need the server read, and what refreshes when the browser is back online.
 *
 * One actor per page, started on first use: the status and the disabled actions live in many
 * views, and none of them owns it. Without a window (tests) it stays online.
 */
import { useSelector } from '@xstate/react'
import { type Actor, type ActorRefFrom, createActor } from 'xstate'
import type { AuthMachine } from '../../machines/auth/auth.machine.ts'
import { type ConnectivityEvent, type ConnectivityMachine, connectivityMachine } from '../../machines/connectivity/connectivity.machine.ts'
import { selectOffline } from '../../machines/connectivity/connectivity.selectors.ts'
import type { CreditsMachine } from '../../machines/credits/credits.machine.ts'
import type { PermissionsMachine } from '../../machines/permissions/permissions.machine.ts'
import type { WorkspacesMachine } from '../../machines/workspaces/workspaces.machine.ts'
import type { EventTargetLike } from '../platform/window-events.ts'
import { domEventsActor } from './listeners.ts'

export type ConnectivityActor = Actor<ConnectivityMachine>

/** The machine with the window's `online` / `offline` events. */
export function browserConnectivity(target: EventTargetLike) {
  return connectivityMachine.provide({
    actors: {
      connectivityListener: domEventsActor<ConnectivityEvent>(target, ['online', 'offline'], (event) => ({
        type: event.type === 'online' ? 'connectivity.online' : 'connectivity.offline',
      })),
    },
  })
}

let pageActor: ConnectivityActor | null = null

/** The page's connectivity actor, started on first use from `window` (online and inert without one). */
export function pageConnectivity(): ConnectivityActor {
  if (pageActor) return pageActor
  const win = typeof window === 'undefined' ? undefined : window
  pageActor = createActor(win ? browserConnectivity(win) : connectivityMachine, { input: { online: win?.navigator.onLine ?? true } })
  pageActor.start()
  return pageActor
}

/** Whether the browser is offline now (`actor` defaults to the page's; stories pass their own). */
export function useOffline(actor: ActorRefFrom<ConnectivityMachine> = pageConnectivity()): boolean {
  return useSelector(actor, selectOffline)
}

/** The root actors refreshed when the browser is back online. */
export interface RefreshTargets {
  /** The session, when it was verified from storage while offline; else null (nothing to ask again). */
  readonly auth: Pick<ActorRefFrom<AuthMachine>, 'send' | 'getSnapshot'> | null
  /** The signed-in actors; absent before they start (no session yet: nothing of theirs to ask again). */
  readonly workspaces?: Pick<ActorRefFrom<WorkspacesMachine>, 'send'>
  readonly permissions?: Pick<ActorRefFrom<PermissionsMachine>, 'send'>
  readonly credits?: Pick<ActorRefFrom<CreditsMachine>, 'send'>
}

/**
 * Back online, everything the shell showed from the offline cache is asked again: the session
 * (verified from storage while offline, src/system/auth.ts), the workspace list, the permission
 * sets and the credits. The notifications refetch on `online` by themselves. Returns the stop.
 */
export function refreshWhenBackOnline(connectivity: Pick<ConnectivityActor, 'on'>, targets: () => RefreshTargets): () => void {
  const subscription = connectivity.on('connectivity.restored', () => {
    const { auth, workspaces, permissions, credits } = targets()
    if (auth?.getSnapshot().matches('authenticated')) auth.send({ type: 'auth.verify', userInitiated: false })
    workspaces?.send({ type: 'workspaces.invalidate' })
    permissions?.send({ type: 'permissions.refetch' })
    credits?.send({ type: 'credits.refetch' })
  })
  return () => subscription.unsubscribe()
}
