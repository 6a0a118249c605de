/**
 * The version check: SPEC.md §4 Version check, §7 `GET /version.json`, §8 "Version check
 * failure: warning logged, ignored", §9 (every 300000 ms, 1 s after a route change, on focus;
 * the hard refresh waits 1 s).
 *
 *   due ──online──▶ checking ──new version──▶ available ──version.update──▶ updating ──(1 s)──▶ reloading
 *    │                  │ same or failed          │ version.later             │ worker waiting      ▲
 *    └──offline──▶ idle ◀┴─────────────────────────┘                           └──▶ activating ───┘
 *                  │ every 5 min, focus, worker waiting ──▶ due
 *                  └ route change ──▶ settling ──(1 s) or focus──▶ due
 *
 * - A check is "due" at start, every 5 min, on window focus and 1 s after a route change; a due
 *   check is skipped while the browser is offline (the `connectivityListener` keeps `online`).
 * - The served version is new when it is neither the last seen version nor the version of the
 *   running build (when the build says which it is). The first version ever seen, and the running
 *   build's own version, are recorded as seen without a prompt.
 * - 'Later' records the offered version as seen (storage too), so the prompt stays away until
 *   the next version. 'Update' waits 1 s and hands over to `hardRefresh` (clear caches and storage
 *   except the SPEC §4 keys, then reload; src/system/versionCheck.ts). The page goes away there.
 * - While the prompt is up no checks run: the update loads whatever is newest anyway.
 * - A new service worker installed and waiting (`version.workerWaiting`, from `workerListener`)
 *   is a new version on its way: it makes a check due at once, so the prompt follows the same
 *   rules (a version seen and put off with 'Later' stays put off; the worker keeps waiting). When
 *   the served version is the one this tab already runs (it loaded the new build from the network
 *   before the worker finished installing), the worker is let in without a prompt
 *   (`releaseWaitingWorker`). With a worker waiting, 'Update' waits 1 s, then tells it to take
 *   over and waits until it controls the page (`activateWorker`), then hard-refreshes.
 */
import { assign, fromCallback, fromPromise, setup } from 'xstate'
import type { AppVersion } from '../../contract/api.ts'

export interface VersionCheckInput {
  /** The last seen version from storage (SPEC §3 Stored values), or null on a first visit. */
  readonly seenVersion: string | null
  /** The version of the code this tab runs (written by the build), or null when unknown (dev server). */
  readonly buildVersion: string | null
  /** Whether the browser is online at start (`navigator.onLine`). */
  readonly online: boolean
}

export interface VersionCheckContext extends VersionCheckInput {
  /** The new version the update prompt offers, or null. */
  readonly availableVersion: string | null
  /** Whether a new service worker is installed and waiting to take over. */
  readonly workerWaiting: boolean
}

export type VersionCheckEvent =
  /** From the router: the route changed; a check follows 1 s later (SPEC §9). */
  | { type: 'version.routeChanged' }
  /** From `focusListener`: the window gained focus. */
  | { type: 'version.focused' }
  /** The prompt's 'Update'. */
  | { type: 'version.update' }
  /** The prompt's 'Later'. */
  | { type: 'version.later' }
  /** From `connectivityListener`: the browser went online or offline. */
  | { type: 'version.connectivityChanged'; online: boolean }
  /** From `workerListener`: a new service worker is installed and waiting to take over. */
  | { type: 'version.workerWaiting' }

/** SPEC §9: a check every 300000 ms. */
export const VERSION_CHECK_INTERVAL_MS = 300_000
/** SPEC §9: a check 1 s after a route change (ms). */
export const VERSION_ROUTE_CHANGE_DELAY_MS = 1_000
/** SPEC §9: 'Update' hard-refreshes after 1 s (ms). */
export const VERSION_HARD_REFRESH_DELAY_MS = 1_000

export const versionCheckMachine = setup({
  types: {
    input: {} as VersionCheckInput,
    context: {} as VersionCheckContext,
    events: {} as VersionCheckEvent,
  },
  actors: {
    /** `GET /version.json` with a cache-busting query (SPEC §7); resolves with the decoded file. Implemented in src/system/versionCheck.ts. */
    fetchVersion: fromPromise<AppVersion>(async () => {
      throw new Error('fetchVersion is provided by src/system')
    }),
    /** Sends `version.focused` on window focus. None by default. */
    focusListener: fromCallback(() => {}),
    /** Sends `version.connectivityChanged` on the window's `online` / `offline`. None by default. */
    connectivityListener: fromCallback(() => {}),
    /** Sends `version.workerWaiting` when a new service worker is installed and waiting. None by default. */
    workerListener: fromCallback(() => {}),
    /** Tells the waiting service worker to take over; resolves once it controls the page, rejects when it does not in time. */
    activateWorker: fromPromise<void>(async () => {}),
    /** Clears caches and storage (except SPEC §4's keys) and reloads; never settles in a browser. */
    hardRefresh: fromPromise<void>(async () => {}),
  },
  guards: {
    isOnline: ({ context }) => context.online,
    /** New: neither the running build's version nor the last seen one; on a first visit of an unknown build, nothing is new yet. */
    isNewVersion: ({ context }, params: { version: string }) =>
      params.version !== context.buildVersion && params.version !== context.seenVersion && (context.seenVersion !== null || context.buildVersion !== null),
    /** A worker waits and the served version is the one this tab runs: the worker belongs to this very build. */
    isWorkerOfThisBuild: ({ context }, params: { version: string }) => context.workerWaiting && params.version === context.buildVersion,
    hasWaitingWorker: ({ context }) => context.workerWaiting,
  },
  actions: {
    /** The served version becomes the last seen one; `storeSeenVersion` persists it when it changed. */
    assignSeenVersion: assign((_, params: { version: string }) => ({ seenVersion: params.version, availableVersion: null })),
    assignAvailableVersion: assign((_, params: { version: string }) => ({ availableVersion: params.version })),
    assignOnline: assign((_, params: { online: boolean }) => ({ online: params.online })),
    assignWorkerWaiting: assign((_, params: { waiting: boolean }) => ({ workerWaiting: params.waiting })),
    /** Tells the waiting service worker to take over, without waiting (provided in src). */
    releaseWaitingWorker: () => {},
    /** Writes the last seen version to storage (provided in src). */
    storeSeenVersion: (_, _params: { version: string }) => {},
    /** SPEC §8: a failed check is a warning, nothing more. */
    logFailure: (_, params: { error: unknown }) => {
      console.warn('Could not check for a new app version:', params.error)
    },
    /** The waiting worker did not take over in time: the hard refresh goes ahead (the network serves the new build). */
    logActivationFailure: (_, params: { error: unknown }) => {
      console.warn('The new service worker did not take over; reloading anyway:', params.error)
    },
  },
  delays: {
    checkInterval: VERSION_CHECK_INTERVAL_MS,
    routeChangeDelay: VERSION_ROUTE_CHANGE_DELAY_MS,
    hardRefreshDelay: VERSION_HARD_REFRESH_DELAY_MS,
  },
}).createMachine({
  id: 'versionCheck',
  context: ({ input }) => ({ ...input, availableVersion: null, workerWaiting: false }),
  invoke: [
    { id: 'connectivityListener', src: 'connectivityListener' },
    { id: 'workerListener', src: 'workerListener' },
  ],
  on: {
    'version.connectivityChanged': { actions: { type: 'assignOnline', params: ({ event }) => ({ online: event.online }) } },
    // While checking, offering or updating: noted, for the check's answer and for 'Update'.
    'version.workerWaiting': { actions: { type: 'assignWorkerWaiting', params: { waiting: true } } },
  },
  initial: 'due',
  states: {
    // A check is due: made now when online, skipped when offline.
    due: {
      always: [{ guard: 'isOnline', target: 'checking' }, { target: 'idle' }],
    },
    checking: {
      invoke: {
        id: 'fetchVersion',
        src: 'fetchVersion',
        onDone: [
          {
            guard: { type: 'isNewVersion', params: ({ event }) => ({ version: event.output.version }) },
            target: 'available',
            actions: { type: 'assignAvailableVersion', params: ({ event }) => ({ version: event.output.version }) },
          },
          {
            guard: { type: 'isWorkerOfThisBuild', params: ({ event }) => ({ version: event.output.version }) },
            target: 'idle',
            actions: [
              { type: 'storeSeenVersion', params: ({ event }) => ({ version: event.output.version }) },
              { type: 'assignSeenVersion', params: ({ event }) => ({ version: event.output.version }) },
              'releaseWaitingWorker',
              { type: 'assignWorkerWaiting', params: { waiting: false } },
            ],
          },
          {
            target: 'idle',
            actions: [
              { type: 'storeSeenVersion', params: ({ event }) => ({ version: event.output.version }) },
              { type: 'assignSeenVersion', params: ({ event }) => ({ version: event.output.version }) },
            ],
          },
        ],
        onError: { target: 'idle', actions: { type: 'logFailure', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    // Waiting for the next reason to check.
    idle: {
      invoke: { id: 'focusListener', src: 'focusListener' },
      after: { checkInterval: 'due' },
      on: {
        'version.focused': 'due',
        'version.routeChanged': 'settling',
        'version.workerWaiting': { target: 'due', actions: { type: 'assignWorkerWaiting', params: { waiting: true } } },
      },
    },
    // A route changed: check 1 s later (another change restarts the wait).
    settling: {
      invoke: { id: 'focusListener', src: 'focusListener' },
      after: { routeChangeDelay: 'due' },
      on: {
        'version.focused': 'due',
        'version.routeChanged': { target: 'settling', reenter: true },
        'version.workerWaiting': { target: 'due', actions: { type: 'assignWorkerWaiting', params: { waiting: true } } },
      },
    },
    // The update prompt is shown (SPEC §2.3, §4).
    available: {
      on: {
        'version.update': 'updating',
        'version.later': {
          target: 'idle',
          actions: [
            { type: 'storeSeenVersion', params: ({ context }) => ({ version: context.availableVersion ?? '' }) },
            { type: 'assignSeenVersion', params: ({ context }) => ({ version: context.availableVersion ?? '' }) },
          ],
        },
      },
    },
    // SPEC §4: the hard refresh waits 1 s.
    updating: {
      after: { hardRefreshDelay: [{ guard: 'hasWaitingWorker', target: 'activating' }, { target: 'reloading' }] },
    },
    // The waiting service worker takes over; the page reloads under it (or without it when it does not).
    activating: {
      invoke: {
        id: 'activateWorker',
        src: 'activateWorker',
        onDone: 'reloading',
        onError: { target: 'reloading', actions: { type: 'logActivationFailure', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    // Caches and storage are cleared and the page reloads: nothing follows in this page.
    reloading: {
      invoke: { id: 'hardRefresh', src: 'hardRefresh' },
    },
  },
})

export type VersionCheckMachine = typeof versionCheckMachine
