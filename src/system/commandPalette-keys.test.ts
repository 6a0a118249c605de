/** The command palette asked for by the address (`?palette`), before its actor has started. */
import { createActor } from 'xstate'
import { describe, expect, it } from 'vitest'
import type { CommandPaletteEvent } from '../../machines/commandPalette/commandPalette.machine.ts'
import { earlyPaletteKeys, openPaletteFromAddress } from './commandPalette-keys.ts'

function fakeWindow(href: string) {
  const replaced: string[] = []
  const win = {
    location: { href } as Location,
    history: { state: { key: 'k' }, replaceState: (_state: unknown, _title: string, url: string) => void replaced.push(url) } as unknown as History,
  }
  return { win, replaced }
}

function handedOver(keys: ReturnType<typeof createActor<ReturnType<typeof earlyPaletteKeys>>>): CommandPaletteEvent[] {
  const delivered: CommandPaletteEvent[] = []
  keys.send({ type: 'palette.handOver', deliver: (event) => void delivered.push(event) })
  return delivered
}

describe('openPaletteFromAddress', () => {
  it('Scenario: /app/dashboard?palette opens the palette once its actor starts, and the parameter leaves the address', () => {
    const keys = createActor(earlyPaletteKeys()).start()
    const { win, replaced } = fakeWindow('https://engage.test/app/dashboard?palette&tab=1#top')
    expect(openPaletteFromAddress(win, keys)).toBe(true)
    expect(replaced).toEqual(['/app/dashboard?tab=1#top'])
    expect(handedOver(keys)).toEqual([{ type: 'palette.open' }])
  })

  it('Scenario: an address without it asks nothing; no shell on screen (signed out) drops the request', () => {
    const keys = createActor(earlyPaletteKeys()).start()
    const { win, replaced } = fakeWindow('https://engage.test/app/dashboard?tab=palette')
    expect(openPaletteFromAddress(win, keys)).toBe(false)
    expect(replaced).toEqual([])
    expect(handedOver(keys)).toEqual([])
    const later = createActor(earlyPaletteKeys()).start()
    openPaletteFromAddress(fakeWindow('https://engage.test/app/dashboard?palette=1').win, later)
    later.send({ type: 'shell.hidden' })
    expect(handedOver(later)).toEqual([])
  })
})
