import { describe, expect, it } from 'vitest'
import { loadTimeZoneData, resolveTimeZone, searchTimeZones, timeZoneLabel, timeZoneOptions } from './timeZones.ts'

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

describe('time zone search over the time zone data', () => {
  it('finds a zone by city, country, abbreviation and older name, best first', async () => {
    const data = await loadTimeZoneData()
    const options = timeZoneOptions(undefined, data)
    const first = (text: string) => searchTimeZones(options, text)[0]?.id
    expect(first('kolkata')).toBe('Asia/Kolkata')
    expect(first('india')).toBe('Asia/Kolkata')
    expect(first('Calcutta')).toBe('Asia/Kolkata')
    expect(first('pst')).toBe('America/Los_Angeles')
    expect(first('berl')).toBe('Europe/Berlin')
    expect(first('new_york')).toBe('America/New_York')
    expect(first('köln')).toBe('Europe/Berlin')
    expect(searchTimeZones(options, 'cet').slice(0, 12).map((o) => o.id)).toContain('Europe/Berlin')
    const pacific = searchTimeZones(options, 'pacific').map((o) => o.id)
    expect(pacific[0]).toBe('America/Los_Angeles')
    expect(pacific.indexOf('Pacific/Apia')).toBeGreaterThan(pacific.indexOf('America/Vancouver'))
    expect(searchTimeZones(options, 'zzzz')).toEqual([])
  })

  it('lists a zone once, by its current name, with its details', async () => {
    const options = timeZoneOptions(undefined, await loadTimeZoneData())
    const ids = options.map((o) => o.id)
    expect(ids).toContain('Asia/Kolkata')
    expect(ids).not.toContain('Asia/Calcutta')
    expect(new Set(ids).size).toBe(ids.length)
    expect(options.find((o) => o.id === 'Asia/Kolkata')?.detail).toMatch(/^India Time · India · IST · Mumbai/)
  })

  it('resolves typed text to the best match, an older name to the current one', async () => {
    const options = timeZoneOptions(undefined, await loadTimeZoneData())
    expect(resolveTimeZone('india', options)).toBe('Asia/Kolkata')
    expect(resolveTimeZone('Asia/Calcutta', options)).toBe('Asia/Kolkata')
    expect(resolveTimeZone('Nowhere ', options)).toBe('Nowhere')
  })
})
