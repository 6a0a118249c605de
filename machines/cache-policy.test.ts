import type { AnyStateMachine, AnyStateNode } from 'xstate'
import { describe, expect, it } from 'vitest'
import { authMachine } from './auth/auth.machine.ts'
import { FOCUS_REFETCH_EXCEPTIONS, QUERY_REFETCH_ON_WINDOW_FOCUS, QUERY_STALE_TIME_MS } from './cache-policy.ts'
import { CREDITS_STALE_MS, creditsMachine } from './credits/credits.machine.ts'
import { notificationsMachine } from './notifications/notifications.machine.ts'
import { permissionsMachine } from './permissions/permissions.machine.ts'
import { preferencesMachine } from './preferences/preferences.machine.ts'
import { roleEditorMachine } from './roleEditor/roleEditor.machine.ts'
import { inviteMachine } from './team/invite.machine.ts'
import { teamMachine } from './team/team.machine.ts'
import { WORKSPACES_STALE_TIME_MS, workspacesMachine } from './workspaces/workspaces.machine.ts'

/** Every machine that holds data from the server. */
const SERVER_DATA: ReadonlyArray<AnyStateMachine> = [
  authMachine,
  permissionsMachine,
  creditsMachine,
  workspacesMachine,
  notificationsMachine,
  preferencesMachine,
  roleEditorMachine,
  teamMachine,
  inviteMachine,
]

function nodesOf(node: AnyStateNode): AnyStateNode[] {
  return [node, ...Object.values(node.states).flatMap((child) => nodesOf(child as AnyStateNode))]
}

/** Invoked actor sources and handled events of a machine that are about the window gaining focus. */
function focusHooks(machine: AnyStateMachine): string[] {
  const hooks: string[] = []
  for (const node of nodesOf(machine.root)) {
    for (const inv of node.invoke) {
      const src = typeof inv.src === 'string' ? inv.src : ''
      if (/focus|window/i.test(src)) hooks.push(`invoke ${src}`)
    }
    for (const type of Object.keys(node.on ?? {})) if (/focus/i.test(type)) hooks.push(`on ${type}`)
  }
  return hooks
}

describe('general query cache (SPEC §9)', () => {
  it('the stale time is 300000 ms and focus does not refetch', () => {
    expect(QUERY_STALE_TIME_MS).toBe(300_000)
    expect(QUERY_REFETCH_ON_WINDOW_FOCUS).toBe(false)
  })

  it('the actors that keep server data use the general stale time', () => {
    expect(CREDITS_STALE_MS).toBe(QUERY_STALE_TIME_MS)
    expect(WORKSPACES_STALE_TIME_MS).toBe(QUERY_STALE_TIME_MS)
  })

  it('no server-data machine listens for window focus except the named exceptions', () => {
    const listening = SERVER_DATA.filter((m) => focusHooks(m).length > 0).map((m) => m.id)
    expect(listening.sort()).toEqual(Object.keys(FOCUS_REFETCH_EXCEPTIONS).sort())
  })
})
