import { describe, expect, it } from 'vitest'
import { QUIET_HOURS_SAME_TIMES, QUIET_HOURS_STEPS, defaultQuietHours, isValidQuietHours, validateQuietHours } from './quietHours.ts'

describe('quiet hours', () => {
  it('offers every half hour of a day', () => {
    expect(QUIET_HOURS_STEPS).toHaveLength(48)
    expect(QUIET_HOURS_STEPS.slice(0, 3)).toEqual(['00:00', '00:30', '01:00'])
    expect(QUIET_HOURS_STEPS.at(-1)).toBe('23:30')
  })

  it('starts off, over a night, in the given zone, and that is valid', () => {
    expect(defaultQuietHours('Europe/Berlin')).toEqual({ enabled: false, start: '22:00', end: '07:00', timezone: 'Europe/Berlin' })
    expect(isValidQuietHours(defaultQuietHours('UTC'))).toBe(true)
  })

  it('refuses start = end (under End), an unknown zone (the contract’s message) and a malformed time, on or off', () => {
    expect(validateQuietHours({ enabled: false, start: '08:00', end: '08:00', timezone: 'UTC' })).toEqual({ end: QUIET_HOURS_SAME_TIMES })
    expect(validateQuietHours({ enabled: true, start: '08:00', end: '09:00', timezone: 'Mars/Olympus_Mons' })).toEqual({
      timezone: 'Choose a time zone from the list',
    })
    expect(validateQuietHours({ enabled: true, start: '8:00', end: '09:00', timezone: 'UTC' })).toEqual({ start: 'Use HH:MM' })
    // A window across midnight is fine.
    expect(validateQuietHours({ enabled: true, start: '23:30', end: '00:00', timezone: 'America/New_York' })).toEqual({})
  })
})
