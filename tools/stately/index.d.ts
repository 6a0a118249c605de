/**
 * The few shapes of `@xstate/machine-extractor` 0.16's output the root uses (its own
 * declarations import XState 4 types, which the root does not have).
 */

/** A guard as the parser reads it: a name (`kind: 'named'`) or the source text of an inline one. */
export interface StatelyGuard {
  readonly kind: 'inline' | 'named'
  readonly type: string
}

/** One transition candidate: targets as written in the source, and its guard. */
export interface StatelyTransition {
  readonly target?: string | ReadonlyArray<string>
  readonly cond?: StatelyGuard
  readonly internal?: boolean
}

type MaybeArray<T> = T | ReadonlyArray<T>

/** One invocation: the actor's name (`kind: 'named'`) or a hash of an inline one. */
export interface StatelyInvoke {
  readonly src: string
  readonly id?: string
  readonly kind: 'inline' | 'named'
  readonly onDone?: MaybeArray<StatelyTransition>
  readonly onError?: MaybeArray<StatelyTransition>
}

/** One state node as the parser rebuilt it from the source. */
export interface StatelyStateConfig {
  readonly id?: string
  readonly initial?: string
  readonly type?: 'parallel' | 'history' | 'final'
  readonly history?: 'shallow' | 'deep' | boolean
  readonly states?: Readonly<Record<string, StatelyStateConfig>>
  readonly on?: Readonly<Record<string, MaybeArray<StatelyTransition>>>
  readonly after?: Readonly<Record<string, MaybeArray<StatelyTransition>>>
  readonly always?: MaybeArray<StatelyTransition>
  readonly onDone?: MaybeArray<StatelyTransition>
  readonly invoke?: MaybeArray<StatelyInvoke>
}

/** A machine's config as the parser rebuilt it (the root state node with the machine's id). */
export type StatelyMachineConfig = StatelyStateConfig

/**
 * The machine configs Stately reads in one source file, one per `createMachine` call;
 * `undefined` for a call whose config the parser could not read.
 * @throws {SyntaxError} when the text does not parse
 */
export function statelyMachineConfigs(source: string): Array<StatelyMachineConfig | undefined>

/** The parser's own entry point (its result holds Babel and XState 4 objects; use `statelyMachineConfigs`). */
export function extractMachinesFromFile(source: string): unknown
