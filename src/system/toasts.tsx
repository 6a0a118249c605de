/**
 * React access to the toasts actor (SPEC §3 Toast, §4): `useToasts().show(type, message)`, with
 * an optional action button: `show('info', '3 notifications deleted', { label:
 * 'Undo', to: notificationsActor, event: { type: 'notifications.undoRemoveAll' } })`.
 */
import type { DisplayText } from '../../contract/messages.ts'
import { useSelector } from '@xstate/react'
import { type ReactNode, useMemo } from 'react'
import type { ActorRefFrom } from 'xstate'
import type { Toast, ToastAction, ToastType, ToastsMachine } from '../../machines/toasts/toasts.machine.ts'
import { requiredContext } from './context.tsx'

export type ToastsActor = ActorRefFrom<ToastsMachine>

const toasts = requiredContext<ToastsActor>('ToastsActorProvider')

export const ToastsActorProvider = ({ actor, children }: { actor: ToastsActor; children: ReactNode }) => <toasts.Provider value={actor}>{children}</toasts.Provider>
/** The toasts actor. Throws outside `ToastsActorProvider`. */
export const useToastsActor = toasts.use

/** Shows toasts: `show('success', 'Role saved')`, optionally with one action. Stable across renders. */
export function useToasts(): { show(type: ToastType, message: DisplayText, action?: ToastAction): void } {
  const actor = useToastsActor()
  return useMemo(
    () => ({
      show: (toastType: ToastType, message: DisplayText, action?: ToastAction) => actor.send({ type: 'toast.show', toastType, message, ...(action ? { action } : {}) }),
    }),
    [actor],
  )
}

const selectToasts = (s: ReturnType<ToastsActor['getSnapshot']>): ReadonlyArray<Toast> => s.context.toasts

/** The toasts on screen, oldest first. */
export function useToastList(): ReadonlyArray<Toast> {
  return useSelector(useToastsActor(), selectToasts)
}
