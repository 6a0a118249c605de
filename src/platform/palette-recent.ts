/**
 * The command palette's recent choices in localStorage ("recent choices first", kept
 * per person): one key per user id, a JSON array of item ids, newest first. A value that does not
 * decode (edited by hand, an older shape) reads as no recent choices. Not among the keys the
 * version update keeps (SPEC §4 Version check): after an update the list starts again.
 */
import { Schema } from 'effect'
import { readStored } from './stored.ts'

/** The key prefix; the user id follows. */
export const PALETTE_RECENT_KEY_PREFIX = 'command_palette_recent:'

const StoredRecent = Schema.Array(Schema.String)

/** The stored recent item ids of `person` (newest first); empty for nobody, nothing stored, or a value that does not decode. */
export function readPaletteRecent(storage: Pick<Storage, 'getItem'>, person: string | null): string[] {
  const recent = person === null ? null : readStored(storage, PALETTE_RECENT_KEY_PREFIX + person, StoredRecent)
  return recent === null ? [] : [...recent]
}

/** Stores `recent` for `person`; nothing for nobody, and a full or disabled storage only loses the list. */
export function writePaletteRecent(storage: Pick<Storage, 'setItem'>, person: string | null, recent: ReadonlyArray<string>): void {
  if (person === null) return
  try {
    storage.setItem(PALETTE_RECENT_KEY_PREFIX + person, JSON.stringify(recent))
  } catch {
    // storage full or disabled: the list lasts as long as the page
  }
}
