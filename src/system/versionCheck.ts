/**
 * The browser side of the version check (SPEC.md §4 Version check, §7 `GET /version.json`):
 * fetching the served version, the last seen version in storage, the window listeners, the hard
 * refresh with its storage-clearing rule. The `versionCheck` machine (machines/versionCheck)
 * decides when; this module only does. It loads once the first page is up
 * (src/system/app-system.ts `versionCheck.load()`), off the first load's path; the one-reload guard for chunks lost to a
 * deploy, needed from the first import, is src/system/chunk-reload.ts.
 */
import { type Actor, fromPromise } from 'xstate'
import type { AppVersion } from '../../contract/api.ts'
import type { AppMachine } from '../../machines/app/app.machine.ts'
import type { VersionCheckEvent, VersionCheckInput } from '../../machines/versionCheck/versionCheck.machine.ts'
import { versionCheckMachine } from '../../machines/versionCheck/versionCheck.machine.ts'
import { StorageKey } from '../platform/session-storage.ts'
import { PRECACHE_CACHE_PREFIX } from '../platform/service-worker-caches.ts'
import { type VersionBrowser, fetchServedVersion } from './chunk-reload.ts'
import { domEventsActor } from './listeners.ts'
import { activateWaitingWorker, releaseWaitingWorker, waitingWorkerListener } from './worker-updates.ts'

/** localStorage key of the last seen app version (SPEC §3 Stored values). */
export const SEEN_VERSION_KEY = 'last_seen_app_version'

/**
 * Keys that survive the hard refresh. SPEC §4 names theme, language, user-preferences and
 * nextjs-router; the signed-in session's org id and payload are kept too, because our session
 * lives partly in localStorage and the update must not sign the person out (docs/decisions.md).
 * Cookies (the tokens, the sidebar state) are not storage and are left alone.
 */
export const PRESERVED_STORAGE_KEYS: ReadonlyArray<string> = [
  'theme',
  'language',
  'user-preferences',
  'nextjs-router',
  StorageKey.currentOrgId,
  StorageKey.payload,
]

/**
 * Removes every key of `storage` except `keep`. Returns the removed keys. Never throws: a storage
 * the browser refuses to touch is left as it is.
 */
export function clearStorageExcept(storage: Storage, keep: ReadonlyArray<string> = PRESERVED_STORAGE_KEYS): string[] {
  const removed: string[] = []
  try {
    const keys: string[] = []
    for (let i = 0; i < storage.length; i++) {
      const key = storage.key(i)
      if (key !== null) keys.push(key)
    }
    for (const key of keys) {
      if (keep.includes(key)) continue
      storage.removeItem(key)
      removed.push(key)
    }
  } catch {
    // storage disabled (private mode): nothing to clear
  }
  return removed
}

/**
 * SPEC §4 'Update': delete every Cache Storage cache but the service worker's precache, clear
 * localStorage and sessionStorage except `PRESERVED_STORAGE_KEYS`, then reload. Reloads even when
 * clearing fails: the person asked for the new version. The precache holds the app's own files,
 * by revision (the new worker's when it has just taken over): the reload's navigation asks the
 * network first either way (src/sw/sw.ts), and keeping it keeps the app working offline.
 */
export async function hardRefresh(browser: VersionBrowser): Promise<void> {
  try {
    if (browser.caches) {
      const names = await browser.caches.keys()
      await Promise.all(names.filter((name) => !name.startsWith(PRECACHE_CACHE_PREFIX)).map((name) => browser.caches!.delete(name)))
    }
  } catch (error) {
    console.warn('Could not clear the caches before the update:', error)
  }
  clearStorageExcept(browser.localStorage)
  clearStorageExcept(browser.sessionStorage)
  browser.location.reload()
}

/** Reads the machine's input: the last seen version, this build's version, and whether online. */
export function versionCheckInput(browser: VersionBrowser, buildVersion: string | null): VersionCheckInput {
  let seenVersion: string | null = null
  try {
    seenVersion = browser.localStorage.getItem(SEEN_VERSION_KEY)
  } catch {
    // storage disabled: every start is a first visit
  }
  return { seenVersion, buildVersion, online: browser.navigator.onLine }
}

/** The version-check machine with its browser actors (provided once, for the root system). */
export function browserVersionCheck(browser: VersionBrowser, now: () => number = Date.now) {
  return versionCheckMachine.provide({
    actors: {
      fetchVersion: fromPromise(() => fetchServedVersion(browser.fetch.bind(globalThis), browser.location.origin, now)),
      focusListener: domEventsActor<VersionCheckEvent>(browser, ['focus'], () => ({ type: 'version.focused' })),
      connectivityListener: domEventsActor<VersionCheckEvent>(browser, ['online', 'offline'], (event) => ({ type: 'version.connectivityChanged', online: event.type === 'online' })),
      hardRefresh: fromPromise(() => hardRefresh(browser)),
      workerListener: waitingWorkerListener(browser.navigator.serviceWorker),
      activateWorker: fromPromise(() => activateWaitingWorker(browser.navigator.serviceWorker)),
    },
    actions: {
      releaseWaitingWorker: () => releaseWaitingWorker(browser.navigator.serviceWorker),
      storeSeenVersion: (_, params) => {
        try {
          browser.localStorage.setItem(SEEN_VERSION_KEY, params.version)
        } catch {
          // storage full or disabled: the prompt may come back after a reload, nothing worse
        }
      },
    },
  })
}

/**
 * Starts the version check in `root`'s system with `browser`'s side (the root starts it once and
 * ignores a second `app.versionCheckLoaded`). Without a browser (tests) the check never answers:
 * no prompt, no warning.
 */
export function startVersionCheck(root: Actor<AppMachine>, browser: VersionBrowser | undefined, buildVersion: string | null, now: () => number = Date.now): void {
  root.send({
    type: 'app.versionCheckLoaded',
    versionCheck: {
      logic: browser
        ? browserVersionCheck(browser, now)
        : versionCheckMachine.provide({ actors: { fetchVersion: fromPromise<AppVersion>(() => new Promise(() => {})) } }),
      input: browser ? versionCheckInput(browser, buildVersion) : { seenVersion: null, buildVersion, online: true },
    },
  })
}
