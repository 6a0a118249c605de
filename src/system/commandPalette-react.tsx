/**
 * React access to the command palette actor. Stories hand a standalone actor through
 * `CommandPaletteActorProvider`; in the app the actor comes from the root route's context (the
 * actor system, CONVENTIONS Router) once the system's deferred actors have started, so no provider
 * is needed above the shell. Outside both (stories of other features drawing the header) there is
 * none, and no palette is drawn.
 */
import { useRouter } from '@tanstack/react-router'
import { type ReactNode, useSyncExternalStore } from 'react'
import type { ActorRefFrom } from 'xstate'
import type { CommandPaletteMachine } from '../../machines/commandPalette/commandPalette.machine.ts'
import type { AppSystem } from './app-system.ts'
import { requiredContext } from './context.tsx'

export type CommandPaletteActor = ActorRefFrom<CommandPaletteMachine>

const palette = requiredContext<CommandPaletteActor>('CommandPaletteActorProvider')

export const CommandPaletteActorProvider = ({ actor, children }: { actor: CommandPaletteActor; children: ReactNode }) => (
  <palette.Provider value={actor}>{children}</palette.Provider>
)

const NO_DEFERRED = { subscribe: () => () => {}, current: () => null }

/**
 * The command palette actor: the provided one, else the app system's once its deferred actors have
 * started (the palette starts with the shell), else null.
 */
export function useOptionalCommandPaletteActor(): CommandPaletteActor | null {
  const provided = palette.useOptional()
  const router = useRouter({ warn: false }) as { options?: { context?: { system?: AppSystem } } } | undefined
  const deferred = router?.options?.context?.system?.deferred ?? NO_DEFERRED
  const started = useSyncExternalStore(deferred.subscribe, deferred.current)
  return provided ?? started?.commandPalette ?? null
}
