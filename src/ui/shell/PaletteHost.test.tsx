// @vitest-environment jsdom
import '../testing/jsdom.ts'
import { act, cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { createActor } from 'xstate'
import { commandPaletteMachine } from '../../../machines/commandPalette/commandPalette.machine.ts'
import { acme, ada } from '../../../machines/testing/fixtures.ts'
import { authActorIn } from '../../../stories/auth-actor.tsx'
import { permissionsActorFor } from '../../../stories/permissions-actor.tsx'
import { AuthActorProvider, PermissionsActorProvider } from '../../system/react.tsx'
import { PaletteHost, PaletteShortcutsUntilStarted, queuePaletteRequest, takeQueuedPaletteRequest } from './PaletteHost.tsx'

afterEach(() => {
  cleanup()
  takeQueuedPaletteRequest()
})

function renderHost() {
  const actor = createActor(commandPaletteMachine, { input: {} }).start()
  const view = render(
    <AuthActorProvider actor={authActorIn('authenticated', { user: ada, currentOrg: acme, hasStoredSession: true })}>
      <PermissionsActorProvider actor={permissionsActorFor(['SUPER_ADMIN'])}>
        <PaletteHost actor={actor} />
      </PermissionsActorProvider>
    </AuthActorProvider>,
  )
  return { actor, view }
}

const press = (key: string, init: KeyboardEventInit = {}) => window.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true, ...init }))

describe('PaletteHost (the palette on first use)', () => {
  it('Scenario: the host puts the palette on screen while mounted, and draws nothing until it is first opened', () => {
    const { actor, view } = renderHost()
    expect(actor.getSnapshot().matches('onscreen')).toBe(true)
    expect(screen.queryByRole('dialog')).toBeNull()
    view.unmount()
    expect(actor.getSnapshot().matches('offscreen')).toBe(true)
  })

  it('Scenario: keys typed after Ctrl/Cmd+K before the palette is up go into its query; the field shows them once it is', async () => {
    const { actor } = renderHost()
    act(() => actor.send({ type: 'palette.open' }))
    act(() => {
      for (const key of ['b', 'i', 'x', 'Backspace', 'l']) press(key)
      // Shortcuts with a modifier are not text.
      window.dispatchEvent(new KeyboardEvent('keydown', { key: 'k', ctrlKey: true, bubbles: true, cancelable: true }))
    })
    expect(actor.getSnapshot().context.query).toBe('bil')
    // The first import of the dialogs' module is slow in a test run (transformed on demand).
    const field = await screen.findByRole('combobox', {}, { timeout: 10_000 })
    expect(field).toHaveProperty('value', 'bil')
  })
})

describe('before the palette has started (it starts with the deferred actors)', () => {
  it('Scenario: Ctrl/Cmd+K is taken from the browser, what follows is kept, and the palette opens with it once up', () => {
    const early = render(<PaletteShortcutsUntilStarted />)
    let taken = false
    act(() => {
      taken = !press('k', { ctrlKey: true })
      for (const key of ['b', 'i', 'l']) press(key)
    })
    expect(taken).toBe(true)
    early.unmount()
    const { actor } = renderHost()
    expect(actor.getSnapshot().matches({ onscreen: 'palette' })).toBe(true)
    expect(actor.getSnapshot().context.query).toBe('bil')
  })

  it("Scenario: '?' opens the help once up; Ctrl/Cmd+K twice asks for nothing; other keys are left alone", () => {
    const early = render(<PaletteShortcutsUntilStarted />)
    let untouched = false
    act(() => {
      press('k', { metaKey: true })
      press('k', { metaKey: true })
      untouched = press('b')
    })
    expect(untouched).toBe(true)
    expect(takeQueuedPaletteRequest()).toBeNull()
    act(() => void press('?'))
    early.unmount()
    const { actor } = renderHost()
    expect(actor.getSnapshot().matches({ onscreen: 'shortcuts' })).toBe(true)
  })

  it("Scenario: the header's 'Search' pressed early opens the palette once up, and only once", () => {
    queuePaletteRequest('palette.open')
    const { actor, view } = renderHost()
    expect(actor.getSnapshot().matches({ onscreen: 'palette' })).toBe(true)
    view.unmount()
    const again = renderHost()
    expect(again.actor.getSnapshot().matches({ onscreen: 'closed' })).toBe(true)
  })
})
