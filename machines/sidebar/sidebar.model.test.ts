import { SimulatedClock, createActor, fromCallback } from 'xstate'
import { describe, expect, it } from 'vitest'
import { walkEveryTransition } from '../testing/model-walk.ts'
import { MOBILE_BREAKPOINT_PX, RESIZE_DEBOUNCE_MS, type SidebarInput, sidebarMachine } from './sidebar.machine.ts'

// Widths on each side of both breakpoints: drawer + compact header, docked + compact, docked + full.
const events = [
  { type: 'sidebar.toggle' },
  { type: 'sidebar.open' },
  { type: 'sidebar.close' },
  { type: 'sidebar.navigated' },
  { type: 'sidebar.mounted' },
  { type: 'sidebar.unmounted' },
  { type: 'viewport.changed', width: 600 },
  { type: 'viewport.changed', width: 900 },
  { type: 'viewport.changed', width: 1280 },
  { type: 'xstate.after.resizeDebounce.sidebar.viewport.settling' },
  // Arriving in a group (opens it unless open), outside every group, and the member's own toggles.
  { type: 'sidebar.routeChanged', group: 'Calls' },
  { type: 'sidebar.routeChanged', group: null },
  { type: 'sidebar.groupToggled', group: 'Calls', expanded: false },
  { type: 'sidebar.groupToggled', group: 'Calls', expanded: true },
] as never[]

async function walk(input: SidebarInput) {
  return walkEveryTransition({
    machine: sidebarMachine,
    input,
    events,
    serializeState: (s) => JSON.stringify([s.value, s.context.width, s.context.pendingWidth, s.context.openGroups]),
    start: (inspect) => {
      const clock = new SimulatedClock()
      // The browser's cookie, as the provided action sees it: it held the input's value at start.
      let cookie = input.expanded
      const writes: boolean[] = []
      const running = { viewport: 0, keyboard: 0 }
      const listener = (name: keyof typeof running) =>
        fromCallback(() => {
          running[name]++
          return () => {
            running[name]--
          }
        })
      const actor = createActor(
        sidebarMachine.provide({
          actors: { viewportListener: listener('viewport'), keyboardShortcut: listener('keyboard') },
          actions: {
            storeSidebarState: (_, p) => {
              cookie = p.expanded
              writes.push(p.expanded)
            },
          },
        }),
        { input, inspect, clock },
      )
      actor.start()
      return {
        actor,
        exec: (event) => {
          const e = event as unknown as { type: string }
          if (e.type.startsWith('xstate.after.')) return clock.increment(RESIZE_DEBOUNCE_MS)
          actor.send(event)
        },
        check: (s) => {
          // The cookie always says what the panel shows, and is written only when that changes.
          expect(cookie).toBe(s.matches({ panel: 'expanded' }))
          writes.forEach((w, i) => expect(w).not.toBe(i === 0 ? input.expanded : writes[i - 1]))
          // The layout follows the settled width, never a width still settling.
          expect(s.matches({ mode: 'drawer' })).toBe(s.context.width < MOBILE_BREAKPOINT_PX)
          expect(s.context.pendingWidth === null).toBe(s.matches({ viewport: 'steady' }))
          // The viewport is always followed; the shortcut only while a shell is on screen.
          expect(running.viewport).toBe(1)
          expect(running.keyboard).toBe(s.matches({ presence: 'onscreen' }) ? 1 : 0)
          // A group is listed open at most once.
          expect(new Set(s.context.openGroups).size).toBe(s.context.openGroups.length)
        },
        stop: () => actor.stop(),
      }
    },
  })
}

describe('sidebar (model)', () => {
  it('walks every transition on a real actor, from a saved expanded desktop and a saved collapsed phone', async () => {
    const desktop = await walk({ expanded: true, width: 1280 })
    const phone = await walk({ expanded: false, width: 600 })
    expect(desktop.failures).toEqual([])
    expect(phone.failures).toEqual([])
    const walked = new Set([...desktop.walked, ...phone.walked])
    expect(desktop.defined.filter((t) => !walked.has(t))).toEqual([])
    expect(desktop.defined.length).toBeGreaterThan(0)
  })
})
