/**
 * The root of the actor system. It has no behaviour of its own: it starts the long-lived
 * actors of the session under well-known system ids so that machines and the router can
 * find each other (`system.get('auth')`), and it lives as long as the page.
 *
 * Order matters: `token` starts before `auth`, because auth's first verification makes an
 * API call that reads the token actor; `permissions`, `credits`, `workspaces` and `notifications` start after `auth`, which they follow.
 * `sidebar` depends on nothing: it starts from the saved state and width in the input.
 *
 * Later behaviours join here as invokes.
 */
import { setup } from 'xstate'
import { type AuthInput, authMachine } from '../auth/auth.machine.ts'
import { commandPaletteMachine } from '../commandPalette/commandPalette.machine.ts'
import { creditsMachine } from '../credits/credits.machine.ts'
import { notificationsMachine } from '../notifications/notifications.machine.ts'
import { permissionsMachine } from '../permissions/permissions.machine.ts'
import { DEFAULT_SIDEBAR_INPUT, type SidebarInput, sidebarMachine } from '../sidebar/sidebar.machine.ts'
import { toastsMachine } from '../toasts/toasts.machine.ts'
import { workspacesMachine } from '../workspaces/workspaces.machine.ts'
import { type VersionCheckInput, versionCheckMachine } from '../versionCheck/versionCheck.machine.ts'
import { NO_BROWSER_PUSH_INPUT, type PushPermissionInput, pushPermissionMachine } from '../pushPermission/pushPermission.machine.ts'
import { tokenMachine } from '../token/token.machine.ts'
import type { StoredTokens } from '../token/token.policy.ts'

export interface AppInput {
  readonly tokens: StoredTokens | null
  readonly auth: AuthInput
  /** The sidebar's saved state and the viewport width, read before the first render (SPEC §2.6); default expanded at 1280 px. */
  readonly sidebar?: SidebarInput
  /** The version check's start (SPEC §4 Version check); default: nothing seen, build unknown, online. */
  readonly version?: VersionCheckInput
  /** Browser push support, permission, device id and opt-out (SPEC §4 Push permission); default: no browser, push inactive. */
  readonly push?: PushPermissionInput
}

/** System ids of the root system's actors, for `system.get(...)`. */
export const SystemId = { auth: 'auth', token: 'token', permissions: 'permissions', credits: 'credits', workspaces: 'workspaces', notifications: 'notifications', sidebar: 'sidebar', toasts: 'toasts', versionCheck: 'versionCheck', push: 'push', commandPalette: 'commandPalette' } as const

export const appMachine = setup({
  types: {
    input: {} as AppInput,
    context: {} as AppInput,
  },
  actors: {
    token: tokenMachine,
    toasts: toastsMachine,
    auth: authMachine,
    permissions: permissionsMachine,
    credits: creditsMachine,
    workspaces: workspacesMachine,
    notifications: notificationsMachine,
    sidebar: sidebarMachine,
    versionCheck: versionCheckMachine,
    pushPermission: pushPermissionMachine,
    commandPalette: commandPaletteMachine,
  },
}).createMachine({
  id: 'app',
  context: ({ input }) => input,
  invoke: [
    { id: SystemId.token, systemId: SystemId.token, src: 'token', input: ({ context }) => ({ tokens: context.tokens }) },
    { id: SystemId.auth, systemId: SystemId.auth, src: 'auth', input: ({ context }) => context.auth },
    // After auth: it follows the auth actor from its first snapshot.
    { id: SystemId.permissions, systemId: SystemId.permissions, src: 'permissions' },
    // After auth too: the current org's credits summary (SPEC §7).
    { id: SystemId.credits, systemId: SystemId.credits, src: 'credits' },
    // After auth too: the signed-in user's workspace list and the switcher (SPEC §2.6, §4).
    { id: SystemId.workspaces, systemId: SystemId.workspaces, src: 'workspaces' },
    // After auth too: the current org's in-app notifications (SPEC §2.6, §4 Notifications, Polling).
    { id: SystemId.notifications, systemId: SystemId.notifications, src: 'notifications' },
    { id: SystemId.sidebar, systemId: SystemId.sidebar, src: 'sidebar', input: ({ context }) => context.sidebar ?? DEFAULT_SIDEBAR_INPUT },
    { id: SystemId.toasts, systemId: SystemId.toasts, src: 'toasts' },
    // Depends on nothing: checks /version.json at start, every 5 min, on focus and after route changes (SPEC §4).
    {
      id: SystemId.versionCheck,
      systemId: SystemId.versionCheck,
      src: 'versionCheck',
      input: ({ context }) => context.version ?? { seenVersion: null, buildVersion: null, online: true },
    },
    // After auth: browser push permission and this device's subscription (SPEC §3, §4 Push permission).
    { id: SystemId.push, systemId: SystemId.push, src: 'pushPermission', input: ({ context }) => context.push ?? NO_BROWSER_PUSH_INPUT },
    // Issue #18: Ctrl/Cmd+K; its commands reach the actors above (src/system/commandPalette.ts).
    { id: SystemId.commandPalette, systemId: SystemId.commandPalette, src: 'commandPalette', input: {} },
  ],
})

export type AppMachine = typeof appMachine
