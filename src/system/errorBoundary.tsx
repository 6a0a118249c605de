/**
 * The errorBoundary machine's browser side (machines/errorBoundary; SPEC §4 Error fallback): the
 * app's analytics report, the chunk-reload guard and the page reload, handed down by
 * `ErrorReportingProvider` (src/main.tsx) to the catchers of src/ui/ErrorFallback.tsx.
 */
import { useActorRef } from '@xstate/react'
import { createContext, type ReactNode, useContext, useEffect, useRef } from 'react'
import type { ActorRefFrom } from 'xstate'
import { type CaughtError, errorBoundaryMachine, type ErrorBoundaryMachine } from '../../machines/errorBoundary/errorBoundary.machine.ts'
import { type AnalyticsPort, noAnalytics } from '../analytics/port.ts'

/** What the fallback needs from the app: the analytics port, the chunk-reload guard and a reload. */
export interface ErrorReporting {
  readonly analytics: AnalyticsPort
  /** Reloads once for a chunk lost to a deploy (src/system/chunk-reload.ts); resolves false when it does not. */
  readonly reloadForChunkError: (error: unknown) => Promise<boolean>
  readonly reloadPage: () => void
}

const ErrorReportingContext = createContext<ErrorReporting>({
  analytics: noAnalytics,
  reloadForChunkError: async () => false,
  reloadPage: () => globalThis.location?.reload(),
})

/** Hands the app's error reporting to every catcher below it. */
export function ErrorReportingProvider({ value, children }: { value: ErrorReporting; children: ReactNode }) {
  return <ErrorReportingContext.Provider value={value}>{children}</ErrorReportingContext.Provider>
}

/** The errorBoundary machine with the app's logging, analytics and reloads. */
export function errorBoundaryLogic(reporting: ErrorReporting) {
  return errorBoundaryMachine.provide({
    actions: {
      reportException: (_, params: CaughtError) =>
        reporting.analytics.captureException(params.error, { componentStack: params.componentStack, boundary: true }),
      reloadForChunk: (_, params: CaughtError) => void reporting.reloadForChunkError(params.error),
      reloadPage: () => reporting.reloadPage(),
    },
  })
}

/** An errorBoundary actor for a catcher's lifetime; `onReset` runs when it resets ('Try Again'). */
export function useErrorBoundaryActor(onReset: () => void): ActorRefFrom<ErrorBoundaryMachine> {
  const reporting = useContext(ErrorReportingContext)
  const actor = useActorRef(errorBoundaryLogic(reporting))
  const reset = useRef(onReset)
  reset.current = onReset
  useEffect(() => {
    const sub = actor.on('errorBoundary.reset', () => reset.current())
    return () => sub.unsubscribe()
  }, [actor])
  return actor
}

