/**
 * React access to the command palette actor. Stories hand a standalone actor through
 * `CommandPaletteActorProvider`; in the app the actor comes from the root route's context (the
 * actor system, CONVENTIONS Router) once the system's deferred actors have started, so no provider
 * is needed above the shell. Outside both (stories of other features drawing the header) there is
 * none, and no palette is drawn. Before the app's palette has started, the system's early listener
 * (src/system/commandPalette-keys.ts) keeps what is asked of it.
 */
import { useRouter } from '@tanstack/react-router'
import { type ReactNode, useSyncExternalStore } from 'react'
import type { ActorRefFrom } from 'xstate'
import type { CommandPaletteMachine } from '../../machines/commandPalette/commandPalette.machine.ts'
import type { AppSystem } from './app-system.ts'
import type { EarlyPaletteKeysActor } from './commandPalette-keys.ts'
import { requiredContext } from './context.tsx'

export type CommandPaletteActor = ActorRefFrom<CommandPaletteMachine>

const palette = requiredContext<CommandPaletteActor>('CommandPaletteActorProvider')

export const CommandPaletteActorProvider = ({ actor, children }: { actor: CommandPaletteActor; children: ReactNode }) => (
  <palette.Provider value={actor}>{children}</palette.Provider>
)

const NO_DEFERRED = { subscribe: () => () => {}, current: () => null }

/** The root route context's actor system, if any (none in stories drawn without the app's router). */
function useAppSystem(): AppSystem | undefined {
  const router = useRouter({ warn: false }) as { options?: { context?: { system?: AppSystem } } } | undefined
  return router?.options?.context?.system
}

/** The system's listener for palette requests made before the palette's actor started; null outside the app. */
export function useEarlyPaletteKeys(): EarlyPaletteKeysActor | null {
  return useAppSystem()?.paletteKeys ?? null
}

/**
 * The command palette actor: the provided one, else the app system's once its deferred actors have
 * started (the palette starts with the shell), else null.
 */
export function useOptionalCommandPaletteActor(): CommandPaletteActor | null {
  const provided = palette.useOptional()
  const deferred = useAppSystem()?.deferred ?? NO_DEFERRED
  const started = useSyncExternalStore(deferred.subscribe, deferred.current)
  return provided ?? started?.commandPalette ?? null
}
