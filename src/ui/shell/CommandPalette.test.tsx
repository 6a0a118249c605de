// @vitest-environment jsdom
import '../testing/jsdom.ts'
import { act, cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { createActor } from 'xstate'
import { buildPaletteItems } from '../../../machines/commandPalette/commandPalette.items.ts'
import { commandPaletteMachine } from '../../../machines/commandPalette/commandPalette.machine.ts'
import { loadLanguage } from '../../i18n/catalogue.ts'
import { LanguageProvider } from '../../i18n/react.tsx'
import { CommandPalette } from './CommandPalette.tsx'

afterEach(cleanup)

const items = buildPaletteItems({
  pages: [{ path: '/app/dashboard', title: 'Overview', built: true }],
  workspaces: null,
  currentOrgId: null,
  can: { createWorkspace: false, inviteMember: false, reportBug: false, markAllRead: false },
  paths: { invite: '/app/setting/team/invite', signOut: '/app/signout' },
})

describe('CommandPalette in the reader’s language', () => {
  it('Scenario: a German reader typing "Abmelden" finds \'Sign out\'; the English words still find it', async () => {
    const actor = createActor(commandPaletteMachine, { input: { items } }).start()
    actor.send({ type: 'palette.mounted' })
    actor.send({ type: 'palette.open' })
    render(
      <LanguageProvider language={await loadLanguage('de')}>
        <CommandPalette actor={actor} />
      </LanguageProvider>,
    )
    act(() => void actor.send({ type: 'palette.query', query: 'Abmelden' }))
    expect(actor.getSnapshot().context.highlightedId).toBe('action:signOut')
    expect(await screen.findByRole('option', { name: 'Abmelden' })).toBeTruthy()
    act(() => void actor.send({ type: 'palette.query', query: 'log out' }))
    expect(actor.getSnapshot().context.highlightedId).toBe('action:signOut')
    actor.stop()
  })
})
