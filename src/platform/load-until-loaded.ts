/**
 * Loads an optional lazy part of the page (a dynamic import) until it loads: a failure (the server
 * restarting, the browser offline) is retried after 2, 4, 8… s (at most `maxDelayMs`, default
 * 60,000 ms), and at once when the browser comes back online. The promise never rejects, so a
 * `React.lazy` over it suspends (shows nothing) instead of throwing into an error boundary: for
 * parts nobody needs for the page itself (the bug-report button loads after the page).
 * A chunk lost to a deploy is the chunk-reload guard's (src/system/chunk-reload.ts): Vite's preload
 * error reaches it on every failed attempt.
 */
export function loadUntilLoaded<T>(
  load: () => Promise<T>,
  win: Pick<Window, 'addEventListener' | 'removeEventListener' | 'setTimeout' | 'clearTimeout'> = window,
  { firstDelayMs = 2000, maxDelayMs = 60_000 }: { firstDelayMs?: number; maxDelayMs?: number } = {},
): Promise<T> {
  return new Promise<T>((resolve) => {
    let delay = firstDelayMs
    const attempt = () => {
      load().then(resolve, () => {
        const retry = () => {
          win.clearTimeout(timer)
          win.removeEventListener('online', retry)
          attempt()
        }
        const timer = win.setTimeout(retry, delay)
        win.addEventListener('online', retry)
        delay = Math.min(delay * 2, maxDelayMs)
      })
    }
    attempt()
  })
}
