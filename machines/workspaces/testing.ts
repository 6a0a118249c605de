/**
 * Test helper for the workspaces machine's timers (not shipped): moves a SimulatedClock timer by
 * timer until a given delayed event has fired, so walks and scenarios need not know how much of
 * a delay has already passed (the system's scheduler records real `Date.now()` start times, so
 * the simulated clock's own timer list is the one to read).
 */
import type { AnyActorRef, SimulatedClock } from 'xstate'

interface ScheduledEvent {
  readonly event: { readonly type: string }
}

const isScheduled = (actor: AnyActorRef, eventType: string) =>
  Object.values((actor.system.getSnapshot() as { _scheduledEvents: Record<string, ScheduledEvent> })._scheduledEvents).some(
    (s) => s.event.type === eventType,
  )

/**
 * Advances `clock` to the next due timer, again and again, until the delayed event `eventType`
 * (`xstate.after.<delay>.<state id>`) has fired; timers due earlier fire first, as in real time.
 * @throws Error when no such timer is scheduled in the actor's system.
 */
export function advanceToTimer(actor: AnyActorRef, clock: SimulatedClock, eventType: string): void {
  if (!isScheduled(actor, eventType)) throw new Error(`no timer scheduled for ${eventType}`)
  const timeouts = (clock as unknown as { timeouts: Map<number, { start: number; timeout: number }> }).timeouts
  while (isScheduled(actor, eventType)) {
    const next = Math.min(...[...timeouts.values()].map((t) => t.start + t.timeout))
    if (!Number.isFinite(next)) throw new Error(`the clock has no timer left for ${eventType}`)
    clock.increment(Math.max(0, next - clock.now()))
  }
}
