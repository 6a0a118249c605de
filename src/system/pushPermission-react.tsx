/**
 * React access to the root system's `push` actor (SPEC.md §4 Push permission), for the settings
 * tab. Optional: views that show push render nothing of it outside the provider (stories of
 * other features).
 */
import type { ReactNode } from 'react'
import type { ActorRefFrom } from 'xstate'
import type { PushPermissionMachine } from '../../machines/pushPermission/pushPermission.machine.ts'
import { requiredContext } from './context.tsx'

export type PushActor = ActorRefFrom<PushPermissionMachine>
const push = requiredContext<PushActor>('PushActorProvider')

/** `actor` null: not started yet (a deferred actor). */
export const PushActorProvider = ({ actor, children }: { actor: PushActor | null; children: ReactNode }) => <push.Provider value={actor}>{children}</push.Provider>
/** The push actor, or null outside `PushActorProvider`. */
export const useOptionalPushActor = push.useOptional
