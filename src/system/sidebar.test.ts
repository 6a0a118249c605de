// @vitest-environment jsdom
import { createActor, createMachine, type AnyActorLogic } from 'xstate'
import { afterEach, describe, expect, it } from 'vitest'
import { memoryCookies } from '../platform/cookies.ts'
import { keyboardShortcutListener, viewportListener } from './sidebar.ts'
import { readSidebarExpanded, SIDEBAR_COOKIE_MAX_AGE_S, SIDEBAR_COOKIE_NAME, writeSidebarExpanded } from '../platform/sidebar-cookie.ts'

/** Runs `logic` under a parent that records what it sends back. */
function run(logic: AnyActorLogic) {
  const received: unknown[] = []
  const parent = createActor(
    createMachine({ invoke: { src: logic }, on: { '*': { actions: ({ event }) => void received.push(event) } } }),
  ).start()
  return { received, stop: () => parent.stop() }
}

function press(target: EventTarget, init: KeyboardEventInit) {
  const event = new KeyboardEvent('keydown', { key: 'b', bubbles: true, cancelable: true, ...init })
  target.dispatchEvent(event)
  return event
}

afterEach(() => {
  document.body.innerHTML = ''
})

describe('sidebar listeners (DOM)', () => {
  it('Scenario: Ctrl+B and Cmd+B anywhere but a text field send sidebar.toggle and stop the browser using them', () => {
    const { received, stop } = run(keyboardShortcutListener(window))
    const ctrl = press(document.body, { ctrlKey: true })
    const meta = press(document.body, { metaKey: true })
    expect(received).toEqual([{ type: 'sidebar.toggle' }, { type: 'sidebar.toggle' }])
    expect(ctrl.defaultPrevented && meta.defaultPrevented).toBe(true)
    stop()
    press(document.body, { ctrlKey: true })
    expect(received).toHaveLength(2)
  })

  it('Scenario: Ctrl+B inside an input, textarea, select or contenteditable is left alone', () => {
    document.body.innerHTML = '<input /><textarea></textarea><select><option>a</option></select><div contenteditable="true"><p>text</p></div>'
    const { received, stop } = run(keyboardShortcutListener(window))
    const targets = ['input', 'textarea', 'select', 'div[contenteditable] p'].map((s) => document.querySelector(s)!)
    for (const target of targets) expect(press(target, { ctrlKey: true }).defaultPrevented).toBe(false)
    expect(received).toEqual([])
    stop()
  })

  it('Scenario: Ctrl+Shift+B and Ctrl+Alt+B are left to the browser', () => {
    const { received, stop } = run(keyboardShortcutListener(window))
    expect(press(document.body, { ctrlKey: true, shiftKey: true }).defaultPrevented).toBe(false)
    expect(press(document.body, { ctrlKey: true, altKey: true }).defaultPrevented).toBe(false)
    expect(received).toEqual([])
    stop()
  })

  it('Scenario: each resize reports the inner width; the machine does the debouncing', () => {
    const { received, stop } = run(viewportListener(window))
    Object.defineProperty(window, 'innerWidth', { configurable: true, value: 700 })
    window.dispatchEvent(new Event('resize'))
    Object.defineProperty(window, 'innerWidth', { configurable: true, value: 1100 })
    window.dispatchEvent(new Event('resize'))
    expect(received).toEqual([
      { type: 'viewport.changed', width: 700 },
      { type: 'viewport.changed', width: 1100 },
    ])
    stop()
  })
})

describe('sidebar cookie', () => {
  it('SPEC §2.6: saves true/false for 604800 s; no cookie reads as expanded', () => {
    const writes: Array<[string, string, number]> = []
    const jar = memoryCookies()
    expect(readSidebarExpanded(jar)).toBe(true)
    writeSidebarExpanded({ ...jar, set: (n, v, s) => void (writes.push([n, v, s]), jar.set(n, v, s)) }, false)
    expect(writes).toEqual([[SIDEBAR_COOKIE_NAME, 'false', SIDEBAR_COOKIE_MAX_AGE_S]])
    expect(SIDEBAR_COOKIE_MAX_AGE_S).toBe(604800)
    expect(readSidebarExpanded(jar)).toBe(false)
    writeSidebarExpanded(jar, true)
    expect(readSidebarExpanded(jar)).toBe(true)
  })
})
