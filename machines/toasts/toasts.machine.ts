/**
 * The toasts machine: SPEC.md §3 Toast (id, type error|success|info, message) and §4 "Toasts
 * disappear after 5 seconds or on manual dismiss" (§9: lifetime 5000 ms).
 *
 * Every toast schedules its own dismissal with a delayed event; a manual dismiss removes it at
 * once and the later timed dismissal then finds nothing. Other parts of the app send `toast.show`; the toast region renders the list.
 */
import { assign, raise, setup } from 'xstate'

export type ToastType = 'error' | 'success' | 'info'

export interface Toast {
  readonly id: string
  readonly type: ToastType
  readonly message: string
}

export interface ToastsContext {
  readonly toasts: ReadonlyArray<Toast>
  /** Next id suffix; ids are `toast-<n>` so they are stable in tests and stories. */
  readonly nextId: number
}

export type ToastsEvent =
  | { type: 'toast.show'; toastType: ToastType; message: string }
  | { type: 'toast.dismiss'; id: string }

/** SPEC §9: a toast's lifetime (ms). */
export const TOAST_LIFETIME_MS = 5000
/** At most this many toasts at once; the oldest goes first. */
export const MAX_TOASTS = 5

export const toastsMachine = setup({
  types: {
    context: {} as ToastsContext,
    events: {} as ToastsEvent,
  },
  delays: { toastLifetime: TOAST_LIFETIME_MS },
}).createMachine({
  id: 'toasts',
  context: { toasts: [], nextId: 1 },
  initial: 'active',
  states: {
    active: {
      on: {
        'toast.show': {
          actions: [
            assign(({ context, event }) => ({
              toasts: [...context.toasts, { id: `toast-${context.nextId}`, type: event.toastType, message: event.message }].slice(-MAX_TOASTS),
              nextId: context.nextId + 1,
            })),
            // The timed dismissal of an already dismissed toast finds nothing to remove.
            raise(({ context }) => ({ type: 'toast.dismiss' as const, id: `toast-${context.nextId - 1}` }), { delay: 'toastLifetime' }),
          ],
        },
        'toast.dismiss': {
          actions: assign(({ context, event }) => ({ toasts: context.toasts.filter((t) => t.id !== event.id) })),
        },
      },
    },
  },
})

export type ToastsMachine = typeof toastsMachine
