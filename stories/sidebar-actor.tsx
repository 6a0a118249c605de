/**
 * Story helper: a sidebar actor started from a saved state (`resolveState`), with listeners
 * that listen to nothing.
 */
import { createActor, fromCallback } from 'xstate'
import { type SidebarContext, sidebarMachine } from '../machines/sidebar/sidebar.machine.ts'

export /** A sidebar actor started from a saved state, with listeners that listen to nothing. */
function sidebarActorIn(value: { panel: 'expanded' | 'collapsed'; mode: 'docked' | { drawer: 'open' | 'closed' } }, context: Partial<SidebarContext> = {}) {
  const machine = sidebarMachine.provide({
    actors: { viewportListener: fromCallback(() => {}), keyboardShortcut: fromCallback(() => {}) },
  })
  const actor = createActor(machine, {
    input: { expanded: value.panel === 'expanded', width: 1280 },
    snapshot: machine.resolveState({
      value: { ...value, viewport: 'steady', presence: 'offscreen' },
      context: { width: 1280, pendingWidth: null, savedExpanded: value.panel === 'expanded', openGroups: [], ...context },
    }),
  })
  actor.start()
  return actor
}
