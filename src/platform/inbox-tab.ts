/**
 * The notification tab a person chose last (tabs by category; the choice is kept per person), in
 * localStorage: one key per user id, `{ filter, category }` as JSON. A value that does
 * not decode (edited by hand, an older shape) reads as nothing kept. Kept per browser; the
 * decision is in docs/decisions.md.
 */
import { Schema } from 'effect'
import { NotificationCategories } from '../../contract/notification-categories.ts'
import { readStored } from './stored.ts'

/** The key prefix; the user id follows. */
export const INBOX_TAB_KEY_PREFIX = 'notifications_tab:'

/**
 * What is kept: the machine's `filter` and `category` (one of SPEC §3's categories, the only ones
 * the list can be narrowed to, or null for all).
 */
export const InboxTab = Schema.Struct({
  filter: Schema.Literals(['all', 'unread', 'archived', 'snoozed']),
  category: Schema.NullOr(Schema.Literals(NotificationCategories)),
})
export type InboxTab = typeof InboxTab.Type

/** The tab `person` chose last, or null for nobody, nothing kept, or a value that does not decode. */
export function readInboxTab(storage: Pick<Storage, 'getItem'>, person: string | null): InboxTab | null {
  return person === null ? null : readStored(storage, INBOX_TAB_KEY_PREFIX + person, InboxTab)
}

/** Keeps `tab` for `person`; nothing for nobody, and a full or disabled storage only forgets it. */
export function writeInboxTab(storage: Pick<Storage, 'setItem'>, person: string | null, tab: InboxTab): void {
  if (person === null) return
  try {
    storage.setItem(INBOX_TAB_KEY_PREFIX + person, JSON.stringify(tab))
  } catch {
    // storage full or disabled: the choice lasts as long as the page
  }
}
