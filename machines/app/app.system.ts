/**
 * The actor behind each system id of the root system (machines/shared/system-ids.ts), and the
 * typed lookup: `getSystemActor(system, SystemId.auth)` instead of `system.get('auth') as …`.
 * Type-only imports of the machines: this module adds none to a bundle.
 */
import type { ActorRefFrom, AnyActorRef } from 'xstate'
import type { LanguageMachine } from '../language/language.machine.ts'
import type { AuthMachine } from '../auth/auth.machine.ts'
import type { CommandPaletteMachine } from '../commandPalette/commandPalette.machine.ts'
import type { CreditsMachine } from '../credits/credits.machine.ts'
import type { NotificationsMachine } from '../notifications/notifications.machine.ts'
import type { PermissionsMachine } from '../permissions/permissions.machine.ts'
import type { PushPermissionMachine } from '../pushPermission/pushPermission.machine.ts'
import type { ReverificationMachine } from '../reverification/reverification.machine.ts'
import type { SidebarMachine } from '../sidebar/sidebar.machine.ts'
import type { ToastsMachine } from '../toasts/toasts.machine.ts'
import type { TokenMachine } from '../token/token.machine.ts'
import type { VersionCheckMachine } from '../versionCheck/versionCheck.machine.ts'
import type { WorkspacesMachine } from '../workspaces/workspaces.machine.ts'
import type { SystemIdName } from '../shared/system-ids.ts'

/** The actor registered under each system id (an id without one here fails to compile: the lookups index this by every id). */
export interface SystemActors {
  readonly auth: ActorRefFrom<AuthMachine>
  readonly token: ActorRefFrom<TokenMachine>
  readonly permissions: ActorRefFrom<PermissionsMachine>
  readonly credits: ActorRefFrom<CreditsMachine>
  readonly workspaces: ActorRefFrom<WorkspacesMachine>
  readonly notifications: ActorRefFrom<NotificationsMachine>
  readonly sidebar: ActorRefFrom<SidebarMachine>
  readonly toasts: ActorRefFrom<ToastsMachine>
  readonly versionCheck: ActorRefFrom<VersionCheckMachine>
  readonly push: ActorRefFrom<PushPermissionMachine>
  readonly commandPalette: ActorRefFrom<CommandPaletteMachine>
  readonly reverification: ActorRefFrom<ReverificationMachine>
  readonly language: ActorRefFrom<LanguageMachine>
}

/** What the lookup needs of an actor system (`actor.system`, or the `system` handed to an action or actor). */
export interface SystemLookup {
  get(systemId: string): AnyActorRef | undefined
}

/**
 * The actor registered as `id` in `system`, typed by {@link SystemActors}; undefined when it has not
 * started (`notifications`, `push` and `commandPalette` start with the shell, `versionCheck` after
 * the first page) or the system is not the root's (a machine run alone in a test).
 */
export function findSystemActor<K extends SystemIdName>(system: SystemLookup, id: K): SystemActors[K] | undefined {
  return system.get(id) as SystemActors[K] | undefined
}

/**
 * The actor registered as `id` in `system`, for callers that know it is there (the root's own
 * actors once it has started; a deferred one once the root says it started).
 * @throws Error when no actor is registered as `id`.
 */
export function getSystemActor<K extends SystemIdName>(system: SystemLookup, id: K): SystemActors[K] {
  const actor = findSystemActor(system, id)
  if (actor === undefined) throw new Error(`No actor '${id}' in this actor system`)
  return actor
}
