/**
 * The error fallback: SPEC.md §2.6 Error fallback page, §4 Error fallback ("normal (children
 * render) or errored; an unexpected rendering error causes errored; Try Again returns to
 * normal"), §7 (caught rendering errors go to product analytics with the component stack and a
 * boundary flag), §8 Unexpected rendering error.
 *
 *   normal ──error.caught──▶ errored ──error.retry / route.changed──▶ normal
 *                              └── error.refresh: reloads the page
 *
 * One actor per boundary, started by the boundary component (src/ui/ErrorFallback.tsx), which
 * only reports what React caught and renders the fallback while `errored`.
 * - Entering `errored` logs the error and its component stack (`logError`, console.error) and
 *   reports it (`reportException`, the analytics port) once.
 * - A lazily loaded chunk lost to a deploy is not an application error: `reloadForChunk` may
 *   reload the page once (src/system/versionCheck.ts keeps it from looping); the fallback shows
 *   meanwhile, and for good if the reload is refused.
 * - 'Try Again' and a route change clear the error and emit `errorBoundary.reset`, so the
 *   boundary renders its children again.
 */
import { assign, emit, setup } from 'xstate'

/** What a boundary caught. */
export interface CaughtError {
  readonly error: unknown
  /** React's component stack ("\n    at Page ..."), when known. */
  readonly componentStack: string | null
}

export interface ErrorBoundaryContext {
  readonly caught: CaughtError | null
}

export type ErrorBoundaryEvent =
  /** From the boundary: a render (or route) error was caught. */
  | ({ type: 'error.caught' } & CaughtError)
  /** 'Try Again': clear the error and render the children again. */
  | { type: 'error.retry' }
  /** 'Refresh Page': reload the whole page. */
  | { type: 'error.refresh' }
  /** The route changed: the error belonged to the page that was left. */
  | { type: 'route.changed' }

export type ErrorBoundaryEmitted = { type: 'errorBoundary.reset' }

export const errorBoundaryMachine = setup({
  types: {
    context: {} as ErrorBoundaryContext,
    events: {} as ErrorBoundaryEvent,
    emitted: {} as ErrorBoundaryEmitted,
  },
  actions: {
    assignCaught: assign((_, params: CaughtError) => ({ caught: params })),
    clearCaught: assign({ caught: null }),
    emitReset: emit({ type: 'errorBoundary.reset' } as const),
    /** SPEC §8: the error and the component stack go to the console. */
    logError: (_, params: CaughtError) => {
      console.error('Unexpected rendering error:', params.error, params.componentStack ?? '')
    },
    /** SPEC §7/§8: reported to analytics as an exception with the component stack and `boundary: true`. Provided in src. */
    reportException: (_, _params: CaughtError) => {},
    /** A chunk lost to a deploy: reload once if the guard allows (provided in src). */
    reloadForChunk: (_, _params: CaughtError) => {},
    /** 'Refresh Page' (provided in src: `location.reload()`). */
    reloadPage: () => {},
  },
}).createMachine({
  id: 'errorBoundary',
  context: { caught: null },
  initial: 'normal',
  states: {
    normal: {
      on: {
        'error.caught': {
          target: 'errored',
          actions: [
            { type: 'assignCaught', params: ({ event }) => ({ error: event.error, componentStack: event.componentStack }) },
            { type: 'logError', params: ({ event }) => ({ error: event.error, componentStack: event.componentStack }) },
            { type: 'reportException', params: ({ event }) => ({ error: event.error, componentStack: event.componentStack }) },
            { type: 'reloadForChunk', params: ({ event }) => ({ error: event.error, componentStack: event.componentStack }) },
          ],
        },
      },
    },
    errored: {
      on: {
        'error.retry': { target: 'normal', actions: ['clearCaught', 'emitReset'] },
        'route.changed': { target: 'normal', actions: ['clearCaught', 'emitReset'] },
        'error.refresh': { actions: 'reloadPage' },
      },
    },
  },
})

export type ErrorBoundaryMachine = typeof errorBoundaryMachine
