/**
 * Test doubles for the named actors of a machine: promise actors that stay pending until the
 * test settles them, so a test (or the model walk) decides when and how an HTTP call ends.
 */
import { fromPromise } from 'xstate'

export interface Controllable<TOutput, TInput> {
  readonly logic: ReturnType<typeof fromPromise<TOutput, TInput>>
  /** Inputs of every call, oldest first. */
  readonly calls: TInput[]
  /** Settles the newest pending call (older ones were cancelled by a state change). */
  resolve(output: TOutput): Promise<void>
  reject(error: unknown): Promise<void>
}

/** Lets queued promise callbacks and the actor's reactions to them run. */
export function flush(): Promise<void> {
  // setImmediate (Node) runs after every pending promise job like a 0 ms timeout, without the
  // timer's 1 ms floor: the model walks flush after every step of thousands of paths.
  return new Promise((resolve) => (typeof setImmediate === 'function' ? setImmediate(resolve) : setTimeout(resolve, 0)))
}

/** A promise actor whose calls are settled by the test; see `Controllable`. */
export function controllable<TOutput, TInput = unknown>(): Controllable<TOutput, TInput> {
  const pending: Array<{ resolve: (v: TOutput) => void; reject: (e: unknown) => void }> = []
  const calls: TInput[] = []
  const logic = fromPromise<TOutput, TInput>(
    ({ input }) =>
      new Promise<TOutput>((resolve, reject) => {
        calls.push(input)
        pending.push({ resolve, reject })
      }),
  )
  const settle = async (how: (p: { resolve: (v: TOutput) => void; reject: (e: unknown) => void }) => void) => {
    await flush()
    const last = pending.pop()
    if (!last) throw new Error('no pending call to settle')
    pending.length = 0
    how(last)
    await flush()
  }
  return {
    logic,
    calls,
    resolve: (output) => settle((p) => p.resolve(output)),
    reject: (error) => settle((p) => p.reject(error)),
  }
}

/**
 * Performs a model event of the form `xstate.done.actor.<id>` / `xstate.error.actor.<id>` by
 * settling the stub of that id; returns false for any other event (the caller sends it).
 */
export async function settleActorEvent(
  event: { type: string },
  stubs: Readonly<Record<string, { resolve(output: never): Promise<void>; reject(error: unknown): Promise<void> }>>,
): Promise<boolean> {
  const m = /^xstate\.(done|error)\.actor\.(\w+)$/.exec(event.type)
  const stub = m ? stubs[m[2]!] : undefined
  if (!m || !stub) return false
  if (m[1] === 'done') await stub.resolve((event as { output?: unknown }).output as never)
  else await stub.reject((event as { error?: unknown }).error)
  return true
}
