/**
 * The notifications machine's context, events, emitted events, actor inputs and constants
 * (SPEC.md §3 Notification, §4 Notifications and Polling, §9): what its callers, its region modules
 * and its tests share. notifications.machine.ts re-exports them.
 */
import type { Notification, NotificationCounts, NotificationView } from '../../contract/notifications.ts'
import type { NotificationChange, NotificationFilter } from './notifications.list.ts'

/** SPEC §8: stored when a fetch fails without a message of its own. */
export const FETCH_FAILED_MESSAGE = 'Failed to fetch notifications'

/** The page size of the Archived and Snoozed views and of a category tab. */
export const VIEW_PAGE_SIZE = 20

/** How long after a change the tab counts are fetched (ms): a burst of changes costs one fetch. */
export const COUNTS_DEBOUNCE_MS = 300

/**
 * How long a delete-all can be undone (ms) before it is sent. The same as the toast
 * lifetime (SPEC §9: 5000 ms), so the 'Undo' toast lasts exactly as long as the window.
 */
export const DELETE_ALL_UNDO_MS = 5000

/**
 * How long an archive, delete or snooze can be undone (ms) before it is sent: the toast's
 * lifetime (SPEC §9: 5000 ms), so 'Undo' is on screen for the whole window.
 */
export const UNDO_WINDOW_MS = 5000

/** The row actions that take notifications out of the list with a window to undo them. */
export type UndoableAction = 'archive' | 'remove' | 'snooze'

/**
 * One archive, delete or snooze of one or more notifications, shown at once but not sent
 * until its window lapses (or the page is hidden). `changes` are applied on top of `pending`.
 */
export interface Hold {
  /** `hold-<n>`, unique within the actor. */
  readonly id: string
  readonly action: UndoableAction
  readonly changes: ReadonlyArray<NotificationChange>
}

export interface NotificationsContext {
  /** The org whose notifications are shown, or null when signed out. */
  readonly orgId: string | null
  /** Loaded notifications, newest first, with pending changes applied: what the person sees (`applyChanges(base, pending)`). */
  readonly items: ReadonlyArray<Notification>
  /**
   * The server's list as this tab knows it (fetched pages, pushes, confirmed changes), newest
   * first; `items` is this with `pending` applied. Absent in snapshots built by hand (stories,
   * view tests): `items` then stands for it.
   */
  readonly base?: ReadonlyArray<Notification>
  /** Whether the server has a page after `page`. */
  readonly hasMore: boolean
  /** The last page loaded (pages start at 1; 0 before the first answer). */
  readonly page: number
  /**
   * The last inbox page's `next_cursor`: 'Load more' asks for the rows after it (keyset, so rows
   * that arrive meanwhile shift nothing). Null or absent when the server sent none (a SPEC §7
   * server): 'Load more' then asks for `page + 1`.
   */
  readonly cursor?: string | null
  readonly filter: NotificationFilter
  /**
   * The category tab chosen over the inbox (SPEC §3 category, e.g. `message`), or null
   * for every category. Ignored by the Archived and Snoozed views. Optional so snapshots built by
   * hand stay valid.
   */
  readonly category?: string | null
  /** The last page loaded of the view the `view` region shows (0 before its first answer). */
  readonly viewPage?: number
  /** Whether that view has a page after `viewPage`. */
  readonly viewHasMore?: boolean
  /** That view's last page's `next_cursor` (null or absent: page numbers, as `cursor`). */
  readonly viewCursor?: string | null
  /** The tab counts (`GET …/counts`), or null before the first answer. */
  readonly counts?: NotificationCounts | null
  /** SPEC §8: the last fetch failure's message, cleared by the next successful fetch. */
  readonly error: string | null
  /** SPEC §4: set when unread exist or new ones arrive; cleared by `notifications.seen`. */
  readonly hasNew: boolean
  /** Unread notifications the server counts beyond the loaded pages (never negative). */
  readonly unreadBeyond: number
  /**
   * The server's unread count was at its cap (contract `NOTIFICATION_COUNT_CAP`: 100 means 100
   * or more), so `unreadBeyond` is a floor: the unread count is shown as '99+' until an exact
   * count comes (the tab counts after a change, page 1 again, or 'Mark all read'). Optional so
   * snapshots built by hand stay valid (absent: exact).
   */
  readonly unreadCapped?: boolean
  /**
   * Unseen inbox notifications the server counts beyond the loaded pages (never
   * negative; from `unseen_count`). Optional so snapshots built by hand stay valid.
   */
  readonly unseenBeyond?: number
  /** Optimistic changes not yet confirmed, oldest first; the first is being sent. */
  readonly pending: ReadonlyArray<NotificationChange>
  /** Changes confirmed since the current fetch started (reapplied to its answer). */
  readonly settledDuringFetch: ReadonlyArray<NotificationChange>
  /**
   * Changes confirmed since the current fetch of the `view` region started (reapplied
   * to its answer); null while none is in flight. Optional so snapshots built by hand stay valid.
   */
  readonly settledDuringViewFetch?: ReadonlyArray<NotificationChange> | null
  /**
   * The items a delete-all hides while it can still be undone (as they were when
   * hidden), or null. They stay in `items`; the selectors leave them out.
   */
  readonly held: ReadonlyArray<Notification> | null
  /**
   * Archives, deletes and snoozes shown but not sent yet, oldest first: `items` is
   * `base` with `pending` and then these applied. Optional so snapshots built by hand stay valid.
   */
  readonly holds?: ReadonlyArray<Hold>
  /** The number the next hold's id gets (kept across sign-outs, so a lapse scheduled before one never matches a later hold). */
  readonly nextHold?: number
}

/** The context of a signed-out machine, or of one just signed in to an org: nothing loaded. */
export const EMPTY_LIST = {
  items: [],
  base: [],
  hasMore: false,
  page: 0,
  cursor: null,
  error: null,
  hasNew: false,
  unreadBeyond: 0,
  unreadCapped: false,
  unseenBeyond: 0,
  pending: [],
  settledDuringFetch: [],
  settledDuringViewFetch: null,
  held: null,
  holds: [],
  viewPage: 0,
  viewHasMore: false,
  viewCursor: null,
  counts: null,
} as const satisfies Omit<NotificationsContext, 'orgId' | 'filter'>

/** The actions a notification's row offers, each an event naming one notification (`notifications.<action>`). */
export type ItemAction = 'markRead' | 'markUnread' | 'archive' | 'restore' | 'remove' | 'snooze' | 'unsnooze'

export type NotificationsEvent =
  | { type: 'auth.changed'; orgId: string | null }
  /** From the window listener: focus or online (SPEC §4 Polling): reload page 1. */
  | { type: 'notifications.refresh' }
  /** A push delivered in-app (SSE, service worker, another tab). */
  | { type: 'notifications.received'; notification: Notification }
  | { type: 'notifications.loadMore' }
  | { type: 'notifications.filter'; filter: NotificationFilter }
  /** A category tab over the inbox (null: every category). */
  | { type: 'notifications.category'; category: string | null }
  /** From `savedView` on sign-in: the tab this person chose last time. */
  | { type: 'notifications.viewRestored'; filter: NotificationFilter; category: string | null }
  /** Out of the inbox until `until` (ISO 8601, ahead of now), unread when it comes back. */
  | { type: 'notifications.snooze'; id: string; until: string }
  /** A snoozed one back in the inbox now. */
  | { type: 'notifications.unsnooze'; id: string }
  /** The tab counts may have changed (raised by the machine; fetched after a short wait). */
  | { type: 'notifications.countsStale' }
  | { type: 'notifications.markRead'; id: string }
  | { type: 'notifications.markAllRead' }
  | { type: 'notifications.remove'; id: string }
  /** A read inbox item becomes unread again (it stays seen). */
  | { type: 'notifications.markUnread'; id: string }
  /** An inbox item leaves the inbox for the Archived view. */
  | { type: 'notifications.archive'; id: string }
  /** An archived item goes back to the inbox, its read state as it was. */
  | { type: 'notifications.restore'; id: string }
  /** Every read inbox item is archived ('Archive all read'). */
  | { type: 'notifications.archiveRead' }
  /** Hides the visible list; sent as a delete-all once the undo window lapses. */
  | { type: 'notifications.removeAll' }
  /** Within the undo window: the held delete-all is dropped and the list shows again. */
  | { type: 'notifications.undoRemoveAll' }
  /** The person has looked at the panel: the new-notification flag goes down. */
  | { type: 'notifications.seen' }
  /** From another tab of this org (BroadcastChannel): a change it made and sends itself; applied here only. */
  | { type: 'notifications.remoteChanged'; change: NotificationChange }
  /** From `cacheReader`: this org's cached items, still fresh (shown until page 1 answers). */
  | { type: 'notifications.cached'; items: ReadonlyArray<Notification> }
  /**
   * One row action on several notifications (a closed group's row acts on the whole group): the
   * same as the single-item event sent for each id, in order, each through its own guard.
   */
  | { type: 'notifications.applyToEach'; action: Exclude<ItemAction, 'snooze'>; ids: ReadonlyArray<string> }
  | { type: 'notifications.applyToEach'; action: 'snooze'; ids: ReadonlyArray<string>; until: string }
  /**
   * Archive, delete or snooze one or more notifications with a window to take it back: shown at
   * once, sent when `UNDO_WINDOW_MS` lapses (each id through its own guard; ids it does not apply to are skipped).
   */
  | { type: 'notifications.applyWithUndo'; action: 'archive' | 'remove'; ids: ReadonlyArray<string> }
  | { type: 'notifications.applyWithUndo'; action: 'snooze'; ids: ReadonlyArray<string>; until: string }
  /** 'Undo' on a hold's toast: its changes are dropped unsent and the list is as it was. */
  | { type: 'notifications.undo'; holdId: string }
  /** A hold's window lapsed (raised by the machine): its changes are sent like any other. */
  | { type: 'notifications.holdLapsed'; holdId: string }
  /**
   * The page is being hidden or closed: the browser side has sent every hold and a held
   * delete-all itself (requests that outlive the page); they count as the server's now.
   */
  | { type: 'notifications.holdsSent' }

export type NotificationsEmitted =
  /** A change failed and was rolled back (restored, or the list re-fetched). */
  | { type: 'notifications.rolledBack'; change: NotificationChange; message: string }
  /** An optimistic change this tab made (for other tabs to mirror). */
  | { type: 'notifications.changed'; change: NotificationChange }
  /** Notifications new to this tab (poll or push): the system-notification layer may show urgent ones. */
  | { type: 'notifications.arrived'; notifications: ReadonlyArray<Notification> }
  /** A delete-all hid `count` notifications; `notifications.undoRemoveAll` within `DELETE_ALL_UNDO_MS` brings them back. */
  | { type: 'notifications.removedAll'; count: number }
  /** An archive, delete or snooze of `count` notifications is shown; `notifications.undo` with `holdId` within `UNDO_WINDOW_MS` takes it back. */
  | { type: 'notifications.held'; holdId: string; action: UndoableAction; count: number }
  /** The person chose another tab (kept for them by src/system). */
  | { type: 'notifications.viewChanged'; filter: NotificationFilter; category: string | null }

/**
 * Input of `loadPage`: SPEC §5 paging, page ≥ 1; with `cursor` (a page's `next_cursor`) the
 * rows after it instead, `page` then only saying which page that is.
 */
export interface LoadPageInput {
  readonly page: number
  readonly limit: number
  readonly cursor?: string
}

/** Input of `loadView`: a server view (and category) and its page. */
export interface LoadViewInput extends LoadPageInput {
  readonly view: NotificationView
  readonly category?: string
}
