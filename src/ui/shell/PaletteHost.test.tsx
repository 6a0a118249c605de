// @vitest-environment jsdom
import '../testing/jsdom.ts'
import { act, cleanup, render, screen } from '@testing-library/react'
import { startTransition } from 'react'
import { createRoot } from 'react-dom/client'
import { afterEach, describe, expect, it } from 'vitest'
import { createActor } from 'xstate'
import { earlyPaletteKeys } from '../../system/commandPalette-keys.ts'
import { browserCommandPalette } from '../../system/commandPalette.ts'
import { LAZY } from '../testing/jsdom.ts'
import { PaletteHost } from './PaletteHost.tsx'

const started: Array<{ stop(): void }> = []
afterEach(() => {
  cleanup()
  for (const actor of started.splice(0)) actor.stop()
  document.body.innerHTML = ''
})

/** The system's early listener on this window, as src/system/app-system.ts starts it with the page. */
function earlyKeys() {
  const actor = createActor(earlyPaletteKeys(window)).start()
  started.push(actor)
  return actor
}

/** The palette's actor as the deferred actors start it: its listeners take over from `early`. */
function paletteActor(early?: ReturnType<typeof earlyKeys>) {
  const actor = createActor(
    browserCommandPalette({
      window,
      ...(early ? { earlyKeys: early } : {}),
      targets: () => {
        throw new Error('no command runs here')
      },
    }),
    { input: {} },
  ).start()
  started.push(actor)
  return actor
}

/** A key press where a person's would land: on the focused element (the palette's field once it is up). */
const press = (key: string, init: KeyboardEventInit = {}) =>
  (document.activeElement ?? window).dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true, ...init }))

describe('PaletteHost (the palette on first use)', () => {
  it('Scenario: the host puts the palette on screen while mounted, and draws nothing until it is first opened', () => {
    const actor = paletteActor()
    const view = render(<PaletteHost actor={actor} early={null} />)
    expect(actor.getSnapshot().matches('onscreen')).toBe(true)
    expect(screen.queryByRole('dialog')).toBeNull()
    view.unmount()
    expect(actor.getSnapshot().matches('offscreen')).toBe(true)
  })

  it('Scenario: keys typed after Ctrl/Cmd+K before the palette is up go into its query; the field shows them once it is', async () => {
    const actor = paletteActor()
    render(<PaletteHost actor={actor} early={null} />)
    act(() => {
      press('k', { ctrlKey: true })
      for (const key of ['b', 'i', 'x', 'Backspace', 'l']) press(key)
      // Shortcuts with a modifier are not text.
      press('k', { altKey: true })
    })
    expect(actor.getSnapshot().matches({ onscreen: 'palette' })).toBe(true)
    expect(actor.getSnapshot().context.query).toBe('bil')
    const field = await screen.findByRole('combobox', {}, LAZY)
    expect(field).toHaveProperty('value', 'bil')
  })
})

describe('before the palette has started (it starts with the deferred actors)', () => {
  it('Scenario: Ctrl/Cmd+K pressed once the shell has painted, before its passive effects ran, opens the palette once it starts', async () => {
    // The signed-in shell mounts in a transition (src/routes/AppRoute.tsx), after which React lets
    // the browser paint before it runs passive effects: a key pressed in between must be kept.
    const act = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }
    const wasAct = act.IS_REACT_ACT_ENVIRONMENT
    act.IS_REACT_ACT_ENVIRONMENT = false
    try {
      const early = earlyKeys()
      const container = document.body.appendChild(document.createElement('div'))
      const root = createRoot(container)
      let taken: boolean | null = null
      // A mutation observer's callback runs right after the commit's task: the earliest a person
      // could press a key on the painted shell.
      const painted = new Promise<void>((resolve) => {
        const observer = new MutationObserver(() => {
          observer.disconnect()
          taken = !press('k', { ctrlKey: true })
          for (const key of ['b', 'i', 'l']) press(key)
          resolve()
        })
        observer.observe(container, { childList: true })
      })
      const shell = (actor: ReturnType<typeof paletteActor> | null) => (
        <>
          <header>Shell</header>
          <PaletteHost actor={actor} early={early} />
        </>
      )
      startTransition(() => root.render(shell(null)))
      await painted
      expect(taken).toBe(true)
      const actor = paletteActor(early)
      startTransition(() => root.render(shell(actor)))
      await new Promise<void>((resolve) => {
        const check = () => (actor.getSnapshot().matches('onscreen') ? resolve() : setTimeout(check, 5))
        check()
      })
      expect(actor.getSnapshot().matches({ onscreen: 'palette' })).toBe(true)
      expect(actor.getSnapshot().context.query).toBe('bil')
      root.unmount()
    } finally {
      act.IS_REACT_ACT_ENVIRONMENT = wasAct
    }
  })

  it("Scenario: '?' opens the help once up; Ctrl/Cmd+K twice asks for nothing; other keys are left alone", () => {
    const early = earlyKeys()
    const view = render(<PaletteHost actor={null} early={early} />)
    let untouched = false
    act(() => {
      press('k', { metaKey: true })
      press('k', { metaKey: true })
      untouched = press('b')
    })
    expect(untouched).toBe(true)
    act(() => void press('?'))
    const actor = paletteActor(early)
    view.rerender(<PaletteHost actor={actor} early={early} />)
    expect(actor.getSnapshot().matches({ onscreen: 'shortcuts' })).toBe(true)
  })

  it('Scenario: the hand-over leaves no gap and no double: one Ctrl/Cmd+K before and one after it toggle the palette once each', () => {
    const early = earlyKeys()
    const view = render(<PaletteHost actor={null} early={early} />)
    act(() => void press('k', { ctrlKey: true }))
    const actor = paletteActor(early)
    view.rerender(<PaletteHost actor={actor} early={early} />)
    expect(actor.getSnapshot().matches({ onscreen: 'palette' })).toBe(true)
    let taken = false
    act(() => {
      taken = !press('k', { ctrlKey: true })
    })
    expect(taken).toBe(true)
    expect(actor.getSnapshot().matches({ onscreen: 'closed' })).toBe(true)
  })

  it("Scenario: the header's 'Search' pressed early opens the palette once up, and only once", () => {
    const early = earlyKeys()
    const view = render(<PaletteHost actor={null} early={early} />)
    early.send({ type: 'palette.open' })
    const actor = paletteActor(early)
    view.rerender(<PaletteHost actor={actor} early={early} />)
    expect(actor.getSnapshot().matches({ onscreen: 'palette' })).toBe(true)
    view.unmount()
    const again = render(<PaletteHost actor={actor} early={early} />)
    expect(actor.getSnapshot().matches({ onscreen: 'closed' })).toBe(true)
    again.unmount()
  })

  it('Scenario: a shell gone before the palette started drops what was asked there', () => {
    const early = earlyKeys()
    const first = render(<PaletteHost actor={null} early={early} />)
    act(() => void press('k', { ctrlKey: true }))
    first.unmount()
    let untouched = false
    act(() => {
      untouched = press('k', { ctrlKey: true })
    })
    expect(untouched).toBe(true)
    const actor = paletteActor(early)
    render(<PaletteHost actor={actor} early={early} />)
    expect(actor.getSnapshot().matches({ onscreen: 'closed' })).toBe(true)
  })
})
