/**
 * Quiet hours (SPEC.md §3 Notification preferences `quiet_hours`; the spec does not show its
 * fields, contract `QuietHours` defines them: `enabled`, `start` and `end` as local "HH:MM",
 * `timezone` an IANA zone).
 *
 * Semantics (ours, docs/decisions.md): the window is [start, end) in the zone's wall-clock time;
 * `start` after `end` wraps past midnight (22:00–07:00); `start` equal to `end` is an empty window.
 * An unknown zone is read as UTC rather than silencing or ignoring the setting.
 */
import type { NotificationPreferences } from '../../contract/notifications.ts'

type QuietHours = NonNullable<NotificationPreferences['quiet_hours']>

const minutesOf = (hhmm: string) => {
  const [h, m] = hhmm.split(':').map(Number)
  return (h ?? 0) * 60 + (m ?? 0)
}

/** Minutes since local midnight of `nowMs` (ms since the epoch) in `timezone` (UTC if unknown). */
export function localMinutes(nowMs: number, timezone: string): number {
  let parts: Intl.DateTimeFormatPart[]
  try {
    parts = new Intl.DateTimeFormat('en-GB', { timeZone: timezone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).formatToParts(nowMs)
  } catch {
    parts = new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).formatToParts(nowMs)
  }
  const hour = Number(parts.find((p) => p.type === 'hour')?.value ?? 0) % 24
  const minute = Number(parts.find((p) => p.type === 'minute')?.value ?? 0)
  return hour * 60 + minute
}

/** Whether `nowMs` falls inside the quiet hours (false when they are absent or disabled). */
export function isInQuietHours(quiet: QuietHours | null | undefined, nowMs: number): boolean {
  if (!quiet?.enabled) return false
  const start = minutesOf(quiet.start)
  const end = minutesOf(quiet.end)
  if (start === end) return false
  const now = localMinutes(nowMs, quiet.timezone)
  return start < end ? now >= start && now < end : now >= start || now < end
}
