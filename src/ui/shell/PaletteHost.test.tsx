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
import { PaletteHost } from './PaletteHost.tsx'

afterEach(cleanup)

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

const press = (key: string) => window.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }))

describe('PaletteHost (issue #21: the palette on first use)', () => {
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
