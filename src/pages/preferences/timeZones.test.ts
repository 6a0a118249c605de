import { describe, expect, it } from 'vitest'
import { resolveTimeZone, timeZoneLabel, timeZoneOptions } from './timeZones.ts'

describe('time zone choices', () => {
  it('lists the runtime’s zones with UTC, sorted, labelled with spaces', () => {
    const ids = timeZoneOptions().map((o) => o.id)
    expect(ids).toContain('UTC')
    expect(ids).toContain('Europe/Berlin')
    expect([...ids].sort()).toEqual(ids)
    expect(timeZoneLabel('America/New_York')).toBe('America/New York')
  })

  it('adds a known zone the list does not name, and never an unknown one', () => {
    const alias = 'Etc/GMT+5'
    expect(timeZoneOptions(alias).some((o) => o.id === alias)).toBe(true)
    expect(timeZoneOptions('Mars/Olympus_Mons').some((o) => o.id === 'Mars/Olympus_Mons')).toBe(false)
  })

  it('resolves typed text to a zone id: a label or id in any case, the runtime’s name for a known zone, else the text', () => {
    expect(resolveTimeZone(' america/new york ')).toBe('America/New_York')
    expect(resolveTimeZone('EUROPE/BERLIN')).toBe('Europe/Berlin')
    expect(resolveTimeZone('utc')).toBe('UTC')
    expect(resolveTimeZone('Nowhere ')).toBe('Nowhere')
  })
})
