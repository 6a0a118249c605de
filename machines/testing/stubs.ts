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
  return new Promise((resolve) => setTimeout(resolve, 0))
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
