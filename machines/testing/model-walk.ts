/**
 * Model-based testing helper: walk EVERY transition of a machine on a real actor.
 *
 * 1. The machine is the model. `TestModel` (xstate/graph) explores it with the given
 *    events and yields its adjacency map (state × event → next state).
 * 2. For every edge of that map, a path = shortest path to the edge's source + the edge.
 * 3. Each path runs on a fresh system under test (SUT): a real actor of the machine with its
 *    actors stubbed. After each step the SUT must be in the model's state, and the test's
 *    `check` runs its invariants (storage cleared, events emitted...).
 * 4. The transitions the SUT actually took are collected through xstate's inspection API and
 *    compared with every transition the machine defines: any left unwalked is reported.
 *
 * Used by every `*.model.test.ts`. Not shipped in the app.
 */
import { type AnyActorRef, type AnyStateMachine, type AnyStateNode, createActor, type EventFromLogic, type InspectionEvent, type SnapshotFrom } from 'xstate'
import { TestModel } from 'xstate/graph'

/** A transition's stable name: `<source state id> <event type or (always)> #<candidate index>`. */
export type TransitionKey = string

interface TransitionLike {
  readonly source: AnyStateNode
  readonly eventType: string
}

/** Every transition the machine defines, including guarded alternatives, `always` and `after`. */
export function listTransitions(machine: AnyStateMachine): TransitionKey[] {
  const keys: TransitionKey[] = []
  const visit = (node: AnyStateNode) => {
    for (const [eventType, candidates] of node.transitions) {
      candidates.forEach((_: unknown, i: number) => keys.push(`${node.id} ${eventType} #${i}`))
    }
    node.always?.forEach((_: unknown, i: number) => keys.push(`${node.id} (always) #${i}`))
    for (const child of Object.values(node.states) as AnyStateNode[]) visit(child)
  }
  visit(machine.root)
  return keys.sort()
}

function keyOf(t: TransitionLike): TransitionKey {
  const always = t.source.always?.indexOf(t as never) ?? -1
  if (always >= 0) return `${t.source.id} (always) #${always}`
  const candidates = t.source.transitions.get(t.eventType) ?? []
  return `${t.source.id} ${t.eventType} #${candidates.indexOf(t as never)}`
}

/** A system under test for one path. */
export interface Sut<M extends AnyStateMachine> {
  /** The real actor, already started. */
  readonly actor: AnyActorRef & { getSnapshot(): SnapshotFrom<M> }
  /** Performs one model event on the SUT (resolve a stubbed promise, advance a clock, send). */
  exec(event: EventFromLogic<M>): Promise<void> | void
  /** Invariants that must hold in this state of the SUT. Throw to fail. */
  check?(snapshot: SnapshotFrom<M>): Promise<void> | void
  stop(): void
}

export interface WalkOptions<M extends AnyStateMachine> {
  readonly machine: M
  readonly input?: unknown
  /** Events the model may take in a state (include done/error/after events with payloads). */
  readonly events: ReadonlyArray<EventFromLogic<M>> | ((snapshot: SnapshotFrom<M>) => ReadonlyArray<EventFromLogic<M>>)
  /** Identifies a model state; include the context fields that guards read. */
  readonly serializeState: (snapshot: SnapshotFrom<M>) => string
  /** Builds a fresh SUT; `inspect` must be passed to `createActor(..., { inspect })`. */
  readonly start: (inspect: (event: InspectionEvent) => void) => Sut<M> | Promise<Sut<M>>
}

export interface WalkResult {
  readonly paths: number
  readonly defined: TransitionKey[]
  readonly walked: TransitionKey[]
  /** Defined transitions that no path took: a model test fails when this is not empty. */
  readonly unwalked: TransitionKey[]
  /** Steps where the SUT was not in the model's state, or an invariant failed. */
  readonly failures: string[]
}

/** Walks every edge of the model on fresh SUTs; see the module comment. Never throws for SUT failures: read `failures`. */
export async function walkEveryTransition<M extends AnyStateMachine>(options: WalkOptions<M>): Promise<WalkResult> {
  // `createTestModel` refuses machines with invokes and delays; the walk drives those itself
  // (stubbed actors, simulated clock), so the model is built directly.
  const model = new TestModel(options.machine, {
    events: options.events as never,
    serializeState: options.serializeState as never,
    ...(options.input === undefined ? {} : { input: options.input as never }),
  })
  const serialize = (s: unknown) => options.serializeState(s as SnapshotFrom<M>)
  const shortest = new Map<string, ReadonlyArray<{ event: EventFromLogic<M>; state: SnapshotFrom<M> }>>()
  for (const path of model.getShortestPaths({ allowDuplicatePaths: true, serializeState: options.serializeState as never })) {
    const key = serialize(path.state)
    const existing = shortest.get(key)
    if (!existing || existing.length > path.steps.length) shortest.set(key, path.steps as never)
  }

  const adjacency = model.getAdjacencyMap()
  const walks: Array<{ name: string; steps: ReadonlyArray<{ event: EventFromLogic<M>; state: SnapshotFrom<M> }> }> = []
  for (const [stateKey, value] of Object.entries(adjacency)) {
    const prefix = shortest.get(stateKey)
    if (!prefix) continue
    for (const { event, state } of Object.values(value.transitions) as Array<{ event: unknown; state: unknown }>) {
      // The traversal tries every event everywhere; keep only events the state handles.
      if (options.machine.getTransitionData(value.state as never, event as never).length === 0) continue
      walks.push({
        name: `${stateKey} --${(event as { type: string }).type}-->`,
        steps: [...prefix, { event: event as EventFromLogic<M>, state: state as SnapshotFrom<M> }],
      })
    }
  }

  const walked = new Set<TransitionKey>()
  const failures: string[] = []
  const record = (ev: InspectionEvent) => {
    // Only the root actor's own transitions count: children are walked by their own tests.
    if (ev.type !== '@xstate.microstep' || ev.actorRef.sessionId !== ev.rootId) return
    for (const t of (ev as unknown as { _transitions: TransitionLike[] })._transitions) walked.add(keyOf(t))
  }
  for (const walk of walks) {
    const sut = await options.start(record)
    try {
      await sut.check?.(sut.actor.getSnapshot())
      for (const step of walk.steps) {
        await sut.exec(step.event)
        const actual = sut.actor.getSnapshot() as unknown as { value: unknown; matches(v: unknown): boolean }
        const expected = (step.state as unknown as { value: unknown }).value
        if (!actual.matches(expected)) {
          failures.push(`${walk.name}: after ${(step.event as { type: string }).type} expected ${JSON.stringify(expected)}, got ${JSON.stringify(actual.value)}`)
          break
        }
        await sut.check?.(actual as SnapshotFrom<M>)
      }
    } catch (error) {
      failures.push(`${walk.name}: ${error instanceof Error ? error.message : String(error)}`)
    } finally {
      sut.stop()
    }
  }

  const defined = listTransitions(options.machine)
  const walkedList = [...walked].sort()
  return {
    paths: walks.length,
    defined,
    walked: walkedList,
    unwalked: defined.filter((k) => !walked.has(k)),
    failures,
  }
}

/**
 * The eventless (`always`) transitions a fresh actor of `machine` takes on its own as it starts,
 * as {@link TransitionKey}s. The walk starts no actor for a model whose initial state resolves
 * to a final state (a page opened without its link's token), so such a branch is recorded here
 * and added to the walk's result by the test.
 */
export function transitionsAtStart<M extends AnyStateMachine>(machine: M, input: unknown): TransitionKey[] {
  const taken: TransitionKey[] = []
  const actor = createActor(machine, {
    input,
    inspect: (ev: InspectionEvent) => {
      if (ev.type !== '@xstate.microstep') return
      for (const t of (ev as unknown as { _transitions: Array<{ source: AnyStateNode }> })._transitions) {
        const always = t.source.always?.indexOf(t as never) ?? -1
        if (always >= 0) taken.push(`${t.source.id} (always) #${always}`)
      }
    },
  } as never).start()
  actor.stop()
  return taken
}
