/**
 * The preset moments a notification can be snoozed until, in the person's own
 * time zone (the IANA zone they saved, else the browser's local time), and how a moment is
 * shown. Pure: the clock and the zone are arguments.
 */

/** The presets, in menu order. */
export const SNOOZE_PRESETS = ['hour', 'tomorrow', 'nextWeek'] as const
export type SnoozePreset = (typeof SNOOZE_PRESETS)[number]

/** The hour of day (local) "tomorrow" and "next week" come back at. */
export const SNOOZE_MORNING_HOUR = 9

/** A wall-clock moment in some zone: year, month (1–12), day, hour, minute and weekday (0 = Sunday). */
interface Wall {
  readonly year: number
  readonly month: number
  readonly day: number
  readonly hour: number
  readonly minute: number
  readonly weekday: number
}

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat']

/** The wall clock at `ms` (ms since the epoch) in `timeZone` (IANA). */
function wallAt(ms: number, timeZone: string): Wall {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    weekday: 'short',
  }).formatToParts(ms)
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? ''
  return {
    year: Number(get('year')),
    month: Number(get('month')),
    day: Number(get('day')),
    hour: Number(get('hour')) % 24,
    minute: Number(get('minute')),
    weekday: WEEKDAYS.indexOf(get('weekday')),
  }
}

/** The instant (ms) at which `timeZone`'s clock shows the given date and time (the later one in a repeated hour). */
function instantOf(year: number, month: number, day: number, hour: number, minute: number, timeZone: string): number {
  const asUtc = Date.UTC(year, month - 1, day, hour, minute)
  const offsetAt = (ms: number) => {
    const w = wallAt(ms, timeZone)
    return Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute) - Math.floor(ms / 60_000) * 60_000
  }
  const first = asUtc - offsetAt(asUtc)
  return asUtc - offsetAt(first)
}

/** How many days on "tomorrow" (1) or "next week" (the next Monday; 7 from a Monday) is, from `weekday` (0 = Sunday). */
function daysOn(preset: 'tomorrow' | 'nextWeek', weekday: number): number {
  return preset === 'tomorrow' ? 1 : (8 - weekday) % 7 || 7
}

/**
 * The moment a preset means at `nowMs` (ms since the epoch), as ISO 8601:
 * - `hour`: one hour from now;
 * - `tomorrow`: tomorrow at 9:00;
 * - `nextWeek`: next Monday at 9:00 (a Monday's "next week" is 7 days on);
 * in `timeZone` (the IANA zone the person saved), or the browser's local time without one.
 */
export function snoozeMoment(preset: SnoozePreset, nowMs: number, timeZone?: string | null): string {
  if (preset === 'hour') return new Date(nowMs + 3_600_000).toISOString()
  if (timeZone) {
    const now = wallAt(nowMs, timeZone)
    const date = new Date(Date.UTC(now.year, now.month - 1, now.day + daysOn(preset, now.weekday)))
    return new Date(instantOf(date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate(), SNOOZE_MORNING_HOUR, 0, timeZone)).toISOString()
  }
  const at = new Date(nowMs)
  at.setDate(at.getDate() + daysOn(preset, at.getDay()))
  at.setHours(SNOOZE_MORNING_HOUR, 0, 0, 0)
  return at.toISOString()
}

/** A snooze moment as shown: which day it is from now ('today', 'tomorrow', else null), its date and its time, formatted. */
export interface SnoozeMomentParts {
  readonly day: 'today' | 'tomorrow' | null
  /** "Tue 1 Dec" (weekday, day and month, in `locale`). */
  readonly date: string
  /** "9:00" (in `locale`). */
  readonly time: string
}

/**
 * The parts of a snooze moment `iso` seen at `nowMs`, in `locale` (the browser's without one), and
 * in `timeZone` (IANA) when given, else the browser's zone. Views put them in the reader's words.
 */
export function snoozeMomentParts(iso: string, nowMs: number, locale?: string, timeZone?: string | null): SnoozeMomentParts {
  const zone = timeZone ? { timeZone } : {}
  const at = new Date(iso)
  const time = at.toLocaleTimeString(locale, { hour: 'numeric', minute: '2-digit', ...zone })
  const date = at.toLocaleDateString(locale, { weekday: 'short', day: 'numeric', month: 'short', ...zone })
  const dayOf = (ms: number) => {
    if (timeZone) {
      const w = wallAt(ms, timeZone)
      return Date.UTC(w.year, w.month - 1, w.day)
    }
    const d = new Date(ms)
    return Date.UTC(d.getFullYear(), d.getMonth(), d.getDate())
  }
  const days = Math.round((dayOf(at.getTime()) - dayOf(nowMs)) / 86_400_000)
  return { day: days === 0 ? 'today' : days === 1 ? 'tomorrow' : null, date, time }
}

/**
 * "Tomorrow, 9:00", "Mon 2 Dec, 9:00": a snooze moment in English words ({@link snoozeMomentParts}),
 * in `locale`'s formats, and in `timeZone` (IANA) when given, else the browser's zone.
 */
export function formatSnoozeMoment(iso: string, nowMs: number, locale?: string, timeZone?: string | null): string {
  const { day, date, time } = snoozeMomentParts(iso, nowMs, locale, timeZone)
  if (day === 'today') return `Today, ${time}`
  if (day === 'tomorrow') return `Tomorrow, ${time}`
  return `${date}, ${time}`
}

/**
 * The value of an `<input type="datetime-local">` ("2026-11-27T14:30", local time) as ISO 8601,
 * or null when it is not a valid moment.
 */
export function localInputToIso(value: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(value)) return null
  const ms = new Date(value).getTime()
  return Number.isFinite(ms) ? new Date(ms).toISOString() : null
}

/** `ms` as an `<input type="datetime-local">` value in local time (minutes). */
export function isoToLocalInput(ms: number): string {
  const d = new Date(ms)
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`
}
