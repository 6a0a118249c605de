/**
 * The error fallback (SPEC.md §2.6 Error fallback page, §4 Error fallback, §8 Unexpected
 * rendering error): heading 'Something went wrong', the §8 text, 'Refresh Page' and 'Try Again'.
 *
 * Two catchers show it, both over an `errorBoundary` actor (machines/errorBoundary) that holds
 * normal / errored and does the logging, the analytics report and the reloads:
 * - `RouteErrorFallback`, the router's `defaultErrorComponent`: TanStack Router catches errors of
 *   every route (render errors, loader and chunk-load failures) and resets on route change.
 * - `ErrorBoundary`, a React error boundary for what is outside a route's own catcher (the root
 *   layout, the router itself); it resets when its `resetKey` (the path) changes.
 * The actor's browser side (logging, analytics, reloads) is src/system/errorBoundary.tsx.
 */
import { useRouter } from '@tanstack/react-router'
import { useSelector } from '@xstate/react'
import { Component, type ErrorInfo, type ReactNode, useEffect, useRef } from 'react'
import { Heading } from 'react-aria-components'
import type { ActorRefFrom } from 'xstate'
import type { ErrorBoundaryMachine } from '../../machines/errorBoundary/errorBoundary.machine.ts'
import { useTranslator } from '../i18n/react.tsx'
import { useErrorBoundaryActor } from '../system/errorBoundary.tsx'
import { errorFallbackMessages as m } from './app.messages.ts'
import * as css from './ErrorFallback.css.ts'
import { Button } from './primitives/Button/Button.tsx'

/** SPEC §8, verbatim (English, for tests; the fallback shows it in the reader's language). */
export const ERROR_FALLBACK_HEADING = 'Something went wrong'
export const ERROR_FALLBACK_TEXT = "We're sorry, but something unexpected happened. Please try refreshing the page or contact support if the problem persists."

/** The fallback as a person sees it; only calls back. */
export function ErrorFallbackView({ onRefresh, onTryAgain }: { onRefresh: () => void; onTryAgain: () => void }) {
  const { t } = useTranslator()
  return (
    <section className={css.page} role="alert" aria-labelledby="error-fallback-heading">
      <div className={css.card}>
        <Heading id="error-fallback-heading" level={1} className={css.heading}>
          {t(m.heading)}
        </Heading>
        <p className={css.text}>{t(m.text)}</p>
        <div className={css.actions}>
          <Button onPress={onRefresh}>{t(m.refresh)}</Button>
          <Button variant="secondary" onPress={onTryAgain}>
            {t(m.tryAgain)}
          </Button>
        </div>
      </div>
    </section>
  )
}

/** The actor's view: the fallback while errored, with its two buttons. */
function FallbackFor({ actor }: { actor: ActorRefFrom<ErrorBoundaryMachine> }) {
  return <ErrorFallbackView onRefresh={() => actor.send({ type: 'error.refresh' })} onTryAgain={() => actor.send({ type: 'error.retry' })} />
}

// TanStack's errorComponent gets the error but not React's component stack; its `onCatch` does.
const componentStacks = new WeakMap<object, string>()

/** The router's `defaultOnCatch`: keeps the component stack for the fallback that reports it. */
export function rememberComponentStack(error: unknown, info: ErrorInfo): void {
  if (typeof error === 'object' && error !== null && info.componentStack) componentStacks.set(error, info.componentStack)
}

/**
 * The router's `defaultErrorComponent`. It mounts when a route fails; 'Try Again' re-runs the
 * route's loaders and renders it again. A route change unmounts it (TanStack resets per match).
 */
export function RouteErrorFallback({ error, reset }: { error: unknown; reset: () => void }) {
  const router = useRouter()
  const actor = useErrorBoundaryActor(() => {
    void router.invalidate().finally(reset)
  })
  useEffect(() => {
    // The component stack arrives in the commit that mounts this fallback, before its effects.
    const componentStack = typeof error === 'object' && error !== null ? (componentStacks.get(error) ?? null) : null
    actor.send({ type: 'error.caught', error, componentStack })
  }, [actor, error])
  return <FallbackFor actor={actor} />
}

interface CatcherProps {
  readonly errored: boolean
  readonly onCatch: (error: unknown, componentStack: string | null) => void
  readonly fallback: ReactNode
  readonly children: ReactNode
}

/**
 * React needs a class to catch render errors. Its own flag only bridges the commit between the
 * error and the actor's `errored`; after that the actor decides (Try Again, route change).
 */
class Catcher extends Component<CatcherProps, { caught: boolean }> {
  override state = { caught: false }

  static getDerivedStateFromError(): { caught: boolean } {
    return { caught: true }
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    this.props.onCatch(error, info.componentStack ?? null)
  }

  override componentDidUpdate(previous: CatcherProps): void {
    if (previous.errored && !this.props.errored && this.state.caught) this.setState({ caught: false })
  }

  override render(): ReactNode {
    return this.state.caught || this.props.errored ? this.props.fallback : this.props.children
  }
}

/**
 * A React error boundary showing the fallback. `resetKey` (the path) clears the error when it
 * changes (SPEC §4: the error belonged to the page that was left).
 */
export function ErrorBoundary({ children, resetKey }: { children: ReactNode; resetKey?: string }) {
  const actor = useErrorBoundaryActor(() => {})
  const errored = useSelector(actor, (s) => s.matches('errored'))
  const first = useRef(true)
  useEffect(() => {
    if (first.current) {
      first.current = false
      return
    }
    actor.send({ type: 'route.changed' })
  }, [actor, resetKey])
  return (
    <Catcher
      errored={errored}
      onCatch={(error, componentStack) => actor.send({ type: 'error.caught', error, componentStack })}
      fallback={<FallbackFor actor={actor} />}
    >
      {children}
    </Catcher>
  )
}
