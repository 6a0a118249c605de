/**
 * Cookie jar access for the stored tokens (SPEC.md §3: tokens live in secure, same-site lax
 * cookies). Written by script, so not HttpOnly: the access token must reach the
 * Authorization header (SPEC.md §7).
 */

export interface CookieJar {
  get(name: string): string | null
  set(name: string, value: string, maxAgeS: number): void
  remove(name: string): void
}

/**
 * The document's cookies. `Secure` is set whenever the page is a secure context: https, or
 * http on localhost/127.0.0.1, which browsers treat as secure and where they accept Secure
 * cookies.
 */
export function documentCookies(doc: Document = document): CookieJar {
  const secure = typeof window !== 'undefined' && window.isSecureContext ? '; Secure' : ''
  return {
    get(name) {
      const prefix = `${encodeURIComponent(name)}=`
      for (const part of doc.cookie.split(';')) {
        const trimmed = part.trim()
        if (trimmed.startsWith(prefix)) return decodeURIComponent(trimmed.slice(prefix.length))
      }
      return null
    },
    set(name, value, maxAgeS) {
      doc.cookie = `${encodeURIComponent(name)}=${encodeURIComponent(value)}; Path=/; Max-Age=${Math.floor(maxAgeS)}; SameSite=Lax${secure}`
    },
    remove(name) {
      doc.cookie = `${encodeURIComponent(name)}=; Path=/; Max-Age=0; SameSite=Lax${secure}`
    },
  }
}

/** An in-memory jar for tests and stories. */
export function memoryCookies(initial: Record<string, string> = {}): CookieJar {
  const jar = new Map(Object.entries(initial))
  return {
    get: (name) => jar.get(name) ?? null,
    set: (name, value) => void jar.set(name, value),
    remove: (name) => void jar.delete(name),
  }
}

/** An in-memory Web Storage for tests and stories (same surface as localStorage). */
export function memoryStorage(initial: Record<string, string> = {}): Storage {
  const map = new Map(Object.entries(initial))
  return {
    get length() {
      return map.size
    },
    clear: () => map.clear(),
    getItem: (key) => map.get(key) ?? null,
    key: (i) => [...map.keys()][i] ?? null,
    removeItem: (key) => void map.delete(key),
    setItem: (key, value) => void map.set(key, String(value)),
  }
}
