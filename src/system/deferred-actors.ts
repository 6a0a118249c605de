/**
 * The root system's deferred actors (issue #21): `notifications` (SPEC §2.6, §4 Notifications,
 * Polling) and `push` (SPEC §3, §4 Push permission), with everything of the browser they connect
 * to: the notifications cache, other tabs, system notifications, the tab title and app badge, the
 * service worker (registered here, SPEC §7) and its messages.
 *
 * This module is a chunk of its own: src/system/app-system.ts imports it when the signed-in shell
 * asks (`AppSystem.deferred.load()`), so no page's first load carries the two machines and the
 * sign-in page never loads them. `startDeferredActors` hands their logic to the root
 * (`app.deferredLoaded`, machines/app/app.machine.ts), which starts them as its children.
 */
import type { Actor, ActorRefFrom } from 'xstate'
import { type AppMachine, SystemId } from '../../machines/app/app.machine.ts'
import type { NotificationsMachine } from '../../machines/notifications/notifications.machine.ts'
import { NO_BROWSER_PUSH_INPUT, type PushPermissionMachine, pushPermissionMachine } from '../../machines/pushPermission/pushPermission.machine.ts'
import { connectAttentionToBrowser } from './attention.ts'
import { type NotificationsWiring, browserNotifications, connectNotificationsToBrowser, keepInboxTab } from './notifications.ts'
import { bridgeServiceWorkerMessages, browserPushPermission, readPushInput, registerServiceWorker } from './pushPermission.ts'

/** The deferred actors, once started (src/system/app-system.ts reads them from the root's system). */
export interface DeferredActors {
  readonly notifications: ActorRefFrom<NotificationsMachine>
  readonly push: ActorRefFrom<PushPermissionMachine>
}

export interface DeferredWiring extends NotificationsWiring {
  /** Same-origin client-side navigation (the router's). */
  readonly navigate: (to: string) => void
}

/**
 * Starts `notifications` and `push` in `root`'s system (once: the root ignores a second start) and
 * connects them to the window, if any (tests pass none: nothing is listened to or registered).
 */
export function startDeferredActors(root: Actor<AppMachine>, wiring: DeferredWiring): void {
  const win = wiring.window
  root.send({
    type: 'app.deferredLoaded',
    actors: {
      notifications: browserNotifications(wiring),
      // Without a window the machine's input says there is no browser: push stays inactive.
      push: win ? browserPushPermission({ api: wiring.api, window: win, navigate: wiring.navigate }) : pushPermissionMachine,
      pushInput: win ? readPushInput(win) : NO_BROWSER_PUSH_INPUT,
    },
  })
  const notifications = root.system.get(SystemId.notifications) as ActorRefFrom<NotificationsMachine>
  const push = root.system.get(SystemId.push) as ActorRefFrom<PushPermissionMachine>
  if (win) {
    connectNotificationsToBrowser(notifications, win, wiring.navigate, wiring.now)
    keepInboxTab(notifications, win.localStorage, wiring.person)
    // Issue #18: the unread count in the tab title and on the app icon; the urgent chime when chosen.
    connectAttentionToBrowser(notifications, win)
    // SPEC §7: the service worker at /sw.js, scope / (failures logged only); its pushes, clicks and subscription changes reach the app.
    void registerServiceWorker(win.navigator)
    bridgeServiceWorkerMessages(win.navigator, { notifications, push, navigate: wiring.navigate, now: wiring.now })
  }
}
