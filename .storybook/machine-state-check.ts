/**
 * A story's last frame is the state it names: after a story has rendered and its play function
 * has run, every machine state it declares in `parameters.machineState` (stories/machine-states.ts)
 * must be the state of an actor of that machine the story renders. Run from the preview's
 * `afterEach` (.storybook/preview.tsx), so the Vitest story run and the built Storybook
 * (scripts/storybook-built.ts) both fail a story that ends elsewhere.
 *
 * The actors are found where the story hands them to React: the props (`actor={…}`, a provider's
 * `value`) and hook state (`useActorRef`, `useState(() => createActor(…))`) of the components
 * rendered into the canvas, portals included, and their invoked or spawned children. Nothing in
 * a story or a view has to register them.
 *
 * Several states of one machine in one story ("`loading` and `verifying` look the same") hold
 * when the story ends in one of them. A story that draws a state from a view alone, with no actor
 * of the machine, says why in `parameters.machineStateWithoutActor` (a sentence) and is not checked.
 */
import type { AnyActorRef, StateValue } from 'xstate'
import { type MachineStateRef, refsOf } from '../stories/machine-states.ts'

/** How long a story's actors may take to settle after the play function (a promise resolving, a zero delay), ms. */
const SETTLE_MS = 1_000

/** The part of a React fiber this walk reads (React 19's internal shape). */
interface Fiber {
  readonly child: Fiber | null
  readonly sibling: Fiber | null
  readonly memoizedProps: unknown
  readonly memoizedState: unknown
  readonly stateNode: unknown
}

interface HookState {
  readonly memoizedState: unknown
  readonly next: HookState | null
}

function isActor(value: unknown): value is AnyActorRef {
  if (!value || typeof value !== 'object') return false
  const v = value as Record<string, unknown>
  return typeof v.getSnapshot === 'function' && typeof v.send === 'function' && 'logic' in v && 'system' in v
}

/** The machine id of an actor's logic, or null for callback, promise and other actors. */
function machineIdOf(actor: AnyActorRef): string | null {
  const logic = (actor as { logic?: { id?: unknown; config?: unknown } }).logic
  return logic && typeof logic.id === 'string' && logic.config ? logic.id : null
}

/** The current root fiber of the React tree rendered into `container`, if any. */
function rootFiberOf(container: Element): Fiber | null {
  const key = Object.keys(container).find((k) => k.startsWith('__reactContainer$'))
  if (!key) return null
  const created = (container as unknown as Record<string, Fiber>)[key]
  // The container keeps the root fiber of the first render; the FiberRoot knows the current one.
  const fiberRoot = created?.stateNode as { current?: Fiber } | undefined
  return fiberRoot?.current ?? created ?? null
}

/** The actors in one value: itself, a ref holding one, or the values of a plain props/state object. */
function actorsIn(value: unknown, found: Set<AnyActorRef>): void {
  if (!value || typeof value !== 'object') return
  if (isActor(value)) {
    found.add(value)
    return
  }
  const current = (value as { current?: unknown }).current
  if (isActor(current)) found.add(current)
  if (Array.isArray(value)) {
    for (const item of value.slice(0, 4)) if (isActor(item)) found.add(item)
    return
  }
  for (const item of Object.values(value as Record<string, unknown>)) if (isActor(item)) found.add(item)
}

/** Every actor the React tree in `container` holds, with their children (invoked and spawned). */
export function renderedActors(container: Element): AnyActorRef[] {
  const found = new Set<AnyActorRef>()
  const root = rootFiberOf(container)
  const stack: Fiber[] = root ? [root] : []
  while (stack.length > 0) {
    const fiber = stack.pop()!
    actorsIn(fiber.memoizedProps, found)
    // Function components keep their hooks as a list; class components a state object.
    let hook = fiber.memoizedState as HookState | null
    if (hook && typeof hook === 'object' && 'next' in hook) {
      for (; hook; hook = hook.next) actorsIn(hook.memoizedState, found)
    } else {
      actorsIn(fiber.memoizedState, found)
    }
    if (fiber.sibling) stack.push(fiber.sibling)
    if (fiber.child) stack.push(fiber.child)
  }
  const all = new Set<AnyActorRef>()
  const addWithChildren = (actor: AnyActorRef) => {
    if (all.has(actor)) return
    all.add(actor)
    const children = (actor.getSnapshot() as { children?: Record<string, AnyActorRef | undefined> }).children ?? {}
    for (const child of Object.values(children)) if (child) addWithChildren(child)
  }
  for (const actor of found) addWithChildren(actor)
  return [...all]
}

/**
 * A mismatch between the states a story declares for one machine and what the story's actors of
 * that machine are in, or null when one of them is in one of the states.
 */
function mismatch(machine: string, states: ReadonlyArray<StateValue>, actors: ReadonlyArray<AnyActorRef>): string | null {
  const candidates = actors.filter((a) => machineIdOf(a) === machine)
  const wanted = states.map((s) => JSON.stringify(s)).join(' or ')
  if (candidates.length === 0) return `it declares '${machine}' in ${wanted} but renders no actor of that machine`
  const matching = candidates.some((a) => states.some((s) => (a.getSnapshot() as { matches(value: StateValue): boolean }).matches(s)))
  if (matching) return null
  const shown = candidates.map((a) => JSON.stringify((a.getSnapshot() as { value: StateValue }).value)).join(' and ')
  return `it declares '${machine}' in ${wanted} but ends with that machine in ${shown}`
}

/**
 * Checks the story's declared machine states against the actors it renders, waiting up to
 * {@link SETTLE_MS} for them to settle.
 * @throws Error naming each declared state the story does not end in.
 */
export async function checkDeclaredStates(context: { id: string; parameters: Record<string, unknown>; canvasElement: Element }): Promise<void> {
  const refs: MachineStateRef[] = refsOf(context.parameters, undefined)
  if (refs.length === 0 || typeof context.parameters.machineStateWithoutActor === 'string') return
  const byMachine = new Map<string, StateValue[]>()
  for (const ref of refs) byMachine.set(ref.machine, [...(byMachine.get(ref.machine) ?? []), ref.state])
  const deadline = Date.now() + SETTLE_MS
  let problems: string[] = []
  for (;;) {
    const actors = renderedActors(context.canvasElement)
    problems = [...byMachine].map(([machine, states]) => mismatch(machine, states, actors)).filter((p): p is string => p !== null)
    if (problems.length === 0 || Date.now() >= deadline) break
    await new Promise((done) => setTimeout(done, 50))
  }
  if (problems.length > 0) {
    throw new Error(
      `Story ${context.id} does not end in the state it names (parameters.machineState): ${problems.join('; ')}. ` +
        'End the play function in the named state, or move the interaction to its own story that declares the state it ends in.',
    )
  }
}
