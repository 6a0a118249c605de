/**
 * The browser side of the notifications machine (SPEC.md §4 Notifications, Polling; §7; §9): its
 * HTTP calls over the endpoints, the window listener for focus and online, the SSE stream, the
 * `notifications_cache`, and system notifications for urgent ones.
 */
import { type ActorRefFrom, fromCallback, fromPromise } from 'xstate'
import {
  NOTIFICATIONS_CACHE_KEY,
  NOTIFICATIONS_CACHE_MAX_ITEMS,
  NOTIFICATIONS_CACHE_TTL_MS,
  isNotificationCategory,
  Notification,
  notificationActionHref,
} from '../../contract/notifications.ts'
import { type LocalizedText, localized } from '../../contract/messages.ts'
import { validate } from '../../contract/validate.ts'
import { type NotificationChange, readCacheEntry, toCacheEntry, wantsSystemNotification } from '../../machines/notifications/notifications.list.ts'
import { type NotificationsMachine, notificationsMachine } from '../../machines/notifications/notifications.machine.ts'
import { notificationsMessages } from '../../machines/notifications/notifications.messages.ts'
import { type LoadPageInput, type LoadViewInput, type NotificationsEvent, type UndoableAction } from '../../machines/notifications/notifications.types.ts'
import { heldRemoval } from '../../machines/notifications/notifications.changes.ts'
import { findSystemActor } from '../../machines/app/app.system.ts'
import { SystemId } from '../../machines/shared/system-ids.ts'
import type { ToastsMachine } from '../../machines/toasts/toasts.machine.ts'
import type { Endpoints } from '../api/endpoints.ts'
import type { EventTargetLike } from '../platform/window-events.ts'
import { readInboxTab, writeInboxTab } from '../platform/inbox-tab.ts'
import { domEventsActor } from './listeners.ts'
import { dropSentAtClose, firstReadSentAtClose, keepSentAtClose, withSentAtClose } from './notifications-closing.ts'
import { browserSessionStorage } from '../platform/stored.ts'

/**
 * `loadPage`: one page of the list (`{ page, limit }`, pages from 1), or the rows after `cursor`
 * when given. `sentAtClose` gives the changes a closing page of this tab sent moments ago
 * (./notifications-closing.ts; empty after the first call): they are laid over the page, so a
 * reload never lists again what the server has not yet deleted, archived or snoozed.
 */
export function loadNotificationsPage(api: Endpoints, sentAtClose: () => ReadonlyArray<NotificationChange> = () => []) {
  return fromPromise(async ({ input }: { input: LoadPageInput }) =>
    withSentAtClose(
      await (input.cursor === undefined ? api.notifications.list(input.page, input.limit) : api.notifications.listAfter(input.cursor, input.limit)),
      sentAtClose(),
    ),
  )
}

/** `loadView`: one page of a server view, narrowed to a category if given (`{ view, category?, page, limit }`), or the rows after `cursor`. */
export function loadNotificationsView(api: Endpoints) {
  return fromPromise(({ input }: { input: LoadViewInput }) =>
    input.cursor === undefined
      ? api.notifications.list(input.page, input.limit, input.view, input.category)
      : api.notifications.listAfter(input.cursor, input.limit, input.view, input.category),
  )
}

/** `loadCounts`: the tab counts. */
export function loadNotificationCounts(api: Endpoints) {
  return fromPromise(() => api.notifications.counts())
}

/**
 * `savedView`: on sign-in, the tab `person()` chose last (src/platform/inbox-tab.ts),
 * sent as `notifications.viewRestored`; nothing when none is kept.
 */
export function savedInboxTab(storage: Pick<Storage, 'getItem'>, person: () => string | null) {
  return fromCallback<NotificationsEvent>(({ sendBack }) => {
    const tab = readInboxTab(storage, person())
    if (tab !== null) sendBack({ type: 'notifications.viewRestored', filter: tab.filter, category: tab.category })
  })
}

/** Keeps each tab the person chooses (`notifications.viewChanged`) for them. Returns the unsubscribe. */
export function keepInboxTab(actor: ActorRefFrom<NotificationsMachine>, storage: Pick<Storage, 'setItem'>, person: () => string | null): () => void {
  const sub = actor.on('notifications.viewChanged', (e) =>
    writeInboxTab(storage, person(), { filter: e.filter, category: e.category !== null && isNotificationCategory(e.category) ? e.category : null }),
  )
  return () => sub.unsubscribe()
}

/**
 * `sendChange`: one optimistic change to the server. Delete-all is one DELETE per notification
 * (SPEC §7), all sent together; it fails if any of them fails, so the machine restores the list
 * and the next fetch shows what the server actually removed.
 */
export function sendNotificationChange(api: Endpoints) {
  return fromPromise(({ input }: { input: NotificationChange }) => sendChangeNow(api, input))
}

/**
 * Sends one change (see {@link sendNotificationChange}); resolves once the server took it, rejects
 * with its `ApiError`. `asPageCloses`: a change held for 'Undo' sent as the page goes, handed to
 * what outlives the page (src/platform/outliving.ts); it resolves once handed over.
 */
export async function sendChangeNow(api: Endpoints, input: NotificationChange, asPageCloses = false): Promise<void> {
  switch (input.kind) {
    case 'read':
      return api.notifications.markRead(input.id)
    case 'readAll':
      return api.notifications.markAllRead()
    case 'remove':
      return api.notifications.remove(input.id, asPageCloses)
    // The inbox's own changes (docs/api.md "The inbox").
    case 'unread':
      return api.notifications.markUnread(input.id)
    case 'archive':
      return api.notifications.archive(input.id, asPageCloses)
    case 'restore':
      return api.notifications.restore(input.id)
    case 'archiveRead':
      return api.notifications.archiveRead()
    case 'seen':
      return api.notifications.markSeen(input.before)
    case 'snooze':
      return api.notifications.snooze(input.id, input.until, asPageCloses)
    case 'unsnooze':
      return api.notifications.unsnooze(input.id)
    case 'removeAll': {
      const results = await Promise.allSettled(input.removed.map((n) => api.notifications.remove(n._id, asPageCloses)))
      const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected')
      if (failed) throw failed.reason
    }
  }
}

/** `windowListener`: `notifications.refresh` on window `focus` and on `online` (SPEC §4 Polling). */
export function notificationsWindowListener(win: EventTargetLike) {
  return domEventsActor<NotificationsEvent>(win, ['focus', 'online'], () => ({ type: 'notifications.refresh' }))
}

/** Wait before reopening a closed stream (ms): the token may need its refresh first. */
export const STREAM_RECONNECT_MS = 5_000

export interface StreamOptions {
  /** Absolute API base URL, e.g. `${location.origin}/api`. */
  readonly apiBaseUrl: string
  /**
   * A fresh single-use stream ticket for the current org (`POST .../stream-ticket`),
   * or null when nobody is signed in; rejects when it cannot be had (offline, 403).
   */
  readonly ticket: () => Promise<string | null>
  readonly EventSource?: typeof EventSource
}

/**
 * `pushListener`: `GET /api/common-services/notifications/stream` (docs/api.md) as an
 * EventSource; each `notification` event that decodes as a contract `Notification` becomes
 * `notifications.received`. EventSource sends no headers, so each connection first
 * asks for a single-use ticket with the bearer token and opens `?ticket=`: the access token never
 * travels in a URL. When the server closes the stream (token expiry, shutdown) or the ticket
 * cannot be had, a new ticket and stream follow after `STREAM_RECONNECT_MS`, and page 1 is
 * refreshed because events are not replayed. Without EventSource (tests, old browsers) it does
 * nothing: polling still runs.
 */
export function notificationsStream(options: StreamOptions) {
  return fromCallback<NotificationsEvent, { orgId: string }>(({ sendBack, input }) => {
    const Source = options.EventSource ?? globalThis.EventSource
    if (!Source || !input.orgId) return
    let source: EventSource | null = null
    let timer: ReturnType<typeof setTimeout> | undefined
    let opened = 0
    let stopped = false
    const reopenLater = () => {
      if (!stopped) timer = setTimeout(() => void open(), STREAM_RECONNECT_MS)
    }
    const open = async () => {
      let ticket: string | null
      try {
        ticket = await options.ticket()
      } catch {
        reopenLater()
        return
      }
      // Stopped while the ticket was on its way (signed out, switched org), or nobody signed in.
      if (stopped || !ticket) return
      // The ticket names the org; org_id only lets the server refuse a mismatch.
      const query = new URLSearchParams({ ticket, org_id: input.orgId })
      const es = new Source(`${options.apiBaseUrl}/common-services/notifications/stream?${query}`)
      source = es
      es.addEventListener('open', () => {
        // A reopened stream missed whatever was created meanwhile.
        if (opened++ > 0) sendBack({ type: 'notifications.refresh' })
      })
      es.addEventListener('notification', (e) => {
        let parsed: unknown
        try {
          parsed = JSON.parse((e as MessageEvent<string>).data)
        } catch {
          return
        }
        const result = validate(Notification, parsed)
        if (result.ok) sendBack({ type: 'notifications.received', notification: result.value })
      })
      es.addEventListener('error', () => {
        // EventSource retries on its own while CONNECTING, but its ticket is used up: close, and
        // reconnect with a new ticket. CLOSED (e.g. 401) needs a new URL all the same.
        es.close()
        reopenLater()
      })
    }
    void open()
    return () => {
      stopped = true
      clearTimeout(timer)
      source?.close()
    }
  })
}

/** Where the cache lives: `localStorage` in the browser. */
export type CacheStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>

/**
 * `cacheReader`: sends `notifications.cached` with the org's items from `notifications_cache` when
 * they are at most 5 min old (SPEC §9); unreadable or stale entries are ignored, and a failure is
 * logged only (SPEC §8 cache load).
 */
export function notificationsCacheReader(storage: CacheStorage, now: () => number) {
  return fromCallback<NotificationsEvent, { orgId: string }>(({ sendBack, input }) => {
    try {
      const raw = storage.getItem(NOTIFICATIONS_CACHE_KEY)
      const items = raw === null ? null : readCacheEntry(JSON.parse(raw), input.orgId, now(), NOTIFICATIONS_CACHE_TTL_MS)
      if (items && items.length > 0) sendBack({ type: 'notifications.cached', items })
    } catch (error) {
      console.warn('Could not load the cached notifications:', error)
    }
  })
}

/**
 * Keeps `notifications_cache` in step with the actor: the newest 50 (SPEC §9) of the signed-in
 * org's list, written whenever the list changes after page 1 has loaded, and removed when nobody
 * is signed in (the next person on this browser must not see them). Returns the unsubscribe.
 */
export function persistNotificationsCache(actor: ActorRefFrom<NotificationsMachine>, storage: CacheStorage, now: () => number): () => void {
  let last: unknown = null
  const sub = actor.subscribe((s) => {
    const { orgId, items, page } = s.context
    if (orgId === null) {
      if (last !== null) storage.removeItem(NOTIFICATIONS_CACHE_KEY)
      last = null
      return
    }
    if (page === 0 || items === last) return
    last = items
    try {
      storage.setItem(NOTIFICATIONS_CACHE_KEY, JSON.stringify(toCacheEntry(orgId, items, now(), NOTIFICATIONS_CACHE_MAX_ITEMS)))
    } catch (error) {
      console.warn('Could not save the notifications cache:', error)
    }
  })
  return () => sub.unsubscribe()
}

/** The page and the Notification API as far as system notifications need them. */
export interface SystemNotifications {
  readonly isHidden: () => boolean
  readonly permission: () => string
  readonly show: (title: string, options: { body: string; tag: string }, onClick: () => void) => void
}

/**
 * SPEC §4: for each urgent notification that arrives while the page is hidden and permission is
 * granted, a system notification; clicking it focuses the tab and goes to its safe action URL.
 * Returns the unsubscribe.
 */
export function showUrgentAsSystemNotifications(
  actor: ActorRefFrom<NotificationsMachine>,
  system: SystemNotifications,
  navigate: (to: string) => void,
): () => void {
  const sub = actor.on('notifications.arrived', (e) => {
    for (const n of e.notifications) {
      if (!wantsSystemNotification(n, { hidden: system.isHidden(), permission: system.permission() })) continue
      const href = notificationActionHref(n)
      system.show(n.title, { body: n.body, tag: n._id }, () => {
        if (href) navigate(href)
      })
    }
  })
  return () => sub.unsubscribe()
}

/** The browser's `SystemNotifications`, or null where the Notification API is missing. */
export function browserSystemNotifications(win: Window): SystemNotifications | null {
  // `Notification` here is the contract's schema; the DOM's is reached through globalThis's type.
  const Api = (win as Window & { Notification?: typeof globalThis.Notification }).Notification
  if (!Api) return null
  return {
    isHidden: () => win.document.visibilityState === 'hidden',
    permission: () => Api.permission,
    show: (title, options, onClick) => {
      const shown = new Api(title, options)
      shown.onclick = () => {
        win.focus()
        onClick()
        shown.close()
      }
    },
  }
}

/** A message between tabs on the `engage-notifications` channel. */
export type TabMessage = { readonly orgId: string; readonly change: NotificationChange } | { readonly orgId: string; readonly refresh: true }

/** The part of BroadcastChannel the sync uses. */
export interface TabChannel {
  postMessage(message: TabMessage): void
  addEventListener(type: 'message', listener: (e: MessageEvent<TabMessage>) => void): void
  removeEventListener(type: 'message', listener: (e: MessageEvent<TabMessage>) => void): void
}

/**
 * Cross-tab sync: each optimistic change this tab makes is mirrored by the other tabs of the same
 * org (`notifications.remoteChanged`, applied without sending it again); when a change fails here,
 * the others reload page 1 to drop what they mirrored. Returns the unsubscribe.
 */
export function syncNotificationsAcrossTabs(actor: ActorRefFrom<NotificationsMachine>, channel: TabChannel): () => void {
  const orgId = () => actor.getSnapshot().context.orgId
  const changed = actor.on('notifications.changed', (e) => {
    const org = orgId()
    if (org) channel.postMessage({ orgId: org, change: e.change })
  })
  const rolledBack = actor.on('notifications.rolledBack', () => {
    const org = orgId()
    if (org) channel.postMessage({ orgId: org, refresh: true })
  })
  const onMessage = (e: MessageEvent<TabMessage>) => {
    if (e.data.orgId !== orgId()) return
    actor.send('change' in e.data ? { type: 'notifications.remoteChanged', change: e.data.change } : { type: 'notifications.refresh' })
  }
  channel.addEventListener('message', onMessage)
  return () => {
    changed.unsubscribe()
    rolledBack.unsubscribe()
    channel.removeEventListener('message', onMessage)
  }
}

export interface NotificationsWiring {
  readonly api: Endpoints
  /** Absolute API base URL, for the stream. */
  readonly apiBaseUrl: string
  /** The token actor's current access token, or null. */
  readonly accessToken: () => string | null
  /** Clock (ms since the epoch). */
  readonly now: () => number
  /** The signed-in user's id (whose chosen tab is kept), or null. */
  readonly person: () => string | null
  /** The current workspace's id (x-org-id), or null: whose changes sent at close apply. Default: none apply. */
  readonly currentOrgId?: () => string | null
  /** The browser window; without one (tests) nothing is listened to, streamed or cached. */
  readonly window?: Window | undefined
}

/** The notifications machine with its HTTP actors and, given a window, its listener, stream and cache. */
export function browserNotifications({ api, apiBaseUrl, accessToken, now, person, currentOrgId = () => null, window: win }: NotificationsWiring) {
  // A ticket per connection, asked for with the bearer token; none when signed out.
  const streamTicket = async () => (accessToken() === null ? null : (await api.notifications.streamTicket()).ticket)
  return notificationsMachine.provide({
    actors: {
      loadPage: win ? loadNotificationsPage(api, firstReadSentAtClose(win, currentOrgId, now)) : loadNotificationsPage(api),
      loadView: loadNotificationsView(api),
      loadCounts: loadNotificationCounts(api),
      sendChange: sendNotificationChange(api),
      ...(win
        ? {
            windowListener: notificationsWindowListener(win),
            // Live pushes (docs/api.md stream), opened with a single-use ticket.
            pushListener: notificationsStream({ apiBaseUrl, ticket: streamTicket }),
            cacheReader: notificationsCacheReader(win.localStorage, now),
            savedView: savedInboxTab(win.localStorage, person),
          }
        : {}),
    },
  })
}

/** The text of the toast after a delete-all (the loaded notifications it took, SPEC §7). */
export function deletedAllText(count: number): LocalizedText {
  return localized(notificationsMessages.deleted, { count })
}

/** The label of the toast's button that takes a delete-all back. */
export const UNDO_LABEL: LocalizedText = localized(notificationsMessages.undo)

/**
 * After each delete-all, a toast ('20 notifications deleted') with 'Undo', which
 * sends `notifications.undoRemoveAll` to the notifications actor. The toast
 * lives as long as the undo window (both 5 s). Returns the unsubscribe.
 */
export function toastDeleteAllUndo(actor: ActorRefFrom<NotificationsMachine>, toasts: ActorRefFrom<ToastsMachine>): () => void {
  const sub = actor.on('notifications.removedAll', (e) =>
    toasts.send({
      type: 'toast.show',
      toastType: 'info',
      message: deletedAllText(e.count),
      action: { label: UNDO_LABEL, to: actor, event: { type: 'notifications.undoRemoveAll' } },
    }),
  )
  return () => sub.unsubscribe()
}

/** The text of the toast after an archive, delete or snooze with 'Undo' ('1 notification archived', '3 notifications snoozed'). */
export function heldText(action: UndoableAction, count: number): LocalizedText {
  const message = action === 'archive' ? notificationsMessages.archived : action === 'remove' ? notificationsMessages.deleted : notificationsMessages.snoozed
  return localized(message, { count })
}

/**
 * After each archive, delete or snooze held for 'Undo', a toast ('2 notifications archived')
 * whose 'Undo' sends `notifications.undo` for that hold. The toast lives as long as the hold's
 * window (both 5 s). Returns the unsubscribe.
 */
export function toastHoldUndo(actor: ActorRefFrom<NotificationsMachine>, toasts: ActorRefFrom<ToastsMachine>): () => void {
  const sub = actor.on('notifications.held', (e) => {
    const undo: NotificationsEvent = { type: 'notifications.undo', holdId: e.holdId }
    toasts.send({ type: 'toast.show', toastType: 'info', message: heldText(e.action, e.count), action: { label: UNDO_LABEL, to: actor, event: undo } })
  })
  return () => sub.unsubscribe()
}

/**
 * Nothing held for 'Undo' is lost when the page goes away: on `pagehide`, and when the page is
 * hidden (a phone may discard a background tab without a `pagehide`), every hold and a held
 * delete-all are sent at once by `send`, as requests that outlive the page, and the actor is told
 * (`notifications.holdsSent`) so it never sends them again. Returns the unsubscribe.
 */
export function sendHoldsWhenHidden(
  actor: ActorRefFrom<NotificationsMachine>,
  win: Pick<Window, 'addEventListener' | 'removeEventListener' | 'document'>,
  send: (change: NotificationChange) => Promise<void>,
  /** Told what was sent, for the next page of the tab (./notifications-closing.ts). */
  keep: (orgId: string, changes: ReadonlyArray<NotificationChange>) => void = () => {},
): () => void {
  const flush = () => {
    const { holds, held, orgId } = actor.getSnapshot().context
    const changes = [...(holds ?? []).flatMap((h) => h.changes), ...(held && held.length > 0 ? [heldRemoval(actor.getSnapshot().context)] : [])]
    if (changes.length === 0 || orgId === null) return
    for (const change of changes) void send(change).catch((error: unknown) => console.warn('Could not send a notification change as the page closed:', error))
    keep(orgId, changes)
    actor.send({ type: 'notifications.holdsSent' })
  }
  const onVisibility = () => {
    if (win.document.visibilityState === 'hidden') flush()
  }
  win.addEventListener('pagehide', flush)
  win.document.addEventListener('visibilitychange', onVisibility)
  return () => {
    win.removeEventListener('pagehide', flush)
    win.document.removeEventListener('visibilitychange', onVisibility)
  }
}

/**
 * What the running notifications actor needs beside its own actors, for the page's lifetime:
 * the SPEC §9 cache, the other tabs' changes (BroadcastChannel where the browser has it), SPEC
 * §4 system notifications for urgent ones while the tab is hidden, and the 'Undo'
 * toast after a delete-all and after an archive, delete or snooze, through the toasts actor of the
 * same system; given `api`, what is held for 'Undo' is sent as the page goes away. Same-origin paths open
 * through `navigate`; absolute http(s) URLs in a new tab.
 */
export function connectNotificationsToBrowser(
  actor: ActorRefFrom<NotificationsMachine>,
  win: Window,
  navigate: (to: string) => void,
  now: () => number,
  api?: Endpoints,
): void {
  persistNotificationsCache(actor, win.localStorage, now)
  const toasts = findSystemActor(actor.system, SystemId.toasts)
  if (toasts) {
    toastDeleteAllUndo(actor, toasts)
    toastHoldUndo(actor, toasts)
  }
  if (api)
    sendHoldsWhenHidden(
      actor,
      win,
      (change) => sendChangeNow(api, change, true),
      (orgId, changes) => keepSentAtClose(browserSessionStorage(win), orgId, changes, now()),
    )
  // Hidden, then shown again (or restored from the back-forward cache): this page stays the authority.
  win.document.addEventListener('visibilitychange', () => win.document.visibilityState === 'visible' && dropSentAtClose(browserSessionStorage(win)))
  win.addEventListener('pageshow', (event) => event.persisted && dropSentAtClose(browserSessionStorage(win)))
  if (typeof BroadcastChannel !== 'undefined') syncNotificationsAcrossTabs(actor, new BroadcastChannel('engage-notifications'))
  const systemNotifications = browserSystemNotifications(win)
  if (systemNotifications) {
    showUrgentAsSystemNotifications(actor, systemNotifications, (to) => (to.startsWith('/') ? navigate(to) : void win.open(to, '_blank', 'noopener')))
  }
}
