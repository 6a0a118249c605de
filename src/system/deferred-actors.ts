/**
 * The root system's deferred actors: `notifications` (SPEC §2.6, §4 Notifications,
 * Polling), `push` (SPEC §3, §4 Push permission) and `commandPalette`, with everything
 * of the browser they connect to: the notifications cache, other tabs, system notifications, the
 * tab title and app badge, the service worker (registered here, SPEC §7) and its messages, the
 * palette's shortcuts, items, commands and recent choices.
 *
 * This module is a chunk of its own: src/system/app-system.ts imports it when the signed-in shell
 * asks (`AppSystem.deferred.load()`), so no page's first load carries the three machines and the
 * sign-in page never loads them. `startDeferredActors` hands their logic to the root
 * (`app.deferredLoaded`, machines/app/app.machine.ts), which starts them as its children.
 */
import type { Actor, ActorRefFrom } from 'xstate'
import { pushPayloadMessages } from '../../contract/push.messages.ts'
import type { AppMachine } from '../../machines/app/app.machine.ts'
import { getSystemActor } from '../../machines/app/app.system.ts'
import type { CommandPaletteMachine } from '../../machines/commandPalette/commandPalette.machine.ts'
import type { NotificationsMachine } from '../../machines/notifications/notifications.machine.ts'
import { NO_BROWSER_PUSH_INPUT, type PushPermissionMachine, pushPermissionMachine } from '../../machines/pushPermission/pushPermission.machine.ts'
import { SystemId } from '../../machines/shared/system-ids.ts'
import { createTranslator } from '../i18n/translator.ts'
import { connectAttentionToBrowser } from './attention.ts'
import type { EarlyPaletteKeysActor } from './commandPalette-keys.ts'
import { type CommandTargets, browserCommandPalette, connectCommandPalette, pressReportBugButton, windowTheme } from './commandPalette.ts'
import { type NotificationsWiring, browserNotifications, connectNotificationsToBrowser, keepInboxTab } from './notifications.ts'
import { bridgeServiceWorkerMessages, browserPushPermission, readPushInput, registerServiceWorker } from './pushPermission.ts'

/** The deferred actors, once started (src/system/app-system.ts reads them from the root's system). */
export interface DeferredActors {
  readonly notifications: ActorRefFrom<NotificationsMachine>
  readonly push: ActorRefFrom<PushPermissionMachine>
  readonly commandPalette: ActorRefFrom<CommandPaletteMachine>
}

export interface DeferredWiring extends NotificationsWiring {
  /** Same-origin client-side navigation (the router's). */
  readonly navigate: (to: string) => void
  /**
   * The theme the command palette's 'Toggle theme' changes (src/platform/theme.ts controller);
   * without one it goes through the window's storage (`windowTheme`), which the controller follows.
   */
  readonly theme?: Pick<CommandTargets['theme'], 'preference' | 'setPreference'>
  /** The early listener whose kept key presses the palette takes over when it starts. */
  readonly paletteKeys?: Pick<EarlyPaletteKeysActor, 'send'>
}

/** The local test notification's words in the language `root`'s page speaks now. */
function testNotificationText(root: Actor<AppMachine>) {
  const { t } = createTranslator(getSystemActor(root.system, SystemId.language).getSnapshot().context.language)
  return { title: t(pushPayloadMessages.testTitle), body: t(pushPayloadMessages.testBody) }
}

/**
 * Starts `notifications`, `push` and `commandPalette` in `root`'s system (once: a second call does
 * nothing) and connects them to the window, if any (tests pass none: nothing is listened to or
 * registered). Returns what stops the palette following the system (the app system's `stop`).
 */
export function startDeferredActors(root: Actor<AppMachine>, wiring: DeferredWiring): () => void {
  if (root.getSnapshot().matches({ shell: 'complete' })) return () => {}
  const win = wiring.window
  const fallbackTheme = win ? windowTheme(win) : { preference: () => 'system' as const, setPreference: () => {}, prefersDark: () => false }
  root.send({
    type: 'app.deferredLoaded',
    actors: {
      notifications: browserNotifications(wiring),
      // Without a window the machine's input says there is no browser: push stays inactive.
      push: win ? browserPushPermission({ api: wiring.api, window: win, navigate: wiring.navigate, testText: () => testNotificationText(root) }) : pushPermissionMachine,
      pushInput: win ? readPushInput(win) : NO_BROWSER_PUSH_INPUT,
      // Its commands and items reach the other actors through the system, looked up when needed.
      commandPalette: browserCommandPalette({
        ...(win ? { window: win, storage: win.localStorage } : {}),
        ...(wiring.paletteKeys ? { earlyKeys: wiring.paletteKeys } : {}),
        itemActors: () => ({
          auth: getSystemActor(root.system, SystemId.auth),
          permissions: getSystemActor(root.system, SystemId.permissions),
          workspaces: getSystemActor(root.system, SystemId.workspaces),
          notifications: getSystemActor(root.system, SystemId.notifications),
        }),
        targets: (): CommandTargets => ({
          navigate: wiring.navigate,
          workspaces: getSystemActor(root.system, SystemId.workspaces),
          notifications: getSystemActor(root.system, SystemId.notifications),
          sidebar: getSystemActor(root.system, SystemId.sidebar),
          theme: wiring.theme ? { ...fallbackTheme, ...wiring.theme } : fallbackTheme,
          openBugReport: () => win && pressReportBugButton(win.document),
        }),
      }),
    },
  })
  const notifications = getSystemActor(root.system, SystemId.notifications)
  const push = getSystemActor(root.system, SystemId.push)
  const stopPalette = connectCommandPalette(getSystemActor(root.system, SystemId.commandPalette), {
    auth: getSystemActor(root.system, SystemId.auth),
    workspaces: getSystemActor(root.system, SystemId.workspaces),
    ...(win ? { storage: win.localStorage } : {}),
  })
  if (win) {
    connectNotificationsToBrowser(notifications, win, wiring.navigate, wiring.now, wiring.api)
    keepInboxTab(notifications, win.localStorage, wiring.person)
    // The unread count in the tab title and on the app icon; the urgent chime when chosen.
    connectAttentionToBrowser(notifications, win)
    // SPEC §7: the service worker at /sw.js, scope / (failures logged only); its pushes, clicks and subscription changes reach the app.
    void registerServiceWorker(win.navigator)
    bridgeServiceWorkerMessages(win.navigator, { notifications, push, navigate: wiring.navigate, now: wiring.now })
  }
  return stopPalette
}
