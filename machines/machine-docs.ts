/**
 * What a machine means to the people who read its docs: one or two plain sentences for every state
 * (what a person sees or what is going on behind the screen while the machine is there) and for
 * every event it handles (who sends it, and when). Each machine keeps them beside its definition in
 * `<id>.docs.ts`; machines/docs.ts gathers them. They feed docs/machines (scripts/statecharts.ts)
 * and each machine's docs page in Storybook (stories/statecharts/MachineDocsPage.tsx), never the
 * app's bundle: a sentence per state would weigh on every first load.
 *
 * scripts/machine-docs.test.ts fails when a state or event of the machine has no sentence, or a
 * sentence names a state or event the machine does not have.
 */
import type { AnyStateMachine, AnyStateNode } from 'xstate'

/** The sentences of one machine. Keys are exactly `documentedStates` / `documentedEvents`. */
export interface MachineDocs {
  /** Dotted state path (`signedIn.list.loading`; compound and parallel states included) → meaning. */
  readonly states: Readonly<Record<string, string>>
  /** Event type handled anywhere in the machine (`notifications.markRead`) → who sends it, and when. */
  readonly events: Readonly<Record<string, string>>
}

/** Every state path of a machine in document order, compound states included, history states left out. */
export function documentedStates(machine: AnyStateMachine): string[] {
  const paths: string[] = []
  const walk = (node: AnyStateNode) => {
    if (node !== machine.root && node.type !== 'history') paths.push(node.path.join('.'))
    for (const child of Object.values(node.states) as AnyStateNode[]) walk(child)
  }
  walk(machine.root)
  return paths
}

/**
 * Every event type named in an `on` of the machine (root included), sorted. Events of the actors it
 * invokes (`xstate.done.actor.*`, `xstate.error.actor.*`) and delays are not listed: the chart names
 * them by their actor or delay.
 */
export function documentedEvents(machine: AnyStateMachine): string[] {
  const events = new Set<string>()
  const walk = (node: AnyStateNode) => {
    for (const type of Object.keys(node.config.on ?? {})) if (!type.startsWith('xstate.')) events.add(type)
    for (const child of Object.values(node.states) as AnyStateNode[]) walk(child)
  }
  walk(machine.root)
  return [...events].sort()
}
