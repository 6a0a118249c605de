/**
 * The toasts machine: SPEC.md §3 Toast (id, type error|success|info, message) and §4 "Toasts
 * disappear after 5 seconds or on manual dismiss" (§9: lifetime 5000 ms).
 *
 * Every toast schedules its own dismissal with a delayed event; a manual dismiss removes it at
 * once and the later timed dismissal then finds nothing. Other parts of the app send `toast.show`; the toast region renders the list.
 *
 * A toast may carry one action (a label, e.g. 'Undo', an event and the actor that
 * gets it). `toast.act` sends that event and removes the toast; an actor that has stopped meanwhile
 * gets nothing.
 */
import { type AnyActorRef, assign, enqueueActions, raise, setup, type EventObject } from 'xstate'
import type { DisplayText } from '../../contract/messages.ts'

export type ToastType = 'error' | 'success' | 'info'

/** The types as a list, for story controls. */
export const TOAST_TYPES = ['success', 'error', 'info'] as const satisfies ReadonlyArray<ToastType>

/** A button on a toast that sends `event` back to the actor `to`. */
export interface ToastAction {
  /** The button's text, e.g. 'Undo' (translated by the view when it is a message). */
  readonly label: DisplayText
  /** The actor that gets `event` (e.g. the notifications actor). */
  readonly to: AnyActorRef
  readonly event: EventObject
}

export interface Toast {
  readonly id: string
  readonly type: ToastType
  /** What it says: the server's words as they are, or a message the view translates (contract/messages.ts). */
  readonly message: DisplayText
  /** At most one action (absent on most toasts). */
  readonly action?: ToastAction
}

export interface ToastsContext {
  readonly toasts: ReadonlyArray<Toast>
  /** Next id suffix; ids are `toast-<n>` so they are stable in tests and stories. */
  readonly nextId: number
}

export type ToastsEvent =
  | { type: 'toast.show'; toastType: ToastType; message: DisplayText; action?: ToastAction }
  | { type: 'toast.dismiss'; id: string }
  /** The person pressed the toast's action button: its event is sent and the toast goes. */
  | { type: 'toast.act'; id: string }

/** SPEC §9: a toast's lifetime (ms). */
export const TOAST_LIFETIME_MS = 5000
/** At most this many toasts at once; the oldest goes first. */
export const MAX_TOASTS = 5

export const toastsMachine = setup({
  types: {
    context: {} as ToastsContext,
    events: {} as ToastsEvent,
  },
  actions: {
    removeToast: assign(({ context }, params: { id: string }) => ({ toasts: context.toasts.filter((t) => t.id !== params.id) })),
    /** Sends the toast's action event to its actor, while that actor runs. */
    sendAction: enqueueActions(({ context, enqueue }, params: { id: string }) => {
      const action = context.toasts.find((t) => t.id === params.id)?.action
      if (action && action.to.getSnapshot().status === 'active') enqueue.sendTo(action.to, action.event)
    }),
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
              toasts: [...context.toasts, { id: `toast-${context.nextId}`, type: event.toastType, message: event.message, ...(event.action ? { action: event.action } : {}) }].slice(-MAX_TOASTS),
              nextId: context.nextId + 1,
            })),
            // The timed dismissal of an already dismissed toast finds nothing to remove.
            raise(({ context }) => ({ type: 'toast.dismiss' as const, id: `toast-${context.nextId - 1}` }), { delay: 'toastLifetime' }),
          ],
        },
        'toast.dismiss': { actions: { type: 'removeToast', params: ({ event }) => event } },
        'toast.act': {
          actions: [
            { type: 'sendAction', params: ({ event }) => event },
            { type: 'removeToast', params: ({ event }) => event },
          ],
        },
      },
    },
  },
})

export type ToastsMachine = typeof toastsMachine
