import { describe, expect, it, vi } from 'vitest'
import {
  CHUNK_RELOAD_KEY,
  CHUNK_RELOAD_WINDOW_MS,
  claimChunkReload,
  fetchServedVersion,
  installChunkReloadGuard,
  isChunkLoadError,
  type VersionBrowser,
} from './chunk-reload.ts'
import { PRESERVED_STORAGE_KEYS, clearStorageExcept, hardRefresh } from './versionCheck.ts'

/** A Web Storage over a Map, like the browser's. */
function memoryStorage(entries: Record<string, string> = {}): Storage {
  const map = new Map(Object.entries(entries))
  return {
    get length() {
      return map.size
    },
    key: (i) => [...map.keys()][i] ?? null,
    getItem: (k) => map.get(k) ?? null,
    setItem: (k, v) => void map.set(k, String(v)),
    removeItem: (k) => void map.delete(k),
    clear: () => map.clear(),
  }
}

const keys = (s: Storage) => Array.from({ length: s.length }, (_, i) => s.key(i)).sort()

describe('the hard refresh’s storage rule (SPEC §4 Version check)', () => {
  it('keeps theme, language, user-preferences and nextjs-router, and the session’s org id and payload; removes everything else', () => {
    const storage = memoryStorage({
      theme: 'dark',
      language: 'en',
      'user-preferences': '{}',
      'nextjs-router': 'x',
      current_org_id: 'o-acme',
      payload_data: '{}',
      notifications_cache: '[]',
      last_seen_app_version: '1.0.0',
      bug_report_hidden: 'true',
    })
    const removed = clearStorageExcept(storage)
    expect(keys(storage)).toEqual(['current_org_id', 'language', 'nextjs-router', 'payload_data', 'theme', 'user-preferences'])
    expect(removed.sort()).toEqual(['bug_report_hidden', 'last_seen_app_version', 'notifications_cache'])
    expect(PRESERVED_STORAGE_KEYS).toEqual(expect.arrayContaining(['theme', 'language', 'user-preferences', 'nextjs-router']))
  })

  it('clears a storage the browser refuses quietly', () => {
    const broken = {
      get length(): number {
        throw new Error('SecurityError')
      },
    } as unknown as Storage
    expect(clearStorageExcept(broken)).toEqual([])
  })

  it("Update deletes every cache but the service worker's precache, clears both storages by the rule, then reloads; it reloads even when the caches refuse", async () => {
    const order: string[] = []
    const browser = {
      caches: { keys: async () => ['workbox-precache-v2-http://x/', 'engage-api-v1', 'images'], delete: async (name: string) => order.push(`delete ${name}`) > 0 },
      localStorage: memoryStorage({ theme: 'light', notifications_cache: '[]' }),
      sessionStorage: memoryStorage({ engage_chunk_reload: '{}', language: 'fr' }),
      location: { origin: 'http://x', reload: () => void order.push('reload') },
    } as unknown as VersionBrowser
    await hardRefresh(browser)
    expect(order).toEqual(['delete engage-api-v1', 'delete images', 'reload'])
    expect(keys(browser.localStorage)).toEqual(['theme'])
    expect(keys(browser.sessionStorage)).toEqual(['language'])

    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const failing = {
      ...browser,
      caches: { keys: async () => Promise.reject(new Error('SecurityError')), delete: async () => true },
    } as unknown as VersionBrowser
    order.length = 0
    await hardRefresh(failing)
    expect(order).toEqual(['reload'])
    warn.mockRestore()
  })
})

describe('GET /version.json', () => {
  it('asks with a cache-busting query and no-cache headers, and decodes the file', async () => {
    const fetchFn = vi.fn(
      async () => new Response(JSON.stringify({ version: '1.2.3+abc', builtAt: '2026-11-22T08:00:00.000Z', commit: 'abc' }), { status: 200 }),
    )
    await expect(fetchServedVersion(fetchFn as unknown as typeof fetch, 'http://127.0.0.1:3000', () => 42)).resolves.toMatchObject({ version: '1.2.3+abc' })
    const [url, init] = fetchFn.mock.calls[0] as unknown as [string, RequestInit]
    expect(url).toBe('http://127.0.0.1:3000/version.json?t=42')
    expect(init.cache).toBe('no-store')
    expect(init.headers).toMatchObject({ 'Cache-Control': 'no-cache' })
  })

  it('fails on an error status and on a body that is not a version file', async () => {
    const answer = (body: string, status = 200) => (async () => new Response(body, { status })) as unknown as typeof fetch
    await expect(fetchServedVersion(answer('{}', 503), 'http://x')).rejects.toThrow(/503/)
    await expect(fetchServedVersion(answer('{"version": 7}'), 'http://x')).rejects.toThrow(/not an app version file/)
    await expect(fetchServedVersion(answer('<html>'), 'http://x')).rejects.toThrow()
  })
})

describe('one reload for a chunk lost to a deploy', () => {
  it('recognises failed dynamic imports and preloads, not other errors', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: http://x/assets/TeamPage-abc.js'))).toBe(true)
    expect(isChunkLoadError(new Error('Unable to preload CSS for /assets/Billing-1.css'))).toBe(true)
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true)
    expect(isChunkLoadError(new TypeError("Cannot read properties of undefined (reading 'map')"))).toBe(false)
  })

  it('allows the first reload and records it; refuses a second for the same build within the window', () => {
    const storage = memoryStorage()
    expect(claimChunkReload(storage, '1.0.0+a', 1_000)).toBe(true)
    expect(JSON.parse(storage.getItem(CHUNK_RELOAD_KEY)!)).toEqual({ at: 1_000, build: '1.0.0+a' })
    expect(claimChunkReload(storage, '1.0.0+a', 1_000 + CHUNK_RELOAD_WINDOW_MS - 1)).toBe(false)
  })

  it('allows another reload after the window, or when the reload brought another build (a second deploy)', () => {
    const storage = memoryStorage()
    claimChunkReload(storage, '1.0.0+a', 0)
    expect(claimChunkReload(storage, '1.0.0+b', 10)).toBe(true)
    expect(claimChunkReload(storage, '1.0.0+b', 20)).toBe(false)
    expect(claimChunkReload(storage, '1.0.0+b', 10 + CHUNK_RELOAD_WINDOW_MS)).toBe(true)
  })

  it('never reloads when the marker cannot be written, and ignores a garbled marker', () => {
    const readOnly = {
      getItem: () => null,
      setItem: () => {
        throw new Error('QuotaExceededError')
      },
    }
    expect(claimChunkReload(readOnly, 'a', 0)).toBe(false)
    expect(claimChunkReload(memoryStorage({ [CHUNK_RELOAD_KEY]: 'not json' }), 'a', 0)).toBe(true)
  })

  /** A tab's browser whose server serves `served` at /version.json (null: unreachable). */
  function guardBrowser(served: { version: string | null }) {
    const listeners = new Map<string, (e: Event) => void>()
    const calls = { reloads: 0, versionAsks: 0 }
    const browser = {
      sessionStorage: memoryStorage(),
      location: { origin: 'https://app.test', reload: () => void calls.reloads++ },
      fetch: async (url: string) => {
        calls.versionAsks++
        if (!url.startsWith('https://app.test/version.json')) throw new Error(`unexpected ${url}`)
        if (served.version === null) throw new TypeError('Failed to fetch')
        return new Response(JSON.stringify({ version: served.version, builtAt: '2026-11-22T10:00:00.000Z', commit: 'abc' }))
      },
      addEventListener: (type: string, fn: (e: Event) => void) => void listeners.set(type, fn),
      removeEventListener: (type: string) => void listeners.delete(type),
    }
    const preloadError = () =>
      Object.assign(new Event('vite:preloadError', { cancelable: true }), {
        payload: new TypeError('Failed to fetch dynamically imported module: /assets/x.js'),
      })
    return { browser, listeners, calls, preloadError }
  }
  const lostChunk = new TypeError('Failed to fetch dynamically imported module: https://app.test/assets/x.js')

  it('a chunk lost to a deploy (the server serves another build) reloads once, then lets the error through: no loop', async () => {
    const { browser, calls } = guardBrowser({ version: '1.0.0+b' })
    let now = 5_000
    const outcomes: boolean[] = []
    // Each "page load" installs the guard afresh over the same tab's sessionStorage.
    for (let load = 0; load < 3; load++) {
      const guard = installChunkReloadGuard(browser as never, '1.0.0+a', () => now)
      outcomes.push(await guard.reloadForChunkError(lostChunk))
      guard.stop()
      now += 100
    }
    expect(outcomes).toEqual([true, false, false])
    expect(calls.reloads).toBe(1)
  })

  it("Vite's preload error is left to the import (not prevented) and reloads only for another build", async () => {
    const { browser, listeners, calls, preloadError } = guardBrowser({ version: '1.0.0+b' })
    installChunkReloadGuard(browser as never, '1.0.0+a')
    const event = preloadError()
    listeners.get('vite:preloadError')!(event)
    expect(event.defaultPrevented).toBe(false)
    await vi.waitFor(() => expect(calls.reloads).toBe(1))
  })

  it('never reloads while the server cannot answer (down, or offline): the reload would fail and lose what was typed', async () => {
    const { browser, calls } = guardBrowser({ version: null })
    const guard = installChunkReloadGuard(browser as never, '1.0.0+a')
    expect(await guard.reloadForChunkError(lostChunk)).toBe(false)
    expect(calls).toEqual({ reloads: 0, versionAsks: 1 })
  })

  it('never reloads when the server still serves this build (the chunk is not lost), nor for an ordinary error, nor without a known build', async () => {
    const { browser, calls } = guardBrowser({ version: '1.0.0+a' })
    expect(await installChunkReloadGuard(browser as never, '1.0.0+a').reloadForChunkError(lostChunk)).toBe(false)
    expect(await installChunkReloadGuard(browser as never, '1.0.0+a').reloadForChunkError(new Error('boom'))).toBe(false)
    expect(await installChunkReloadGuard(browser as never, null).reloadForChunkError(lostChunk)).toBe(false)
    expect(calls).toEqual({ reloads: 0, versionAsks: 1 })
  })

  it('several chunks failing together ask the server once', async () => {
    const { browser, calls } = guardBrowser({ version: '1.0.0+b' })
    const guard = installChunkReloadGuard(browser as never, '1.0.0+a')
    const outcomes = await Promise.all([guard.reloadForChunkError(lostChunk), guard.reloadForChunkError(lostChunk)])
    expect(outcomes).toEqual([true, true])
    expect(calls).toEqual({ reloads: 1, versionAsks: 1 })
  })
})
