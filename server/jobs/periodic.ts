/**
 * A background job run every `intervalMs` in each server process (email digests, snooze
 * wake-ups): never two runs at once (a tick that finds a run still going is skipped), the
 * timer unref'd (it never keeps the process alive), a failed run logged and the next tick tried.
 */

export interface PeriodicJob {
  /** Starts ticking every `intervalMs` ms; a second call while started does nothing. */
  start(intervalMs: number): void
  /** Stops ticking; a run under way finishes (see {@link current}). */
  stop(): void
  /** The run under way, if any (settles, never rejects). */
  current(): Promise<void> | undefined
}

/**
 * @param run one run of the job.
 * @param onError receives a run's failure.
 */
export function periodicJob(run: () => Promise<unknown>, onError: (error: unknown) => void): PeriodicJob {
  let timer: ReturnType<typeof setInterval> | undefined
  let running: Promise<void> | undefined
  return {
    start(intervalMs) {
      if (timer !== undefined) return
      timer = setInterval(() => {
        if (running !== undefined) return
        running = run()
          .then(() => undefined, onError)
          .finally(() => (running = undefined))
      }, intervalMs)
      timer.unref?.()
    },
    stop() {
      if (timer !== undefined) clearInterval(timer)
      timer = undefined
    },
    current: () => running,
  }
}
