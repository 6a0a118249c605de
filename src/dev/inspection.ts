/**
 * Development only: what the live inspector shows, gathered from the root actor system's
 * inspection events (`system.inspect`, XState v5): every actor with its latest snapshot, and the
 * last events (newest first). Subscribable for React (`useSyncExternalStore`). Secrets in context
 * and events (tokens, passwords) are redacted before anyone sees them.
 */
import type { AnyActorRef, InspectionEvent, Subscription } from 'xstate'

/** One actor of the system as the inspector lists it. */
export interface InspectedActor {
  readonly sessionId: string
  /** The actor's id (its invoke/spawn id, or the machine id for the root). */
  readonly id: string
  readonly systemId: string | null
  readonly parentSessionId: string | null
  readonly ref: AnyActorRef
  /** The latest snapshot (`status`, `value` and `context` for machines), redacted. */
  readonly snapshot: { readonly status?: string; readonly value?: unknown; readonly context?: unknown }
}

/** One event the system delivered. */
export interface InspectedEvent {
  /** Counts up from 1, for keys. */
  readonly seq: number
  /** When it was seen (ms since epoch). */
  readonly at: number
  readonly type: string
  /** The receiving actor's session id, and the sender's when an actor sent it. */
  readonly target: string
  readonly source: string | null
  readonly event: unknown
}

export interface InspectionHub {
  /** The actors, root first then in the order they started. A new array after every change. */
  actors(): ReadonlyArray<InspectedActor>
  /** The last `limit` events, newest first. A new array after every change. */
  events(): ReadonlyArray<InspectedEvent>
  subscribe(listener: () => void): () => void
  stop(): void
}

const SECRET_KEY = /token|password|secret|authorization|cookie/i

/** A copy of `value` with secret-looking keys replaced by '[redacted]' (depth-limited, cycle-safe). */
export function redact(value: unknown, depth = 0, seen = new WeakSet<object>()): unknown {
  if (value === null || typeof value !== 'object') return value
  if (depth > 6 || seen.has(value)) return '[…]'
  seen.add(value)
  if (Array.isArray(value)) return value.map((v) => redact(v, depth + 1, seen))
  // Actor refs and class instances: their id only.
  const proto = Object.getPrototypeOf(value)
  if (proto !== Object.prototype && proto !== null) return `[${(value as { id?: string }).id ?? proto?.constructor?.name ?? 'object'}]`
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, SECRET_KEY.test(k) && v !== null ? '[redacted]' : redact(v, depth + 1, seen)]))
}

function snapshotOf(snapshot: unknown): InspectedActor['snapshot'] {
  if (!snapshot || typeof snapshot !== 'object') return {}
  const s = snapshot as { status?: string; value?: unknown; context?: unknown }
  return { status: s.status, value: s.value, context: redact(s.context) }
}

/**
 * Starts gathering from `root`'s system: the actors already running (found through the root's
 * children, recursively) and everything after. `limit` events are kept (default 50).
 */
export function createInspectionHub(root: AnyActorRef, options: { limit?: number; now?: () => number } = {}): InspectionHub {
  const limit = options.limit ?? 50
  const now = options.now ?? Date.now
  const actors = new Map<string, InspectedActor>()
  let actorList: ReadonlyArray<InspectedActor> = []
  let eventList: ReadonlyArray<InspectedEvent> = []
  let seq = 0
  const listeners = new Set<() => void>()
  const changed = () => {
    actorList = [...actors.values()]
    for (const l of listeners) l()
  }

  const register = (ref: AnyActorRef) => {
    const parent = (ref as { _parent?: AnyActorRef })._parent
    const systemId = (ref as { systemId?: string }).systemId ?? null
    actors.set(ref.sessionId, {
      sessionId: ref.sessionId,
      id: ref.id,
      systemId,
      parentSessionId: parent?.sessionId ?? null,
      ref,
      snapshot: snapshotOf(ref.getSnapshot()),
    })
  }
  const walk = (ref: AnyActorRef) => {
    register(ref)
    const children = (ref.getSnapshot() as { children?: Record<string, AnyActorRef | undefined> }).children ?? {}
    for (const child of Object.values(children)) if (child) walk(child)
  }
  walk(root)
  changed()

  const observer = (e: InspectionEvent) => {
    if (e.type === '@xstate.actor') {
      register(e.actorRef as AnyActorRef)
      changed()
    } else if (e.type === '@xstate.snapshot') {
      const known = actors.get(e.actorRef.sessionId)
      if (!known) register(e.actorRef as AnyActorRef)
      const entry = actors.get(e.actorRef.sessionId)!
      actors.set(e.actorRef.sessionId, { ...entry, snapshot: snapshotOf(e.snapshot) })
      changed()
    } else if (e.type === '@xstate.event') {
      seq += 1
      const event = e.event as { type: string }
      eventList = [
        { seq, at: now(), type: event.type, target: e.actorRef.sessionId, source: e.sourceRef?.sessionId ?? null, event: redact(event) },
        ...eventList,
      ].slice(0, limit)
      changed()
    }
  }
  const subscription: Subscription = root.system.inspect(observer)

  return {
    actors: () => actorList,
    events: () => eventList,
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    stop: () => subscription.unsubscribe(),
  }
}
