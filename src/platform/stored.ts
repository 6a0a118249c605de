/**
 * Values the app keeps in Web Storage as JSON (localStorage, or sessionStorage for this tab only):
 * read back through the value's Schema, since anything can be written there by hand or by an
 * older version of the app.
 */
import type { Schema } from 'effect'
import { validate } from '../../contract/validate.ts'

/**
 * The value under `key`, decoded with `schema`; null when there is none, it is not JSON, it does
 * not decode, or the storage cannot be read (disabled, absent).
 */
export function readStored<S extends Schema.ConstraintDecoder<unknown>>(storage: Pick<Storage, 'getItem'> | undefined, key: string, schema: S): S['Type'] | null {
  try {
    const raw = storage?.getItem(key)
    if (raw === null || raw === undefined) return null
    const decoded = validate(schema, JSON.parse(raw))
    return decoded.ok ? decoded.value : null
  } catch {
    return null
  }
}

/** The window's sessionStorage, or undefined where it cannot be reached (reading it throws where storage is disabled). */
export function browserSessionStorage(win: Pick<Window, 'sessionStorage'> | undefined = typeof window === 'undefined' ? undefined : window): Storage | undefined {
  try {
    return win?.sessionStorage
  } catch {
    return undefined
  }
}
