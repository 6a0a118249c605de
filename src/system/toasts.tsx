/**
 * React access to the toasts actor (SPEC §3 Toast, §4): `useToasts().show(type, message)`.
 */
import { useSelector } from '@xstate/react'
import { createContext, type ReactNode, useContext, useMemo } from 'react'
import type { ActorRefFrom } from 'xstate'
import type { Toast, ToastType, ToastsMachine } from '../../machines/toasts/toasts.machine.ts'

export type ToastsActor = ActorRefFrom<ToastsMachine>

const ToastsActorContext = createContext<ToastsActor | null>(null)

export function ToastsActorProvider({ actor, children }: { actor: ToastsActor; children: ReactNode }) {
  return <ToastsActorContext.Provider value={actor}>{children}</ToastsActorContext.Provider>
}

export function useToastsActor(): ToastsActor {
  const actor = useContext(ToastsActorContext)
  if (!actor) throw new Error('useToastsActor must be used inside <ToastsActorProvider>')
  return actor
}

/** Shows toasts: `show('success', 'Role saved')`. Stable across renders. */
export function useToasts(): { show(type: ToastType, message: string): void } {
  const actor = useToastsActor()
  return useMemo(() => ({ show: (toastType: ToastType, message: string) => actor.send({ type: 'toast.show', toastType, message }) }), [actor])
}

const selectToasts = (s: ReturnType<ToastsActor['getSnapshot']>): ReadonlyArray<Toast> => s.context.toasts

/** The toasts on screen, oldest first. */
export function useToastList(): ReadonlyArray<Toast> {
  return useSelector(useToastsActor(), selectToasts)
}
