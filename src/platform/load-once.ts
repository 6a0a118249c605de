/**
 * A download started once and shared: the first call starts `load`, later calls
 * get the same promise; when it fails, the next call starts it again. Used for the lazy parts of
 * the page (src/platform/lazy-on-demand.ts) and the root system's deferred actors
 * (src/system/app-system.ts).
 */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | undefined
  return () => {
    if (pending === undefined) {
      pending = load()
      pending.catch(() => {
        pending = undefined
      })
    }
    return pending
  }
}
