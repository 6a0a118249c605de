/**
 * Attention outside the page: the notifications actor's unread count in the tab title
 * ("(3) Overview · Engage", nothing while signed out or with none unread), the same count on the
 * app icon where the Badging API exists, and, when this browser chose it, a chime for each urgent
 * notification that arrives live (stream or poll), at most one per 10 s.
 *
 * Plain functions, not a machine (docs/decisions.md): the title and badge are derived from the
 * count, the preference is one stored boolean and the throttle one timestamp. The count is read
 * only through the notifications selectors, so it follows whatever the machine counts.
 */
import type { ActorRefFrom } from 'xstate'
import type { NotificationsMachine } from '../../machines/notifications/notifications.machine.ts'
import { badgeText, selectUnreadCount, selectUnreadIsFloor } from '../../machines/notifications/notifications.counts.ts'
import type { Notification } from '../../contract/notifications.ts'
import { documentTitleController, type TitleController } from '../platform/title.ts'
import { type PreferenceStorage, playChime, readUrgentSound, windowAudioContext } from '../platform/urgent-sound.ts'

/** Never more than one sound per 10 s (ms). */
export const URGENT_SOUND_INTERVAL_MS = 10_000

/**
 * The tab title's prefix for an unread count: '' for none, else "(3) ". Capped like the bell's
 * badge (SPEC §2.6 '99+'), so the tab and the bell say the same: "(99+) ".
 */
export function titlePrefix(count: number): string {
  const text = badgeText(count)
  return text === '' ? '' : `(${text}) `
}

/** The Badging API as far as the badge needs it (`navigator` in the browser). */
export interface BadgeNavigator {
  setAppBadge?: (contents?: number) => Promise<void>
  clearAppBadge?: () => Promise<void>
}

/**
 * Shows `count` on the app icon (the real number: the platform draws it) or clears it at 0, where
 * the Badging API exists; elsewhere, and on any failure (not installed, refused), nothing. A
 * `floor` count (the server stopped counting at 100) shows the plain mark without a number, so the
 * icon never claims an exact count nobody knows.
 */
export function setAppBadge(nav: BadgeNavigator | null | undefined, count: number, floor = false): void {
  try {
    const pending = count > 0 ? (floor ? nav?.setAppBadge?.call(nav) : nav?.setAppBadge?.call(nav, count)) : nav?.clearAppBadge?.call(nav)
    void pending?.catch(() => {})
  } catch {
    // A browser that throws instead of rejecting: no badge.
  }
}

/**
 * A throttle: `allow()` is true at most once per `intervalMs` of `now()` (ms), counted from the
 * last time it said true.
 */
export function createThrottle(intervalMs: number, now: () => number): { allow(): boolean } {
  let last: number | null = null
  return {
    allow() {
      const t = now()
      if (last !== null && t - last < intervalMs) return false
      last = t
      return true
    },
  }
}

/** Whether a batch that arrived live holds an urgent notification. */
export function hasUrgent(notifications: ReadonlyArray<Pick<Notification, 'priority'>>): boolean {
  return notifications.some((n) => n.priority === 'urgent')
}

export interface AttentionOptions {
  /** The tab title's controller; null leaves the title alone. */
  readonly title: TitleController | null
  readonly navigator?: BadgeNavigator | null
  /** Where the sound preference is read, on each arrival (the settings page may change it). */
  readonly storage?: PreferenceStorage | null
  /** Plays the chime; its failures are its own to ignore. */
  readonly play: () => void
  /** Clock (ms). */
  readonly now: () => number
}

/**
 * Keeps the title prefix and the app badge on the actor's unread count (only when it changes) and
 * chimes for urgent arrivals while the preference is on. Signed out, the actor holds no items,
 * so the count is 0: no prefix, no badge. Returns the unsubscribe (which also clears both).
 */
export function connectAttention(actor: ActorRefFrom<NotificationsMachine>, options: AttentionOptions): () => void {
  let shown: string | null = null
  const follow = (count: number, floor = false) => {
    const key = `${count}${floor ? '+' : ''}`
    if (key === shown) return
    shown = key
    options.title?.setPrefix(titlePrefix(count))
    setAppBadge(options.navigator, count, floor)
  }
  const followSnapshot = (s: ReturnType<typeof actor.getSnapshot>) => follow(selectUnreadCount(s), selectUnreadIsFloor(s))
  followSnapshot(actor.getSnapshot())
  const sub = actor.subscribe(followSnapshot)
  const throttle = createThrottle(URGENT_SOUND_INTERVAL_MS, options.now)
  const arrived = actor.on('notifications.arrived', (e) => {
    // The throttle is asked last, so an arrival that plays nothing does not use up the window.
    if (hasUrgent(e.notifications) && readUrgentSound(options.storage) && throttle.allow()) options.play()
  })
  return () => {
    sub.unsubscribe()
    arrived.unsubscribe()
    follow(0)
  }
}

/** `connectAttention` for this window: its document's title, its navigator, its localStorage and Web Audio. */
export function connectAttentionToBrowser(actor: ActorRefFrom<NotificationsMachine>, win: Window, now: () => number = Date.now): () => void {
  let storage: PreferenceStorage | null = null
  try {
    storage = win.localStorage
  } catch {
    // Storage blocked: the sound stays off.
  }
  const audio = windowAudioContext(win)
  return connectAttention(actor, { title: documentTitleController(), navigator: win.navigator as BadgeNavigator, storage, play: () => playChime(audio), now })
}
