/**
 * Mock Service Worker for stories that go through the real API client: a story lists its HTTP
 * handlers in `parameters.msw.handlers`; the worker (.storybook/public/mockServiceWorker.js,
 * written by `npx msw init .storybook/public`) starts on the first such story and answers with
 * that story's handlers only. Requests no handler matches go to the network as usual (none do:
 * every other story stubs its actors).
 */
import type { RequestHandler } from 'msw'
import type { SetupWorker } from 'msw/browser'

/** What a story may put in `parameters.msw`. */
export interface MswParameters {
  readonly handlers: ReadonlyArray<RequestHandler>
}

let worker: Promise<SetupWorker> | undefined

async function startWorker(): Promise<SetupWorker> {
  const { setupWorker } = await import('msw/browser')
  const w = setupWorker()
  await w.start({ onUnhandledRequest: 'bypass', quiet: true, serviceWorker: { url: `${import.meta.env.BASE_URL ?? '/'}mockServiceWorker.js` } })
  return w
}

/** A Storybook loader: installs the story's handlers (or none) before it renders. */
export async function applyMswHandlers(parameters: { msw?: MswParameters }): Promise<void> {
  const handlers = parameters.msw?.handlers
  if (!handlers?.length) {
    if (worker) (await worker).resetHandlers()
    return
  }
  worker ??= startWorker()
  const w = await worker
  w.resetHandlers(...handlers)
}
