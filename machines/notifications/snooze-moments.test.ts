import { describe, expect, it } from 'vitest'
import { formatSnoozeMoment, isoToLocalInput, localInputToIso, snoozeMoment } from './snooze-moments.ts'

// Local-time arithmetic: the test runs in the machine's zone, so expectations are built the same way.
const local = (y: number, m: number, d: number, h = 0, min = 0) => new Date(y, m - 1, d, h, min).getTime()

describe('snooze moments', () => {
  it('1 hour is 3,600,000 ms on; tomorrow is 9:00 local the next day', () => {
    const now = local(2026, 11, 27, 22, 15)
    expect(Date.parse(snoozeMoment('hour', now)) - now).toBe(3_600_000)
    expect(snoozeMoment('tomorrow', now)).toBe(new Date(local(2026, 11, 28, 9)).toISOString())
  })

  it('next week is the next Monday at 9:00 (from a Monday: a week on)', () => {
    expect(snoozeMoment('nextWeek', local(2026, 11, 27, 10))).toBe(new Date(local(2026, 11, 30, 9)).toISOString()) // Friday → Monday
    expect(snoozeMoment('nextWeek', local(2026, 11, 30, 8))).toBe(new Date(local(2026, 12, 7, 9)).toISOString()) // Monday → next Monday
    expect(snoozeMoment('nextWeek', local(2026, 11, 29, 23))).toBe(new Date(local(2026, 11, 30, 9)).toISOString()) // Sunday → Monday
  })

  it('the datetime-local value round-trips; anything else is refused', () => {
    const ms = local(2026, 12, 1, 14, 30)
    expect(isoToLocalInput(ms)).toBe('2026-12-01T14:30')
    expect(localInputToIso('2026-12-01T14:30')).toBe(new Date(ms).toISOString())
    for (const bad of ['', '2026-12-01', 'javascript:alert(1)', '2026-13-45T99:99', '2026-12-01T14:30\u0000']) expect(localInputToIso(bad)).toBeNull()
  })

  it('shows today, tomorrow, or the date', () => {
    const now = local(2026, 11, 27, 8)
    expect(formatSnoozeMoment(new Date(local(2026, 11, 27, 9)).toISOString(), now, 'en-GB')).toBe('Today, 9:00')
    expect(formatSnoozeMoment(new Date(local(2026, 11, 28, 9)).toISOString(), now, 'en-GB')).toBe('Tomorrow, 9:00')
    expect(formatSnoozeMoment(new Date(local(2026, 12, 1, 9)).toISOString(), now, 'en-GB')).toBe('Tue 1 Dec, 9:00')
  })

  it('tomorrow and next week are 9:00 in the zone the person saved, whatever the browser’s zone', () => {
    // Saturday 28 Nov 2026, 20:00 UTC: already Sunday 01:30 in Kolkata (UTC+5:30), Saturday 12:00 in Los Angeles (UTC-8).
    const now = Date.UTC(2026, 10, 28, 20, 0)
    expect(snoozeMoment('tomorrow', now, 'Asia/Kolkata')).toBe('2026-11-30T03:30:00.000Z')
    expect(snoozeMoment('nextWeek', now, 'Asia/Kolkata')).toBe('2026-11-30T03:30:00.000Z')
    expect(snoozeMoment('tomorrow', now, 'America/Los_Angeles')).toBe('2026-11-29T17:00:00.000Z')
    expect(snoozeMoment('nextWeek', now, 'America/Los_Angeles')).toBe('2026-11-30T17:00:00.000Z')
    // Across a clock change: Berlin leaves summer time on Sunday 25 Oct 2026.
    expect(snoozeMoment('tomorrow', Date.UTC(2026, 9, 24, 12), 'Europe/Berlin')).toBe('2026-10-25T08:00:00.000Z')
    expect(formatSnoozeMoment('2026-11-30T03:30:00.000Z', now, 'en-GB', 'Asia/Kolkata')).toBe('Tomorrow, 9:00')
    expect(formatSnoozeMoment('2026-11-29T17:00:00.000Z', now, 'en-GB', 'America/Los_Angeles')).toBe('Tomorrow, 9:00')
  })
})
