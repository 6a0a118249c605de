/**
 * Whether the browser can reach the network, for the shell's 'You're offline' status and the
 * actions that need the server (the offline app shell beside SPEC.md §2.3 shell). The browser's
 * `online` / `offline` events drive it; its start is `navigator.onLine`.
 *
 *   starting ──online──▶ online ──connectivity.offline──▶ offline
 *       └──────offline──────────────────────────────────▶ offline ──connectivity.online──▶ online (emits connectivity.restored)
 *
 * - Offline, the service worker answers the app's pages from its precache and the few reads it
 *   keeps (src/sw/offline.ts); the shell says so, and actions that need the server are disabled.
 * - Back online it emits `connectivity.restored`: the app refreshes what it showed from the cache
 *   (src/system/connectivity.ts).
 */
import { emit, fromCallback, setup } from 'xstate'

export interface ConnectivityInput {
  /** Whether the browser is online at start (`navigator.onLine`). */
  readonly online: boolean
}

export type ConnectivityEvent =
  /** From `connectivityListener`: the window's `online`. */
  | { type: 'connectivity.online' }
  /** From `connectivityListener`: the window's `offline`. */
  | { type: 'connectivity.offline' }

/** Emitted when the browser is back online after being offline. */
export type ConnectivityEmitted = { type: 'connectivity.restored' }

export const connectivityMachine = setup({
  types: {
    input: {} as ConnectivityInput,
    context: {} as ConnectivityInput,
    events: {} as ConnectivityEvent,
    emitted: {} as ConnectivityEmitted,
  },
  actors: {
    /** Sends `connectivity.online` / `connectivity.offline` on the window's events. None by default. */
    connectivityListener: fromCallback(() => {}),
  },
  guards: {
    startsOnline: ({ context }) => context.online,
  },
  actions: {
    emitRestored: emit({ type: 'connectivity.restored' } as const),
  },
}).createMachine({
  id: 'connectivity',
  context: ({ input }) => ({ online: input.online }),
  invoke: { id: 'connectivityListener', src: 'connectivityListener' },
  initial: 'starting',
  states: {
    // Left at once, by the browser's word at start.
    starting: {
      always: [{ guard: 'startsOnline', target: 'online' }, { target: 'offline' }],
    },
    online: {
      on: { 'connectivity.offline': 'offline' },
    },
    // The shell shows 'You're offline'; actions that need the server are disabled.
    offline: {
      on: { 'connectivity.online': { target: 'online', actions: 'emitRestored' } },
    },
  },
})

export type ConnectivityMachine = typeof connectivityMachine
