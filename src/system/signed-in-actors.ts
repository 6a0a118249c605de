/**
 * The root system's signed-in actors: `permissions` (SPEC §4 Permissions list, §6), `credits`
 * (SPEC §3 Credits summary, §7) and `workspaces` (SPEC §2.6 switcher, §4), with their calls, the
 * window focus the credits follow, and the workspace outcomes as toasts (SPEC §8).
 *
 * This module is a chunk of its own: src/system/app-system.ts imports it once a session exists or
 * is being checked (`AppSystem.signedIn.load()`), so the sign-in and public pages never load the
 * three machines. `startSignedInActors` hands their logic to the root (`app.signedInLoaded`,
 * machines/app/app.machine.ts), which starts them as its children; they follow `auth` from their
 * first snapshot, so starting after it misses nothing.
 */
import type { Actor, ActorRefFrom } from 'xstate'
import type { AppMachine } from '../../machines/app/app.machine.ts'
import { getSystemActor } from '../../machines/app/app.system.ts'
import type { CreditsMachine } from '../../machines/credits/credits.machine.ts'
import type { PermissionsMachine } from '../../machines/permissions/permissions.machine.ts'
import { SystemId } from '../../machines/shared/system-ids.ts'
import type { WorkspacesMachine } from '../../machines/workspaces/workspaces.machine.ts'
import type { Endpoints } from '../api/endpoints.ts'
import type { EventTargetLike } from '../platform/window-events.ts'
import { browserCredits } from './credits.ts'
import { browserPermissions } from './permissions.ts'
import { browserWorkspaces, toastWorkspaceOutcomes } from './workspaces.ts'

/** The signed-in actors, once started (src/system/app-system.ts reads them from the root's system). */
export interface SignedInActors {
  readonly permissions: ActorRefFrom<PermissionsMachine>
  readonly credits: ActorRefFrom<CreditsMachine>
  readonly workspaces: ActorRefFrom<WorkspacesMachine>
}

/**
 * Starts `permissions`, `credits` and `workspaces` in `root`'s system with `api`'s calls and, given a
 * window, the credits' focus listener (tests pass none). Once: a later call, or one after the root
 * has stopped (a page torn down while this chunk downloaded), does nothing.
 */
export function startSignedInActors(root: Actor<AppMachine>, api: Endpoints, win: EventTargetLike | undefined): void {
  const s = root.getSnapshot()
  if (s.status !== 'active' || s.matches({ signedIn: 'running' })) return
  root.send({
    type: 'app.signedInLoaded',
    actors: { permissions: browserPermissions(api), credits: browserCredits(api, win), workspaces: browserWorkspaces(api) },
  })
  toastWorkspaceOutcomes(getSystemActor(root.system, SystemId.workspaces), getSystemActor(root.system, SystemId.toasts))
}
