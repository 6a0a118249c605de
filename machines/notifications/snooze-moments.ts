/**
 * The preset moments a notification can be snoozed until, in the person's own
 * time zone (the browser's local time: `Date`'s local fields), and how a moment is shown.
 * Pure: the clock is an argument.
 */

/** The presets, in menu order. */
export const SNOOZE_PRESETS = ['hour', 'tomorrow', 'nextWeek'] as const
export type SnoozePreset = (typeof SNOOZE_PRESETS)[number]

/** The hour of day (local) "tomorrow" and "next week" come back at. */
export const SNOOZE_MORNING_HOUR = 9

/**
 * The moment a preset means at `nowMs` (ms since the epoch), as ISO 8601:
 * - `hour`: one hour from now;
 * - `tomorrow`: tomorrow at 9:00 local time;
 * - `nextWeek`: next Monday at 9:00 local time (a Monday's "next week" is 7 days on).
 */
export function snoozeMoment(preset: SnoozePreset, nowMs: number): string {
  if (preset === 'hour') return new Date(nowMs + 3_600_000).toISOString()
  const at = new Date(nowMs)
  const days = preset === 'tomorrow' ? 1 : (8 - at.getDay()) % 7 || 7
  at.setDate(at.getDate() + days)
  at.setHours(SNOOZE_MORNING_HOUR, 0, 0, 0)
  return at.toISOString()
}

/** "Tomorrow, 9:00", "Mon 2 Dec, 9:00": a snooze moment as the menu and the Snoozed view show it, in the browser's locale and zone. */
export function formatSnoozeMoment(iso: string, nowMs: number, locale?: string): string {
  const at = new Date(iso)
  const time = at.toLocaleTimeString(locale, { hour: 'numeric', minute: '2-digit' })
  const today = new Date(nowMs)
  const tomorrow = new Date(nowMs)
  tomorrow.setDate(tomorrow.getDate() + 1)
  const sameDay = (a: Date, b: Date) => a.getFullYear() === b.getFullYear() && a.getMonth() === b.getMonth() && a.getDate() === b.getDate()
  if (sameDay(at, today)) return `Today, ${time}`
  if (sameDay(at, tomorrow)) return `Tomorrow, ${time}`
  return `${at.toLocaleDateString(locale, { weekday: 'short', day: 'numeric', month: 'short' })}, ${time}`
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
