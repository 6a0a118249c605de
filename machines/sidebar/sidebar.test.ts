import { SimulatedClock, createActor, fromCallback } from 'xstate'
import { describe, expect, it } from 'vitest'
import type { KeyPress } from '../shared/key-press.ts'
import { RESIZE_DEBOUNCE_MS, type SidebarEvent, type SidebarInput, isToggleShortcut, sidebarMachine } from './sidebar.machine.ts'
import {
  selectIsDrawerOpen,
  selectIsExpanded,
  selectIsGroupOpen,
  selectIsHeaderCompact,
  selectIsToggleExpanded,
  selectSidebarMode,
} from './sidebar.selectors.ts'

const ctrlB: KeyPress = { key: 'b', ctrlKey: true, metaKey: false, shiftKey: false, altKey: false, repeat: false, inTextField: false }

/** A listener stub with the real listeners' contract: the test plays the browser. */
function listenerStub() {
  let sendBack: ((e: SidebarEvent) => void) | null = null
  const logic = fromCallback(({ sendBack: send }) => {
    sendBack = send
    return () => {
      sendBack = null
    }
  })
  return {
    logic,
    get listening() {
      return sendBack !== null
    },
    send: (e: SidebarEvent) => sendBack?.(e),
  }
}

function start(input: SidebarInput) {
  const clock = new SimulatedClock()
  const cookie: boolean[] = []
  const viewport = listenerStub()
  const keyboard = listenerStub()
  const actor = createActor(
    sidebarMachine.provide({
      actors: { viewportListener: viewport.logic, keyboardShortcut: keyboard.logic },
      actions: { storeSidebarState: (_, p) => void cookie.push(p.expanded) },
    }),
    { input, clock },
  )
  actor.start()
  actor.send({ type: 'sidebar.mounted' })
  return {
    actor,
    clock,
    cookie,
    /** What src/system/sidebar.ts does on keydown: the shortcut rule decides. */
    press: (p: Partial<KeyPress>) => {
      const press = { ...ctrlB, ...p }
      if (isToggleShortcut(press)) keyboard.send({ type: 'sidebar.toggle' })
    },
    resize: (width: number) => viewport.send({ type: 'viewport.changed', width }),
    keyboard,
    viewport,
  }
}

describe('sidebar', () => {
  it('Scenario: Ctrl+B and Cmd+B toggle the docked sidebar and save the state in the cookie', () => {
    const { actor, press, cookie } = start({ expanded: true, width: 1280 })
    expect(selectIsExpanded(actor.getSnapshot())).toBe(true)
    press({})
    expect(selectIsExpanded(actor.getSnapshot())).toBe(false)
    press({ ctrlKey: false, metaKey: true })
    expect(selectIsExpanded(actor.getSnapshot())).toBe(true)
    press({ key: 'B' }) // Caps Lock on
    expect(selectIsExpanded(actor.getSnapshot())).toBe(false)
    expect(cookie).toEqual([false, true, false])
  })

  it('Scenario: the shortcut is ignored while typing in an input, textarea, select or contenteditable', () => {
    const { actor, press, cookie } = start({ expanded: true, width: 1280 })
    press({ inTextField: true })
    expect(selectIsExpanded(actor.getSnapshot())).toBe(true)
    expect(cookie).toEqual([])
  })

  it('Scenario: the shortcut is ignored with Shift or Alt held, on auto-repeat, and without Ctrl/Cmd', () => {
    const { actor, press, cookie } = start({ expanded: true, width: 1280 })
    press({ shiftKey: true })
    press({ altKey: true })
    press({ ctrlKey: true, metaKey: true, shiftKey: true })
    press({ repeat: true })
    press({ ctrlKey: false })
    press({ key: 'n' })
    expect(selectIsExpanded(actor.getSnapshot())).toBe(true)
    expect(cookie).toEqual([])
  })

  it('Scenario: the toggle button writes the cookie the same way; open and close are idempotent', () => {
    const { actor, cookie } = start({ expanded: false, width: 1280 })
    actor.send({ type: 'sidebar.close' })
    actor.send({ type: 'sidebar.open' })
    actor.send({ type: 'sidebar.open' })
    actor.send({ type: 'sidebar.toggle' })
    expect(cookie).toEqual([true, false])
    expect(selectIsExpanded(actor.getSnapshot())).toBe(false)
  })

  it('Scenario: under 768 px the toggle opens a drawer, and following a link closes it', () => {
    const { actor, press, cookie } = start({ expanded: false, width: 600 })
    expect(selectSidebarMode(actor.getSnapshot())).toBe('drawer')
    expect(selectIsDrawerOpen(actor.getSnapshot())).toBe(false)
    actor.send({ type: 'sidebar.toggle' })
    expect(selectIsDrawerOpen(actor.getSnapshot())).toBe(true)
    expect(selectIsToggleExpanded(actor.getSnapshot())).toBe(true)
    actor.send({ type: 'sidebar.navigated' })
    expect(selectIsDrawerOpen(actor.getSnapshot())).toBe(false)
    // Ctrl+B opens and closes the drawer; Escape / outside click close it.
    press({})
    expect(selectIsDrawerOpen(actor.getSnapshot())).toBe(true)
    press({})
    expect(selectIsDrawerOpen(actor.getSnapshot())).toBe(false)
    actor.send({ type: 'sidebar.open' })
    actor.send({ type: 'sidebar.close' })
    expect(selectIsDrawerOpen(actor.getSnapshot())).toBe(false)
    // The drawer is not the saved preference: the cookie is untouched.
    expect(cookie).toEqual([])
    expect(selectIsExpanded(actor.getSnapshot())).toBe(false)
  })

  it('Scenario: arriving at a page of a group by URL, a link elsewhere or back/forward opens that group', () => {
    const { actor } = start({ expanded: true, width: 1280 })
    const open = (group: string) => selectIsGroupOpen(group)(actor.getSnapshot())
    // A typed URL: the shell mounts on /app/setting/team.
    actor.send({ type: 'sidebar.routeChanged', group: 'Account & Billing' })
    expect(open('Account & Billing')).toBe(true)
    // A link elsewhere (the Overview's checklist) leads into Calls: Calls opens, Account & Billing stays open.
    actor.send({ type: 'sidebar.routeChanged', group: 'Calls' })
    expect(open('Calls')).toBe(true)
    expect(open('Account & Billing')).toBe(true)
    // A page outside every group changes nothing.
    actor.send({ type: 'sidebar.routeChanged', group: null })
    expect(actor.getSnapshot().context.openGroups).toEqual(['Account & Billing', 'Calls'])
  })

  it('Scenario: the member closes a group; it stays closed until they arrive at one of its pages again', () => {
    const { actor } = start({ expanded: true, width: 1280 })
    const open = (group: string) => selectIsGroupOpen(group)(actor.getSnapshot())
    actor.send({ type: 'sidebar.routeChanged', group: 'Account & Billing' })
    actor.send({ type: 'sidebar.groupToggled', group: 'Account & Billing', expanded: false })
    expect(open('Account & Billing')).toBe(false)
    actor.send({ type: 'sidebar.routeChanged', group: null })
    expect(open('Account & Billing')).toBe(false)
    // Back to a settings page (the back button): its group opens again.
    actor.send({ type: 'sidebar.routeChanged', group: 'Account & Billing' })
    expect(open('Account & Billing')).toBe(true)
    actor.send({ type: 'sidebar.groupToggled', group: 'Contacts', expanded: true })
    expect(open('Contacts')).toBe(true)
  })

  it('Scenario: on a desktop, navigating leaves the docked sidebar as it is', () => {
    const { actor } = start({ expanded: true, width: 1280 })
    actor.send({ type: 'sidebar.navigated' })
    expect(selectIsExpanded(actor.getSnapshot())).toBe(true)
    expect(selectSidebarMode(actor.getSnapshot())).toBe('docked')
  })

  it('Scenario: crossing 768 px switches between docked and drawer; the drawer closes and the desktop preference survives', () => {
    const { actor, clock, resize } = start({ expanded: false, width: 1280 })
    resize(700)
    clock.increment(RESIZE_DEBOUNCE_MS)
    expect(selectSidebarMode(actor.getSnapshot())).toBe('drawer')
    actor.send({ type: 'sidebar.open' })
    expect(selectIsDrawerOpen(actor.getSnapshot())).toBe(true)
    resize(768)
    clock.increment(RESIZE_DEBOUNCE_MS)
    expect(selectSidebarMode(actor.getSnapshot())).toBe('docked')
    expect(selectIsExpanded(actor.getSnapshot())).toBe(false)
    resize(767)
    clock.increment(RESIZE_DEBOUNCE_MS)
    expect(selectSidebarMode(actor.getSnapshot())).toBe('drawer')
    expect(selectIsDrawerOpen(actor.getSnapshot())).toBe(false)
  })

  it('Scenario: resizes are debounced: the layout changes 200 ms after the last one, not before', () => {
    const { actor, clock, resize } = start({ expanded: true, width: 1280 })
    resize(600)
    clock.increment(150)
    resize(620)
    clock.increment(150)
    // 300 ms after the first resize, but only 150 ms after the last: nothing settled yet.
    expect(selectSidebarMode(actor.getSnapshot())).toBe('docked')
    expect(actor.getSnapshot().context.width).toBe(1280)
    clock.increment(RESIZE_DEBOUNCE_MS - 150 - 1)
    expect(selectSidebarMode(actor.getSnapshot())).toBe('docked')
    clock.increment(1)
    expect(selectSidebarMode(actor.getSnapshot())).toBe('drawer')
    expect(actor.getSnapshot().context.width).toBe(620)
  })

  it('Scenario: the header is compact under 1024 px, docked or not', () => {
    const { actor, clock, resize } = start({ expanded: true, width: 1024 })
    expect(selectIsHeaderCompact(actor.getSnapshot())).toBe(false)
    resize(1023)
    clock.increment(RESIZE_DEBOUNCE_MS)
    expect(selectIsHeaderCompact(actor.getSnapshot())).toBe(true)
    expect(selectSidebarMode(actor.getSnapshot())).toBe('docked')
    resize(500)
    clock.increment(RESIZE_DEBOUNCE_MS)
    expect(selectIsHeaderCompact(actor.getSnapshot())).toBe(true)
  })

  it('Scenario: the shortcut listens only while a shell is on screen; the viewport is followed throughout', () => {
    const { actor, keyboard, viewport, press, clock, resize } = start({ expanded: true, width: 1280 })
    expect(keyboard.listening).toBe(true)
    actor.send({ type: 'sidebar.unmounted' })
    expect(keyboard.listening).toBe(false)
    press({})
    expect(selectIsExpanded(actor.getSnapshot())).toBe(true)
    expect(viewport.listening).toBe(true)
    resize(600)
    clock.increment(RESIZE_DEBOUNCE_MS)
    actor.send({ type: 'sidebar.mounted' })
    // A shell mounting after a resize off screen gets the current layout at once.
    expect(selectSidebarMode(actor.getSnapshot())).toBe('drawer')
    expect(keyboard.listening).toBe(true)
  })

  it('Scenario: a saved collapsed state is restored at start, without writing the cookie', () => {
    const { actor, cookie } = start({ expanded: false, width: 1280 })
    expect(selectIsExpanded(actor.getSnapshot())).toBe(false)
    expect(cookie).toEqual([])
  })
})
