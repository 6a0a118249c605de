/**
 * The root actor system's ids (machines/app/app.machine.ts registers each actor under one), one
 * spelling for machines, the browser side and tests. The actor each names, and the typed lookup,
 * are machines/app/app.system.ts: this module imports no machine, so any machine may use it.
 */

/** System ids of the root system's actors, for `system.get(...)` and `getSystemActor`. */
export const SystemId = {
  auth: 'auth',
  token: 'token',
  permissions: 'permissions',
  credits: 'credits',
  workspaces: 'workspaces',
  notifications: 'notifications',
  sidebar: 'sidebar',
  toasts: 'toasts',
  versionCheck: 'versionCheck',
  push: 'push',
  commandPalette: 'commandPalette',
  reverification: 'reverification',
  language: 'language',
} as const

/** A system id of the root system. */
export type SystemIdName = (typeof SystemId)[keyof typeof SystemId]
