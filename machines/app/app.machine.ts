/**
 * The root of the actor system. It has no behaviour of its own: it starts the long-lived
 * actors of the session under well-known system ids so that machines and the router can
 * find each other (`getSystemActor(system, SystemId.auth)`, machines/shared/system-ids.ts), and it
 * lives as long as the page.
 *
 * Order matters: `token` starts before `auth`, because auth's first verification makes an
 * API call that reads the token actor. `sidebar` depends on nothing: it starts from the saved state
 * and width in the input; `language` neither: it starts from the language the first render speaks,
 * loaded before it.
 *
 * Four regions, each starting actors the first load does not carry; the events carry
 * their logic as the browser provides it, so this file imports none of their machines (types only):
 * - `signedIn`: `waiting`, then `running` with `permissions`, `credits` and `workspaces` once a
 *   session exists or is being checked (`app.signedInLoaded`, src/system/signed-in-actors.ts), so
 *   the sign-in page never carries them. They follow `auth` from their first snapshot.
 * - `shell`: `core` runs the actors every page needs from the first render; `complete` adds
 *   `notifications`, `push` and `commandPalette`, which the signed-in shell starts once it is on
 *   screen (`app.deferredLoaded`, src/system/deferred-actors.ts). They follow `auth` from their
 *   first snapshot, as the others do, so starting late misses nothing; a palette shortcut pressed
 *   before then is kept by the system's early listener (src/system/commandPalette-keys.ts).
 * - `versionCheck`: `waiting`, then `running` once the first page is up (`app.versionCheckLoaded`,
 *   src/system/versionCheck.ts): the check (SPEC §4) runs on every page, public ones included, and
 *   its first look at /version.json can wait for the page.
 * - `reverification`: `waiting`, then `running` once a call is first answered 403
 *   `reverification_required` (`app.reverificationLoaded`, src/system/reverification-host.ts): 'Confirm
 *   it's you' is needed only when a guarded change is refused, so no page's first load carries it.
 *
 * Later behaviours join here as invokes.
 */
import { type ActorLogicFrom, enqueueActions, setup } from 'xstate'
import { type AuthInput, authMachine } from '../auth/auth.machine.ts'
import type { CommandPaletteMachine } from '../commandPalette/commandPalette.machine.ts'
import type { CreditsMachine } from '../credits/credits.machine.ts'
import type { NotificationsMachine } from '../notifications/notifications.machine.ts'
import type { PermissionsMachine } from '../permissions/permissions.machine.ts'
import type { ReverificationInput, ReverificationMachine } from '../reverification/reverification.machine.ts'
import { SystemId } from '../shared/system-ids.ts'
import { DEFAULT_SIDEBAR_INPUT, type SidebarInput, sidebarMachine } from '../sidebar/sidebar.machine.ts'
import { toastsMachine } from '../toasts/toasts.machine.ts'
import { DEFAULT_LANGUAGE_INPUT, type LanguageInput, languageMachine } from '../language/language.machine.ts'
import type { WorkspacesMachine } from '../workspaces/workspaces.machine.ts'
import type { VersionCheckInput, VersionCheckMachine } from '../versionCheck/versionCheck.machine.ts'
import type { PushPermissionInput, PushPermissionMachine } from '../pushPermission/pushPermission.machine.ts'
import { tokenMachine } from '../token/token.machine.ts'
import type { StoredTokens } from '../token/token.policy.ts'

export interface AppInput {
  readonly tokens: StoredTokens | null
  readonly auth: AuthInput
  /** The sidebar's saved state and the viewport width, read before the first render (SPEC §2.6); default expanded at 1280 px. */
  readonly sidebar?: SidebarInput
  /** Whether this browser can prompt for a passkey, for 'Confirm it's you'; default no. */
  readonly reverification?: ReverificationInput
  /** The language the first render speaks, already loaded; default English. */
  readonly language?: LanguageInput
}

/** What `app.deferredLoaded` carries: the deferred actors' logic, provided by the browser side, and push's start. */
export interface DeferredActorLogic {
  /** The notifications machine (SPEC §2.6, §4 Notifications, Polling) with its calls, stream and storage. */
  readonly notifications: ActorLogicFrom<NotificationsMachine>
  /** The push permission machine (SPEC §3, §4 Push permission) with this browser's push and service worker. */
  readonly push: ActorLogicFrom<PushPermissionMachine>
  /** Browser push support, permission, device id and opt-out, read when the chunk starts them. */
  readonly pushInput: PushPermissionInput
  /**
   * The command palette and the keyboard shortcuts help, with its listener and the
   * actors its commands reach: only the signed-in shell draws it, so it starts with the shell.
   */
  readonly commandPalette: ActorLogicFrom<CommandPaletteMachine>
}

/** What `app.signedInLoaded` carries: the signed-in system's logic, provided by the browser side with its calls. */
export interface SignedInActorLogic {
  /** The permissions machine (SPEC §4 Permissions list, §6). */
  readonly permissions: ActorLogicFrom<PermissionsMachine>
  /** The current org's credits summary (SPEC §3, §7). */
  readonly credits: ActorLogicFrom<CreditsMachine>
  /** The signed-in user's workspace list and the switcher (SPEC §2.6, §4). */
  readonly workspaces: ActorLogicFrom<WorkspacesMachine>
}

/** What `app.versionCheckLoaded` carries: the version check's logic and its start. */
export interface VersionCheckLogic {
  /** The version check machine (SPEC §4 Version check) with its fetch, listeners and storage. */
  readonly logic: ActorLogicFrom<VersionCheckMachine>
  /** Its start: the last seen version, this build's, and whether online, read when it loads. */
  readonly input: VersionCheckInput
}

/** What `app.reverificationLoaded` carries: the reverification machine with its calls and the passkey prompt. */
export interface ReverificationLogic {
  /** The reverification machine ('Confirm it's you', machines/reverification) as src/system/reverification.ts provides it. */
  readonly logic: ActorLogicFrom<ReverificationMachine>
}

export type AppEvent =
  | { readonly type: 'app.signedInLoaded'; readonly actors: SignedInActorLogic }
  | { readonly type: 'app.deferredLoaded'; readonly actors: DeferredActorLogic }
  | { readonly type: 'app.versionCheckLoaded'; readonly versionCheck: VersionCheckLogic }
  | { readonly type: 'app.reverificationLoaded'; readonly reverification: ReverificationLogic }

/**
 * A deferred child's options: its system id, and the same child id (the children map is keyed by
 * it; without one both children would share the key `undefined`). XState's types allow an
 * explicit id only for the sources named in `actors`; the runtime takes it for any logic.
 */
const childOptions = (id: string) => ({ id, systemId: id }) as { systemId: string }

export const appMachine = setup({
  types: {
    input: {} as AppInput,
    context: {} as AppInput,
    events: {} as AppEvent,
  },
  actors: {
    token: tokenMachine,
    toasts: toastsMachine,
    auth: authMachine,
    sidebar: sidebarMachine,
    language: languageMachine,
  },
  actions: {
    /** Starts permissions, credits and workspaces under their system ids, as children of the root (stopped with it). */
    startSignedInActors: enqueueActions(({ enqueue, event }) => {
      if (event.type !== 'app.signedInLoaded') return
      const { actors } = event
      enqueue.spawnChild(actors.permissions, childOptions(SystemId.permissions))
      enqueue.spawnChild(actors.credits, childOptions(SystemId.credits))
      enqueue.spawnChild(actors.workspaces, childOptions(SystemId.workspaces))
    }),
    /** Starts the deferred actors under their system ids, as children of the root (stopped with it). */
    startDeferredActors: enqueueActions(({ enqueue, event }) => {
      if (event.type !== 'app.deferredLoaded') return
      const { actors } = event
      enqueue.spawnChild(actors.notifications, childOptions(SystemId.notifications))
      enqueue.spawnChild(actors.push, { ...childOptions(SystemId.push), input: actors.pushInput })
      enqueue.spawnChild(actors.commandPalette, { ...childOptions(SystemId.commandPalette), input: {} })
    }),
    /** Starts the version check under its system id (stopped with the root). */
    startVersionCheck: enqueueActions(({ enqueue, event }) => {
      if (event.type !== 'app.versionCheckLoaded') return
      enqueue.spawnChild(event.versionCheck.logic, { ...childOptions(SystemId.versionCheck), input: event.versionCheck.input })
    }),
    /** Starts 'Confirm it's you' under its system id, with this browser's passkey support from the app input (stopped with the root). */
    startReverification: enqueueActions(({ enqueue, event, context }) => {
      if (event.type !== 'app.reverificationLoaded') return
      enqueue.spawnChild(event.reverification.logic, { ...childOptions(SystemId.reverification), input: context.reverification ?? {} })
    }),
  },
}).createMachine({
  id: 'app',
  context: ({ input }) => input,
  invoke: [
    { id: SystemId.token, systemId: SystemId.token, src: 'token', input: ({ context }) => ({ tokens: context.tokens }) },
    { id: SystemId.auth, systemId: SystemId.auth, src: 'auth', input: ({ context }) => context.auth },
    { id: SystemId.sidebar, systemId: SystemId.sidebar, src: 'sidebar', input: ({ context }) => context.sidebar ?? DEFAULT_SIDEBAR_INPUT },
    { id: SystemId.toasts, systemId: SystemId.toasts, src: 'toasts' },
    { id: SystemId.language, systemId: SystemId.language, src: 'language', input: ({ context }) => context.language ?? DEFAULT_LANGUAGE_INPUT },
  ],
  type: 'parallel',
  states: {
    signedIn: {
      initial: 'waiting',
      states: {
        /** No session yet: the sign-in and public pages need none of them. */
        waiting: {
          on: { 'app.signedInLoaded': { target: 'running', actions: 'startSignedInActors' } },
        },
        /** `permissions`, `credits` and `workspaces` run, following auth. Started once. */
        running: {},
      },
    },
    shell: {
      initial: 'core',
      states: {
        /** The actors above only. */
        core: {
          on: { 'app.deferredLoaded': { target: 'complete', actions: 'startDeferredActors' } },
        },
        /** Plus `notifications`, `push` and `commandPalette`. Started once: a second `app.deferredLoaded` is ignored. */
        complete: {},
      },
    },
    versionCheck: {
      initial: 'waiting',
      states: {
        /** Until the first page is up. */
        waiting: {
          on: { 'app.versionCheckLoaded': { target: 'running', actions: 'startVersionCheck' } },
        },
        /** It checks /version.json at start, every 5 min, on focus and after route changes (SPEC §4). Started once. */
        running: {},
      },
    },
    reverification: {
      initial: 'waiting',
      states: {
        /** Until a call is first answered 403 `reverification_required`. */
        waiting: {
          on: { 'app.reverificationLoaded': { target: 'running', actions: 'startReverification' } },
        },
        /** 'Confirm it's you' asks whenever a call needs it (src/api/reverification.ts). Started once. */
        running: {},
      },
    },
  },
})

export type AppMachine = typeof appMachine
