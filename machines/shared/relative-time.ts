/**
 * Relative times for the lists that show when something happened (notifications, sessions, the
 * audit log): "5 minutes ago", "yesterday", through `Intl.RelativeTimeFormat`. Pure; the caller
 * passes the moment it is seen at.
 */

const UNITS: ReadonlyArray<[Intl.RelativeTimeFormatUnit, number]> = [
  ['year', 31_536_000],
  ['month', 2_592_000],
  ['week', 604_800],
  ['day', 86_400],
  ['hour', 3_600],
  ['minute', 60],
]

/** One formatter per locale ('' for the browser's default): building one costs far more than formatting. */
const relativeFormats = new Map<string, Intl.RelativeTimeFormat>()
function relativeFormat(locale: string | undefined): Intl.RelativeTimeFormat {
  const key = locale ?? ''
  let format = relativeFormats.get(key)
  if (format === undefined) {
    format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' })
    relativeFormats.set(key, format)
  }
  return format
}

/**
 * "5 minutes ago", "yesterday"... for a creation time in seconds (SPEC §3
 * `created_at_timestamp`) seen at `nowMs` (ms), via Intl.RelativeTimeFormat (one cached
 * formatter per locale); under a minute it says "now".
 */
export function relativeTime(createdAtS: number, nowMs: number, locale?: string): string {
  const format = relativeFormat(locale)
  const deltaS = Math.round(createdAtS - nowMs / 1000)
  for (const [unit, size] of UNITS) {
    if (Math.abs(deltaS) >= size) return format.format(Math.trunc(deltaS / size), unit)
  }
  return format.format(0, 'second')
}
